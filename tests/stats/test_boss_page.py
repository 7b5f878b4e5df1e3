import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.rating_quality.leagues import play
from bench.rating_quality.quality import spearman
from klammernliga.demo import CIRCLE
from klammernliga.models import Player
from klammernliga.services import seed_league
from scoring.rating import DeclaredGame, Strengths
from stats.display import decimal
from stats.selectors.ratings import BossRank, strengths
from stats.views.boss import lead_chance
from tests.factories import MatchFactory, TeamFactory, play_round
from tests.markup import squeezed

pytestmark = pytest.mark.django_db

URL = reverse("stats:boss")
FOUR = {"a1": "emil", "a2": "frieda", "b1": "anna", "b2": "bernd"}


def _page(client, **query) -> str:
    response = client.get(URL, query)
    assert response.status_code == 200
    return response.content.decode()


def _section(html: str, heading_id: str) -> str:
    start = html.index(f'id="{heading_id}"')
    end = html.find("</section>", start)
    return html[start:end]


def _ranked(ranking: str) -> list[tuple[int, str]]:
    rows = re.findall(
        r"<tr(?: class=\"is-boss\")?>\s*<td class=\"num\">(\d+)</td>\s*<th scope=\"row\">(?:<a [^>]*>)?([^<]+)",
        squeezed(ranking),
    )
    return [(int(rank), name.strip()) for rank, name in rows]


def test_the_page_ranks_every_player_and_crowns_nobody_while_all_are_provisional(
    client, league
) -> None:
    html = _page(client)
    ranking = _section(html, "ranking-heading")
    # Emil and Frieda won all five games of their only round, each declared by one of them; Anna
    # won five of the six she declared, Dieter his three; Bernd lost two of his five.
    assert _ranked(ranking) == [
        (1, "Emil"), (2, "Frieda"), (3, "Anna"), (4, "Dieter"), (5, "Clara"), (6, "Bernd"),
    ]  # fmt: skip
    # Twenty-odd games say little yet: every rating is provisional, nobody is crowned.
    assert ranking.count('<span class="provisional">vorläufig</span>') == 6
    assert 'class="crown"' not in ranking and "Der KlammernBoss ist" not in html
    assert "Noch ist niemand KlammernBoss: alle Wertungen sind noch vorläufig." in html
    assert "gestiegen um" in ranking and "gefallen um" in ranking


def test_the_best_player_who_is_not_provisional_is_crowned(client) -> None:
    seed_league(years=(1998, 1999))
    html = _page(client)
    ranking = _section(html, "ranking-heading")
    boss = re.search(
        r'<tr class="is-boss"><td class="num">\d+</td><th scope="row"><a [^>]*>([^<]+)',
        squeezed(ranking),
    )
    assert boss is not None
    assert f"Der KlammernBoss ist <strong>{boss.group(1)}</strong>" in html
    # The crown stands beside the boss alone, and says what it means.
    assert ranking.count('class="crown"') == 1
    assert 'aria-label="KlammernBoss"' in ranking
    assert "vorläufig" not in ranking
    # How sure the crown is: the chance that the boss plays stronger than the runner-up.
    names = [name for _rank, name in _ranked(ranking)]
    known = strengths()
    by_name = {p.name: p.pk for p in Player.objects.all()}
    chance = known.stronger_chance(by_name[names[0]], by_name[names[1]])
    # (squeezed: the no-break space before % as a plain one)
    shown = "über 99 %" if chance > 0.99 else f"{round(chance * 100)} %"
    assert f"Dass {names[0]} stärker spielt als {names[1]} (Wertung" in squeezed(html)
    assert f"ist nach allen Spielen bisher zu {shown} wahrscheinlich." in squeezed(html)


def test_the_crown_s_certainty_never_reads_as_a_certainty() -> None:
    first = Player(pk=1, name="Anna")
    second = Player(pk=2, name="Bernd")
    ranks = [
        BossRank(1, first, 130.0, 3.0, 50, 0.0, datetime.date(2020, 1, 3), is_boss=True),
        BossRank(2, second, 70.0, 3.0, 50, 0.0, datetime.date(2020, 1, 3)),
    ]
    known: Strengths[int] = Strengths()
    # Anna declares and wins with everything, evening after evening, against Bernd's team.
    for week in range(60):
        day = datetime.date(2020, 1, 3) + datetime.timedelta(weeks=week)
        known.evening(day, [DeclaredGame(1, 3, (2, 4), 0.95), DeclaredGame(2, 4, (1, 3), 0.1)])
    assert known.stronger_chance(1, 2) > 0.999
    assert lead_chance(known, ranks) == (ranks[1], "über 99\u00a0%")
    # Without an established runner-up there is nothing to compare.
    assert lead_chance(known, ranks[:1]) is None


