"""Payment plans (plans.schedule, plans.services), against the real database and
localstripe: a deposit at checkout, then instalments the beat task charges to the saved card on
their due dates, a declined card walked through its retries to overdue and the seat's release,
the family's balance, the school's changes, and a cancellation refunded on what was paid.

The season and its class are dated from today at the school, and the clock is moved with
time-machine to each due date, retry and grace, so the tests mean the same on any day (and under
the moved clock of `make test-clock`). The plan is the demo's: 25% now, the rest in two
instalments due 30 and 14 days before the first meeting.
"""

from contextlib import contextmanager
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.test import override_settings

from accounts.models import Role
from changes.services import class_cancel, class_cancellation_preview, enrolment_cancel
from changes.services.enrolment_cancellations import enrolment_release, overdue_release
from classes.models import Class
from core.errors import Conflict, InvalidInput
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment, EnrolmentStatus, SeatHold, WaitlistStatus
from enrolments.services import waitlist_join
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import (
    Checkout,
    CreditEntry,
    Instalment,
    InstalmentKind,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    PlanChange,
    Refund,
    RefundStatus,
)
from payments.selectors import credit_balance
from payments.services.common import METADATA_APP
from payments.services.customers import card_setup_for
from payments.tests import stripe_js
from plans.schedule import plan_schedule, plans_of, plans_open
from plans.services import (
    instalment_amount_change,
    instalment_move,
    instalment_paid_offline,
    instalments_cancel_future,
    instalments_charge,
    release_extend,
)
from settlement import tasks
from testing.factories import ChildFactory, UserFactory
from testing.faults import stripe_gives_up_after, stripe_line
from testing.outbox import send_queued
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

D = Decimal
PLAN_LABEL = "25% now, the rest in two instalments"


def at(day: date, hour: int = 10) -> datetime:
    """A moment at the school."""
    return datetime.combine(day, time(hour), school_timezone())


@contextmanager
def on(day: date, hour: int = 10):
    """The clock moved to `day` at the school, ticking."""
    with time_machine.travel(at(day, hour)):
        yield


def first_day_of(camp_class: Class) -> date:
    return camp_class.starts_at.astimezone(school_timezone()).date()


def a_plan(*, label: str = PLAN_LABEL, days_before=(30, 14), due_on=(), **owner) -> PaymentPlan:
    """A plan of a season (season=) or of one class (camp_class=): a 25% deposit unless
    deposit_amount= is given, and one instalment per day count or date."""
    deposit = {"deposit_amount": owner.pop("deposit_amount")} if "deposit_amount" in owner else {}
    plan = PaymentPlan.objects.create(
        label=label, **owner, **(deposit or {"deposit_percent": D(25)})
    )
    for days in days_before:
        PaymentPlanDue.objects.create(plan=plan, days_before=days)
    for day in due_on:
        PaymentPlanDue.objects.create(plan=plan, due_on=day)
    return plan


@pytest.fixture
def summer():
    """Open now, its first day 60 days on; registration open until the day before."""
    starts_on = school_today() + timedelta(days=60)
    return a_season(starts_on=starts_on, closes_at=at(starts_on - timedelta(days=1), 0))


@pytest.fixture
def plan(summer):
    return a_plan(season=summer)


@pytest.fixture
def clay(summer):
    """One seat, $400: the plan asks $100 now and $150 twice."""
    return a_season_class(summer, "400.00", seats=1, name="Wheel Pottery")


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia")


@pytest.fixture
def admin_user():
    return UserFactory(role=Role.ADMIN, name="Office Admin", email="office@camp.test")


@pytest.fixture
def dues(clay):
    """The plan's two due dates for the class: 30 and 14 days before its first meeting."""
    first_day = first_day_of(clay)
    return first_day - timedelta(days=30), first_day - timedelta(days=14)


def item(child, camp_class, plan=None) -> dict:
    body = {"classId": camp_class.pk, "participantId": child.pk}
    if plan is not None:
        body["planId"] = plan.pk
    return body


def opened(client, *items):
    return client.post("/api/checkouts", {"items": list(items)}, format="json")


def card_saved(client_secret: str, family, number: str = stripe_js.CARD_OK) -> str:
    saved = stripe_js.confirm_card_setup(
        client_secret, number, email=family.email, name=family.name
    )
    assert "setupIntent" in saved, saved
    return saved["setupIntent"]["id"]


def paid(client, family, answer: dict, number: str = stripe_js.CARD_OK):
    return client.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": card_saved(answer["clientSecret"], family)},
        format="json",
    )


def charges_of(instalment: Instalment, setup_intent_id: str) -> list[dict]:
    """The PaymentIntents localstripe holds for this instalment on this card."""
    return stripe_js.payment_intents(
        since=0,
        instalment_id=str(instalment.pk),
        payment_id=str(instalment.payment_id),
        setup_intent_id=setup_intent_id,
    )


# The deposit's charge at checkout, on the card the plan keeps: the first on it.
DEPOSIT_CHARGED = (10000, "succeeded")


def charges_on(card: str) -> list[tuple[int, str]]:
    """Each PaymentIntent localstripe holds on this card (its SetupIntent), oldest first."""
    return [
        (charge["amount"], charge["status"])
        for charge in stripe_js.payment_intents(since=0, setup_intent_id=card)
    ]


def instalments_of(payment: Payment) -> list[tuple]:
    return [
        (instalment.due_on, instalment.amount, instalment.status)
        for instalment in payment.instalments.order_by("due_on", "id")
    ]


