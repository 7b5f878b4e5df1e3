"""The English translation: every shipped catalogue is complete and compiled, and a visitor who
switches to English reads every page without German UI words."""

from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from klammernliga.entry.problems import problem_text
from scoring.domain import Rank
from scoring.rules import Problem
from tests.factories import ScorekeeperFactory
from tests.klammernliga.entry_pages import DAY, anna_bernd_vs_carl_dora, field_errors, game_data

LOCALE = Path(settings.LOCALE_PATHS[0])
SCORING = Path(__file__).resolve().parents[2] / "scoring"
SHIPPED = sorted(path.name for path in LOCALE.iterdir() if (path / "LC_MESSAGES").is_dir())


# --- reading a catalogue without gettext's tools (msgfmt may be missing) ------------------------


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False


def _unquote(text: str) -> str:
    return ast.literal_eval(text)  # a PO string is a valid Python string literal


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (obsolete ones and the header left out)."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        if block.lstrip().startswith("#~"):
            continue  # obsolete
        entry, current = Entry(), ""
        for line in block.splitlines():
            if line.startswith("#,"):
                entry.fuzzy = "fuzzy" in (flag.strip() for flag in line[2:].split(","))
                continue
            if line.startswith("#") or not line.strip():
                continue
            keyword, _space, rest = line.partition(" ")
            if line.startswith('"'):
                keyword, rest = current, line
            current = keyword
            value = _unquote(rest)
            if keyword == "msgctxt":
                entry.msgctxt = (entry.msgctxt or "") + value
            elif keyword == "msgid":
                entry.msgid += value
            elif keyword == "msgid_plural":
                entry.msgid_plural = (entry.msgid_plural or "") + value
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if "[" in keyword else 0
                if len(entry.msgstr) <= index:
                    entry.msgstr.append("")
                entry.msgstr[index] += value
        if entry.msgid:
            entries.append(entry)
    return entries


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def compiled(language: str) -> gettext.GNUTranslations:
    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def test_english_is_a_shipped_locale() -> None:
    assert "en" in SHIPPED
    assert "en" in dict(settings.LANGUAGES)


@pytest.mark.parametrize("language", SHIPPED)
def test_every_message_of_a_shipped_locale_is_translated_and_none_is_fuzzy(language: str) -> None:
    entries = read_po(po_path(language))
    assert len(entries) > 400
    untranslated = [e.msgid for e in entries if not all(e.msgstr)]
    fuzzy = [e.msgid for e in entries if e.fuzzy]
    assert untranslated == []
    assert fuzzy == []
    assert all(len(e.msgstr) == 2 for e in entries if e.msgid_plural)


@pytest.mark.parametrize("language", SHIPPED)
def test_the_compiled_catalogue_says_what_the_po_file_says(language: str) -> None:
    catalogue = compiled(language)
    for entry in read_po(po_path(language)):
        if entry.msgid_plural:
            got = [catalogue.ngettext(entry.msgid, entry.msgid_plural, n) for n in (1, 2)]
        elif entry.msgctxt is not None:
            got = [catalogue.pgettext(entry.msgctxt, entry.msgid)]
        else:
            got = [catalogue.gettext(entry.msgid)]
        assert got == entry.msgstr, entry.msgid