def test_the_chart_is_an_accessible_svg_with_its_numbers_in_a_table(client, league) -> None:
    history = _section(_page(client), "history-heading")
    svg = re.search(r"<svg class=\"chart-svg\"[^>]*>", history)
    assert svg and 'role="img"' in svg.group(0) and "aria-labelledby" in svg.group(0)
    assert re.search(r"<title id=\"[^\"]+\">[^<]+</title>", history)
    assert history.count('<polyline class="chart-line series-') == 6
    table = history[history.index("<table") :]
    for name in ["Emil", "Frieda", "Clara", "Dieter", "Anna", "Bernd"]:
        # On a phone the players come three at a time (column sets g1, g2 …).
        assert re.search(rf'<th scope="col" class="num g\d+">{name}</th>', table)
    assert '<th scope="row">2010</th>' in table and '<th scope="row">2011</th>' in table


def test_the_chart_numbers_stay_machine_readable_in_german(client, league) -> None:
    html = client.get(URL, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    points = re.findall(r'points="([^"]+)"', html)
    assert points and all(re.fullmatch(r"[-\d.]+,[-\d.]+( [-\d.]+,[-\d.]+)*", p) for p in points)
    assert "Wertung am Jahresende" in html


def test_an_empty_league_says_there_is_no_rating_yet(client) -> None:
    html = _page(client)
    assert "Noch kein Spiel: es gibt noch keine Wertung." in html
    assert "Der KlammernBoss ist" not in html
    assert "Noch keine Daten für dieses Diagramm." in html


def test_the_page_says_what_the_rating_uses_and_links_to_the_rules(client, league) -> None:
    html = _page(client)
    lead = html[html.index('<p class="lead">') :]
    lead = " ".join(lead[: lead.index("</p>")].split())
    assert "aus allen angesagten Spielen" in lead and "vorläufig" in lead
    link = re.search(r'<a href="([^"]+)">Regeln</a>', lead)
    assert link and link.group(1) == reverse("stats:rules") + "#klammernboss"
    rules = client.get(reverse("stats:rules")).content.decode()
    assert '<a href="#klammernboss">Der KlammernBoss</a>' in rules  # in the table of contents
    section = _section(rules, "klammernboss-h")
    section = " ".join(section.split())
    assert (
        "Der KlammernBoss" in section
        and "als würde die ganze Geschichte auf einmal gerechnet" in section
    )
    assert "Der Durchschnitt der Runde ist 100" in section and "mit ± 25" in section
    assert "solange die Unsicherheit über 15 liegt" in section
    assert "nicht in welcher Reihenfolge seine Partien erfasst wurden" in section


def test_a_prediction_shows_each_teams_chance_in_percent(client, league) -> None:
    html = _page(client, **FOUR)
    match = re.search(
        r"<strong>Emil &amp; Frieda</strong> gewinnen eine Runde mit (\d+) % Wahrscheinlichkeit,\s*<strong>Anna &amp; Bernd</strong> mit (\d+) %",
        html,
    )
    assert match
    first, second = int(match.group(1)), int(match.group(2))
    assert first + second == 100 and first > 50
    # Asked the other way round, the same teams get the mirrored chances.
    mirrored = _page(client, a1="anna", a2="bernd", b1="emil", b2="frieda")
    assert f"<strong>Anna &amp; Bernd</strong> gewinnen eine Runde mit {second} %" in mirrored
    # And a single game, for each of the four as declarer, from the same model.
    games = dict(re.findall(r"<li>\s*(\w+) sagt an: (\d+) %\s*</li>", html))
    assert set(games) == {"Emil", "Frieda", "Anna", "Bernd"}
    assert all(0 < int(p) < 100 for p in games.values())
    assert int(games["Emil"]) > int(games["Bernd"])
    # The choices stay selected.
    assert '<option value="emil" selected>' in html


def test_the_form_without_a_query_shows_no_errors_and_no_prediction(client, league) -> None:
    html = _page(client)
    assert 'class="errorlist"' not in html
    assert "gewinnen eine Runde mit" not in html
    assert html.count("<select") == 4


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({**FOUR, "b2": "emil"}, "Emil ist schon gewählt: es spielen vier verschiedene Spieler."),
        ({**FOUR, "a2": "niemand"}, "Diesen Spieler gibt es nicht."),
        ({"a1": "emil"}, "Bitte einen Spieler wählen."),
        ({**FOUR, "b1": ""}, "Bitte einen Spieler wählen."),
        ({**FOUR, "a1": "x" * 5000}, "Diesen Spieler gibt es nicht."),
        ({**FOUR, "b1": "' OR 1=1 --"}, "Diesen Spieler gibt es nicht."),
        ({**FOUR, "b1": "\u00e4\u0000"}, "Diesen Spieler gibt es nicht."),
    ],
)
def test_bad_prediction_parameters_explain_themselves_instead_of_failing(
    client, league, query, message
) -> None:
    html = _page(client, **query)
    assert message in html
    assert "gewinnen eine Runde mit" not in html