def bought_with_a_gift_of_credit(client, family, line: dict) -> Payment:
    """The family is given $40 of account credit and spends it at checkout on `line`, the rest
    paid by card."""
    CreditEntry.objects.create(family=family, amount=D("40.00"), reason="A gift")
    checkout = client.post(
        "/api/checkouts", {"items": [line], "applyCredit": True}, format="json"
    ).json()
    assert paid(client, family, checkout).status_code == 201
    return Payment.objects.get()


@pytest.fixture
def bought(as_family, family, mia, clay, plan) -> Payment:
    """Mia's seat in Wheel Pottery, its deposit paid by card at checkout on the plan."""
    answer = opened(as_family, item(mia, clay, plan)).json()
    response = paid(as_family, family, answer)
    assert response.status_code == 201, response.json()
    return Payment.objects.get()


def card_that_declines(family, payment: Payment) -> str:
    """A card localstripe saves but refuses to charge (4000 0000 0000 0341), made the payment's
    card on file as a family changing cards would: a SetupIntent for their customer, confirmed
    by Stripe.js."""
    setup = card_setup_for(
        student=family,
        metadata={"app": METADATA_APP, "student_id": str(family.pk), "payment_id": str(payment.pk)},
    )
    setup_intent_id = card_saved(setup.client_secret, family, stripe_js.CARD_DECLINED_WHEN_CHARGED)
    Payment.objects.filter(pk=payment.pk).update(card_setup_intent_id=setup_intent_id)
    return setup_intent_id


class TestSchedules:
    def test_a_deposit_now_and_two_instalments_counted_back_from_the_first_meeting(
        self, plan, clay, dues
    ):
        schedule = plan_schedule(plan, clay, D("400.00"))

        assert (schedule.total, schedule.deposit) == (D("400.00"), D("100.00"))
        assert [(part.due_on, part.amount) for part in schedule.instalments] == [
            (dues[0], D("150.00")),
            (dues[1], D("150.00")),
        ]

    def test_the_last_instalment_takes_the_rounding(self, plan, clay, dues):
        schedule = plan_schedule(plan, clay, D("100.01"))

        assert schedule.deposit == D("25.00")
        assert [part.amount for part in schedule.instalments] == [D("37.50"), D("37.51")]
        assert schedule.deposit + sum(part.amount for part in schedule.instalments) == D("100.01")

    def test_a_plan_closes_once_its_first_due_date_has_come(self, plan, clay, dues):
        first_due = dues[0]

        assert plan_schedule(plan, clay, D("400.00"), today=first_due - timedelta(days=1))
        assert plan_schedule(plan, clay, D("400.00"), today=first_due) is None
        with on(first_due - timedelta(days=1), 23):
            assert [open_.plan for open_ in plans_open(clay, D("400.00"))] == [plan]
        with on(first_due, 0):
            assert plans_open(clay, D("400.00")) == []

    def test_a_part_under_the_card_minimum_closes_the_plan(self, plan, clay):
        assert plan_schedule(plan, clay, D("1.00")) is None

    def test_a_class_of_its_own_plans_replaces_the_seasons(self, summer, plan, clay, dues):
        other = a_season_class(summer, "200.00", week=1, name="Watercolour")
        own = a_plan(
            camp_class=clay,
            label="Half now, half in a month",
            deposit_amount=D("200.00"),
            days_before=(),
            due_on=(school_today() + timedelta(days=30),),
        )

        assert plans_of([clay, other]) == {clay.pk: [own], other.pk: [plan]}
        [schedule] = plans_open(clay, D("400.00"))
        assert (schedule.plan, schedule.deposit) == (own, D("200.00"))
        assert [(p.due_on, p.amount) for p in schedule.instalments] == [
            (school_today() + timedelta(days=30), D("200.00"))
        ]

    def test_the_class_json_shows_the_plans_open_today(
        self, api_client, admin_client, django_capture_on_commit_callbacks, plan, clay, dues
    ):
        def plans_shown():
            listed = api_client.get("/api/classes")
            assert listed.status_code == 200
            rows = listed.json()
            rows = rows["results"] if isinstance(rows, dict) else rows
            [row] = [row for row in rows if row["_id"] == clay.pk]
            page = api_client.get(f"/api/classes/{clay.pk}")
            assert page.status_code == 200
            assert page.json()["plans"] == row["plans"]
            return row["plans"]

        assert plans_shown() == [
            {
                "id": plan.pk,
                "label": PLAN_LABEL,
                "deposit": 100.0,
                "instalments": [
                    {"dueOn": dues[0].isoformat(), "amount": 150.0},
                    {"dueOn": dues[1].isoformat(), "amount": 150.0},
                ],
            }
        ]

        # The office gives the class a plan of its own: the lists show it at once, in the
        # season's place.
        with django_capture_on_commit_callbacks(execute=True):
            added = admin_client.post(
                "/admin/payments/paymentplan/add/",
                {
                    "label": "Half now",
                    "camp_class": clay.pk,
                    "deposit_amount": "200.00",
                    "dues-TOTAL_FORMS": "1",
                    "dues-INITIAL_FORMS": "0",
                    "dues-MIN_NUM_FORMS": "0",
                    "dues-MAX_NUM_FORMS": "1000",
                    "dues-0-days_before": "20",
                    "_save": "Save",
                },
            )
        assert added.status_code == 302, added.context["adminform"].form.errors
        own = PaymentPlan.objects.get(camp_class=clay)

        assert plans_shown() == [
            {
                "id": own.pk,
                "label": "Half now",
                "deposit": 200.0,
                "instalments": [
                    {
                        "dueOn": (first_day_of(clay) - timedelta(days=20)).isoformat(),
                        "amount": 200.0,
                    }
                ],
            }
        ]


