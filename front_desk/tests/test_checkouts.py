"""Checkouts the office opens and pays at the front desk for a family (localstripe, the SMTP
sink, no mocks): the family's own checkout, paid in cash, by cheque, by a card typed at the
desk (not kept unless the family agrees) or later online by a link; every step in the desk's
log."""

import io
from datetime import timedelta
from decimal import Decimal

import pytest
import requests
from django.conf import settings
from django.utils import timezone
from pypdf import PdfReader

from accounts.models import Role
from enrolments.models import Enrolment, HoldLapse, SeatHold
from front_desk.models import DeskAction, DeskActionKind
from payments.models import (
    Checkout,
    CheckoutStatus,
    CreditEntry,
    LedgerEntry,
    LedgerKind,
    PaidWith,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    Refund,
)
from payments.selectors import credit_balance
from payments.services import payment_refund
from payments.tests import stripe_js
from testing.factories import ChildFactory, UserFactory
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def office():
    return UserFactory(role=Role.OFFICE, name="Front Office", email="office@camp.test")


@pytest.fixture
def as_office(api_client_for, office):
    return api_client_for(office)


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Mia"),
        ChildFactory(account=family, first_name="Leo"),
    )


@pytest.fixture
def classes(season):
    return (
        a_season_class(season, "300.00", name="Wheel Pottery"),
        a_season_class(season, "200.00", name="Watercolour", week=1),
    )


def opened(client, family, *pairs, **more):
    items = [{"classId": c.pk, "participantId": p.pk} for p, c in pairs]
    response = client.post(
        "/api/frontDesk/checkouts", {"familyId": family.pk, "items": items, **more}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def pay(client, answer, **body):
    return client.post(
        f"/api/frontDesk/checkouts/{answer['id']}/payment",
        {"total": answer["total"], **body},
        format="json",
    )


def card_saved(answer: dict, family) -> dict:
    """Stripe Elements at the desk: the card saved into the checkout's SetupIntent, and under the
    family's Customer as Stripe attaches it (localstripe leaves that to a call of its own)."""
    setup = stripe_js.confirm_card_setup(
        answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )["setupIntent"]
    requests.post(
        f"{settings.STRIPE_API_BASE.rstrip('/')}/v1/payment_methods/{setup['payment_method']}/attach",
        data={"customer": setup["customer"]},
        headers={"Authorization": f"Bearer {settings.STRIPE_SECRET_KEY}"},
        timeout=10,
    ).raise_for_status()
    assert card_of(setup)["customer"] == setup["customer"]
    return setup


def card_of(setup: dict) -> dict:
    return stripe_js.stripe_get(f"/v1/payment_methods/{setup['payment_method']}")


def statement_text(response) -> str:
    assert response.status_code == 200, response.content[:300]
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def test_a_family_registered_by_phone_and_paid_in_cash_is_enrolled_told_so_and_on_its_statement(
    as_office, office, family, children, classes, smtp_sink, api_client_for
):
    mia, leo = children
    pottery, watercolour = classes

    answer = opened(as_office, family, (mia, pottery), (leo, watercolour))

    # The family's own checkout: the same lines, prices and sibling discount as online.
    assert [line["price"] for line in answer["lines"]] == [300.0, 180.0]
    assert answer["total"] == 480.0 and answer["clientSecret"]
    checkout = Checkout.objects.get()
    assert (checkout.family, checkout.opened_by) == (family, office)

    response = pay(as_office, answer, method="cash", reference="R-17")

    assert response.status_code == 201, response.json()
    assert response.json()["checkout"]["status"] == "paid"
    assert [(p["price"], p["status"]) for p in response.json()["payments"]] == [
        (300.0, "enrolled"),
        (180.0, "enrolled"),
    ]
    assert Enrolment.objects.filter(student=family).count() == 2
    assert not SeatHold.objects.exists()
    payments = Payment.objects.order_by("id")
    assert {p.paid_with for p in payments} == {PaidWith.CASH}
    assert all(p.is_checkout_line for p in payments)
    assert sorted(LedgerEntry.objects.values_list("kind", "amount")) == [
        (LedgerKind.OFFLINE, D("180.00")),
        (LedgerKind.OFFLINE, D("300.00")),
    ]
    checkout.refresh_from_db()
    assert (checkout.paid_with, checkout.paid_reference, checkout.total) == ("cash", "R-17", 480)
    assert list(
        DeskAction.objects.filter(family=family).order_by("id").values_list("kind", "actor")
    ) == [(DeskActionKind.CHECKOUT_OPENED, office.pk), (DeskActionKind.PAYMENT_TAKEN, office.pk)]
    assert DeskAction.objects.first().summary == f"Took $480.00 in cash for checkout #{checkout.pk}"

    send_queued()
    [receipt] = smtp_sink.messages()
    assert receipt["Subject"] == f"Your receipt: Checkout #{checkout.pk} ($480.00)"
    text = receipt.get_body(preferencelist=("plain",)).get_content()
    assert "Paid in cash: $480.00" in text
    assert "card" not in text.lower().replace("cards", "")

    year = pottery.start_date.year
    statement = api_client_for(family).get(f"/api/statements/{year}.pdf", {"participantId": mia.pk})
    assert f"Total paid for care in {year}: $300.00" in statement_text(statement)


def test_a_cheque_needs_its_number_and_the_receipt_gives_it(
    as_office, family, children, classes, smtp_sink
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))

    refused = pay(as_office, answer, method="cheque", reference=" ")

    assert refused.status_code == 400
    assert list(refused.json()["errors"]) == ["reference"]
    assert not Payment.objects.exists()

    assert pay(as_office, answer, method="cheque", reference="1042").status_code == 201
    assert Payment.objects.get().paid_with == PaidWith.CHEQUE
    send_queued()
    [receipt] = smtp_sink.messages()
    assert "Paid by cheque no. 1042: $300.00" in receipt.get_body(("plain",)).get_content()


