"""A family's Stripe Customer, the one their cards are saved under, and the SetupIntents made
under it.

The worker makes the Customer when the family registers (`person_registered_customer_queued`),
so that the first hold of opening morning asks Stripe for the SetupIntent alone. A hold that
finds none on record (a family that registered a moment ago, or while Stripe was unreachable)
makes it then, as it always could."""

import logging

from django.db import transaction

from accounts.models import Role, User
from core.prepared import insert_unless_present
from payments import stripe_client
from payments.models import StripeCustomer
from payments.services.common import stripe_call

logger = logging.getLogger(__name__)


def person_registered_customer_queued(user: User) -> None:
    """A family registered: their Stripe Customer is made by the worker once that is committed.
    Only families pay; an instructor or admin is made no Customer."""
    if user.role != Role.STUDENT:
        return
    # Imported here: the tasks module imports this one.
    from payments.tasks import stripe_customer_make

    student_id = user.pk
    # robust: a broker that is down does not undo the registration; the first hold makes it.
    transaction.on_commit(lambda: stripe_customer_make.delay(student_id), robust=True)


def customer_made_ahead(*, student_id: int) -> str | None:
    """The family's Stripe Customer id: the one on record, else one made now. None for no family
    of that id, or when Stripe cannot be reached: the first hold makes it then."""
    student = User.objects.filter(pk=student_id, role=Role.STUDENT).first()
    if student is None:
        return None
    known = _customer_on_record(student)
    if known:
        return known
    try:
        return _customer_made(student, replacing=False)
    except stripe_client.PaymentProviderError as error:
        # One line, not a traceback: nothing is lost, the first hold makes the Customer.
        logger.warning(
            "No Stripe Customer made ahead for student %s: Stripe failed (%s)", student_id, error
        )
        return None


def _customer_on_record(student: User) -> str:
    return (
        StripeCustomer.objects.filter(student=student).values_list("customer_id", flat=True).first()
    ) or ""


def card_setup_for(
    *, student: User, metadata: dict[str, str], known_customer: str | None = None
) -> stripe_client.CardSetup:
    """A SetupIntent for Stripe.js to save one of the student's cards into, under their Stripe
    Customer, made here when none is on record. `known_customer`: the customer id on record,
    when the caller read it ("" for none).

    Stripe is not asked first whether it still has the Customer on record: the SetupIntent is
    asked for under it, and only when Stripe says it has no such Customer (deleted, another
    account, a fresh localstripe) is a new one made, and the SetupIntent asked for again."""
    if known_customer is None:
        known_customer = _customer_on_record(student)
    with stripe_call():
        if known_customer:
            try:
                return stripe_client.card_setup_create(
                    customer_id=known_customer, metadata=metadata
                )
            except stripe_client.CustomerMissing:
                pass
        customer_id = _customer_made(student, replacing=bool(known_customer))
        return stripe_client.card_setup_create(customer_id=customer_id, metadata=metadata)


def _customer_made(student: User, *, replacing: bool) -> str:
    """A new Stripe Customer for the student, on record in place of the one Stripe no longer
    has, or as their first; the id a parallel request saved first wins."""
    customer_id = stripe_client.customer_create(
        email=student.email, name=student.name, student_id=student.pk
    )
    if replacing:
        StripeCustomer.objects.filter(student=student).update(customer_id=customer_id)
        return customer_id
    if insert_unless_present(StripeCustomer(student=student, customer_id=customer_id)):
        return customer_id
    # A parallel request (the worker and a first hold at once) saved the student's customer
    # first; the one made here stays empty.
    return _customer_on_record(student)