class TestCheckout:
    def test_a_plan_charges_the_deposit_now_and_schedules_the_rest(
        self, as_family, family, mia, clay, plan, dues
    ):
        response = opened(as_family, item(mia, clay, plan))

        assert response.status_code == 201, response.json()
        answer = response.json()
        [line] = answer["lines"]
        schedule = [
            {"dueOn": dues[0].isoformat(), "amount": 150.0},
            {"dueOn": dues[1].isoformat(), "amount": 150.0},
        ]
        assert (line["planId"], line["price"], line["dueNow"], line["schedule"]) == (
            plan.pk,
            400.0,
            100.0,
            schedule,
        )
        assert line["plans"] == [
            {"id": plan.pk, "label": PLAN_LABEL, "deposit": 100.0, "instalments": schedule}
        ]
        assert (answer["total"], answer["later"]) == (100.0, 300.0)

        response = paid(as_family, family, answer)

        assert response.status_code == 201, response.json()
        checkout = Checkout.objects.get()
        charge = stripe_js.payment_intent(checkout.payment_intent_id)
        assert (charge["amount"], charge["status"]) == (10000, "succeeded")
        payment = Payment.objects.get()
        assert (payment.status, payment.price, payment.plan_label, payment.plan_total) == (
            PaymentStatus.ENROLLED,
            D("100.00"),
            PLAN_LABEL,
            D("400.00"),
        )
        assert payment.card_setup_intent_id == checkout.setup_intent_id
        assert instalments_of(payment) == [
            (dues[0], D("150.00"), InstalmentStatus.DUE),
            (dues[1], D("150.00"), InstalmentStatus.DUE),
        ]
        assert set(payment.instalments.values_list("kind", flat=True)) == {
            InstalmentKind.INSTALMENT
        }
        # My Payment History shows the plan and what is left to pay.
        [row] = as_family.get(f"/api/payments/{family.email}").json()
        assert (row["price"], row["planLabel"]) == (100.0, PLAN_LABEL)
        assert [(part["dueOn"], part["amount"], part["status"]) for part in row["instalments"]] == [
            (dues[0].isoformat(), 150.0, "due"),
            (dues[1].isoformat(), 150.0, "due"),
        ]
        # The checkout's receipt says what was the deposit and what is charged later, and when.
        [receipt] = [
            sent.body
            for sent in send_queued()
            if sent.extra_headers["X-Camp-Kind"] == PaymentMessage.CHECKOUT_RECEIPT
        ]
        assert f"Paid: $100.00 (the deposit of {PLAN_LABEL})" in receipt
        for due in dues:
            assert f"{due:%B} {due.day}: $150.00" in receipt
        # The paid checkout still shows what the family confirmed.
        again = as_family.get(f"/api/checkouts/{answer['id']}").json()
        assert (again["total"], again["later"], again["lines"][0]["schedule"]) == (
            100.0,
            300.0,
            schedule,
        )

    def test_a_line_switches_to_a_plan_and_back_to_paying_in_full(self, as_family, mia, clay, plan):
        answer = opened(as_family, item(mia, clay)).json()
        line_url = f"/api/checkouts/{answer['id']}/lines/{answer['lines'][0]['id']}"
        assert (answer["total"], answer["later"], answer["lines"][0]["planId"]) == (
            400.0,
            0.0,
            None,
        )
        assert [offered["id"] for offered in answer["lines"][0]["plans"]] == [plan.pk]

        on_plan = as_family.patch(line_url, {"planId": plan.pk}, format="json")

        assert on_plan.status_code == 200, on_plan.json()
        [line] = on_plan.json()["lines"]
        assert (line["planId"], line["dueNow"], len(line["schedule"])) == (plan.pk, 100.0, 2)
        assert (on_plan.json()["total"], on_plan.json()["later"]) == (100.0, 300.0)

        in_full = as_family.patch(line_url, {"planId": None}, format="json")

        assert in_full.status_code == 200, in_full.json()
        [line] = in_full.json()["lines"]
        assert (line["planId"], line["dueNow"], line["schedule"]) == (None, 400.0, [])
        assert (in_full.json()["total"], in_full.json()["later"]) == (400.0, 0.0)

    def test_a_closed_plan_is_refused(self, api_client_for, family, mia, clay, plan, dues):
        with on(dues[0]):
            client = api_client_for(family)
            response = opened(client, item(mia, clay, plan))

            assert response.status_code == 409
            assert (response.json()["code"], response.json()["classId"]) == (
                "plan_closed",
                clay.pk,
            )
            assert not Checkout.objects.exists()

            answer = opened(client, item(mia, clay)).json()
            assert answer["lines"][0]["plans"] == []
            switched = client.patch(
                f"/api/checkouts/{answer['id']}/lines/{answer['lines'][0]['id']}",
                {"planId": plan.pk},
                format="json",
            )

            assert switched.status_code == 409
            assert switched.json()["code"] == "plan_closed"

    def test_a_plan_that_closes_while_the_checkout_waits_is_dropped_and_the_family_told(
        self, api_client_for, as_family, family, mia, clay, plan, dues
    ):
        answer = opened(as_family, item(mia, clay, plan)).json()
        setup_intent_id = card_saved(answer["clientSecret"], family)

        with on(dues[0]):
            client = api_client_for(family)
            again = client.get(f"/api/checkouts/{answer['id']}").json()
            paying = client.post(
                f"/api/checkouts/{answer['id']}/payment",
                {"total": answer["total"], "setupIntentId": setup_intent_id},
                format="json",
            )

        assert (again["lines"][0]["planId"], again["total"], again["later"]) == (None, 400.0, 0.0)
        assert "no longer offered" in again["promoCodeProblem"]
        # The deposit the family confirmed is no longer the total: nothing is charged.
        assert paying.status_code == 409
        assert (paying.json()["code"], paying.json()["total"]) == ("total_changed", 400.0)
        assert stripe_js.payment_intents(since=0, setup_intent_id=setup_intent_id) == []
        assert not Payment.objects.exists()

    def test_a_plan_the_class_does_not_offer_is_refused(self, as_family, mia, clay, summer):
        elsewhere = a_plan(season=a_season("Autumn", starts_in_days=120))

        response = opened(as_family, item(mia, clay, elsewhere))

        assert response.status_code == 409
        assert response.json()["code"] == "plan_closed"


