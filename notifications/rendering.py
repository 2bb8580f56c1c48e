"""A message of a kind rendered from its app's templates, dates read in the school's time zone
and every word in its reader's language: when it is queued (notifications/services.py), or when
it is sent, for one composed then (notifications/sending.py).

The reader's language is their account's (`accounts.User.language`, asked through
`core.events.READER_LANGUAGE`), whoever's request or worker queues the message; an address that
is nobody's account reads the school's default language.
"""

from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext

from core import events
from notifications import kinds


@dataclass(frozen=True)
class Rendered:
    subject: str
    text: str
    html: str
    language: str


def reader_language(address: str) -> str:
    """The language mail to `address` is written in: its account's, else the school's default."""
    language = None
    if events.answerer(events.READER_LANGUAGE) is not None:
        language = events.ask(events.READER_LANGUAGE, address=address)
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def _render(kind: str, context: dict, language: str) -> Rendered:
    context = {
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL.rstrip("/"),
        "reply_to": settings.SCHOOL_REPLY_TO,
        **context,
    }
    # Dates and times read in the school's time zone, whatever the server's; words, month names
    # and date formats in the reader's language, whatever the request's.
    with timezone.override(ZoneInfo(settings.SCHOOL_TIMEZONE)), translation.override(language):
        subject = render_to_string(f"notifications/{kind}.subject.txt", context)
        text = render_to_string(f"notifications/{kind}.txt", context)
        html = render_to_string(f"notifications/{kind}.html", context)
        text = text.strip() + "\n"
        if context.get("unsubscribe_url"):
            # Every announcement says how to stop them, whatever its kind's template says.
            text += (
                "\n"
                + gettext(
                    "This is an announcement. Stop announcements (mail about your enrolments still "
                    "comes): %(unsubscribe_url)s"
                )
                % {"unsubscribe_url": context["unsubscribe_url"]}
                + "\n"
            )
    return Rendered(subject=" ".join(subject.split()), text=text, html=html, language=language)


def message_rendered(kind: str, context: dict, *, language: str | None = None) -> Rendered:
    """A message of `kind` as it would be sent with `context` (the back office's and the
    screenshots' look at it), in `language` (the school's default unless named); nothing is
    queued."""
    if not kinds.is_registered(kind):
        raise ValueError(f"No app sends messages of the kind {kind!r}.")
    return _render(kind, context, language or settings.LANGUAGE_CODE)
