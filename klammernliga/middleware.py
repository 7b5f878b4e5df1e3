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


# Table parameters (django-tables2's `per_page` and `page`, also with a table's prefix): a value
# that is no plain positive number is dropped, a larger one is cut to what a page can hold.
MAX_PER_PAGE = 500
MAX_PAGE = 10**9
_PARAMETER_LIMITS = (("per_page", MAX_PER_PAGE), ("page", MAX_PAGE))


def _clamped(value: str, limit: int) -> str | None:
    """The value as a number in 1..limit, or None when it is no plain number (or zero)."""
    digits = value.strip()
    if not digits.isascii() or not digits.isdigit():
        return None
    number = int(digits[:12]) if len(digits) <= 12 else limit
    return str(min(number, limit)) if number > 0 else None


class PagingParametersMiddleware:
    """Every page answers any `per_page` or `page`: broken values are ignored, huge ones cut."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if any(key.endswith(("per_page", "page")) for key in request.GET):
            query = request.GET.copy()
            for key in list(query):
                for name, limit in _PARAMETER_LIMITS:
                    if key.endswith(name):
                        kept = [_clamped(v, limit) for v in query.getlist(key)]
                        query.setlist(key, [v for v in kept if v is not None])
                        if not query.getlist(key):
                            del query[key]
                        break
            query._mutable = False
            request.GET = query
        return self.get_response(request)