class TestTheBeat:
    def test_each_instalment_is_charged_once_on_its_due_date(
        self, api_client_for, family, bought, dues
    ):
        first, second = bought.instalments.order_by("due_on")
        card = bought.card_setup_intent_id

        with on(dues[0] - timedelta(days=1), 23):
            assert instalments_charge() == 0
        assert charges_of(first, card) == []

        with on(dues[0], 0):
            assert instalments_charge() == 1
            # A second run, and the task itself, find nothing more to do that day.
            assert instalments_charge() == 0
            tasks.instalments()
            balance = api_client_for(family).get(f"/api/enrolments/{bought.enrolment_id}/balance")

        first.refresh_from_db()
        [charge] = charges_of(first, card)
        assert (charge["amount"], charge["status"], charge["id"]) == (
            15000,
            "succeeded",
            first.payment_intent_id,
        )
        assert (first.status, first.paid_by, first.tries) == (
            InstalmentStatus.PAID,
            PaidBy.CARD,
            1,
        )
        assert charges_of(second, card) == []
        assert balance.status_code == 200
        body = balance.json()
        assert body["clientSecret"].startswith("seti_")
        assert {**body, "clientSecret": "seti"} == {
            "paid": 250.0,
            "due": 150.0,
            "dueNow": 0.0,
            "planLabel": PLAN_LABEL,
            "overdueSince": None,
            "releaseOn": None,
            "clientSecret": "seti",
            "instalments": [
                {
                    "id": first.pk,
                    "kind": "instalment",
                    "dueOn": dues[0].isoformat(),
                    "amount": 150.0,
                    "status": "paid",
                    "paidBy": "card",
                },
                {
                    "id": second.pk,
                    "kind": "instalment",
                    "dueOn": dues[1].isoformat(),
                    "amount": 150.0,
                    "status": "due",
                    "paidBy": "",
                },
            ],
        }

        with on(dues[1]):
            tasks.instalments()
            tasks.instalments()
            balance = api_client_for(family).get(f"/api/enrolments/{bought.enrolment_id}/balance")

        [charge] = charges_of(second, card)
        assert (charge["amount"], charge["status"]) == (15000, "succeeded")
        assert [charge["id"] for charge in charges_of(first, card)] == [first.payment_intent_id]
        body = balance.json()
        assert (body["paid"], body["due"], body["clientSecret"]) == (400.0, 0.0, None)
        assert [row["status"] for row in body["instalments"]] == ["paid", "paid"]

    def test_a_seat_given_up_is_charged_nothing_more(self, family, bought, dues):
        with on(dues[0] - timedelta(days=20)):
            enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)

        with on(dues[0]):
            assert instalments_charge() == 0

        assert set(bought.instalments.values_list("status", flat=True)) == {
            InstalmentStatus.CANCELLED
        }
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]


def walk_to_overdue(family, payment: Payment, first_due: date) -> str:
    """The deposit paid, then a card that declines on file: the first try on the due date and
    the daily retries all fail. The declining card's SetupIntent."""
    card = card_that_declines(family, payment)
    for day in range(4):
        with on(first_due + timedelta(days=day)):
            assert instalments_charge() == 1
    return card


