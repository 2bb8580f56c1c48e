"""The hourly pass over plans' money (Celery beat: camp/settings/celery.py)."""

from celery import shared_task

from changes.services.enrolment_cancellations import overdue_release
from plans.services import instalments_charge, instalments_unanswered_settle


# Named as when payments held it, so the beat schedule and any task already queued still find it.
@shared_task(name="payments.tasks.instalments")
def instalments() -> None:
    """A plan's instalments charged when due (or retried), charges Stripe never answered for
    settled, and overdue seats whose grace ended released to the waitlist."""
    instalments_unanswered_settle()
    instalments_charge()
    overdue_release()
