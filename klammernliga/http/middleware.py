"""German first: the site speaks German unless the visitor picked another language."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class ChosenLanguageMiddleware(LocaleMiddleware):
    """Like Django's LocaleMiddleware, but ignores the browser's Accept-Language.

    The league's language is German; English is there for whoever switches to it (the
    language switch sets Django's language cookie).
    """

    def process_request(self, request: HttpRequest) -> None:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        languages = {code for code, _name in settings.LANGUAGES}
        translation.activate(chosen if chosen in languages else settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()


# Table parameters (django-tables2's `per_page` and `page`, also with a table's prefix). A
# `per_page` that is no plain positive number is dropped, a larger one cut to what a page may
# hold; a `page` of more digits than any page count is cut (the paginators answer every other
# `page`, broken, zero or negative, with the first or the last page).
MAX_PER_PAGE = 500
MAX_PAGE = 10**9


def _per_page(value: str) -> str | None:
    """The value as a number in 1..MAX_PER_PAGE, or None when it is no plain number (or zero)."""
    digits = value.strip()
    if not digits.isascii() or not digits.isdigit():
        return None
    number = int(digits) if len(digits) <= 12 else MAX_PER_PAGE
    return str(min(number, MAX_PER_PAGE)) if number > 0 else None


def _page(value: str) -> str:
    digits = value.strip().lstrip("+-")
    if digits.isascii() and digits.isdigit() and len(digits) > 12:
        return str(MAX_PAGE)
    return value


class PagingParametersMiddleware:
    """Every page answers any `per_page` or `page`: broken values are ignored, huge ones cut."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if any(key.endswith("page") for key in request.GET):
            query = request.GET.copy()
            for key in list(query):
                if key.endswith("per_page"):
                    kept = [v for v in map(_per_page, query.getlist(key)) if v is not None]
                    if kept:
                        query.setlist(key, kept)
                    else:
                        del query[key]
                elif key.endswith("page"):
                    query.setlist(key, [_page(v) for v in query.getlist(key)])
            query._mutable = False
            request.GET = query  # type: ignore[assignment]  # immutable again just above; the stubs cannot see it
        return self.get_response(request)