class TestADeclinedCard:
    def test_retried_daily_then_overdue_then_the_seat_goes_to_the_waitlist(
        self, family, bought, clay, dues, admin_user
    ):
        first_due = dues[0]
        first = bought.instalments.order_by("due_on").first()
        card = card_that_declines(family, bought)
        waiting_family = UserFactory(role=Role.STUDENT, email="next@camp.test")
        waiting = waitlist_join(
            student=waiting_family,
            class_id=clay.pk,
            participant_id=ChildFactory(account=waiting_family).pk,
        )

        def failed():
            return Message.objects.filter(
                kind=PaymentMessage.INSTALMENT_FAILED, recipient=family.email
            ).order_by("id")

        with on(first_due):
            assert instalments_charge() == 1
            # Tried once today: tomorrow is the retry.
            assert instalments_charge() == 0

        first.refresh_from_db()
        bought.refresh_from_db()
        assert (first.status, first.declines, first.next_try_on) == (
            InstalmentStatus.FAILED,
            1,
            first_due + timedelta(days=1),
        )
        assert first.message
        assert bought.overdue_since is None
        [told] = failed()
        assert f"/balance/{bought.enrolment_id}" in told.text
        assert "try the card again" in told.text

        for retry in (1, 2, 3):
            with on(first_due + timedelta(days=retry)):
                assert instalments_charge() == 1

        first.refresh_from_db()
        bought.refresh_from_db()
        last_try = first_due + timedelta(days=3)
        assert (first.status, first.declines, first.next_try_on) == (
            InstalmentStatus.FAILED,
            4,
            None,
        )
        assert (bought.overdue_since, bought.release_on) == (
            last_try,
            last_try + timedelta(days=7),
        )
        assert failed().count() == 4
        assert "This was our last try" in failed().last().text
        tries = charges_of(first, card)
        assert len(tries) == 4
        assert not [charge for charge in tries if charge["status"] == "succeeded"]

        with on(last_try + timedelta(days=1)):
            # No automatic try is left: the family pays by the link, or the seat goes.
            assert instalments_charge() == 0

        extended_to = last_try + timedelta(days=9)
        release_extend(
            payment_id=bought.pk, release_on=extended_to, by=admin_user, note="They called"
        )

        change = PlanChange.objects.get(payment=bought)
        assert (change.by, change.note, change.instalment) == (admin_user, "They called", None)
        with on(last_try + timedelta(days=7)):
            tasks.instalments()
        bought.refresh_from_db()
        assert bought.status == PaymentStatus.ENROLLED

        seats_before = Class.objects.get(pk=clay.pk).seats
        with on(extended_to):
            tasks.instalments()
            assert overdue_release() == 0

        bought.refresh_from_db()
        assert bought.status == PaymentStatus.CANCELLED
        assert Enrolment.objects.get(pk=bought.enrolment_id).status == EnrolmentStatus.CANCELLED
        assert Class.objects.get(pk=clay.pk).seats == seats_before + 1
        waiting.refresh_from_db()
        assert waiting.status == WaitlistStatus.OFFERED
        assert SeatHold.objects.filter(student=waiting_family, camp_class=clay).exists()
        assert instalments_of(bought)[1][2] == InstalmentStatus.CANCELLED
        released = Message.objects.get(kind=PaymentMessage.SEAT_RELEASED)
        assert released.recipient == family.email
        assert "Wheel Pottery" in released.subject
        # Released 18 days before the first meeting: the default policy gives all of the
        # deposit back, to the card it was paid with.
        [refund] = Refund.objects.filter(payment=bought)
        assert (refund.amount, refund.status, refund.instalment) == (
            D("100.00"),
            RefundStatus.SUCCEEDED,
            None,
        )
        checkout = Checkout.objects.get()
        assert [r["amount"] for r in stripe_js.refunds_of(checkout.payment_intent_id)] == [10000]

    def test_paying_the_balance_with_a_new_card_before_release_clears_overdue(
        self, api_client_for, family, bought, dues
    ):
        first_due = dues[0]
        walk_to_overdue(family, bought, first_due)
        last_try = first_due + timedelta(days=3)

        with on(last_try + timedelta(days=2)):
            client = api_client_for(family)
            balance = client.get(f"/api/enrolments/{bought.enrolment_id}/balance").json()
            assert (balance["dueNow"], balance["due"]) == (150.0, 300.0)
            assert (balance["overdueSince"], balance["releaseOn"]) == (
                last_try.isoformat(),
                (last_try + timedelta(days=7)).isoformat(),
            )
            new_card = card_saved(balance["clientSecret"], family)

            response = client.post(
                f"/api/enrolments/{bought.enrolment_id}/balance/payment",
                {"scope": "due", "amount": "150.00", "setupIntentId": new_card},
                format="json",
            )

        assert response.status_code == 201, response.json()
        body = response.json()
        assert (body["paid"], body["due"], body["overdueSince"], body["releaseOn"]) == (
            250.0,
            150.0,
            None,
            None,
        )
        bought.refresh_from_db()
        assert (bought.overdue_since, bought.release_on) == (None, None)
        # The new card is the one on file now: the next instalment is charged to it.
        assert bought.card_setup_intent_id == new_card
        first, second = bought.instalments.order_by("due_on")
        [charge] = charges_of(first, new_card)
        assert (charge["amount"], charge["status"]) == (15000, "succeeded")

        with on(last_try + timedelta(days=7)):
            tasks.instalments()
        bought.refresh_from_db()
        assert bought.status == PaymentStatus.ENROLLED
        assert not Message.objects.filter(kind=PaymentMessage.SEAT_RELEASED).exists()

        with on(dues[1]):
            tasks.instalments()
        second.refresh_from_db()
        assert second.status == InstalmentStatus.PAID
        [charge] = charges_of(second, new_card)
        assert charge["status"] == "succeeded"


class TestAnAnswerLost:
    def test_a_charge_recorded_after_the_seat_was_given_up_is_refunded_whole(
        self, api_client, family, bought, dues, localstripe, settings
    ):
        first = bought.instalments.order_by("due_on").first()
        # The beat charges the first instalment; Stripe charges it, but its answer is lost.
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.freeze("POST", "/v1/payment_intents")
            with stripe_gives_up_after(settings, 1.0):
                assert instalments_charge(today=dues[0]) == 1
        settings.STRIPE_API_BASE = localstripe
        first.refresh_from_db()
        assert first.status == InstalmentStatus.CHARGING
        [charge] = charges_of(first, bought.card_setup_intent_id)
        assert charge["status"] == "succeeded"

        # Meanwhile the family cancels: what is known to be paid, the deposit, comes back.
        cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)
        assert cancelled.refund == D("100.00")

        # Then Stripe's word of the charge arrives: the seat is gone, so the money goes back.
        event = stripe_js.succeeded_event(charge["id"])
        for _ in range(2):
            told = api_client.post(
                "/api/stripe/webhook",
                data=event,
                content_type="application/json",
                HTTP_STRIPE_SIGNATURE=stripe_js.signature(event),
            )
            assert told.status_code == 200

        first.refresh_from_db()
        assert first.status == InstalmentStatus.CANCELLED
        assert [r["amount"] for r in stripe_js.refunds_of(charge["id"])] == [15000]
        with on(dues[0]):
            assert instalments_charge() == 0
        assert len(charges_of(first, bought.card_setup_intent_id)) == 1


