"""The minute's round (Celery beat, `enrolments.tasks.holds_tidy`): what runs out by the clock
is settled here. Counting never waits for it: an expired hold or offer stops taking a seat at
its expiry time. This round does what must follow: the rows that ran out are removed, each
recorded as lapsed (`holds.holds_lapsed`), with the add-on stock of holds gone, and the next
family is offered the seat."""

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from enrolments.models import SeatHold, SeatHoldAddOn, WaitlistStatus
from enrolments.services.holds import holds_lapsed
from enrolments.services.waitlists import offers_after_expiry


def holds_tidy() -> int:
    """Remove the holds that ran out, then expire the offers that ran out and offer every free
    seat to the waitlists. How many offers were made. The lapses are recorded before any offer
    is made, so the round knows which families let a seat of the class run out."""
    ran_out = SeatHold.objects.filter(expires_at__lte=timezone.now()).filter(
        Q(waitlist_entry__isnull=True)
        | ~Q(waitlist_entry__status__in=[WaitlistStatus.OFFERED, WaitlistStatus.ACCEPTED])
    )
    with transaction.atomic():
        ran_out = list(ran_out.select_for_update(of=("self",)))
        holds_lapsed(ran_out)
        SeatHold.objects.filter(pk__in=[hold.pk for hold in ran_out]).delete()
        SeatHoldAddOn.objects.filter(
            ~Exists(SeatHold.objects.filter(pk=OuterRef("hold_id")))
        ).delete()
    return offers_after_expiry()