def _marked_in_scoring() -> list[str]:
    """Every string scoring marks with its no-op _() (labels and validation messages)."""
    marked = []
    for path in sorted(SCORING.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                marked.append(node.args[0].value)
    return marked


@pytest.mark.parametrize("language", SHIPPED)
def test_every_label_and_message_of_scoring_is_in_the_catalogue(language: str) -> None:
    msgids = {e.msgid for e in read_po(po_path(language)) if e.msgctxt is None}
    marked = _marked_in_scoring()
    assert "Re geht nur nach einem Kontra." in marked
    assert [text for text in marked if text not in msgids] == []


# Representative German source strings of each part of the site, and their English.
REPRESENTATIVE = {
    # the frame's menu
    "Wertungen": "Standings",
    "ewige Tabelle": "All-time table",
    "Alle Spiele": "All games",
    "Spieler-Info": "Player info",
    "Teambilanzen": "Team records",
    "Sieg-Verteilungen": "Win distributions",
    "Erfassen": "Enter results",
    "Spielregeln": "Rules",
    # table headers
    "Große Punkte": "Large points",
    "Runden gewonnen": "Rounds won",
    "Kleine Punkte": "Small points",
    "Rundenquote": "Round share",
    # the filters of Alle Spiele
    "alle": "all",
    "Jahr": "Year",
    "Kontra ohne Re": "Kontra without Re",
    "Spielende Mannschaft": "Playing team",
    # a player's page
    "Lieblingsgegner": "Favourite opponent",
    "Angstgegner": "Bogey opponent",
    "Jahr für Jahr": "Year by year",
    # the KlammernBoss page
    "Rangliste": "Ranking",
    "Vorhersage": "Prediction",
    # the entry form
    "Wer hat gespielt?": "Who played?",
    "Spiel speichern": "Save game",
    "Welcher Trumpf? Bitte eine Farbe antippen.": "Which trump? Please tap a suit.",
    # scoring's validation messages and labels
    "Re geht nur nach einem Kontra.": "Re is only possible after a Kontra.",
    "Herz": "Hearts",
    # the rules page
    "Karten und Punkte": "Cards and points",
    "Das Beet: wer gewinnt": "The Beet: who wins",
}


def test_representative_strings_of_every_area_read_in_english() -> None:
    english = compiled("en")
    assert {german: english.gettext(german) for german in REPRESENTATIVE} == REPRESENTATIVE
    assert english.pgettext("bid", "Spiel") == "Bid"
    assert english.pgettext("declarer", "Spieler") == "Declarer"
    # The games of a Partie, an evening or a pairing ({{ n }} Spiel{% plural %}{{ n }} Spiele).
    assert english.ngettext("%(n)s Spiel", "%(n)s Spiele", 2) == "%(n)s games"


# --- the pages in English ---------------------------------------------------------------------

# German UI words that none of the league's names (Anna, Bernd, Clara, Dieter, Emil, Frieda)
# contains; matched as whole, capitalised words, so URLs such as /spieler/ do not count.
GERMAN_WORDS = (
    "Spiele", "Spieler", "Abend", "Abende", "Runde", "Runden", "Tabelle", "Partie", "Partien",
    "Punkte", "Mannschaft", "Wertung", "Gegner", "Übersicht", "Anmelden", "Jahr", "Montag",
    "Freitag", "Januar", "März", "Noch", "Alle", "gewonnen", "verloren",
)  # fmt: skip
GERMAN = re.compile(r"\b(" + "|".join(GERMAN_WORDS) + r")\b")

PAGES = (
    "/",
    "/tabelle/ewig/",
    "/tabelle/ewig/teams/",
    "/tabelle/2010/",
    "/klammernboss/",
    "/klammernboss/?a1=anna&a2=bernd&b1=clara&b2=dieter",
    "/regeln/",
    "/spiele/",
    "/spiele/?jahr=2010&kontra=re",
    "/spiele/abend/2010-03-05/",
    "/spieler/",
    "/spieler/anna/",
    "/spieler/anna/gegnerteams/",
    "/teams/",
    "/siege/",
    "/siege/?spieler=anna",
    "/anmelden/",
)


def readable_text(page: str) -> str:
    """What a reader sees or hears: the text, and the labels and titles in attributes (not the
    URLs, ids or form values, which stay German)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    labels = re.findall(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    return "\n".join([re.sub(r"<[^>]*>", "\n", page), *labels])


def german_words_in(page: str) -> list[str]:
    text = readable_text(page)
    return [text[max(m.start() - 40, 0) : m.end() + 40] for m in GERMAN.finditer(text)]


def _in_english(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_every_page_in_english_has_no_german_ui_words(league, client, url: str) -> None:
    page = _in_english(client).get(url).content.decode()
    assert '<html lang="en">' in page
    assert "Anna" in page or url == "/anmelden/"
    assert german_words_in(page) == []


@pytest.mark.django_db
def test_the_pairing_page_in_english_has_no_german_ui_words(league, client) -> None:
    from klammernliga.models import Team

    first, second = Team.objects.order_by("pk")[:2]
    page = _in_english(client).get(reverse("stats:pairing", args=[first.pk, second.pk]))
    html = page.content.decode()
    assert "Record" in html
    assert german_words_in(html) == []


@pytest.mark.django_db
def test_the_pages_stay_german_without_a_language_choice(league, client) -> None:
    page = client.get("/spiele/").content.decode()
    assert '<html lang="de">' in page
    assert "Alle Spiele" in page and "Spielende Mannschaft" in page
    assert german_words_in(page)  # the check of the English pages would notice


@pytest.mark.django_db
def test_the_csv_export_in_english_has_english_headers_and_values(league, client) -> None:
    response = _in_english(client).get("/spiele/?_export=csv")
    csv = b"".join(response.streaming_content).decode()  # the export is streamed
    header, first_row = csv.splitlines()[:2]
    assert header.startswith("Date,No.,Team A,Team B,Declarer,Trump,Bid,")
    assert "Playing team" in header
    assert first_row.endswith(("yes", "no"))
    assert german_words_in(csv) == []


# --- scoring's messages in the entry form -------------------------------------------------------


@pytest.mark.django_db
def test_scorings_messages_in_the_entry_form_are_shown_in_english(client) -> None:
    match = anna_bernd_vs_carl_dora()
    client.force_login(ScorekeeperFactory())
    _in_english(client)
    response = client.post(
        reverse("entry:new_game", args=[DAY]),
        game_data(match, kontra=None, re="on", points_a="300", points_b="5"),
    )
    page = response.content.decode()
    assert "Not saved: please check the marked entries." in page
    assert field_errors(page, "re") == ["Re is only possible after a Kontra."]
    assert field_errors(page, "points_b") == [
        "The points add up to 305; they must be 164 (164 plus melds)."
    ]
    assert german_words_in(page) == []


def test_a_card_named_in_a_scoring_message_is_shown_by_its_translated_name() -> None:
    problem = Problem(
        "melds_a", "Eine %(kind)s kann nicht bis %(top)s gehen.", {"kind": "Terz", "top": Rank.BUBE}
    )
    with translation.override("en"):
        assert problem_text(problem, {}) == "A Terz cannot run up to Jack."
    with translation.override("de"):
        assert problem_text(problem, {}) == "Eine Terz kann nicht bis Bube gehen."