class TestBalancePayment:
    def pay(self, client, payment: Payment, **body):
        return client.post(
            f"/api/enrolments/{payment.enrolment_id}/balance/payment", body, format="json"
        )

    def test_nothing_due_yet_is_refused_and_the_whole_balance_may_be_paid(
        self, as_family, bought, dues
    ):
        nothing = self.pay(as_family, bought, scope="due", amount="0.00")

        assert nothing.status_code == 409
        assert nothing.json()["code"] == "nothing_due"

        changed = self.pay(as_family, bought, scope="all", amount="299.00")

        assert changed.status_code == 409
        assert (changed.json()["code"], changed.json()["amount"]) == ("amount_changed", 300.0)
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]

        response = self.pay(as_family, bought, scope="all", amount="300.00")

        assert response.status_code == 201, response.json()
        assert (response.json()["paid"], response.json()["due"]) == (400.0, 0.0)
        assert [row["status"] for row in response.json()["instalments"]] == ["paid", "paid"]
        # Each instalment is its own charge, to the card saved at checkout.
        for instalment in bought.instalments.all():
            [charge] = charges_of(instalment, bought.card_setup_intent_id)
            assert (charge["amount"], charge["status"]) == (15000, "succeeded")

        again = self.pay(as_family, bought, scope="all", amount="0.00")

        assert again.status_code == 409
        assert again.json()["code"] == "nothing_due"
        with on(dues[1]):
            assert instalments_charge() == 0

    def test_what_is_due_is_only_what_has_come_due(self, api_client_for, family, bought, dues):
        with on(dues[0]):
            client = api_client_for(family)
            response = self.pay(client, bought, scope="due", amount="150.00")

        assert response.status_code == 201, response.json()
        assert [row["status"] for row in response.json()["instalments"]] == ["paid", "due"]
        assert response.json()["due"] == 150.0

    def test_a_card_whose_bank_asks_is_confirmed_by_the_family_then_recorded(
        self, api_client_for, family, bought, dues
    ):
        with on(dues[0]):
            client = api_client_for(family)
            balance = client.get(f"/api/enrolments/{bought.enrolment_id}/balance").json()
            card = card_saved(balance["clientSecret"], family, stripe_js.CARD_3DS)

            asked = self.pay(client, bought, scope="due", amount="150.00", setupIntentId=card)

            assert asked.status_code == 402, asked.json()
            assert asked.json()["requiresAction"] is True
            first = bought.instalments.order_by("due_on").first()
            first.refresh_from_db()
            assert first.status == InstalmentStatus.DUE
            confirmed = stripe_js.confirm_card_payment(asked.json()["clientSecret"])
            assert confirmed["paymentIntent"]["status"] == "succeeded"

            done = self.pay(
                client,
                bought,
                scope="due",
                amount="150.00",
                paymentIntentId=asked.json()["paymentIntentId"],
            )

        assert done.status_code == 201, done.json()
        assert [row["status"] for row in done.json()["instalments"]] == ["paid", "due"]
        first.refresh_from_db()
        assert (first.status, first.payment_intent_id) == (
            InstalmentStatus.PAID,
            asked.json()["paymentIntentId"],
        )
        assert charges_on(card) == [(15000, "succeeded")]

    def test_another_familys_enrolment_is_not_found(self, api_client_for, bought):
        stranger = api_client_for(UserFactory(role=Role.STUDENT))

        assert stranger.get(f"/api/enrolments/{bought.enrolment_id}/balance").status_code == 404
        response = self.pay(stranger, bought, scope="all", amount="300.00")

        assert response.status_code == 404
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]


class TestTheSchoolsChanges:
    def test_each_change_is_on_record_and_a_paid_instalment_stays_as_it_was(
        self, bought, dues, admin_user
    ):
        first, second = bought.instalments.order_by("due_on")
        later = dues[1] + timedelta(days=3)

        instalment_move(instalment_id=second.pk, due_on=later, by=admin_user, note="Asked by mum")
        instalment_amount_change(instalment_id=second.pk, amount=D("140.00"), by=admin_user)
        with pytest.raises(InvalidInput) as refused:
            instalment_amount_change(instalment_id=second.pk, amount=D("0.10"), by=admin_user)
        assert "amount" in refused.value.problems
        with pytest.raises(InvalidInput) as refused:
            instalment_paid_offline(instalment_id=first.pk, by=admin_user, note="  ")
        assert "note" in refused.value.problems
        instalment_paid_offline(instalment_id=first.pk, by=admin_user, note="Cheque 1042")

        first.refresh_from_db()
        second.refresh_from_db()
        assert (first.status, first.paid_by, first.note) == (
            InstalmentStatus.PAID,
            PaidBy.OFFLINE,
            "Cheque 1042",
        )
        assert (second.due_on, second.amount, second.status) == (
            later,
            D("140.00"),
            InstalmentStatus.DUE,
        )
        changes = PlanChange.objects.filter(payment=bought).order_by("id")
        assert [(c.instalment_id, c.by, c.note) for c in changes] == [
            (second.pk, admin_user, "Asked by mum"),
            (second.pk, admin_user, ""),
            (first.pk, admin_user, "Cheque 1042"),
        ]
        assert [c.what for c in changes] == [
            f"Due date moved from {dues[1]} to {later}",
            "Amount changed from 150.00 to 140.00",
            "Paid offline (150.00)",
        ]

        for change in (
            lambda: instalment_move(instalment_id=first.pk, due_on=later, by=admin_user),
            lambda: instalment_amount_change(
                instalment_id=first.pk, amount=D("10.00"), by=admin_user
            ),
            lambda: instalment_paid_offline(instalment_id=first.pk, by=admin_user, note="Again"),
        ):
            with pytest.raises(Conflict):
                change()
        first.refresh_from_db()
        assert (first.due_on, first.amount, first.paid_by) == (
            dues[0],
            D("150.00"),
            PaidBy.OFFLINE,
        )
        assert PlanChange.objects.filter(payment=bought).count() == 3

        assert instalments_cancel_future(payment_id=bought.pk, by=admin_user, note="Waived") == 1

        second.refresh_from_db()
        assert second.status == InstalmentStatus.CANCELLED
        assert PlanChange.objects.filter(payment=bought).count() == 4
        assert PlanChange.objects.filter(payment=bought, note="Waived").get().instalment == second
        # Nothing is left to charge.
        with on(later):
            assert instalments_charge() == 0
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]

    def test_a_moved_failed_instalment_is_retried_on_its_new_date(
        self, family, bought, dues, admin_user
    ):
        first = bought.instalments.order_by("due_on").first()
        card = card_that_declines(family, bought)
        with on(dues[0]):
            instalments_charge()
        first.refresh_from_db()
        assert first.status == InstalmentStatus.FAILED
        moved_to = dues[0] + timedelta(days=5)

        instalment_move(instalment_id=first.pk, due_on=moved_to, by=admin_user)

        for day in range(1, 5):
            with on(dues[0] + timedelta(days=day)):
                assert instalments_charge() == 0
        with on(moved_to):
            assert instalments_charge() == 1
        assert len(charges_of(first, card)) == 2


