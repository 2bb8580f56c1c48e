"""The outbox: every message is a row first, written with the change it reports, then sent.

`message_queue` is called inside the transaction of the change (a payment fulfilled, a class
reviewed). It renders the message and inserts its row; the unique key (kind, about, recipient)
makes a second call for the same thing find the first row instead. Once the transaction
commits, the row is handed to a Celery worker (notifications/tasks.py). `message_queue_composed`
inserts the row with the facts it is made from, and the worker composes and renders it before
sending (a receipt, on the busiest requests).

`message_send` claims a row with one conditional UPDATE (queued -> sending), so of several
workers handed the same row only one sends it. A refusal the SMTP server calls permanent (5xx)
fails the row; anything else puts it back in the queue for a retry. `outbox_sweep` re-queues
rows whose worker died while sending, and hands over rows that are due but were never handed
(a broker down at commit time, a message scheduled for later).
"""

import logging
import re
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.mime.text import MIMEText
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.template.loader import render_to_string
from django.utils import timezone

from core.errors import NotFound
from core.prepared import insert_unless_present
from notifications import kinds
from notifications.models import Mailbox, Message, MessageStatus

logger = logging.getLogger(__name__)

# A row still "sending" after this is taken to be a worker that died: sending is retried. Far
# longer than one attempt may last (EMAIL_TIMEOUT), so a slow send is never doubled.
STUCK_AFTER = timedelta(minutes=10)
# A row queued this long ago and not sent was never handed to a worker (or its worker lost it).
HANDOVER_GRACE = timedelta(minutes=2)
MAX_ATTEMPTS = 8


class TemporaryFailure(Exception):
    """The message could not be sent now; it is queued again, due after `retry_in`."""

    def __init__(self, detail: str, *, retry_in: timedelta):
        super().__init__(detail)
        self.retry_in = retry_in


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


def mailbox_for(address: str) -> Mailbox:
    """The address's mailbox, made on first need (an address is one mailbox, whatever its case)."""
    address = address.strip().lower()
    found = Mailbox.objects.filter(address=address).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Mailbox.objects.create(address=address)
    except IntegrityError:
        return Mailbox.objects.get(address=address)


def unsubscribe_url(mailbox: Mailbox) -> str:
    """Where one click turns the mailbox's announcements off (the browser app's page)."""
    return f"{settings.SITE_URL.rstrip('/')}/unsubscribe/{mailbox.token}"


def message_queue(
    *,
    kind: str,
    about: str,
    recipient: str,
    context: dict,
    send_after: datetime | None = None,
    reply_to: str = "",
    in_order_of: str = "",
    calendar: bytes | str = b"",
    announcement: bool = False,
) -> Message | None:
    """The message about `about` for `recipient`, queued once whatever the number of calls.

    It goes out after any earlier message to the same person in the same thread, `in_order_of`
    (by default its `about`: the messages about one payment keep their order); mail of any other
    thread never waits for it. `kind` is one an app registered (notifications/kinds.py).
    `calendar`, an iCalendar document, goes with it as an attachment. An `announcement` is not
    queued (None) for a mailbox that turned announcements off, and says how to turn them off.
    """
    if not kinds.is_registered(kind):
        raise ValueError(f"No app sends messages of the kind {kind!r}.")
    existing = Message.objects.filter(
        kind=kind, about=about, recipient=recipient, resend_of__isnull=True
    ).first()
    if existing is not None:
        return existing
    if announcement:
        mailbox = mailbox_for(recipient)
        if not mailbox.announcements:
            return None
        context = {**context, "unsubscribe_url": unsubscribe_url(mailbox)}
    rendered = _render(kind, context)
    due = send_after or timezone.now()
    try:
        # A savepoint: a concurrent twin that inserted first leaves the caller's transaction
        # usable, and its row is the one.
        with transaction.atomic():
            message = Message.objects.create(
                kind=kind,
                about=about,
                in_order_of=in_order_of or about,
                recipient=recipient,
                reply_to=reply_to,
                subject=rendered.subject,
                text=rendered.text,
                html=rendered.html,
                calendar=calendar.decode() if isinstance(calendar, bytes) else calendar,
                announcement=announcement,
                scheduled_for=due,
                send_after=due,
            )
    except IntegrityError:
        return Message.objects.get(
            kind=kind, about=about, recipient=recipient, resend_of__isnull=True
        )
    _hand_over_after_commit(message)
    return message


