"""The league's records: who played, when, with whom, and every game with its derived result."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from django.db import models
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from klammernliga.models.figures import Figures, GameFigures
from scoring.domain import (
    BID_LABELS,
    MELD_LABELS,
    RANK_LABELS,
    SUIT_LABELS,
    Bid,
    MeldKind,
    Rank,
    Side,
    Suit,
)
from scoring.figures import FIGURES, match_columns
from scoring.rounds import in_laube
from scoring.standings import team_name

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


def _choices(enum: type[StrEnum], labels: Mapping[Any, str]) -> list[tuple[str, StrPromise]]:
    return [(member.value, _(labels[member])) for member in enum]


SUIT_CHOICES = _choices(Suit, SUIT_LABELS)
BID_CHOICES = _choices(Bid, BID_LABELS)
MELD_CHOICES = _choices(MeldKind, MELD_LABELS)
RANK_CHOICES = _choices(Rank, RANK_LABELS)
SIDE_CHOICES = [(Side.A.value, "A"), (Side.B.value, "B")]


class Player(models.Model):
    name = models.CharField(_("Name"), max_length=60, unique=True)
    slug = models.SlugField(_("Kürzel"), max_length=70, unique=True)
    nickname = models.CharField(_("Spitzname"), max_length=60, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name = _("Spieler")
        verbose_name_plural = pgettext_lazy("plural", "Spieler")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.slug:
            self.slug = unique_slug(self.name, exclude_pk=self.pk)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("stats:player", args=[self.slug])


def unique_slug(name: str, *, exclude_pk: int | None = None) -> str:
    # Slugify may lengthen a name (ligatures); leave room for a "-NN" suffix.
    base = slugify(name.replace("ß", "ss"))[:60].strip("-") or "spieler"
    slug, n = base, 2
    others = Player.objects.exclude(pk=exclude_pk) if exclude_pk is not None else Player.objects
    while others.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class TeamQuerySet(models.QuerySet["Team"]):
    def for_players(self, first: Player, second: Player) -> Team:
        """The team of two players, created when new (an unordered pair)."""
        low, high = sorted((first, second), key=lambda p: p.pk)
        team, _created = self.get_or_create(player_1=low, player_2=high)
        return team


class Team(models.Model):
    """An unordered pair of players: player_1 is the one with the lower id."""

    player_1 = models.ForeignKey(Player, models.PROTECT, related_name="+")
    player_2 = models.ForeignKey(Player, models.PROTECT, related_name="+")
    nickname = models.CharField(_("Spitzname"), max_length=60, blank=True)

    objects = TeamQuerySet.as_manager()

    class Meta:
        verbose_name = _("Team")
        verbose_name_plural = _("Teams")
        constraints = [
            models.UniqueConstraint(fields=["player_1", "player_2"], name="team_unique_pair"),
            models.CheckConstraint(
                condition=models.Q(player_1__lt=models.F("player_2")), name="team_ordered_pair"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return team_name(self.player_1.name, self.player_2.name)

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.player_1, self.player_2)


class Evening(models.Model):
    date = models.DateField(_("Datum"), unique=True)
    place = models.CharField(_("Ort"), max_length=100, blank=True)
    notes = models.TextField(_("Notizen"), blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date"]
        verbose_name = _("Abend")
        verbose_name_plural = _("Abende")

    def __str__(self) -> str:
        return self.date.isoformat()


# A match's stored tally: its games, each side's figures named by scoring.figures.MATCH_SIDE
# (`small_a`, `small_b`, …), whether its last round is open.
MATCH_TALLY_FIELDS = list(match_columns())


class Match(models.Model):
    """An evening's run of consecutive games of the same two teams, with its derived tally."""

    evening = models.ForeignKey(Evening, models.CASCADE, related_name="matches")
    position = models.PositiveIntegerField()
    team_a = models.ForeignKey(Team, models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, models.PROTECT, related_name="+")
    # Derived by scoring whenever one of its games changes: MATCH_TALLY_FIELDS.
    games_count = models.PositiveIntegerField(default=0)
    small_a = models.PositiveIntegerField(default=0)
    small_b = models.PositiveIntegerField(default=0)
    rounds_a = models.PositiveIntegerField(default=0)
    rounds_b = models.PositiveIntegerField(default=0)
    large_a = models.PositiveIntegerField(default=0)
    large_b = models.PositiveIntegerField(default=0)
    kalte_a = models.PositiveIntegerField(default=0)
    kalte_b = models.PositiveIntegerField(default=0)
    open_round = models.BooleanField(default=False)
    # Who started (or emptied) a match and when; the derived tally is not history.
    history = HistoricalRecords(excluded_fields=MATCH_TALLY_FIELDS)

    class Meta:
        ordering = ["evening__date", "position"]
        verbose_name = _("Partie")
        verbose_name_plural = _("Partien")
        constraints = [
            models.UniqueConstraint(fields=["evening", "position"], name="match_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.evening} #{self.position}: {self.team_a} – {self.team_b}"

    def team(self, side: Side | str) -> Team:
        return self.team_a if Side(side) is Side.A else self.team_b


class Game(models.Model):
    match = models.ForeignKey(Match, models.CASCADE, related_name="games")
    position = models.PositiveIntegerField()
    dealer = models.ForeignKey(
        Player, models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("Geber")
    )
    declarer = models.ForeignKey(
        Player,
        models.PROTECT,
        related_name="declared_games",
        verbose_name=pgettext_lazy("declarer", "Spieler"),
    )
    trump = models.CharField(_("Trumpf"), max_length=6, choices=SUIT_CHOICES)
    bid = models.CharField(pgettext_lazy("bid", "Spiel"), max_length=6, choices=BID_CHOICES)
    kontra = models.BooleanField(_("Kontra"), default=False)
    re = models.BooleanField(_("Re"), default=False)
    points_a = models.PositiveIntegerField(_("Punkte A"))
    points_b = models.PositiveIntegerField(_("Punkte B"))
    version = models.PositiveIntegerField(default=1)
    # The entry form's one-time token: a form sent twice (a double tap) stores one game.
    entry_token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # Derived by scoring when the game (or its match) is saved.
    playing_side = models.CharField(max_length=1, choices=SIDE_CHOICES)
    winner_side = models.CharField(max_length=1, choices=SIDE_CHOICES)
    small_a = models.PositiveSmallIntegerField(default=0)
    small_b = models.PositiveSmallIntegerField(default=0)
    round_no = models.PositiveIntegerField(default=1)
    score_a = models.PositiveSmallIntegerField(default=0)
    score_b = models.PositiveSmallIntegerField(default=0)
    ends_round = models.BooleanField(default=False)
    round_winner = models.CharField(max_length=1, choices=SIDE_CHOICES, blank=True)
    large_points = models.PositiveSmallIntegerField(default=0)
    kalte = models.BooleanField(default=False)

    history = HistoricalRecords(excluded_fields=["version"])

    class Meta:
        ordering = ["match__evening__date", "match__position", "position"]
        verbose_name = _("Spiel")
        verbose_name_plural = _("Spiele")
        # Held by the scorekeepers' group (Schriftführer): enter and change results.
        permissions = [("enter_results", _("Ergebnisse erfassen und ändern"))]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="game_unique_position"),
        ]
        indexes = [
            models.Index(fields=["ends_round", "match"], name="game_round_end_idx"),
            # Alle Spiele filtered by trump or bid alone counts them along these, not every game.
            models.Index(fields=["trump"], name="game_trump_idx"),
            models.Index(fields=["bid"], name="game_bid_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.match.evening} #{self.match.position}.{self.position}"

    @property
    def playing_side_won(self) -> bool:
        return self.winner_side == self.playing_side

    @property
    def small_points(self) -> int:
        return self.small_a + self.small_b

    @property
    def in_laube_a(self) -> bool:
        return in_laube(self.score_a)

    @property
    def in_laube_b(self) -> bool:
        return in_laube(self.score_b)


class Meld(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="melds")
    side = models.CharField(max_length=1, choices=SIDE_CHOICES)
    kind = models.CharField(_("Meldung"), max_length=8, choices=MELD_CHOICES)
    suit = models.CharField(_("Farbe"), max_length=6, choices=SUIT_CHOICES, blank=True)
    top = models.CharField(_("oberste Karte"), max_length=2, choices=RANK_CHOICES, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "side", "id"]
        verbose_name = _("Meldung")
        verbose_name_plural = _("Meldungen")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.suit} {self.top}".strip()


# Spieler-Info sums a player's rows by team and by opponent from this index alone, without
# visiting thousands of scattered rows (SQLite has no INCLUDE columns).
PLAYER_INDEX_FIELDS = ["player", "team", "opponent", "evening", *FIGURES]


class Participation(Figures, GameFigures):
    """A player's figures in one match: derived, rewritten with its match
    (klammernliga.derive.matches), read by the tables and Spieler-Info, summed per year."""

    match = models.ForeignKey(Match, models.CASCADE, related_name="participations")
    evening = models.ForeignKey(Evening, models.CASCADE, related_name="+")
    date = models.DateField()
    player = models.ForeignKey(Player, models.CASCADE, related_name="participations")
    team = models.ForeignKey(Team, models.CASCADE, related_name="participations")
    opponent = models.ForeignKey(Team, models.CASCADE, related_name="+")
    side = models.CharField(max_length=1, choices=SIDE_CHOICES)
    # The team's first player's line stands for the team in team tables.
    is_first = models.BooleanField()
    # Won rounds in a row, in playing order: at the match's start, at its end, and the longest
    # run after its first lost round (scoring.runs; a longest run over matches and evenings is
    # put together from these).
    run_start = models.PositiveIntegerField(default=0)
    run_end = models.PositiveIntegerField(default=0)
    run_best = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="participation_unique"),
        ]
        indexes = [
            models.Index(fields=["date", "player"], name="participation_date_idx"),
            models.Index(fields=["is_first", "team", "date"], name="participation_team_idx"),
            models.Index(fields=PLAYER_INDEX_FIELDS, name="participation_player_idx"),
            # A player's rows of one year: what saving a game sums into PlayerYear.
            models.Index(fields=["player", "date"], name="participation_player_date_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.match_id}"


class YearTotals(Figures):
    """Sums of a year's participations: derived, rebuilt with the year, read by the tables.

    The ewige Tabelle adds up one row per player (or team) and year instead of every match.
    """

    year = models.PositiveSmallIntegerField()
    evenings = models.PositiveIntegerField(default=0)

    # What the tables read: the evenings counted, the figures summed.
    SUMS = ("evenings", *FIGURES)

    class Meta:
        abstract = True


class PlayerYear(YearTotals, GameFigures):
    """A player's year; Spieler-Info reads his declared games, Kontra, Re and melds here too."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="years")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["year", "player"], name="player_year_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.year}"


class TeamYear(YearTotals):
    """A team's year: the tables' figures only (no page shows a team's declared games)."""

    team = models.ForeignKey(Team, models.CASCADE, related_name="years")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["year", "team"], name="team_year_unique")]

    def __str__(self) -> str:
        return f"{self.team_id} in {self.year}"


class Generation(models.Model):
    """The league's generation: one row that every change raises in its own transaction
    (`services.writing`); pages are cached under it (klammernliga.http.page_cache)."""

    number = models.PositiveBigIntegerField(default=0)
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.number} ({self.changed_at:%Y-%m-%d %H:%M:%S})"


# The summaries derived from these records (klammernliga/derive): defined beside, part of this app.
from klammernliga.models.summaries import (  # noqa: E402, F401
    LeagueOutcome,
    OutcomeTally,
    PlayerOutcome,
    Rating,
    RatingState,
)