class TestCancellation:
    def test_the_refund_is_the_policys_share_of_the_deposit_paid(self, family, bought, clay):
        # 10 days before the first meeting: the default policy's 50% tier. Nothing after the
        # deposit was charged (the beat did not run).
        with on(first_day_of(clay) - timedelta(days=10)):
            cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)

        assert cancelled.refund == D("50.00")
        assert set(bought.instalments.values_list("status", flat=True)) == {
            InstalmentStatus.CANCELLED
        }
        [refund] = Refund.objects.filter(payment=bought)
        assert (refund.amount, refund.instalment) == (D("50.00"), None)
        checkout = Checkout.objects.get()
        assert [r["amount"] for r in stripe_js.refunds_of(checkout.payment_intent_id)] == [5000]
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]

    def test_a_refund_goes_back_to_the_instalments_charge_first_then_the_deposits(
        self, family, bought, clay, dues
    ):
        with on(dues[0]):
            instalments_charge()
        first, second = bought.instalments.order_by("due_on")
        first.refresh_from_db()
        assert first.status == InstalmentStatus.PAID

        # 20 days before: a full refund of all that was paid, $250.
        with on(first_day_of(clay) - timedelta(days=20)):
            cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)

        assert cancelled.refund == D("250.00")
        refunds = Refund.objects.filter(payment=bought).order_by("id")
        assert [(r.instalment, r.amount, r.status) for r in refunds] == [
            (first, D("150.00"), RefundStatus.SUCCEEDED),
            (None, D("100.00"), RefundStatus.SUCCEEDED),
        ]
        assert [r["amount"] for r in stripe_js.refunds_of(first.payment_intent_id)] == [15000]
        checkout = Checkout.objects.get()
        assert [r["amount"] for r in stripe_js.refunds_of(checkout.payment_intent_id)] == [10000]
        second.refresh_from_db()
        assert second.status == InstalmentStatus.CANCELLED
        assert (
            Message.objects.filter(kind=PaymentMessage.REFUND_MADE, recipient=family.email).count()
            == 2
        )

    def test_what_was_paid_at_the_office_comes_back_as_credit(
        self, family, bought, clay, admin_user
    ):
        first = bought.instalments.order_by("due_on").first()
        instalment_paid_offline(instalment_id=first.pk, by=admin_user, note="Cash at the office")

        with on(first_day_of(clay) - timedelta(days=20)):
            cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)

        # All of the $250 paid comes back: the card's $100 to the card, the cash as credit.
        assert cancelled.refund == D("100.00")
        [refund] = Refund.objects.filter(payment=bought)
        assert (refund.amount, refund.instalment) == (D("100.00"), None)
        assert list(
            CreditEntry.objects.filter(family=family, payment=bought).values_list(
                "amount", flat=True
            )
        ) == [D("150.00")]

    def test_by_default_what_the_policy_keeps_beyond_what_was_paid_is_not_charged(
        self, family, bought, clay
    ):
        with on(first_day_of(clay) - timedelta(days=5)):
            cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)
            instalments_charge()

        assert cancelled.refund == D("0.00")
        assert not bought.instalments.filter(kind=InstalmentKind.CANCELLATION).exists()
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED]

    @override_settings(CANCELLATION_CHARGES_UNPAID=True)
    def test_a_school_that_charges_the_unpaid_part_charges_it_once(self, family, bought, clay):
        # 5 days before: the policy keeps everything. $100 was paid, so $300 is charged.
        with on(first_day_of(clay) - timedelta(days=5)):
            cancelled = enrolment_cancel(student=family, enrolment_id=bought.enrolment_id)
            instalments_charge()
            instalments_charge()

        assert cancelled.refund == D("0.00")
        [charged] = bought.instalments.filter(kind=InstalmentKind.CANCELLATION)
        assert (charged.amount, charged.status, charged.paid_by) == (
            D("300.00"),
            InstalmentStatus.PAID,
            PaidBy.CARD,
        )
        [charge] = charges_of(charged, bought.card_setup_intent_id)
        assert (charge["amount"], charge["status"]) == (30000, "succeeded")
        assert charges_on(bought.card_setup_intent_id) == [DEPOSIT_CHARGED, (30000, "succeeded")]
        assert set(
            bought.instalments.filter(kind=InstalmentKind.INSTALMENT).values_list(
                "status", flat=True
            )
        ) == {InstalmentStatus.CANCELLED}
        assert not Refund.objects.filter(payment=bought).exists()