def message_queue_composed(
    *,
    kind: str,
    about: str,
    recipient: str,
    facts: dict,
    in_order_of: str = "",
) -> Message:
    """The message about `about` for `recipient`, queued once as `message_queue` queues it, and
    composed when it is sent: the worker asks the kind's composer (`kinds.compose_with`) for its
    context and calendar from `facts` (JSON), then renders it. Nothing is rendered here.

    A twin's row already there is the one: the row is inserted unless it is
    (`core.prepared.insert_unless_present`), so the caller's transaction needs no savepoint."""
    kinds.composer_of(kind)
    due = timezone.now()
    row = {
        "kind": kind,
        "about": about,
        "in_order_of": in_order_of or about,
        "recipient": recipient,
        "facts": facts,
        "scheduled_for": due,
        "send_after": due,
    }
    message = Message(**row)
    if not insert_unless_present(message):
        return Message.objects.get(
            kind=kind, about=about, recipient=recipient, resend_of__isnull=True
        )
    _hand_over_after_commit(message)
    return message


def _composed(message: Message) -> Message:
    """A row queued to be composed when sent, composed and rendered now, and kept so (a resend
    or the back office shows what was sent); any other row as it is."""
    if message.facts is None or message.text:
        return message
    composed = kinds.composer_of(message.kind)(message.facts)
    rendered = _render(message.kind, composed.context)
    calendar = composed.calendar
    message.subject, message.text, message.html = rendered.subject, rendered.text, rendered.html
    message.calendar = calendar.decode() if isinstance(calendar, bytes) else calendar
    Message.objects.filter(pk=message.pk).update(
        subject=message.subject, text=message.text, html=message.html, calendar=message.calendar
    )
    return message


def message_resend(*, message_id: int) -> Message:
    """A new row with the same content, marked as a resend of `message_id`, queued now."""
    original = Message.objects.filter(pk=message_id).first()
    if original is None:
        raise NotFound("No such message.")
    now = timezone.now()
    resend = Message.objects.create(
        kind=original.kind,
        about=original.about,
        in_order_of=original.in_order_of,
        recipient=original.recipient,
        reply_to=original.reply_to,
        subject=original.subject,
        text=original.text,
        html=original.html,
        calendar=original.calendar,
        facts=original.facts,
        announcement=original.announcement,
        resend_of=original,
        scheduled_for=now,
        send_after=now,
    )
    _hand_over_after_commit(resend)
    return resend


def _hand_over_after_commit(message: Message) -> None:
    # Imported here: the tasks module imports this one.
    from notifications.tasks import message_send_task

    def hand_over():
        message_send_task.delay(message.pk)

    # robust: a broker that is down does not undo the change; the sweep hands the row over.
    transaction.on_commit(hand_over, robust=True)


def _earlier_on_its_way() -> Exists:
    """An earlier message to the same person in the same thread, not sent yet: a person reads a
    thread in the order it was meant to go out, so a receipt never arrives after the refund of
    it. A failed message is not on its way, so it holds nothing back."""
    return Exists(
        Message.objects.filter(
            recipient=OuterRef("recipient"),
            in_order_of=OuterRef("in_order_of"),
            status__in=[MessageStatus.QUEUED, MessageStatus.SENDING],
        ).filter(
            Q(scheduled_for__lt=OuterRef("scheduled_for"))
            | Q(scheduled_for=OuterRef("scheduled_for"), pk__lt=OuterRef("pk"))
        )
    )


