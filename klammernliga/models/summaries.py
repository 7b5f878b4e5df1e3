"""The stored summaries derived from the games (klammernliga.derive writes them, the pages read
them): the KlammernBoss ratings and the outcome tallies of Sieg-Verteilungen. Their tables keep
the names they had under `stats`."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from klammernliga.models import Evening, Player


class Rating(models.Model):
    """A player's rating after an evening on which he played: what was known then (as-of).

    Derived: rewritten from a date on whenever games change (see klammernliga/derive/ratings.py).
    """

    player = models.ForeignKey(Player, models.CASCADE, related_name="ratings")
    evening = models.ForeignKey(Evening, models.CASCADE, related_name="+")
    date = models.DateField()
    # year * 12 + month - 1, and whether this is the player's last rating in that month: a long
    # history is drawn from the month ends alone.
    month = models.PositiveIntegerField()
    month_end = models.BooleanField(default=False)
    # Whether this is the player's last rating in its year: a very long history is drawn from
    # the year ends alone.
    year_end = models.BooleanField(default=False)
    # The strength estimate (the rating shown, the circle's average being 100) and its
    # uncertainty (scoring.rating).
    mu = models.FloatField(_("Wertung"))
    sigma = models.FloatField()
    # The rating before this evening: the ranking's trend is `change`.
    mu_before = models.FloatField(default=100.0)
    rounds = models.PositiveIntegerField(_("Runden"), default=0)
    rounds_evening = models.PositiveIntegerField(default=0)
    rounds_won_evening = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "stats_rating"
        verbose_name = _("Wertung")
        verbose_name_plural = _("Wertungen")
        constraints = [
            models.UniqueConstraint(fields=["player", "date"], name="rating_unique_player_date"),
        ]
        indexes = [
            models.Index(fields=["date"], name="rating_date_idx"),
            models.Index(
                fields=["player", "date"],
                condition=models.Q(month_end=True),
                name="rating_month_end_idx",
            ),
            models.Index(
                fields=["player", "date"],
                condition=models.Q(year_end=True),
                name="rating_year_end_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.date}: {self.mu:.1f}"

    @property
    def change(self) -> float:
        """The rating's change over this evening."""
        return self.mu - self.mu_before


class RatingState(models.Model):
    """Everything the rating knew after an evening (scoring.rating.Strengths, as `dump` writes
    it): an update resumes from the latest state before the evening that changed.

    Derived, kept after the last evening of every month and after every evening of the newest
    month (klammernliga/derive/ratings.py); the newest state is the current ranking.
    """

    evening = models.OneToOneField(Evening, models.CASCADE, related_name="+")
    date = models.DateField(unique=True)
    month = models.PositiveIntegerField()
    # The player keys (their pks) and the date, JSON; the numbers, little-endian float64.
    head = models.TextField()
    numbers = models.BinaryField()
    # The KlammernBoss after this evening: the best player who is not provisional.
    boss = models.ForeignKey(Player, models.SET_NULL, null=True, related_name="+")

    def __str__(self) -> str:
        return f"{self.date}"


# The columns Sieg-Verteilungen groups and sums (stats/selectors/outcomes.py), for its indexes.
SUMMED = ["kind", "a", "b", "kalte", "n"]
BY_YEAR = ["kind", "year", "kalte", "n"]
# What tells a tally row from the others of its league or player (all but its counts).
TALLY_KEY = ["year", "month", "kind", "a", "b", "kalte"]


class OutcomeTally(models.Model):
    """How a month's rounds and games ended (Sieg-Verteilungen): the league's, or a player's.

    Derived: rewritten from a year on whenever games change (klammernliga.derive.outcome_tallies),
    so the page sums a few thousand of these rows instead of grouping a million games.
    """

    ROUND = "r"
    MARGIN = "m"

    year = models.PositiveSmallIntegerField()
    # Kept per month so that saving a game recounts only its month's games.
    month = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=1, choices=[(ROUND, "round"), (MARGIN, "margin")])
    # A round: the winner's and the loser's score; a game: the low end of its margin's band.
    a = models.PositiveSmallIntegerField()
    b = models.PositiveSmallIntegerField(default=0)
    kalte = models.BooleanField(default=False)
    # Rounds or games so ended; of them, won: by the player (rounds), by the playing team (games).
    n = models.PositiveIntegerField()
    won = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.year} {self.kind} {self.a}:{self.b} {self.n}"


class LeagueOutcome(OutcomeTally):
    """The league's tallies: each game once."""

    class Meta:
        db_table = "stats_leagueoutcome"
        # A month's tally of one kind and result: saving a game adds to it (or inserts it). Its
        # index also finds a year's or a month's rows.
        constraints = [models.UniqueConstraint(fields=TALLY_KEY, name="league_outcome_unique")]
        indexes = [
            # Covering the page's two sums, so they read an index in order instead of sorting.
            models.Index(fields=[*SUMMED, "won"], name="league_outcome_sum_idx"),
            models.Index(fields=BY_YEAR, name="league_outcome_by_year_idx"),
        ]


class PlayerOutcome(OutcomeTally):
    """A player's tallies: the games he sat in, rounds won from his side."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="+")

    class Meta:
        db_table = "stats_playeroutcome"
        # Also finds a player's rows of a year.
        constraints = [
            models.UniqueConstraint(fields=["player", *TALLY_KEY], name="player_outcome_unique")
        ]
        indexes = [
            # Saving a game rewrites a month: found without a walk through every player's rows.
            models.Index(fields=["year", "month"], name="player_outcome_month_idx"),
            models.Index(fields=["player", *SUMMED, "won"], name="player_outcome_sum_idx"),
            models.Index(fields=["player", *BY_YEAR], name="player_outcome_by_year_idx"),
        ]
