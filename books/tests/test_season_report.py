"""The season report's money matches the card processor's: a season of family checkouts with
every kind of discount, account credit, a payment plan and its first instalment, the single-class
payment page, a refund by the school, a family's cancellation to the card and another to credit,
all against localstripe; then the dashboard's figures are compared with Stripe's own list of the
families' charges and refunds, to the cent, and with what each family read at checkout.

The season and its classes are dated from today at the school; the instalment is charged with
the clock moved to its due date, so the test means the same on any day.
"""

from collections import Counter
from contextlib import contextmanager
from datetime import datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of
from changes.services import enrolment_cancel
from changes.services.enrolment_cancellations import RefundTo
from classes.models import Class
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment
from extras.models import AddOn, AddOnOption
from payments.models import (
    CreditEntry,
    EarlyBirdPrice,
    MultiClassDiscount,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PromoCode,
    Scholarship,
    SiblingDiscount,
    StripeCustomer,
)
from payments.services import payment_refund
from payments.tests import stripe_js
from plans.services import instalments_charge
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


@contextmanager
def on(day, hour: int = 10):
    with time_machine.travel(datetime.combine(day, time(hour), school_timezone())):
        yield


def cents(amount) -> int:
    return int((D(str(amount)) * 100).to_integral_value())


def checkout_paid(client, family, pairs, **more) -> dict:
    """A family's checkout opened and paid by card: the checkout as the family read it."""
    items = [
        {
            "classId": camp_class.pk,
            "participantId": child.pk,
            **({"planId": plan.pk} if plan else {}),
        }
        for child, camp_class, plan in pairs
    ]
    answer = client.post("/api/checkouts", {"items": items, **more}, format="json").json()
    body = {"total": answer["total"]}
    if answer["total"] > 0:
        saved = stripe_js.confirm_card_setup(
            answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
        )
        body["setupIntentId"] = saved["setupIntent"]["id"]
    paid = client.post(f"/api/checkouts/{answer['id']}/payment", body, format="json")
    assert paid.status_code == 201, paid.json()
    return answer


def stripe_money(families, since: int) -> tuple[int, int]:
    """What Stripe itself lists for these families' customers since the test began: the cents
    charged (succeeded PaymentIntents) and the cents refunded (succeeded refunds)."""
    customers = set(
        StripeCustomer.objects.filter(student__in=families).values_list("customer_id", flat=True)
    )
    charged = refunded = 0
    for intent in stripe_js.payment_intents(since=since):
        if intent.get("customer") not in customers or intent["status"] != "succeeded":
            continue
        charged += intent["amount_received"] if "amount_received" in intent else intent["amount"]
        refunded += sum(
            refund["amount"]
            for refund in stripe_js.refunds_of(intent["id"])
            if refund["status"] == "succeeded"
        )
    return charged, refunded


@pytest.fixture
def summer():
    season = a_season("Summer of clay")
    SiblingDiscount.objects.create(season=season, second_percent=D(10), third_percent=D(15))
    MultiClassDiscount.objects.create(season=season, nth=2, percent=D(5))
    PromoCode.objects.create(season=season, code="WELCOME10", percent=D(10), uses_limit=100)
    return season


@pytest.fixture
def classes(summer):
    pottery = a_season_class(summer, "300.00", seats=10, name="Wheel Pottery")
    EarlyBirdPrice.objects.create(
        camp_class=pottery, price=D("270.00"), until=timezone.now() + timedelta(days=10)
    )
    watercolour = a_season_class(summer, "200.00", seats=10, week=1, name="Watercolour")
    clay = a_season_class(summer, "400.00", seats=10, week=2, name="Hand-built Clay")
    return pottery, watercolour, clay


@pytest.fixture
def plan(summer):
    plan = PaymentPlan.objects.create(
        label="25% now, the rest in two", season=summer, deposit_percent=D(25)
    )
    PaymentPlanDue.objects.create(plan=plan, days_before=30)
    PaymentPlanDue.objects.create(plan=plan, days_before=14)
    return plan


