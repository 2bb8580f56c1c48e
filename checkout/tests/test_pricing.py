"""What a seat costs: `checkout.pricing.price_for`, the one place a price is computed, and a
charge of a price other than the class's list price, through the season's own early-bird rule."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.services import account_holder_of
from checkout.pricing import Adjustment, Quote, price_for
from enrolments.models import Enrolment
from payments.models import EarlyBirdPrice, Kind, Payment
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory

pytestmark = pytest.mark.django_db


def early_bird(camp_class, price: str) -> EarlyBirdPrice:
    """The class's early-bird price, in force for a day more: the list price stays as it was."""
    return EarlyBirdPrice.objects.create(
        camp_class=camp_class, price=Decimal(price), until=timezone.now() + timedelta(days=1)
    )


class TestPriceFor:
    def test_with_no_adjustment_the_amount_due_is_the_list_price(self, student, pottery):
        quote = price_for(account_holder_of(student), pottery)

        assert quote == Quote(list_price=Decimal("45.50"))
        assert (quote.amount_due, quote.amount_due_cents) == (Decimal("45.50"), 4550)

    def test_a_rule_in_force_adjusts_the_list_price_for_each_participant(self, student, pottery):
        early_bird(pottery, "40.50")
        child = ChildFactory(account=student)

        for_the_child = price_for(child, pottery)
        for_the_holder = price_for(account_holder_of(student), pottery)

        assert for_the_child == for_the_holder
        assert for_the_holder.adjustments == (
            Adjustment(kind=Kind.EARLY_BIRD, label="Early-bird price", amount=Decimal("-5.00")),
        )
        assert (for_the_holder.list_price, for_the_holder.amount_due) == (
            Decimal("45.50"),
            Decimal("40.50"),
        )

    def test_the_amount_due_is_never_below_nothing(self):
        quote = Quote(
            list_price=Decimal("45.50"),
            adjustments=(Adjustment(kind=Kind.CODE, label="A code", amount=Decimal("-100.00")),),
        )

        assert (quote.amount_due, quote.amount_due_cents) == (Decimal("0.00"), 0)


class TestChargingTheAmountDue:
    def test_the_card_is_charged_the_amount_due_and_the_seat_taken(
        self, save_card, as_student, student, pottery
    ):
        early_bird(pottery, "40.50")
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
        self, save_card, as_student, student, pottery
    ):
        early_bird(pottery, "40.50")
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

    def test_nothing_due_enrols_without_a_card(self, as_student, student, pottery):
        early_bird(pottery, "0.00")
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
