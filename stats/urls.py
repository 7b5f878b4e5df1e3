from django.urls import path

from stats.views import boss, games, home, outcomes, player_teams, players, rules, tables, teams

app_name = "stats"

urlpatterns = [
    path("", home.HomeView.as_view(), name="home"),
    path("tabelle/ewig/", tables.StandingsView.as_view(), name="table_all"),
    path("tabelle/ewig/teams/", tables.StandingsView.as_view(teams=True), name="table_all_teams"),
    path("tabelle/<int:year>/", tables.StandingsView.as_view(), name="table_year"),
    path(
        "tabelle/<int:year>/teams/",
        tables.StandingsView.as_view(teams=True),
        name="table_year_teams",
    ),
    path("regeln/", rules.RulesView.as_view(), name="rules"),
    # Statistik: Alle Spiele, Spieler-Info, Teambilanzen, Sieg-Verteilungen.
    path("spiele/", games.game_list, name="games"),
    path("spiele/abend/<str:date>/", games.evening, name="evening"),
    path("spiele/abend/<str:date>/live/", games.evening_live, name="evening_live"),
    path("spieler/", players.player_list, name="players"),
    path("spieler/<slug:slug>/", players.player_detail, name="player"),
    path("spieler/<slug:slug>/gegnerteams/", player_teams.opponent_teams, name="player_teams"),
    path("teams/", teams.team_list, name="teams"),
    path("teams/<int:team_a>/<int:team_b>/", teams.pairing, name="pairing"),
    path("siege/", outcomes.distributions_view, name="outcomes"),
    path("klammernboss/", boss.BossView.as_view(), name="boss"),
]
