"""Payments' Celery tasks, and the handing of work to them; the rules are in
payments/services/."""

from celery import shared_task
from django.db import transaction

from accounts.models import Role, User
from payments.services.customers import card_setups_made_ahead, customer_made_ahead


@shared_task
def stripe_customer_make(student_id: int) -> None:
    """A family's Stripe Customer and a SetupIntent for their first payment page, made when
    they register (payments.services.customers)."""
    customer_made_ahead(student_id=student_id)


@shared_task
def card_setups_ahead() -> None:
    """The next SetupIntent for families who took theirs and still have a class selected."""
    card_setups_made_ahead()


def person_registered_customer_queued(user: User) -> None:
    """A family registered: their Stripe Customer is made by the worker once that is committed.
    Only families pay; an instructor or admin is made no Customer."""
    if user.role != Role.STUDENT:
        return
    student_id = user.pk
    # robust: a broker that is down does not undo the registration; the first hold makes it.
    transaction.on_commit(lambda: stripe_customer_make.delay(student_id), robust=True)
