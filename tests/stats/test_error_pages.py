"""A wrong address, a server error and a refused page show the site's frame in the reader's
language, with a way back (DEBUG off, as in production)."""

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import path

from klammernliga.urls import urlpatterns as site_urls
from tests.factories import UserFactory


def _broken(request):  # type: ignore[no-untyped-def]
    raise RuntimeError("a bug")


urlpatterns = [*site_urls, path("kaputt/", _broken)]

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

LANGUAGES = {
    "de": ("Diese Seite gibt es nicht", "Da ist etwas schiefgegangen", "Kein Zugang"),
    "en": ("This page does not exist", "Something went wrong", "No access"),
}
BACK = {"de": "Zur Übersicht", "en": "To the overview"}
MENU = {"de": "Hauptmenü", "en": "Main menu"}


def _client(language: str) -> Client:
    """A visitor who chose `language` with the site's language switch (its cookie)."""
    client = Client(raise_request_exception=False)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("url", ["/tabelle/1990/", "/spieler/xyz/", "/gibt-es-nicht/"])
def test_a_wrong_address_shows_a_404_page_in_the_site_frame(league, language, url) -> None:  # type: ignore[no-untyped-def]
    response = _client(language).get(url)
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{language}">' in html
    assert LANGUAGES[language][0] in html
    assert url in html  # says which address was wrong
    assert f'aria-label="{MENU[language]}"' in html  # the menu is there
    assert f'<a class="button" href="/">{BACK[language]}</a>' in html
    assert "2010" in html and "2011" in html  # the years that have tables
    assert "Not Found" not in html


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_server_error_shows_a_500_page_in_the_site_frame(language) -> None:  # type: ignore[no-untyped-def]
    response = _client(language).get("/kaputt/")
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{language}">' in html
    assert LANGUAGES[language][1] in html
    assert f'aria-label="{MENU[language]}"' in html
    assert f'<a class="button" href="/">{BACK[language]}</a>' in html
    assert "Server Error" not in html
    assert "a bug" not in html  # nothing of the error's inside


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_refused_page_shows_the_403_page_in_the_site_frame(language) -> None:  # type: ignore[no-untyped-def]
    client = _client(language)
    client.force_login(UserFactory())
    response = client.get("/erfassen/")
    html = response.content.decode()
    assert response.status_code == 403
    assert f'<html lang="{language}">' in html
    assert LANGUAGES[language][2] in html
    assert f'aria-label="{MENU[language]}"' in html
    assert f'href="/">{BACK[language]}</a>' in html