def test_cash_for_another_total_takes_nothing_and_says_the_total(
    as_office, family, children, classes
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))

    response = pay(as_office, answer, method="cash", total=250)

    assert response.status_code == 409
    assert response.json()["total"] == 300.0
    assert not Payment.objects.exists() and not LedgerEntry.objects.exists()
    assert Checkout.objects.get().status == CheckoutStatus.OPEN


def test_a_seat_refused_as_cash_is_taken_takes_no_money_for_any_line(
    as_office, family, children, classes
):
    mia, leo = children
    pottery, watercolour = classes
    answer = opened(as_office, family, (mia, pottery), (leo, watercolour))
    # Meanwhile the school closed the watercolour class's registration.
    watercolour.registration_closes_at = timezone.now() - timedelta(minutes=1)
    watercolour.save(update_fields=["registration_closes_at"])

    response = pay(as_office, answer, method="cash")

    assert response.status_code == 409
    assert (response.json()["line"], response.json()["classId"]) == (1, watercolour.pk)
    assert not Payment.objects.exists() and not LedgerEntry.objects.exists()
    assert not Enrolment.objects.exists()
    assert Checkout.objects.get().status == CheckoutStatus.OPEN
    assert not DeskAction.objects.filter(kind=DeskActionKind.PAYMENT_TAKEN).exists()


def test_a_cash_line_refunded_later_goes_back_as_account_credit_not_to_a_card(
    as_office, family, children, classes
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))
    assert pay(as_office, answer, method="cash").status_code == 201
    payment = Payment.objects.get()

    assert payment_refund(payment_id=payment.pk, reason="Class moved.") is True

    assert not Refund.objects.exists()
    assert credit_balance(family.pk) == D("300.00")
    given = LedgerEntry.objects.get(kind=LedgerKind.CREDIT_GIVEN)
    assert (given.amount, given.drawn_from) == (D("300.00"), LedgerKind.OFFLINE)
    assert CreditEntry.objects.get().amount == D("300.00")


def test_a_card_typed_at_the_desk_is_charged_and_then_not_kept(
    as_office, family, children, classes
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))
    setup = card_saved(answer, family)

    response = pay(as_office, answer, method="card", setupIntentId=setup["id"])

    assert response.status_code == 201, response.json()
    checkout = Checkout.objects.get()
    charge = stripe_js.payment_intent(checkout.payment_intent_id)
    assert (charge["amount"], charge["status"]) == (30000, "succeeded")
    payment = Payment.objects.get()
    assert (payment.paid_with, payment.status) == (PaidWith.CARD, PaymentStatus.ENROLLED)
    assert LedgerEntry.objects.get().kind == LedgerKind.CHARGE
    assert checkout.paid_with == PaidWith.CARD
    assert card_of(setup)["customer"] is None
    assert DeskAction.objects.first().summary == f"Took $300.00 by card for checkout #{checkout.pk}"


def test_a_card_kept_with_the_familys_agreement_stays_saved(as_office, family, children, classes):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))
    setup = card_saved(answer, family)

    response = pay(as_office, answer, method="card", setupIntentId=setup["id"], keepCard=True)

    assert response.status_code == 201, response.json()
    assert card_of(setup)["customer"] == setup["customer"]


def test_a_plan_is_paid_by_a_card_kept_and_never_in_cash(as_office, family, children, season):
    mia, _ = children
    clay = a_season_class(season, "400.00", name="Clay")
    plan = PaymentPlan.objects.create(label="Three parts", season=season, deposit_percent=D(25))
    PaymentPlanDue.objects.create(plan=plan, days_before=30)
    answer = opened(
        as_office,
        family,
        (mia, clay),
        items=[{"classId": clay.pk, "participantId": mia.pk, "planId": plan.pk}],
    )
    assert answer["total"] == 100.0

    not_kept = pay(as_office, answer, method="card", setupIntentId="seti_1234")
    cash = pay(as_office, answer, method="cash")

    assert not_kept.status_code == 400 and list(not_kept.json()["errors"]) == ["keepCard"]
    assert cash.status_code == 400 and list(cash.json()["errors"]) == ["method"]
    assert not Payment.objects.exists()
    assert Checkout.objects.get().status == CheckoutStatus.OPEN


