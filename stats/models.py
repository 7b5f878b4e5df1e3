"""The read side's own stored data: the KlammernBoss ratings, derived from the rounds."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from klammernliga.models import Evening, Player


class Rating(models.Model):
    """A player's rating after an evening on which they completed at least one round.

    Derived: rewritten from a date on whenever games change (see stats/ratings/updates.py).
    """

    player = models.ForeignKey(Player, models.CASCADE, related_name="ratings")
    evening = models.ForeignKey(Evening, models.CASCADE, related_name="+")
    date = models.DateField()
    # year * 12 + month - 1, and whether this is the player's last rating in that month: a long
    # history is drawn from the month ends alone.
    month = models.PositiveIntegerField()
    month_end = models.BooleanField(default=False)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("Wertung"))
    # The ordinal's change over this evening: the trend shown in the ranking.
    change = models.FloatField(default=0.0)
    rounds = models.PositiveIntegerField(_("Runden"), default=0)
    rounds_evening = models.PositiveIntegerField(default=0)
    rounds_won_evening = models.PositiveIntegerField(default=0)

    class Meta:
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
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.date}: {self.ordinal:.1f}"


class OutcomeTally(models.Model):
    """How a year's rounds and games ended (Sieg-Verteilungen): the league's, or a player's.

    Derived: rewritten from a year on whenever games change (see stats/outcome_tallies.py), so
    the page sums a few thousand of these rows instead of grouping a million games.
    """

    ROUND = "r"
    MARGIN = "m"

    year = models.PositiveSmallIntegerField()
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
        indexes = [models.Index(fields=["year"], name="league_outcome_year_idx")]


class PlayerOutcome(OutcomeTally):
    """A player's tallies: the games he sat in, rounds won from his side."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["player", "year"], name="player_outcome_year_idx")]
