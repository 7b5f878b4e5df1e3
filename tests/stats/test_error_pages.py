"""A wrong address, a server error and a refused page show the site's frame in the reader's
language, with a way back (DEBUG off, as in production)."""

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import path

from klammernliga.config.urls import urlpatterns as site_urls
from tests.factories import UserFactory


def _broken(request):
    raise RuntimeError("a bug")


urlpatterns = [*site_urls, path("kaputt/", _broken)]

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

TITLES = {
    "de": {
        404: "Diese Seite gibt es nicht",
        500: "Da ist etwas schiefgegangen",
        403: "Kein Zugang",
    },
    "en": {404: "This page does not exist", 500: "Something went wrong", 403: "No access"},
}
BACK = {"de": "Zur Übersicht", "en": "To the overview"}
MENU = {"de": "Hauptmenü", "en": "Main menu"}


def _client(language: str) -> Client:
    """A visitor who chose `language` with the site's language switch (its cookie)."""
    client = Client(raise_request_exception=False)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _in_the_frame(response, status: int, language: str) -> str:
    """The page's HTML, after checking it is the error page `status` in the site's frame."""
    html: str = response.content.decode()
    assert response.status_code == status
    assert f'<html lang="{language}">' in html
    assert TITLES[language][status] in html
    assert f'aria-label="{MENU[language]}"' in html  # the menu is there
    assert f'<a class="button" href="/">{BACK[language]}</a>' in html
    return html


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("url", ["/tabelle/1990/", "/spieler/xyz/", "/gibt-es-nicht/"])
def test_a_wrong_address_shows_a_404_page_in_the_site_frame(league, language, url) -> None:
    response = _client(language).get(url)
    html = _in_the_frame(response, 404, language)
    assert url in html  # says which address was wrong
    assert "2010" in html and "2011" in html  # the years that have tables
    assert "Not Found" not in html


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_server_error_shows_a_500_page_in_the_site_frame(language) -> None:
    response = _client(language).get("/kaputt/")
    html = _in_the_frame(response, 500, language)
    assert "Server Error" not in html
    assert "a bug" not in html  # nothing of the error's inside


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_refused_page_shows_the_403_page_in_the_site_frame(language) -> None:
    client = _client(language)
    client.force_login(UserFactory())
    _in_the_frame(client.get("/erfassen/"), 403, language)


def test_the_404_page_names_only_years_that_have_a_table(league, client) -> None:
    html = client.get("/tabelle/2012/").content.decode()
    assert "Jahrestabellen gibt es für diese Jahre:" in html
    listed = html.split("Jahrestabellen gibt es für diese Jahre:", 1)[1].split("</ul>", 1)[0]
    assert re.findall(r'<li><a href="/tabelle/(\d{4})/">', listed) == ["2011", "2010"]


def test_the_500_page_is_framed_and_says_du(client) -> None:
    from django.template.loader import render_to_string

    html = render_to_string("500.html")  # as Django's server_error renders it: no request
    assert '<header class="site-header">' in html
    assert "Bitte versuch es gleich noch einmal." in html
    assert "Sie " not in html


def test_a_bad_request_gets_the_framed_400_page(client) -> None:
    response = client.get("/", HTTP_HOST="bad host name")
    assert response.status_code == 400
    html = response.content.decode()
    assert '<header class="site-header">' in html
    assert "Mit dieser Anfrage kann die Seite nichts anfangen" in html
