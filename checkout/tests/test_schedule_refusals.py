"""Paying for a class whose registration closed, or which now clashes with another of the
student's classes: refused before any charge, and refunded when it happens after one."""

import time
from datetime import time as clock_time
from datetime import timedelta

import pytest
from django.utils import timezone

from classes.models import Class
from classes.services import class_update
from payments.models import ChargeAttempt, Payment
from payments.tests import stripe_js
from testing.factories import SelectionFactory, scheduled_class

pytestmark = pytest.mark.django_db


def a_monday_ahead():
    today = timezone.localdate()
    return today + timedelta(days=28 - today.weekday())


def reschedule(camp_class, *, hours):
    """The instructor moves the class to one morning, `hours` on a Monday four weeks on."""
    class_update(
        class_id=camp_class.pk,
        editor=camp_class.instructor,
        name=camp_class.name,
        image=camp_class.image,
        price=camp_class.price,
        seats=camp_class.seats,
        start_date=a_monday_ahead(),
        end_date=a_monday_ahead(),
        meeting_days=[],
        start_time=hours[0],
        end_time=hours[1],
    )


@pytest.fixture
def scheduled_pottery(pottery):
    reschedule(pottery, hours=(clock_time(9), clock_time(12)))
    pottery.refresh_from_db()
    return pottery


@pytest.fixture
def weaving(student):
    """Another class the student chose while its schedule was still to be announced."""
    weaving = scheduled_class(
        name="Loom Weaving",
        start=a_monday_ahead() + timedelta(days=1),
        hours=(clock_time(9), clock_time(12)),
    )
    SelectionFactory(student=student, camp_class=weaving)
    return weaving


def charges_with(saved_card: dict, *, since: int) -> list[dict]:
    """The PaymentIntents Stripe made with this saved card."""
    return stripe_js.payment_intents(since=since, setup_intent_id=saved_card["setupIntent"]["id"])


class TestRefusedBeforeAnyCharge:
    def test_a_class_that_now_clashes_is_refused_before_the_card_is_charged(
        self, save_card, as_student, selection, scheduled_pottery, weaving
    ):
        started = int(time.time()) - 1
        saved = save_card(as_student, selection)
        # While the student types their card, weaving moves onto pottery's morning.
        reschedule(weaving, hours=(clock_time(11), clock_time(13)))

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class meets at the same time as Loom Weaving."}
        assert not ChargeAttempt.objects.exists()
        assert not Payment.objects.exists()
        assert charges_with(saved, since=started) == []
        scheduled_pottery.refresh_from_db()
        assert (scheduled_pottery.seats, scheduled_pottery.enroll) == (10, 2)

    def test_a_class_whose_registration_closed_is_refused_before_the_card_is_charged(
        self, save_card, as_student, selection, scheduled_pottery
    ):
        started = int(time.time()) - 1
        saved = save_card(as_student, selection)
        closed_at = timezone.now() - timedelta(seconds=1)
        Class.objects.filter(pk=scheduled_pottery.pk).update(registration_closes_at=closed_at)

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

        assert response.status_code == 409
        assert response.json()["message"].startswith("Registration for this class closed on ")
        assert not ChargeAttempt.objects.exists()
        assert charges_with(saved, since=started) == []

    def test_a_card_is_not_even_saved_for_a_class_that_started(
        self, localstripe, as_student, selection, scheduled_pottery
    ):
        Class.objects.filter(pk=scheduled_pottery.pk).update(
            starts_at=timezone.now() - timedelta(minutes=1)
        )

        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class has already started."}


class TestRefundedAfterTheCharge:
    """The bank asks the student to confirm (3-D Secure): the charge is made, and the seat is
    taken only when they come back. What changed meanwhile refunds the charge."""

    def charged_then(self, save_card, client, selection, meanwhile):
        saved = save_card(client, selection, stripe_js.CARD_3DS)
        asked = client.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )
        assert asked.status_code == 402, asked.json()
        meanwhile()
        stripe_js.confirm_card_payment(asked.json()["clientSecret"])
        return client.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": asked.json()["paymentIntentId"]},
            format="json",
        )

    def assert_refunded(self, response, pottery, reason):
        assert response.status_code == 409
        payment = Payment.objects.get()
        assert response.json()["message"] == reason
        assert (payment.status, payment.refund_reason) == ("refunded", reason)
        refunds = stripe_js.refunds_of(payment.transaction_id)
        assert [(refund["id"], refund["amount"]) for refund in refunds] == [
            (payment.refund_id, 4550)
        ]
        pottery.refresh_from_db()
        assert (pottery.seats, pottery.enroll) == (10, 2)

    def test_a_clash_that_appeared_meanwhile_refunds_naming_the_other_class(
        self, save_card, as_student, selection, scheduled_pottery, weaving
    ):
        response = self.charged_then(
            save_card,
            as_student,
            selection,
            lambda: reschedule(weaving, hours=(clock_time(8), clock_time(10))),
        )

        self.assert_refunded(
            response,
            scheduled_pottery,
            "This class meets at the same time as Loom Weaving; your payment has been refunded.",
        )

    def test_a_class_that_started_meanwhile_refunds(
        self, save_card, as_student, selection, scheduled_pottery
    ):
        response = self.charged_then(
            save_card,
            as_student,
            selection,
            lambda: Class.objects.filter(pk=scheduled_pottery.pk).update(
                starts_at=timezone.now() - timedelta(seconds=1)
            ),
        )

        self.assert_refunded(
            response,
            scheduled_pottery,
            "The class started while you were paying; your payment has been refunded.",
        )

    def test_registration_that_closed_meanwhile_refunds(
        self, save_card, as_student, selection, scheduled_pottery
    ):
        response = self.charged_then(
            save_card,
            as_student,
            selection,
            lambda: Class.objects.filter(pk=scheduled_pottery.pk).update(
                registration_closes_at=timezone.now() - timedelta(seconds=1)
            ),
        )

        self.assert_refunded(
            response,
            scheduled_pottery,
            "Registration for this class closed while you were paying; "
            "your payment has been refunded.",
        )
