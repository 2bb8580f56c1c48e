"""The mail provider's word about a message sent (django-anymail's tracking webhooks): an address
that bounced for good or whose owner marked our mail as spam is written to no more."""

from anymail.signals import AnymailTrackingEvent, EventType, tracking
from django.dispatch import receiver

from notifications.mailboxes import mailbox_undeliverable

# A soft bounce ("deferred") is the provider retrying: not a refusal.
REFUSED_FOR_GOOD = {
    EventType.BOUNCED: "The address bounced",
    EventType.REJECTED: "The provider refused to send to the address",
    EventType.COMPLAINED: "The message was marked as spam",
}


@receiver(tracking, dispatch_uid="camp-mail-refused-for-good")
def mail_refused_for_good(sender, event: AnymailTrackingEvent, esp_name: str, **kwargs) -> None:
    why = REFUSED_FOR_GOOD.get(event.event_type)
    if why is None or not event.recipient:
        return
    detail = event.description or event.mta_response or ""
    reason = f"{why} ({esp_name}){': ' + detail if detail else ''}."
    mailbox_undeliverable(address=event.recipient, reason=reason)
