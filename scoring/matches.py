"""Which games form a match (docs/rules.md "Small and large rounds"): a match is the run of
consecutive games of the same two teams on one evening. With several tables at once,
"consecutive" is seen from the four players: the same two teams go on with their match as long
as none of the four has played in another match since."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence


def pairing[P: Hashable](team_a: Sequence[P], team_b: Sequence[P]) -> frozenset[frozenset[P]]:
    """Two teams as an unordered pair of unordered pairs: who plays with whom against whom."""
    return frozenset({frozenset(team_a), frozenset(team_b)})


def goes_on[P: Hashable, M: Hashable](
    team_a: Sequence[P],
    team_b: Sequence[P],
    *,
    last_match: Mapping[P, M],
    pairings: Mapping[M, frozenset[frozenset[P]]],
) -> M | None:
    """The match these two teams go on with, or None for a new match.

    `last_match` says in which match each player played last on the evening; `pairings` the
    teams of each match. The four must all have played last in one match of the same teams.
    """
    lasts = {last_match.get(player) for player in (*team_a, *team_b)}
    if len(lasts) != 1:
        return None
    match = lasts.pop()
    if match is None or pairings.get(match) != pairing(team_a, team_b):
        return None
    return match


def split_matches[P: Hashable](games: Sequence[tuple[Sequence[P], Sequence[P]]]) -> list[int]:
    """For an evening's games in order (each as its two teams), the number of its match
    (0, 1, … in order of their first game)."""
    last_match: dict[P, int] = {}
    pairings: dict[int, frozenset[frozenset[P]]] = {}
    numbers: list[int] = []
    for team_a, team_b in games:
        number = goes_on(team_a, team_b, last_match=last_match, pairings=pairings)
        if number is None:
            number = len(pairings)
            pairings[number] = pairing(team_a, team_b)
        for player in (*team_a, *team_b):
            last_match[player] = number
        numbers.append(number)
    return numbers