def test_the_seasons_net_money_is_what_stripe_lists_to_the_cent(
    api_client_for, localstripe, summer, classes, plan, pay
):
    since = int(timezone.now().timestamp()) - 1
    pottery, watercolour, clay = classes
    admin = UserFactory(role=Role.ADMIN)
    silva = UserFactory(role=Role.STUDENT, email="silva@camp.test")
    okafor = UserFactory(role=Role.STUDENT, email="okafor@camp.test")
    berg = UserFactory(role=Role.STUDENT, email="berg@camp.test")
    lee = UserFactory(role=Role.STUDENT, email="lee@camp.test")
    mia, leo = ChildFactory(account=silva), ChildFactory(account=silva)
    zoe, ben = ChildFactory(account=okafor), ChildFactory(account=berg)
    Scholarship.objects.create(season=summer, family=okafor, percent=D(20), granted_by=admin)
    CreditEntry.objects.create(family=berg, amount=D("50.00"), reason="A gift from the school")

    # Two children, three classes, a code and a plan: one charge.
    silvas = checkout_paid(
        api_client_for(silva),
        silva,
        [(mia, pottery, None), (leo, watercolour, None), (mia, clay, plan)],
        promoCode="WELCOME10",
    )
    okafors = checkout_paid(api_client_for(okafor), okafor, [(zoe, watercolour, None)])
    bergs = checkout_paid(api_client_for(berg), berg, [(ben, pottery, None)], applyCredit=True)
    # The single-class payment page, as the first families paid: an adult, at the list price.
    selection = SelectionFactory(student=lee, participant=account_holder_of(lee), camp_class=clay)
    assert pay(api_client_for(lee), selection).status_code == 201

    # The school refunds Zoe in full; Leo's family cancels to the card, Ben's to credit.
    zoes = Payment.objects.get(participant=zoe)
    assert payment_refund(payment_id=zoes.pk, reason="Moved away")
    leos = Enrolment.objects.get(participant=leo)
    enrolment_cancel(student=silva, enrolment_id=leos.pk)
    bens = Enrolment.objects.get(participant=ben)
    to_credit = enrolment_cancel(student=berg, enrolment_id=bens.pk, refund_to=RefundTo.CREDIT)

    # Mia's first instalment, charged on its day.
    mias_clay = Payment.objects.get(participant=mia, camp_class=clay)
    first = mias_clay.instalments.order_by("due_on").first()
    with on(first.due_on, 9):
        assert instalments_charge() == 1
    first.refresh_from_db()

    season_end = Class.objects.filter(season=summer).latest("ends_at").ends_at
    response = api_client_for(admin).get(
        "/api/reports/season",
        {"season": summer.pk, "to": max(season_end.date(), first.due_on).isoformat()},
    )

    assert response.status_code == 200, response.json()
    money = response.json()["money"]
    charged, refunded = stripe_money([silva, okafor, berg, lee], since)
    assert (cents(money["charged"]), cents(money["refunds"])) == (charged, refunded)
    assert cents(money["net"]) == charged - refunded
    assert charged > 0 and refunded > 0

    # The sales as the families read them at checkout (and the single payment at its price).
    lines = [line for answer in (silvas, okafors, bergs) for line in answer["lines"]]
    read = Counter()
    for line in lines:
        for adjustment in line["adjustments"]:
            read[adjustment["kind"]] += cents(adjustment["amount"])
    assert cents(money["gross"]) == sum(cents(line["listPrice"]) for line in lines) + cents(
        clay.price
    )
    assert {kind: cents(amount) for kind, amount in money["adjustments"].items()} == {
        "earlyBird": read["early_bird"],
        "sibling": read["sibling"],
        "multiClass": read["multi_class"],
        # A season of whole classes has no weeks to discount nor extended care's weekly rate.
        "multiWeek": 0,
        "weeklyCare": 0,
        "code": read["code"],
        "scholarship": read["scholarship"],
        "other": 0,
    }
    assert read["early_bird"] < 0 and read["sibling"] < 0 and read["code"] < 0
    assert read["scholarship"] < 0 and read["multi_class"] < 0
    assert cents(money["creditSpent"]) == -read["credit"] == 5000
    assert cents(money["planLater"]) == cents(silvas["later"])
    assert cents(money["instalmentsPaid"]) == cents(first.amount)
    # Ben's cancellation to credit, and the credit his checkout spent, given back with the seat.
    assert cents(money["creditIssued"]) == cents(to_credit.credit_amount) + 5000

    # The weeks and the categories add up to the season.
    for breakdown in ("byWeek", "byCategory", "byKind"):
        for figure in ("gross", "charged", "refunds", "net"):
            assert sum(cents(line[figure]) for line in money[breakdown]) == cents(money[figure])

    instalments = response.json()["instalments"]
    assert instalments["overdue"] == {"count": 0, "amount": 0.0}
    second = mias_clay.instalments.order_by("due_on").last()
    due_soon = second.due_on <= school_today() + timedelta(days=30)
    assert instalments["dueNext30Days"]["count"] == (1 if due_soon else 0)


def test_add_ons_sold_are_in_the_gross_and_apart_by_kind_and_the_card_money_stays_stripe_s(
    api_client_for,
):
    since = int(timezone.now().timestamp()) - 5
    summer = a_season()
    PromoCode.objects.create(season=summer, code="TEN", percent=D(10))
    clay = a_season_class(summer, "200.00", name="Clay")
    AddOn.objects.create(camp_class=clay, label="Materials fee", price=D("20.00"), required=True)
    shirt = AddOn.objects.create(season=summer, label="T-shirt", price=D("15.00"))
    medium = AddOnOption.objects.create(add_on=shirt, label="M", stock=5)
    family = UserFactory(role=Role.STUDENT)
    mia = ChildFactory(account=family, first_name="Mia")
    client = api_client_for(family)
    items = [
        {
            "classId": clay.pk,
            "participantId": mia.pk,
            "addOns": [{"id": shirt.pk, "optionId": medium.pk}],
        }
    ]
    answer = client.post("/api/checkouts", {"items": items, "promoCode": "TEN"}, format="json")
    answer = answer.json()
    saved = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )
    paid = client.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    assert paid.status_code == 201, paid.json()
    admin = UserFactory(role=Role.ADMIN)

    response = api_client_for(admin).get("/api/reports/season", {"season": summer.pk})

    assert response.status_code == 200, response.json()
    money = response.json()["money"]
    # The class at $200 less the code's $20 (not off the add-ons), with $35 of add-ons.
    assert (money["gross"], money["adjustments"]["code"], money["net"]) == (235.0, -20.0, 215.0)
    assert money["adjustments"]["other"] == 0.0
    by_kind = {line["kind"]: line for line in money["byKind"]}
    assert (by_kind["classes"]["gross"], by_kind["classes"]["adjustments"]) == (200.0, -20.0)
    assert by_kind["addOns"]["gross"] == 35.0
    assert stripe_money([family], since) == (cents(money["charged"]), 0)
