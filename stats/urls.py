from django.urls import path

from stats.views import home, rules, tables

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
]
