"""The language a request is answered in.

A signed-in person's own (`accounts.User.language`), activated by the API's authentication the
moment it knows them; before that, and for visitors, Django's `LocaleMiddleware` reads the
`camp_language` cookie, then Accept-Language, else English. Every answer carries the language
it was given in as Content-Language.
"""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import pgettext_lazy


def language_activate(language: str) -> None:
    """Speak `language` for the rest of this request (one of settings.LANGUAGES, else English).
    The caller already has the person loaded: this reads nothing."""
    known = dict(settings.LANGUAGES)
    translation.activate(language if language in known else settings.LANGUAGE_CODE)


def language_cookie_set(response, language: str) -> None:
    """Remember a person's choice in the browser, so the pages they load before signing in (and
    after signing out) speak it too."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )


class LanguageMiddleware(LocaleMiddleware):
    """Django's, and the language let go once the answer is made: what runs next in this thread
    (a test's next step, a worker's task) starts in English, not in the last caller's language."""

    def process_response(self, request, response):
        response = super().process_response(request, response)
        translation.deactivate()
        return response


# How a sentence names a day, in the words of the language spoken (Django's month and weekday
# names): "Monday, March 3" / "lunes 3 de marzo".
WEEKDAY_AND_DAY = pgettext_lazy("a day in a sentence", "l, F j")
WEEKDAY_DAY_AND_YEAR = pgettext_lazy("a day in a sentence", "l, F j, Y")
DAY = pgettext_lazy("a day in a sentence", "F j")
# The office's way, on its days' close: "Monday 3 March".
WEEKDAY_DAY_MONTH = pgettext_lazy("a day in a sentence", "l j F")
DAY_AND_YEAR = pgettext_lazy("a day in a sentence", "F j, Y")
TIME = pgettext_lazy("a time in a sentence", "g:i A")


def said(moment, form=WEEKDAY_AND_DAY) -> str:
    """A date (or an aware datetime, already in the school's time zone) as a sentence says it."""
    return date_format(moment, str(form))
