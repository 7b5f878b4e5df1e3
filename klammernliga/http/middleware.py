"""German first: the site speaks German unless the visitor picked another language."""

from django.conf import settings
from django.http import HttpRequest
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
