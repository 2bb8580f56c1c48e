"""Cancelling a discounted line: the refund is computed from what was paid for it; a discount
another of the family's classes loses with it (the dearest child cancels, so a sibling is no
longer a second child) is kept from the refund, never charged, and the preview says so; and the
family may take the refund as account credit, with the school's bonus."""

from decimal import Decimal

import pytest

from checkout.pricing import price_checkout
from payments.models import (
    CreditEntry,
    MultiClassDiscount,
    Payment,
    PaymentStatus,
    Refund,
)
from testing.factories import ChildFactory
from testing.pricing import paid_as_priced
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db

D = Decimal


def summer_class(season, price: str):
    return a_season_class(season, price)


def bought(family, child, camp_class) -> Payment:
    """Paid for as the pricing said then; the payment keeps how."""
    line = price_checkout(family, [(child, camp_class)]).lines[0]
    return paid_as_priced(family, child, camp_class, line)


@pytest.fixture
def siblings(family, season):
    """Mia in the $300 class, paid in full; then Leo in the $200 one, 10% off as second child."""
    mia, leo = ChildFactory(account=family), ChildFactory(account=family)
    dear = bought(family, mia, summer_class(season, "300.00"))
    cheap = bought(family, leo, summer_class(season, "200.00"))
    assert (dear.price, cheap.price) == (D("300.00"), D("180.00"))
    return dear, cheap


def preview(client, payment, refund_to=None):
    query = f"?refundTo={refund_to}" if refund_to else ""
    return client.get(f"/api/enrolments/{payment.enrolment_id}/cancellation{query}")


def test_the_full_price_child_cancelling_keeps_the_siblings_lost_discount_from_the_refund(
    as_family, siblings
):
    dear, _ = siblings

    answer = preview(as_family, dear).json()

    assert answer["paid"] == 300.0
    assert answer["withheldDiscount"] == 20.0
    assert answer["refundAmount"] == 280.0


def test_the_discounted_child_cancelling_loses_nothing_else(as_family, siblings):
    _, cheap = siblings

    answer = preview(as_family, cheap).json()

    # Refunded from what was paid for the line (180), not its list price (200).
    assert (answer["refundAmount"], answer["withheldDiscount"]) == (180.0, 0.0)


def test_a_refund_taken_as_credit_adds_the_schools_bonus_and_moves_no_money(
    settings, as_family, family, siblings
):
    settings.CREDIT_REFUND_BONUS_PERCENT = D(10)
    _, cheap = siblings
    shown = preview(as_family, cheap, "credit").json()
    assert (shown["refundTo"], shown["creditAmount"], shown["creditBonusPercent"]) == (
        "credit",
        198.0,
        10.0,
    )

    answer = as_family.post(
        f"/api/enrolments/{cheap.enrolment_id}/cancellation",
        {"refundAmount": 180.0, "refundTo": "credit"},
        format="json",
    )

    assert answer.status_code == 200
    assert answer.json()["refundStatus"] == "credited"
    assert answer.json()["creditAmount"] == 198.0
    assert answer.json()["message"] == (
        "Your enrolment is cancelled and $198.00 is added to your account credit."
    )
    entry = CreditEntry.objects.get()
    assert (entry.family, entry.amount, entry.payment) == (family, D("198.00"), cheap)
    assert not Refund.objects.exists()
    cheap.refresh_from_db()
    assert cheap.status == PaymentStatus.CANCELLED
    assert as_family.get("/api/credit").json()["balance"] == 198.0


def test_credit_is_spent_at_the_next_checkout(family, season, siblings):
    CreditEntry.objects.create(family=family, amount=D("50.00"), reason="Refund as credit")
    ava = ChildFactory(account=family)

    quote = price_checkout(family, [(ava, summer_class(season, "100.00"))], apply_credit=True)

    # Ava is the third child: 15% off, then the credit.
    assert quote.lines[0].amount_due == D("35.00")
    assert quote.credit == D("50.00")


def test_an_unknown_refund_destination_is_a_400_naming_the_field(as_family, siblings):
    dear, _ = siblings

    answer = as_family.post(
        f"/api/enrolments/{dear.enrolment_id}/cancellation", {"refundTo": "cash"}, format="json"
    )

    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["refundTo"]
    assert preview(as_family, dear, "cash").status_code == 400


def test_cancelling_a_childs_first_class_keeps_the_multi_class_discount_the_second_had(
    as_family, family, season
):
    MultiClassDiscount.objects.create(season=season, nth=2, percent=D(10))
    mia = ChildFactory(account=family)
    first = bought(family, mia, summer_class(season, "300.00"))
    second = bought(family, mia, summer_class(season, "200.00"))
    assert (first.price, second.price) == (D("300.00"), D("180.00"))

    answer = preview(as_family, first).json()

    # The $200 class is Mia's only class now: its $20 off as a second class is kept back.
    assert (answer["withheldDiscount"], answer["refundAmount"]) == (20.0, 280.0)
    assert preview(as_family, second).json()["withheldDiscount"] == 0.0