def test_pay_later_mails_a_link_holds_the_seats_and_the_family_pays_online(
    as_office, as_family, family, children, classes, settings
):
    settings.FRONT_DESK_PAY_LATER_HOURS = 48
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))

    response = pay(as_office, answer, method="link")

    assert response.status_code == 202, response.json()
    assert response.json()["linkSentTo"] == family.email
    held = SeatHold.objects.get()
    assert held.expires_at > timezone.now() + timedelta(hours=47)
    assert response.json()["checkout"]["holdExpiresAt"]
    assert not Payment.objects.exists()
    [link] = send_queued()
    assert link.to == [family.email]
    assert f"/dashboard/checkout/{answer['id']}" in link.body
    assert "$300.00" in link.body
    assert DeskAction.objects.first().kind == DeskActionKind.LINK_SENT

    mine = as_family.get(f"/api/checkouts/{answer['id']}").json()
    setup = stripe_js.confirm_card_setup(
        mine["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
    )["setupIntent"]
    paid = as_family.post(
        f"/api/checkouts/{answer['id']}/payment",
        {"total": mine["total"], "setupIntentId": setup["id"]},
        format="json",
    )

    assert paid.status_code == 201, paid.json()
    assert Payment.objects.get().status == PaymentStatus.ENROLLED
    # Paid online by the family: none of the desk's takings.
    assert Checkout.objects.get().paid_with == ""


def test_a_family_waiting_after_holds_that_ran_out_online_is_not_made_to_wait_at_the_desk(
    as_office, as_family, family, children, classes, settings
):
    mia, _ = children
    now = timezone.now()
    for minutes in (30, 20, 10):
        HoldLapse.objects.create(
            student=family, camp_class=classes[1], lapsed_at=now - timedelta(minutes=minutes)
        )
    items = [{"classId": classes[0].pk, "participantId": mia.pk}]

    online = as_family.post("/api/checkouts", {"items": items}, format="json")
    at_desk = as_office.post(
        "/api/frontDesk/checkouts", {"familyId": family.pk, "items": items}, format="json"
    )

    assert online.status_code == 409, online.json()
    assert at_desk.status_code == 201, at_desk.json()


def test_a_checkout_the_family_opened_is_not_the_desks(as_office, as_family, children, classes):
    mia, _ = children
    items = [{"classId": classes[0].pk, "participantId": mia.pk}]
    own = as_family.post("/api/checkouts", {"items": items}, format="json").json()

    assert as_office.get(f"/api/frontDesk/checkouts/{own['id']}").status_code == 404
    assert pay(as_office, own, method="cash").status_code == 404


def test_an_unknown_family_is_a_400_naming_it(as_office, instructor, classes, children):
    mia, _ = children
    response = as_office.post(
        "/api/frontDesk/checkouts",
        {"familyId": instructor.pk, "items": [{"classId": classes[0].pk, "participantId": mia.pk}]},
        format="json",
    )

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["familyId"]


def test_a_family_cancelling_a_seat_paid_in_cash_is_told_it_comes_back_as_credit(
    as_office, as_family, family, children, classes
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))
    assert pay(as_office, answer, method="cash").status_code == 201
    url = f"/api/enrolments/{Payment.objects.get().enrolment_id}/cancellation"
    preview = as_family.get(url, {"refundTo": "card"}).json()

    cancelled = as_family.post(
        url, {"refundTo": "card", "refundAmount": preview["refundAmount"]}, format="json"
    )

    assert cancelled.status_code == 200, cancelled.json()
    back = D(str(preview["refundAmount"]))
    assert back > 0
    assert cancelled.json()["message"] == (
        f"Your enrolment is cancelled and ${back:,.2f} is added to your account credit: it was "
        "paid in cash, by cheque or with credit, which no card can take back."
    )
    assert credit_balance(family.pk) == back
    assert not Refund.objects.exists()


def test_a_card_declined_at_the_desk_takes_nothing_and_logs_no_payment(
    as_office, family, children, classes
):
    mia, _ = children
    answer = opened(as_office, family, (mia, classes[0]))
    setup = stripe_js.confirm_card_setup(
        answer["clientSecret"],
        stripe_js.CARD_DECLINED_WHEN_CHARGED,
        email=family.email,
        name=family.name,
    )["setupIntent"]

    response = pay(as_office, answer, method="card", setupIntentId=setup["id"])

    assert response.status_code == 402, response.json()
    assert not Payment.objects.exists()
    assert Checkout.objects.get().status == CheckoutStatus.OPEN
    assert not DeskAction.objects.filter(kind=DeskActionKind.PAYMENT_TAKEN).exists()
