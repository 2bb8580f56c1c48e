"""A class's instructor, or an admin, writing to the class's families: one e-mail per family
of the audience (enrolled, waitlisted or both), through the outbox, kept for the families to
read again on the class's page.

A class sends at most `CLASS_MESSAGES_PER_DAY` in a school day (`core.school_time`), counted
under the class row's lock (`enrolments.services.holds.class_locked`), so two Sends at once
cannot both be the last one allowed. The e-mail comes from the school, with its reply-to: the
sender is named, never given away by their own address.
"""

import re
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from class_messages.message_kinds import ClassMessageKind
from class_messages.models import ClassMessage, ClassMessageAudience, ClassMessagesSeen
from class_messages.selectors import class_families_for
from core.errors import Conflict, InvalidInput, TooMany
from core.school_time import school_timezone, school_today
from enrolments.services.holds import class_locked
from notifications.services import message_queue

# An http(s) address up to the next space or angle bracket; what ends a sentence is no part of
# it (`_address_and_after`).
_ADDRESS = re.compile(r"https?://[^\s<>\"]+", re.IGNORECASE)
_SENTENCE_ENDS = ".,;:!?'\")]}"

AUDIENCE_UNKNOWN = gettext_lazy("Choose enrolled, waitlisted or both.")

_NOBODY = {
    ClassMessageAudience.ENROLLED: gettext_lazy("Nobody is enrolled in this class yet."),
    ClassMessageAudience.WAITLISTED: gettext_lazy(
        "Nobody is waiting for a seat in this class yet."
    ),
    ClassMessageAudience.BOTH: gettext_lazy("Nobody is enrolled or waiting in this class yet."),
}


def _address_and_after(found: str) -> tuple[str, str]:
    """An address found in running text, and what follows it that ends the sentence instead
    ("see https://camp.test/kiln." links to .../kiln); a closing bracket the address opened
    stays (a Wikipedia address)."""
    address = found
    while address and address[-1] in _SENTENCE_ENDS:
        if address[-1] == ")" and address.count("(") >= address.count(")"):
            break
        address = address[:-1]
    return address, found[len(address) :]


def _with_links(line: str) -> str:
    pieces = []
    written_up_to = 0
    for match in _ADDRESS.finditer(line):
        address, after = _address_and_after(match.group())
        pieces.append(escape(line[written_up_to : match.start()]))
        pieces.append(f'<a href="{escape(address)}">{escape(address)}</a>{escape(after)}')
        written_up_to = match.end()
    pieces.append(escape(line[written_up_to:]))
    return "".join(pieces)


def body_html(body: str) -> SafeString:
    """The body as HTML: everything escaped, http(s) addresses made links, paragraphs (blank
    lines) and line breaks kept. Nothing the sender wrote is ever markup."""
    paragraphs = [part.strip("\n") for part in re.split(r"\n\s*\n", body.replace("\r\n", "\n"))]
    return mark_safe(  # noqa: S308 - all the sender wrote is escaped, in _with_links
        "\n".join(
            "<p>" + "<br>\n".join(_with_links(line) for line in paragraph.split("\n")) + "</p>"
            for paragraph in paragraphs
            if paragraph.strip()
        )
    )


def _school_midnight(day: date) -> datetime:
    """When `day` begins at the school."""
    return datetime.combine(day, time.min, tzinfo=school_timezone())


def _limit_reached(*, camp_class, limit: int, resets_at: datetime) -> TooMany:
    said = "1 message" if limit == 1 else f"{limit} messages"
    day = date_format(resets_at.astimezone(school_timezone()), "l, F j")
    return TooMany(
        _(
            "%(name)s has had %(said)s today, the most a class may send its "
            "families in a day. You can write to them again from midnight (school "
            "time), %(day)s."
        )
        % {"name": camp_class.name, "said": said, "day": day},
        resets_at=resets_at,
        code="class_messages_per_day",
        details={"limit": limit, "resetsAt": resets_at.isoformat()},
    )


@transaction.atomic
def class_message_send(
    *,
    sender: User,
    class_id: int,
    subject: str,
    body: str,
    audience: str,
    announcement: bool = False,
) -> ClassMessage:
    """Write to the class's families of `audience`: the message kept, and one e-mail queued per
    family (an account with two children in the class gets one). The caller has checked the
    sender may (`access.access_class_to_write_to`).

    Refused (`TooMany`) past the class's messages for the school day, and (`Conflict`) when
    nobody is in the audience: then nothing is kept. An announcement is not sent to families who
    turned announcements off; any other message is about their enrolment and always goes.
    """
    if audience not in ClassMessageAudience.values:
        raise InvalidInput({"audience": [AUDIENCE_UNKNOWN]})
    camp_class = class_locked(class_id)
    limit = settings.CLASS_MESSAGES_PER_DAY
    today = school_today()
    sent_today = ClassMessage.objects.filter(
        camp_class=camp_class, sent_at__gte=_school_midnight(today)
    ).count()
    if sent_today >= limit:
        raise _limit_reached(
            camp_class=camp_class,
            limit=limit,
            resets_at=_school_midnight(today + timedelta(days=1)),
        )
    families = list(class_families_for(class_id=camp_class.pk, audience=audience))
    if not families:
        raise Conflict(_NOBODY[audience], code="nobody_in_audience")

    message = ClassMessage.objects.create(
        camp_class=camp_class,
        sender=sender,
        audience=audience,
        announcement=announcement,
        subject=subject,
        body=body,
        sent_at=timezone.now(),
    )
    context = {
        "class_name": camp_class.name,
        "class_id": camp_class.pk,
        "subject": subject,
        "body": body,
        "body_html": body_html(body),
        # By name only: their own address stays theirs, and replies go to the school.
        "sender_name": sender.name,
        "from_instructor": sender.pk == camp_class.instructor_id,
    }
    queued = 0
    for family in families:
        written = message_queue(
            kind=ClassMessageKind.CLASS_MESSAGE,
            about=f"class-message:{message.pk}",
            recipient=family.email,
            context={**context, "name": family.name},
            announcement=announcement,
        )
        queued += written is not None
    message.recipients = queued
    message.save(update_fields=["recipients"])
    return message


def class_messages_seen(*, family: User, class_id: int, at: datetime | None = None) -> None:
    """The family read the class's messages at `at` (now by default): those sent until then are
    no longer new to it. One statement, whether it had read them before or not."""
    ClassMessagesSeen.objects.bulk_create(
        [ClassMessagesSeen(family=family, camp_class_id=class_id, seen_at=at or timezone.now())],
        update_conflicts=True,
        unique_fields=["family", "camp_class"],
        update_fields=["seen_at"],
    )
