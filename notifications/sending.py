"""A queued row sent, by a worker (notifications/tasks.py, which hands rows over to workers).

`message_send` claims a row with one conditional UPDATE (queued -> sending), so of several
workers handed the same row only one sends it. A refusal the SMTP server calls permanent (5xx)
fails the row; anything else puts it back in the queue for a retry. A row queued to be composed
when sent (`message_queue_composed`) is composed and rendered here. `outbox_sweep` re-queues
rows whose worker died while sending, and names rows that are due but were never handed over
(a broker down at commit time, a message scheduled for later).
"""

import logging
import re
import smtplib
from datetime import datetime, timedelta
from email.mime.text import MIMEText

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone, translation

from notifications import kinds
from notifications.mailboxes import mailbox_for, mailbox_undeliverable
from notifications.models import Mailbox, Message, MessageStatus
from notifications.rendering import message_rendered, reader_language

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


def _composed(message: Message) -> Message:
    """A row queued to be composed when sent, composed and rendered now, and kept so (a resend
    or the back office shows what was sent); any other row as it is."""
    if message.facts is None or message.text:
        return message
    language = reader_language(message.recipient)
    # The composer's own words (a day's name, a price's label) in the reader's language too.
    with translation.override(language):
        composed = kinds.composer_of(message.kind)(message.facts)
    rendered = message_rendered(message.kind, composed.context, language=language)
    calendar = composed.calendar
    message.subject, message.text, message.html = rendered.subject, rendered.text, rendered.html
    message.calendar = calendar.decode() if isinstance(calendar, bytes) else calendar
    message.language = language
    Message.objects.filter(pk=message.pk).update(
        subject=message.subject,
        text=message.text,
        html=message.html,
        calendar=message.calendar,
        language=language,
    )
    return message


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


def message_following(message: Message) -> Message | None:
    """Once a message is sent or failed, the next one of its thread to the same person, which
    waited for it: the worker hands it over (notifications/tasks.py)."""
    return (
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
    headers = {
        "X-Camp-Message": str(message.pk),
        "X-Camp-Kind": message.kind,
        # RFC 3282: the language its words are in, its reader's.
        "Content-Language": message.language,
    }
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
    return Message.objects.get(pk=message.pk)


def message_send(*, message_id: int) -> Message | None:
    """Send one queued row; None when it was not ours to send. Raises TemporaryFailure when
    it should be retried later. A row given back, sent or failed for good, lets the next of its
    thread go (`message_following`)."""
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
