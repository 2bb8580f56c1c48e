"""A family's Stripe Customer, the one their cards are saved under, and the SetupIntents made
under it.

The worker makes the Customer when the family registers (`payments.tasks.stripe_customer_make`),
and with it a SetupIntent for their next payment page (`card_setup_made_ahead`), so that a hold
on opening morning asks Stripe nothing: it takes that SetupIntent (`ready_setup_take`), which
is then for that selection alone (`CardSetupClaim`, what the payment checks). Beat makes the
next one for each family that took theirs and still has a class selected
(`card_setups_made_ahead`). A hold that finds none ready (a family's second child a moment
later, a family that registered while Stripe was unreachable) makes one then, for its
selection, as it always could; so does one whose family has no Customer on record yet."""

import logging

from accounts.models import Role, User
from core.prepared import insert_unless_present
from enrolments.models import Selection
from payments import stripe_client
from payments.models import CardSetupClaim, StripeCustomer
from payments.prepared import ReadySetup, ready_setup_claim
from payments.services.common import ready_setup_metadata, stripe_call

logger = logging.getLogger(__name__)

# The families beat makes a SetupIntent ahead for at each run, at most: at a few tenths of a
# second a call to Stripe, well inside the minute between runs. The rest wait for the next run,
# and a hold of theirs meanwhile makes its own.
MADE_AHEAD_PER_RUN = 100


def customer_made_ahead(*, student_id: int) -> str | None:
    """The family's Stripe Customer id: the one on record, else one made now, and a SetupIntent
    made ahead under it unless one is ready (`card_setup_made_ahead`). None for no family of
    that id, or when Stripe cannot be reached: the first hold makes it then."""
    student = User.objects.filter(pk=student_id, role=Role.STUDENT).first()
    if student is None:
        return None
    customer_id, ready_setup_intent_id = StripeCustomer.objects.filter(student=student).values_list(
        "customer_id", "ready_setup_intent_id"
    ).first() or ("", "")
    try:
        customer_id = customer_id or _customer_made(student, replacing=False)
    except stripe_client.PaymentProviderError as error:
        # One line, not a traceback: nothing is lost, the first hold makes the Customer.
        logger.warning(
            "No Stripe Customer made ahead for student %s: Stripe failed (%s)", student_id, error
        )
        return None
    if not ready_setup_intent_id:
        card_setup_made_ahead(student=student, customer_id=customer_id)
    return customer_id


def card_setup_made_ahead(*, student: User, customer_id: str) -> None:
    """A SetupIntent under the family's Customer for their next payment page, for a family with
    none ready: on record unless one was put there meanwhile. When Stripe fails, one line in the
    log: the next hold makes its own."""
    try:
        setup = _card_setup_under(
            student, metadata=ready_setup_metadata(student), known_customer=customer_id
        )
    except stripe_client.PaymentProviderError as error:
        logger.warning(
            "No SetupIntent made ahead for student %s: Stripe failed (%s)", student.pk, error
        )
        return
    # Under the Customer on record now: one Stripe no longer had was replaced on the way.
    StripeCustomer.objects.filter(
        student=student, customer_id=setup.customer_id, ready_setup_intent_id=""
    ).update(ready_setup_intent_id=setup.id, ready_client_secret=setup.client_secret)


def card_setups_made_ahead(limit: int = MADE_AHEAD_PER_RUN) -> int:
    """A SetupIntent made ahead for each family, up to `limit`, that took theirs (or never had
    one) and has a class selected, so still a payment page to open; how many were looked at.
    The claims of selections gone (paid for or dropped) are removed: nothing asks them again."""
    CardSetupClaim.objects.exclude(selection_id__in=Selection.objects.values("id")).delete()
    waiting = (
        StripeCustomer.objects.filter(
            ready_setup_intent_id="",
            student__in=Selection.objects.values("student_id"),
        )
        .select_related("student")
        .order_by("id")[:limit]
    )
    customers = list(waiting)
    for customer in customers:
        card_setup_made_ahead(student=customer.student, customer_id=customer.customer_id)
    return len(customers)


def ready_setup_take(
    *, student: User, ready: ReadySetup | None, selection: Selection
) -> str | None:
    """The client secret of the SetupIntent made ahead for the family, taken for this selection
    (`ready`: what the selection's read found on record); None when there was none, or another
    of the family's holds took it first."""
    if ready is None:
        return None
    taken = ready_setup_claim(
        student_id=student.pk,
        setup_intent_id=ready.setup_intent_id,
        selection_id=selection.pk,
        camp_class_id=selection.camp_class_id,
    )
    return ready.client_secret if taken else None


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
        return _card_setup_under(student, metadata=metadata, known_customer=known_customer)


def _card_setup_under(
    student: User, *, metadata: dict[str, str], known_customer: str
) -> stripe_client.CardSetup:
    if known_customer:
        try:
            return stripe_client.card_setup_create(customer_id=known_customer, metadata=metadata)
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
        # A SetupIntent made ahead under the Customer Stripe lost goes with it.
        StripeCustomer.objects.filter(student=student).update(
            customer_id=customer_id, ready_setup_intent_id="", ready_client_secret=""
        )
        return customer_id
    if insert_unless_present(StripeCustomer, student=student, customer_id=customer_id):
        return customer_id
    # A parallel request (the worker and a first hold at once) saved the student's customer
    # first; the one made here stays empty.
    return _customer_on_record(student)


def card_saved_forget(*, setup_intent_id: str) -> None:
    """The card a SetupIntent saved taken off the family's Customer: typed at the front desk
    for one payment, it is not kept unless the family agrees."""
    with stripe_call():
        setup = stripe_client.card_setup_retrieve(setup_intent_id)
        if setup.payment_method_id:
            stripe_client.card_forget(setup.payment_method_id)
