"""The figures a player (or team) has in the tables and on Spieler-Info: abstract columns that
the match's rows (Participation) carry and the year's rows (PlayerYear, TeamYear) sum."""

from __future__ import annotations

from django.db import models

from scoring.figures import FIGURES


class Figures(models.Model):
    """A side's figures in the tables, summed per match (Participation) and year (YearTotals):
    one column for each field of scoring.figures.SideFigures, added below by its name."""

    class Meta:
        abstract = True


for _name in FIGURES:
    Figures.add_to_class(_name, models.PositiveIntegerField(default=0))


class GameFigures(models.Model):
    """A player's declared games, Kontra and Re, and melds: per match and summed per year.

    The names follow the rules' values: `declared_<trump or bid>[_won]`, `<call>_<games, won or
    net>` for scoring.outcomes.CALLS, `<meld kind>_<own or against>`.
    """

    # Games the player declared, by trump and by bid, and how many of them his team won.
    declared_kreuz = models.PositiveIntegerField(default=0)
    declared_kreuz_won = models.PositiveIntegerField(default=0)
    declared_pik = models.PositiveIntegerField(default=0)
    declared_pik_won = models.PositiveIntegerField(default=0)
    declared_herz = models.PositiveIntegerField(default=0)
    declared_herz_won = models.PositiveIntegerField(default=0)
    declared_karo = models.PositiveIntegerField(default=0)
    declared_karo_won = models.PositiveIntegerField(default=0)
    declared_rein = models.PositiveIntegerField(default=0)
    declared_rein_won = models.PositiveIntegerField(default=0)
    declared_klein = models.PositiveIntegerField(default=0)
    declared_klein_won = models.PositiveIntegerField(default=0)
    declared_besser = models.PositiveIntegerField(default=0)
    declared_besser_won = models.PositiveIntegerField(default=0)
    # Kontra and Re said by his team or against it: games, won by his team, small points net.
    kontra_said_games = models.PositiveIntegerField(default=0)
    kontra_said_won = models.PositiveIntegerField(default=0)
    kontra_said_net = models.IntegerField(default=0)
    kontra_against_games = models.PositiveIntegerField(default=0)
    kontra_against_won = models.PositiveIntegerField(default=0)
    kontra_against_net = models.IntegerField(default=0)
    re_said_games = models.PositiveIntegerField(default=0)
    re_said_won = models.PositiveIntegerField(default=0)
    re_said_net = models.IntegerField(default=0)
    re_against_games = models.PositiveIntegerField(default=0)
    re_against_won = models.PositiveIntegerField(default=0)
    re_against_net = models.IntegerField(default=0)
    # Melds of his team and of the opponents.
    terz_own = models.PositiveIntegerField(default=0)
    terz_against = models.PositiveIntegerField(default=0)
    fuenfzig_own = models.PositiveIntegerField(default=0)
    fuenfzig_against = models.PositiveIntegerField(default=0)
    belle_own = models.PositiveIntegerField(default=0)
    belle_against = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True


def names_of(model: type[models.Model]) -> tuple[str, ...]:
    """An abstract model's column names, in the order of the model."""
    return tuple(field.name for field in model._meta.local_fields)


GAME_FIGURES = names_of(GameFigures)
