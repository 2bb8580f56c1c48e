"""The outbox: every message is a row first, written with the change it reports, then sent.

`message_queue` is called inside the transaction of the change (a payment fulfilled, a class
reviewed). It renders the message and inserts its row; the unique key (kind, about, recipient)
makes a second call for the same thing find the first row instead. Once the transaction
commits, the row is handed to a Celery worker (notifications/tasks.py), which sends it
(notifications/sending.py). `message_queue_composed` inserts the row with the facts it is made
from, and the worker composes and renders it before sending (a receipt, on the busiest
requests).
"""

from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotFound
from core.prepared import insert_unless_present
from notifications import kinds
from notifications.mailboxes import mailbox_for, unsubscribe_url
from notifications.models import Message, MessageStatus
from notifications.rendering import message_rendered, reader_language
from notifications.tasks import message_hand_over


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
    rendered = message_rendered(kind, context, language=reader_language(recipient))
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
                language=rendered.language,
                calendar=calendar.decode() if isinstance(calendar, bytes) else calendar,
                announcement=announcement,
                scheduled_for=due,
                send_after=due,
            )
    except IntegrityError:
        return Message.objects.get(
            kind=kind, about=about, recipient=recipient, resend_of__isnull=True
        )
    message_hand_over(message)
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
    message = insert_unless_present(Message, **row)
    if message is None:
        return Message.objects.get(
            kind=kind, about=about, recipient=recipient, resend_of__isnull=True
        )
    message_hand_over(message)
    return message


def message_resend(*, message_id: int) -> Message:
    """A new row with the same content, marked as a resend of `message_id`, queued now."""
    original = Message.objects.filter(pk=message_id).first()
    if original is None:
        raise NotFound(_("No such message."))
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
        language=original.language,
        calendar=original.calendar,
        facts=original.facts,
        announcement=original.announcement,
        resend_of=original,
        scheduled_for=now,
        send_after=now,
    )
    message_hand_over(resend)
    return resend


def message_rerender_queued(*, kind: str, about_prefix: str, context: dict) -> int:
    """Render again, with `context`, the messages of `kind` about `about_prefix...` that are
    still queued (a denial waiting for the admin's feedback); the number changed. A message
    already being sent or sent keeps what it said. Each is written in its reader's language."""
    queued = Message.objects.filter(
        kind=kind, about__startswith=about_prefix, status=MessageStatus.QUEUED
    )
    changed = 0
    for language in queued.values_list("language", flat=True).distinct():
        rendered = message_rendered(kind, context, language=language)
        changed += queued.filter(language=language).update(
            subject=rendered.subject, text=rendered.text, html=rendered.html
        )
    return changed
