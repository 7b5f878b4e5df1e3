from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistik")

    def ready(self) -> None:
        from klammernliga.signals import league_changed
        from stats import player_evenings
        from stats.ratings.updates import on_league_changed

        # The stored ratings follow every change of the games (stats/ratings/updates.py).
        league_changed.connect(on_league_changed, dispatch_uid="stats.ratings.update")
        # So do each player's figures per evening, which Spieler-Info reads.
        league_changed.connect(
            player_evenings.on_league_changed, dispatch_uid="stats.player_evenings.update"
        )
        # So do the outcome tallies of Sieg-Verteilungen (stats/outcome_tallies.py).
        from stats.outcome_tallies import on_league_changed as update_outcomes

        league_changed.connect(update_outcomes, dispatch_uid="stats.outcomes.update")
