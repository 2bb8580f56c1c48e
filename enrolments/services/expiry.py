"""The minute's round (Celery beat, `enrolments.tasks.holds_tidy`): what runs out by the clock
is settled here. Counting never waits for it: an expired hold or offer stops taking a seat at
its expiry time. This round does what must follow: the next family is offered the seat, and the
rows that ran out are removed."""

from django.db.models import Q
from django.utils import timezone

from enrolments.models import SeatHold, WaitlistStatus
from enrolments.services.waitlists import offers_after_expiry


def holds_tidy() -> int:
    """Expire the offers that ran out and offer every free seat to the waitlists; then remove
    the holds that ran out. How many offers were made."""
    offered = offers_after_expiry()
    SeatHold.objects.filter(expires_at__lte=timezone.now()).filter(
        Q(waitlist_entry__isnull=True)
        | ~Q(waitlist_entry__status__in=[WaitlistStatus.OFFERED, WaitlistStatus.ACCEPTED])
    ).delete()
    return offered
