"""Whether an address is written to (`Mailbox`): the family's choice of announcements (one
click on an announcement turns them off), and an address that refused mail for good (a 5xx, a
bounce), written to no more until the family says it is fixed.
"""

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotFound
from notifications.models import Mailbox


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
        raise NotFound(_("This unsubscribe link is not known."))
    return mailbox_set(address=mailbox.address, announcements=False)
