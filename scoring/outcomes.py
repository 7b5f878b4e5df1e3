"""How one game counts beyond its result: the margin band of its points and who said Kontra
or Re (docs/rules.md "Kontra and Re"). The derivation, the pages and the rules page ask here."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.domain import Side

# Margins of points are counted in bands: 0, 1–10, 11–20, …, 91–100, over 100.
BAND_WIDTH = 10
LAST_BAND_FROM = 101


@dataclass(frozen=True, slots=True)
class Band:
    """A band of margins: `low` to `high`, or from `low` on when `high` is None."""

    low: int
    high: int | None


BANDS: tuple[Band, ...] = (
    Band(0, 0),
    *(Band(n, n + BAND_WIDTH - 1) for n in range(1, LAST_BAND_FROM, BAND_WIDTH)),
    Band(LAST_BAND_FROM, None),
)
_BY_LOW = {band.low: band for band in BANDS}


def margin(*, points_playing: int, points_defending: int) -> int:
    """A game's margin: the playing team's points minus the defenders' (negative: it lost)."""
    return points_playing - points_defending


def band_of(distance: int) -> Band:
    """The band a margin's distance (its absolute value) falls into."""
    distance = abs(distance)
    if distance == 0:
        return BANDS[0]
    if distance >= LAST_BAND_FROM:
        return BANDS[-1]
    return _BY_LOW[(distance - 1) // BAND_WIDTH * BAND_WIDTH + 1]


# What a team did about a game's Kontra and Re, as the statistics name it.
KONTRA_SAID = "kontra_said"
KONTRA_AGAINST = "kontra_against"
RE_SAID = "re_said"
RE_AGAINST = "re_against"
CALLS = (KONTRA_SAID, KONTRA_AGAINST, RE_SAID, RE_AGAINST)


def calls_of(side: Side, *, playing: Side, kontra: bool, re: bool) -> tuple[str, ...]:
    """The calls a team took part in: Kontra is said by the defenders, Re by the playing team."""
    is_playing = side is playing
    calls: list[str] = []
    if kontra:
        calls.append(KONTRA_AGAINST if is_playing else KONTRA_SAID)
    if re:
        calls.append(RE_SAID if is_playing else RE_AGAINST)
    return tuple(calls)
