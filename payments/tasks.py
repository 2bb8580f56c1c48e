"""Payments' Celery tasks; the rules are in payments/services/."""

from celery import shared_task

from payments.services.customers import customer_made_ahead
from payments.services.instalments import (
    instalments_charge,
    instalments_unanswered_settle,
    overdue_release,
)


@shared_task
def instalments() -> None:
    """A plan's instalments charged when due (or retried), charges Stripe never answered for
    settled, and overdue seats whose grace ended released to the waitlist."""
    instalments_unanswered_settle()
    instalments_charge()
    overdue_release()


@shared_task
def stripe_customer_make(student_id: int) -> None:
    """A family's Stripe Customer, made when they register (payments.services.customers)."""
    customer_made_ahead(student_id=student_id)
