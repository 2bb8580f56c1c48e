import secrets

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from notifications import kinds


class MessageStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    SENDING = "sending", "Sending"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class Message(models.Model):
    """One e-mail, written in the same transaction as the change it reports, sent by a worker.

    (kind, about, recipient) is unique among first sendings, so a retried request, a replayed
    webhook or a second click finds the row already there. A resend is a new row pointing at
    the one it repeats.
    """

    # One of the kinds the apps register (notifications/kinds.py), each the sending app's own.
    kind = models.CharField(max_length=32)
    # What the message is about, as "<what>:<id>" (payment:42, class:7, review-digest:2026-07-01).
    about = models.CharField(max_length=100)
    # The thread this message keeps its place in: a person's messages with the same thread go out
    # in order (a receipt before the refund of it, one schedule change before the next); messages
    # of other threads never wait for it. Its `about` unless the caller names a wider thread.
    in_order_of = models.CharField(max_length=100)
    recipient = models.EmailField()
    # Where a reply goes, when not to the school's office (a visitor who wrote to the school).
    reply_to = models.EmailField(blank=True)
    subject = models.CharField(max_length=200)
    text = models.TextField()
    html = models.TextField()
    # The language its words are in, its reader's (notifications/rendering.py): sent as its
    # Content-Language. The default language until a message composed when sent is composed.
    language = models.CharField(max_length=8, default="en", db_default="en")
    # An iCalendar document sent beside the text (a class's meetings), METHOD and all; empty for
    # none.
    calendar = models.TextField(blank=True, default="", db_default="")
    # What a message composed when it is sent is made from: its kind's composer makes the words
    # and the calendar of it (notifications/kinds.py), in the worker, so the request that queued
    # it renders nothing. Its subject, text and html are empty until then. Null for a message
    # written when it was queued.
    facts = models.JSONField(null=True, blank=True)
    # News rather than word about the family's own enrolment: it carries List-Unsubscribe, and
    # is not sent to a mailbox that turned announcements off.
    announcement = models.BooleanField(default=False, db_default=False)
    status = models.CharField(
        max_length=10, choices=MessageStatus.choices, default=MessageStatus.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    resend_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="resends"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # When it was meant to go out; a person's messages go out in this order (then by id).
    scheduled_for = models.DateTimeField()
    # Sent no earlier than this: `scheduled_for` at first, later after each temporary failure.
    send_after = models.DateTimeField()
    sending_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "about", "recipient"],
                condition=Q(resend_of__isnull=True),
                name="message_once_per_kind_subject_recipient",
            ),
            models.CheckConstraint(
                condition=Q(status__in=MessageStatus.values), name="message_status_valid"
            ),
            models.CheckConstraint(
                condition=~Q(status=MessageStatus.SENT) | Q(sent_at__isnull=False),
                name="message_sent_has_sent_at",
            ),
        ]
        indexes = [
            # The sweep's reads: queued rows that are due, rows stuck in sending.
            models.Index(fields=["status", "send_after"], name="message_status_due_idx"),
            # A person's unsent messages of one thread in order: is an earlier one on its way?
            models.Index(
                fields=["recipient", "in_order_of", "scheduled_for", "id"],
                name="message_thread_order_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{kinds.label_of(self.kind)} to {self.recipient}"


def _unsubscribe_token() -> str:
    return secrets.token_urlsafe(24)


class Mailbox(models.Model):
    """What the school knows of one e-mail address as a place to write to: whether its owner
    wants announcements, and whether mail to it is refused for good.

    Kept by address rather than by account: mail goes to addresses, and the unsubscribe link
    in a message works without signing in.
    """

    # Kept lower-cased: an address is one mailbox whatever its case.
    address = models.EmailField(unique=True)
    announcements = models.BooleanField(default=True)
    # The secret in the address's unsubscribe links (List-Unsubscribe and the link in the text).
    token = models.CharField(max_length=64, unique=True, default=_unsubscribe_token)
    # Set when a message to it was refused for good (an SMTP 5xx, a provider's bounce or
    # complaint): nothing more is tried until the family fixes the address.
    undeliverable_since = models.DateTimeField(null=True, blank=True)
    undeliverable_reason = models.CharField(max_length=500, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(address=Lower("address")), name="mailbox_address_lower_case"
            ),
        ]

    def __str__(self) -> str:
        return self.address