class TestTheSchoolCancels:
    """The school calls the class off: every cent comes back the way it came."""

    def test_credit_a_plan_paid_in_cash_and_by_card_each_go_back_their_own_way(
        self, as_family, family, mia, clay, plan, dues, admin_user
    ):
        payment = bought_with_a_gift_of_credit(as_family, family, item(mia, clay, plan))
        first, second = payment.instalments.order_by("due_on")
        instalment_paid_offline(instalment_id=first.pk, by=admin_user, note="Cash at the office")
        with on(dues[1]):
            assert instalments_charge() == 1
        second.refresh_from_db()
        assert (second.status, second.paid_by) == (InstalmentStatus.PAID, PaidBy.CARD)
        # The $40 of credit comes off the price before the plan: 25% of $360 now, by card, then
        # $135 twice.
        assert (payment.price, first.amount, second.amount) == (
            D("90.00"),
            D("135.00"),
            D("135.00"),
        )
        preview = class_cancellation_preview(class_id=clay.pk)
        assert preview.refund_total == D("400.00")

        done = class_cancel(class_id=clay.pk, message="The kiln is broken.")

        assert (done.seats_refunded, done.refund_total, done.refunds_failed) == (
            1,
            D("400.00"),
            {},
        )
        # The card gets back what each of its charges took: the deposit and the second
        # instalment; the credit spent and the cash come back as account credit.
        assert [refund["amount"] for refund in stripe_js.refunds_of(payment.charge_id)] == [9000]
        assert [refund["amount"] for refund in stripe_js.refunds_of(second.payment_intent_id)] == [
            13500
        ]
        assert credit_balance(family.pk) == D("175.00")
        payment.refresh_from_db()
        assert payment.status == PaymentStatus.REFUNDED
        assert Message.objects.filter(kind=PaymentMessage.REFUND_MADE).count() == 1
        for _ in range(5):
            # A message waits for the family's earlier ones: send until none is left.
            sent = send_queued()
        [told] = [mail for mail in sent if mail.subject == "Refund for Wheel Pottery (Mia Silva)"]
        assert "We have refunded $225.00 for Wheel Pottery" in told.body
        assert "$175.00 that was paid with account credit, in cash or by cheque" in told.body
        # The family's history names each way it went, adding up to all the seat was paid.
        history = as_family.get(f"/api/payments/{family.email}").json()
        assert [row["refundParts"] for row in history] == [
            [
                {"way": "card", "amount": 90.0, "instalmentId": None},
                {"way": "card", "amount": 135.0, "instalmentId": second.pk},
                {"way": "credit", "amount": 175.0, "instalmentId": None},
            ]
        ]

    def test_after_a_move_down_taken_as_credit_the_card_gets_back_only_what_it_still_holds(
        self, as_family, family, mia, clay, summer
    ):
        raku = a_season_class(summer, "300.00", name="Raku Firing")
        answer = opened(as_family, item(mia, clay)).json()
        assert paid(as_family, family, answer).status_code == 201
        payment = Payment.objects.get()
        assert moved_in_credit(as_family, payment, raku).status_code == 201
        assert credit_balance(family.pk) == D("100.00")

        done = class_cancel(class_id=raku.pk)

        # The $100 the move gave back came off the card's $400: $300 is left to refund, and
        # the family has $400 back in all, not $500.
        assert done.refund_total == D("300.00")
        assert [refund["amount"] for refund in stripe_js.refunds_of(payment.charge_id)] == [30000]
        assert credit_balance(family.pk) == D("100.00")

    def test_cancelling_again_gives_back_nothing_twice(
        self, as_family, family, mia, clay, plan, bought
    ):
        assert class_cancel(class_id=clay.pk).seats_refunded == 1
        again = class_cancel(class_id=clay.pk)

        assert (again.seats_refunded, again.refund_total) == (0, D("0.00"))
        assert len(stripe_js.refunds_of(bought.charge_id)) == 1
        assert credit_balance(bought.student_id) == D("0.00")


def moved_in_credit(client, payment: Payment, camp_class: Class):
    shown = client.get(
        f"/api/enrolments/{payment.enrolment_id}/transfer", {"classId": camp_class.pk}
    ).json()
    return client.post(
        f"/api/enrolments/{payment.enrolment_id}/transfer",
        {"classId": camp_class.pk, "settleWith": "credit", "total": shown["total"]},
        format="json",
    )


class TestTheLedgerKeepsCheckoutCredit:
    def test_credit_spent_at_checkout_comes_back_when_the_moved_seat_is_cancelled(
        self, as_family, family, mia, clay, summer
    ):
        raku = a_season_class(summer, "300.00", name="Raku Firing")
        payment = bought_with_a_gift_of_credit(as_family, family, item(mia, clay))
        assert payment.price == D("360.00")
        assert moved_in_credit(as_family, payment, raku).status_code == 201
        payment.refresh_from_db()

        response = as_family.post(
            f"/api/enrolments/{payment.enrolment_id}/cancellation",
            {"refundAmount": 260.0, "refundTo": "credit"},
            format="json",
        )

        # The move re-priced the seat; the ledger still knows $40 of it was account credit,
        # and that goes back as credit beside the card's $260: all $400 is the family's again.
        assert response.status_code == 200, response.json()
        assert credit_balance(family.pk) == D("400.00")

    def test_a_seat_released_for_an_unpaid_balance_gives_the_checkout_credit_back(
        self, as_family, family, mia, clay, plan
    ):
        payment = bought_with_a_gift_of_credit(as_family, family, item(mia, clay, plan))
        assert credit_balance(family.pk) == D("0.00")
        today = school_today()
        Payment.objects.filter(pk=payment.pk).update(overdue_since=today, release_on=today)

        assert enrolment_release(payment_id=payment.pk)

        # Long before the class, the policy gives everything back: the card's deposit to the
        # card, and the $40 of credit spent on the seat to the account.
        [refund] = Refund.objects.filter(payment=payment)
        assert refund.amount == payment.price
        assert credit_balance(family.pk) == D("40.00")
