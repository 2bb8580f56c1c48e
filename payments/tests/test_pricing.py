"""What a seat costs: `payments.pricing.price_for`, the one place a price is computed, and a
charge of a price other than the class's, through an adjustment only tests name."""

from decimal import Decimal

import pytest

from accounts.services import account_holder_of
from enrolments.models import Enrolment
from payments.models import Payment
from payments.pricing import Adjustment, Kind, Quote, price_for
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory

pytestmark = pytest.mark.django_db

FIVE_OFF = "testing.pricing.five_dollars_off"
HUNDRED_OFF = "testing.pricing.a_hundred_dollars_off"
CHILD_DIME = "testing.pricing.ten_cents_on_for_children"


class TestPriceFor:
    def test_with_no_adjustment_the_amount_due_is_the_list_price(self, student, pottery):
        quote = price_for(account_holder_of(student), pottery)

        assert quote == Quote(list_price=Decimal("45.50"))
        assert (quote.amount_due, quote.amount_due_cents) == (Decimal("45.50"), 4550)

    def test_the_adjustments_apply_in_the_order_named_and_to_whom_they_fit(
        self, settings, student, pottery
    ):
        settings.PRICE_ADJUSTMENTS = [CHILD_DIME, FIVE_OFF]
        child = ChildFactory(account=student)

        for_the_child = price_for(child, pottery)
        for_the_holder = price_for(account_holder_of(student), pottery)

        assert [a.amount for a in for_the_child.adjustments] == [Decimal("0.10"), Decimal("-5.00")]
        assert for_the_child.amount_due == Decimal("40.60")
        assert for_the_holder.adjustments == (
            Adjustment(
                kind=Kind.OTHER, label="Five dollars off (tests only)", amount=Decimal("-5.00")
            ),
        )
        assert for_the_holder.amount_due == Decimal("40.50")

    def test_the_amount_due_is_never_below_nothing(self, settings, student, pottery):
        settings.PRICE_ADJUSTMENTS = [HUNDRED_OFF]

        assert price_for(account_holder_of(student), pottery).amount_due == Decimal("0.00")


class TestChargingTheAmountDue:
    def test_the_card_is_charged_the_amount_due_and_the_seat_taken(
        self, settings, save_card, as_student, student, pottery
    ):
        settings.PRICE_ADJUSTMENTS = [FIVE_OFF]
        selection = SelectionFactory(student=student, camp_class=pottery)

        opened = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
        assert opened.json()["amountDue"] == 40.5
        saved = save_card(as_student, selection)
        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"], "price": "40.50"},
            format="json",
        )

        assert response.status_code == 201, response.json()
        assert (response.json()["status"], response.json()["price"]) == ("enrolled", 40.5)
        payment = Payment.objects.get()
        assert payment.price == Decimal("40.50")
        assert stripe_js.payment_intent(payment.transaction_id)["amount"] == 4050
        assert Enrolment.objects.filter(participant=selection.participant).exists()
        pottery.refresh_from_db()
        assert pottery.price == Decimal("45.50")

    def test_the_class_price_confirmed_against_a_lower_amount_due_charges_nothing(
        self, settings, save_card, as_student, student, pottery
    ):
        settings.PRICE_ADJUSTMENTS = [FIVE_OFF]
        selection = SelectionFactory(student=student, camp_class=pottery)
        saved = save_card(as_student, selection)

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"], "price": "45.50"},
            format="json",
        )

        assert response.status_code == 409
        assert response.json()["currentPrice"] == "40.50"
        assert not Payment.objects.exists()

    def test_nothing_due_enrols_without_a_card(self, settings, as_student, student, pottery):
        settings.PRICE_ADJUSTMENTS = [HUNDRED_OFF]
        selection = SelectionFactory(student=student, camp_class=pottery)

        card = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
        response = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

        assert card.status_code == 409
        assert card.json() == {
            "message": "Your discounts cover this class: enrol without a card.",
            "code": "nothing_due",
        }
        assert response.status_code == 201, response.json()
        assert (response.json()["status"], response.json()["price"]) == ("enrolled", 0)