def test_a_repeated_parameter_does_not_fail(client, league) -> None:
    response = client.get(f"{URL}?a1=emil&a1=anna&a2=frieda&b1=clara&b2=dieter")
    assert response.status_code == 200


def _queries(client, query: dict[str, str]) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(URL, query).status_code == 200
    return len(context)


def test_the_query_count_is_pinned_and_does_not_grow_with_the_games(client) -> None:
    teams = [TeamFactory() for _ in range(2)]
    play_round(MatchFactory(team_a=teams[0], team_b=teams[1]))
    players = [p.slug for team in teams for p in team.players]
    prediction = dict(zip(("a1", "a2", "b1", "b2"), players, strict=True))
    small = (_queries(client, {}), _queries(client, prediction))
    for i in range(10):
        play_round(MatchFactory(), winner="ab"[i % 2])
        play_round(MatchFactory(team_a=teams[1], team_b=teams[0]))
    large = (_queries(client, {}), _queries(client, prediction))
    # menu years, the rating's current state, the ranking's rows, rating span, rating history,
    # the players to pick; a prediction reads the state the ranking read. Each first reads the
    # league's generation.
    assert small == large == (7, 7)


def test_the_chart_shows_a_new_round_and_the_chosen_language_at_once(client) -> None:
    first, second = TeamFactory(), TeamFactory()
    play_round(MatchFactory(team_a=first, team_b=second))
    newcomers = TeamFactory()
    chart = _section(_page(client), "history-heading")
    head = re.compile(rf'<th scope="col" class="num[^"]*">{newcomers.player_1.name}</th>')
    assert not head.search(chart)
    # The chart is drawn once for the same ratings: a new round is on the page at once.
    play_round(MatchFactory(team_a=newcomers, team_b=first))
    chart = _section(_page(client), "history-heading")
    assert head.search(chart)
    assert chart.count('<polyline class="chart-line series-') == 6
    client.cookies["django_language"] = "en"
    chart = _section(_page(client), "history-heading")
    assert "Rating at the end of the year" in chart and "Wertung am Jahresende" not in chart


def test_the_klammernboss_command_prints_the_ranking_as_the_page_shows_it(client, league) -> None:
    out = io.StringIO()
    call_command("klammernboss", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    assert [(r["rank"], r["name"]) for r in rows] == [
        (1, "Emil"), (2, "Frieda"), (3, "Anna"), (4, "Dieter"), (5, "Clara"), (6, "Bernd"),
    ]  # fmt: skip
    assert {r["name"]: r["rounds"] for r in rows}["Anna"] == 5
    assert all(r["provisional"] and 20 < r["sigma"] < 25 for r in rows)
    html = _page(client)
    for row in rows:
        assert f'<td class="num rating">{decimal(row["rating"])}</td>' in html
    text = io.StringIO()
    call_command("klammernboss", stdout=text)
    assert text.getvalue().splitlines()[1].split()[:2] == ["1", "Emil"]


def test_on_the_demo_league_the_klammernboss_ranks_the_players_by_strength() -> None:
    years = (1998, 2000)
    seed_league(years=years)
    out = io.StringIO()
    call_command("klammernboss", "--json", stdout=out)
    rows = json.loads(out.getvalue())
    names = [r["name"] for r in rows]
    assert sorted(names) == sorted(CIRCLE)
    assert spearman([-r["rank"] for r in rows], [CIRCLE[n] for n in names]) >= 0.9
    # The stored ratings are what the measurement learns in memory from the same games.
    strengths: Strengths[str] = Strengths()
    for evening in play("replicate", 1998, years).evenings:
        strengths.evening(evening.date, evening.games)
    measured = sorted(strengths.ratings().items(), key=lambda item: -item[1].mu)
    assert names == [name for name, _rating in measured]
    assert [r["rating"] for r in rows] == [round(r.mu, 1) for _n, r in measured]
