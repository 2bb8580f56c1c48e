"""The registration morning's two payment writes cost a fixed number of queries: opening the
payment page, which holds a seat (POST /api/createPaymentIntent), and paying with the card saved
there (POST /api/payments), for a child of a family in a class of the season that opens.

Counted as production runs them: each request alone, in transactions of its own (a test
transaction would add a savepoint to each of them), every statement the connection executes
(a savepoint among them), against localstripe. camp/tests/test_query_counts.py pins the same
steps for an account holder in a class of no season, beside every other endpoint. Every statement
is short enough for the driver to keep its parse (`core.prepared.statement`).
"""

import pytest
from django.db import connection

from accounts.models import Role
from core.prepared import DRIVER_CACHED_BYTES
from enrolments.models import Enrolment, SeatHold
from notifications.models import Message
from payments.models import (
    AttemptStatus,
    CardSetupClaim,
    ChargeAttempt,
    Payment,
    PaymentStatus,
    StripeCustomer,
)
from payments.services.customers import customer_made_ahead
from payments.tests import stripe_js
from testing.care import school_policies_seeded
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db(transaction=True)

# The caller; the selection with its class, the child, the class's season, early-bird price and
# price rules (none here, so the family's paid seats are not read) and the family's Stripe
# customer (payments.prepared.selection_to_pay). The hold: the class and then the account
# locked in one statement (enrolments.locks.class_and_family_lock), what the rules judge by
# with the child's paperwork, then the family's holds (enrolments.facts.hold_read), the hold
# made. Then the SetupIntent the
# worker made ahead taken for the selection, in one statement on PostgreSQL
# (payments.prepared.ready_setup_claim); where none was made ahead, the Stripe customer saved
# instead, the first time, with the SetupIntent asked of Stripe. The add-ons the price adds
# (checkout.pricing).
HOLD_QUERIES = 8
# The caller; the selection as above, with the payment made before with this card and the
# refund policy in force; the rules' one query with the paperwork; in one transaction
# committed before Stripe is asked, the child locked, whether another charge of the seat is
# open (one query, after the lock: checkout.services.seat_charges) and the charge attempt.
# Then in one transaction: the seat taken, which locks the class; the rules again under the
# lock; the enrolment; the hold and the selection settled; the payment, enrolled, and its
# card charge in the ledger; its receipt queued, to be composed by the worker that sends it;
# the attempt marked charged. The answer is the payment as written. The add-ons the price adds
# (checkout.pricing); a hold's add-on stock is not asked for as the hold goes (`SeatHoldAddOn`).
PAY_QUERIES = 16


class Counted:
    """The statements run on the connection inside the block, as the database receives them."""

    def __init__(self):
        self.statements: list[str] = []

    def __enter__(self):
        self._wrapper = connection.execute_wrapper(self._count)
        self._wrapper.__enter__()
        return self

    def __exit__(self, *exc):
        self._wrapper.__exit__(*exc)

    def _count(self, execute, sql, params, many, context):
        # SQLite's transactions begin with a statement of their own (BEGIN IMMEDIATE), which
        # PostgreSQL's driver sends unseen: counted as on PostgreSQL.
        if not sql.startswith("BEGIN"):
            self.statements.append(sql)
        return execute(sql, params, many, context)

    def __len__(self) -> int:
        return len(self.statements)

    def __str__(self) -> str:
        return "\n".join(f"{n}. {sql[:160]}" for n, sql in enumerate(self.statements, start=1))

    def parsed_each_time(self) -> list[str]:
        """The statements too long for the driver to keep its parse of them."""
        return [sql for sql in self.statements if len(sql.encode()) > DRIVER_CACHED_BYTES]


@pytest.fixture
def child_selection():
    school_policies_seeded()
    season = a_season()
    camp_class = a_season_class(season, "45.50", seats=12)
    family = UserFactory(role=Role.STUDENT)
    child = ChildFactory(account=family)
    return SelectionFactory(student=family, participant=child, camp_class=camp_class)


@pytest.mark.parametrize("made_ahead", [True, False], ids=["made ahead", "first time"])
def test_holding_a_seat_and_paying_for_it_cost_a_fixed_number_of_queries(
    localstripe, api_client_for, child_selection, made_ahead
):
    if made_ahead:
        # As the worker does when the family registers.
        customer_made_ahead(student_id=child_selection.student_id)
        assert StripeCustomer.objects.exclude(ready_setup_intent_id="").exists()
    family = api_client_for(child_selection.student)

    with Counted() as hold:
        held = family.post("/api/createPaymentIntent", {"payId": child_selection.pk}, format="json")
    assert held.status_code == 200, held.json()
    assert SeatHold.objects.filter(participant=child_selection.participant).exists()
    saved = stripe_js.confirm_card_setup(held.json()["clientSecret"])
    with Counted() as pay:
        paid = family.post(
            "/api/payments",
            {"payId": child_selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

    assert paid.status_code == 201, paid.json()
    payment = Payment.objects.get()
    assert payment.status == PaymentStatus.ENROLLED
    assert Enrolment.objects.filter(pk=payment.enrolment_id).exists()
    assert ChargeAttempt.objects.get().status == AttemptStatus.CHARGED
    assert Message.objects.filter(about=f"payment:{payment.pk}").count() == 1
    assert CardSetupClaim.objects.exists() == made_ahead
    # SQLite writes in no WITH: the claim is two statements there.
    pinned = HOLD_QUERIES + (made_ahead and connection.vendor == "sqlite")
    assert len(hold) == pinned, f"{len(hold)} queries, {pinned} pinned:\n{hold}"
    assert len(pay) == PAY_QUERIES, f"{len(pay)} queries, {PAY_QUERIES} pinned:\n{pay}"
    # Each statement short enough for the driver to keep its parse: parsing the hold's facts
    # again at each call cost a millisecond (make bench-request-cpu's profile).
    assert hold.parsed_each_time() == []
    assert pay.parsed_each_time() == []