def _claim(message_id: int) -> Message | None:
    """The row, now ours to send; None when it is not queued and due (sent, failed, being sent
    by another worker), or waits for an earlier message of its thread to the same person."""
    now = timezone.now()
    claimed = (
        Message.objects.filter(pk=message_id, status=MessageStatus.QUEUED, send_after__lte=now)
        .filter(~_earlier_on_its_way())
        .update(status=MessageStatus.SENDING, sending_at=now, attempts=F("attempts") + 1)
    )
    if not claimed:
        return None
    return Message.objects.get(pk=message_id)


def _hand_over_next(message: Message) -> None:
    """Once a message is sent or failed, the next one of its thread to the same person, which
    waited for it."""
    following = (
        Message.objects.filter(
            recipient=message.recipient,
            in_order_of=message.in_order_of,
            status=MessageStatus.QUEUED,
            send_after__lte=timezone.now(),
        )
        .exclude(pk=message.pk)
        .order_by("scheduled_for", "pk")
        .first()
    )
    if following is not None:
        _hand_over_after_commit(following)


def _is_permanent(error: Exception) -> bool:
    """An SMTP 5xx: the server will never take this message (an unknown mailbox, say)."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code >= 500
    return False


def _calendar_method(document: str) -> str:
    for line in document.splitlines():
        if line.upper().startswith("METHOD:"):
            return line.split(":", 1)[1].strip().upper()
    return "PUBLISH"


# Enhanced status codes (RFC 3463) that say the address itself is no good: a bad mailbox or
# domain (5.1.x), a disabled mailbox (5.2.1). A 5xx about the message (5.6.x content, 5.7.x
# policy) fails that message only.
_ADDRESS_REFUSED = re.compile(rb"^5\.(1\.\d+|2\.1)\b")


def _address_refused(error: Exception) -> bool:
    """Whether a permanent refusal is of the address, not of this one message."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException) and error.smtp_code >= 500:
        reply = error.smtp_error if isinstance(error.smtp_error, bytes) else b""
        return bool(_ADDRESS_REFUSED.match(reply))
    return False


def _email(message: Message) -> EmailMultiAlternatives:
    headers = {"X-Camp-Message": str(message.pk), "X-Camp-Kind": message.kind}
    if message.announcement:
        # RFC 2369 and RFC 8058: a mail program's own "Unsubscribe" posts to it, in one click.
        mailbox = mailbox_for(message.recipient)
        unsubscribe_api = f"{settings.SITE_URL.rstrip('/')}/api/unsubscribe/{mailbox.token}"
        headers["List-Unsubscribe"] = f"<{unsubscribe_api}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    email = EmailMultiAlternatives(
        subject=message.subject,
        body=message.text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[message.recipient],
        reply_to=[message.reply_to or settings.SCHOOL_REPLY_TO],
        headers=headers,
    )
    email.attach_alternative(message.html, "text/html")
    if message.calendar:
        # text/calendar with its METHOD, as RFC 6047 asks, so a mail program offers "Add to
        # calendar"; also named as a file for those that only show attachments.
        part = MIMEText(message.calendar, "calendar", "utf-8")
        part.set_param("method", _calendar_method(message.calendar))
        part.add_header("Content-Disposition", "attachment", filename="class.ics")
        email.attach(part)
    return email


def _refused_for_good(message: Message, detail: str) -> Message:
    Message.objects.filter(pk=message.pk).update(
        status=MessageStatus.FAILED, last_error=detail, failed_at=timezone.now()
    )
    logger.warning("Message %s failed for good: %s", message.pk, detail)
    _hand_over_next(message)
    return Message.objects.get(pk=message.pk)


def mailbox_undeliverable(*, address: str, reason: str) -> Mailbox:
    """Mail to `address` is refused for good: nothing more is tried until it is fixed."""
    mailbox = mailbox_for(address)
    Mailbox.objects.filter(pk=mailbox.pk, undeliverable_since__isnull=True).update(
        undeliverable_since=timezone.now(),
        undeliverable_reason=reason[:500],
        updated_at=timezone.now(),
    )
    mailbox.refresh_from_db()
    return mailbox


