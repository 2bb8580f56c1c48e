"""The outbox as a worker would empty it, for tests that read what people were sent."""

from django.core import mail
from django.utils import timezone

from notifications.models import Message, MessageStatus
from notifications.sending import message_send


def send_queued(*, including_scheduled: bool = False) -> list[mail.EmailMessage]:
    """Send every queued row (those scheduled for later too, when asked: time passing) through
    the configured backend, as a worker would; what the test mail backend then holds."""
    queued = Message.objects.filter(status=MessageStatus.QUEUED)
    if including_scheduled:
        queued.update(send_after=timezone.now())
    for message_id in queued.values_list("pk", flat=True):
        message_send(message_id=message_id)
    return mail.outbox


def html_of(email: mail.EmailMultiAlternatives) -> str:
    [(html, mimetype)] = email.alternatives
    assert mimetype == "text/html"
    return html
