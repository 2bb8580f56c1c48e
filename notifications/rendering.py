"""A message of a kind rendered from its app's templates, dates read in the school's time zone:
when it is queued (notifications/services.py), or when it is sent, for one composed then
(notifications/sending.py).
"""

from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from notifications import kinds


@dataclass(frozen=True)
class Rendered:
    subject: str
    text: str
    html: str


def _render(kind: str, context: dict) -> Rendered:
    context = {
        "site_name": settings.SITE_NAME,
        "site_url": settings.SITE_URL.rstrip("/"),
        "reply_to": settings.SCHOOL_REPLY_TO,
        **context,
    }
    # Dates and times read in the school's time zone, whatever the server's.
    with timezone.override(ZoneInfo(settings.SCHOOL_TIMEZONE)):
        subject = render_to_string(f"notifications/{kind}.subject.txt", context)
        text = render_to_string(f"notifications/{kind}.txt", context)
        html = render_to_string(f"notifications/{kind}.html", context)
    text = text.strip() + "\n"
    if context.get("unsubscribe_url"):
        # Every announcement says how to stop them, whatever its kind's template says.
        text += (
            "\nThis is an announcement. Stop announcements (mail about your enrolments still "
            f"comes): {context['unsubscribe_url']}\n"
        )
    return Rendered(subject=" ".join(subject.split()), text=text, html=html)


def message_rendered(kind: str, context: dict) -> Rendered:
    """A message of `kind` as it would be sent with `context` (the back office's and the
    screenshots' look at it); nothing is queued."""
    if not kinds.is_registered(kind):
        raise ValueError(f"No app sends messages of the kind {kind!r}.")
    return _render(kind, context)