def mailbox_set(
    *, address: str, announcements: bool | None = None, deliverable: bool | None = None
) -> Mailbox:
    """The family's choices: announcements on or off; an address they fixed, to be tried again."""
    mailbox = mailbox_for(address)
    changes: dict = {"updated_at": timezone.now()}
    if announcements is not None:
        changes["announcements"] = announcements
    if deliverable:
        changes["undeliverable_since"] = None
        changes["undeliverable_reason"] = ""
    Mailbox.objects.filter(pk=mailbox.pk).update(**changes)
    mailbox.refresh_from_db()
    return mailbox


def mailbox_unsubscribe(*, token: str) -> Mailbox:
    """One click on an announcement's unsubscribe link: no more announcements to its address."""
    mailbox = Mailbox.objects.filter(token=token).first()
    if mailbox is None:
        raise NotFound("This unsubscribe link is not known.")
    return mailbox_set(address=mailbox.address, announcements=False)


def message_send(*, message_id: int) -> Message | None:
    """Send one queued row; None when it was not ours to send. Raises TemporaryFailure when
    it should be retried later."""
    message = _claim(message_id)
    if message is None:
        return None
    refused = Mailbox.objects.filter(
        address=message.recipient.strip().lower(), undeliverable_since__isnull=False
    ).first()
    if refused is not None:
        # The address refused mail for good before: trying again only knocks on a closed door
        # (and costs the school's sending reputation).
        return _refused_for_good(
            message, f"The address refuses mail: {refused.undeliverable_reason}"[:2000]
        )
    try:
        _email(_composed(message)).send(fail_silently=False)
    except Exception as error:
        detail = f"{type(error).__name__}: {error}"[:2000]
        if _address_refused(error):
            mailbox_undeliverable(address=message.recipient, reason=detail)
        if _is_permanent(error) or message.attempts >= MAX_ATTEMPTS:
            return _refused_for_good(message, detail)
        # Waits before the next attempt double: 30 s, 1, 2, 4 min... (OUTBOX_FIRST_RETRY_SECONDS).
        retry_in = timedelta(seconds=settings.OUTBOX_FIRST_RETRY_SECONDS) * 2 ** (
            message.attempts - 1
        )
        Message.objects.filter(pk=message.pk).update(
            status=MessageStatus.QUEUED,
            last_error=detail,
            sending_at=None,
            send_after=timezone.now() + retry_in,
        )
        raise TemporaryFailure(detail, retry_in=retry_in) from error
    Message.objects.filter(pk=message.pk).update(
        status=MessageStatus.SENT, sent_at=timezone.now(), last_error=""
    )
    _hand_over_next(message)
    return Message.objects.get(pk=message.pk)


def outbox_sweep(*, now: datetime | None = None) -> list[int]:
    """Re-queue rows stuck in sending; the ids of queued rows that are due and not handed over
    lately, for the caller to hand to workers."""
    now = now or timezone.now()
    Message.objects.filter(status=MessageStatus.SENDING, sending_at__lt=now - STUCK_AFTER).update(
        status=MessageStatus.QUEUED, sending_at=None, last_error="The sending worker stopped."
    )
    return list(
        Message.objects.filter(
            status=MessageStatus.QUEUED, send_after__lte=now - HANDOVER_GRACE
        ).values_list("pk", flat=True)
    )


def message_rerender_queued(*, kind: str, about_prefix: str, context: dict) -> int:
    """Render again, with `context`, the messages of `kind` about `about_prefix...` that are
    still queued (a denial waiting for the admin's feedback); the number changed. A message
    already being sent or sent keeps what it said."""
    rendered = _render(kind, context)
    return Message.objects.filter(
        kind=kind, about__startswith=about_prefix, status=MessageStatus.QUEUED
    ).update(subject=rendered.subject, text=rendered.text, html=rendered.html)
