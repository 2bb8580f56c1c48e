"""Paying for a selected class, driven as the payment page drives it, against localstripe."""

import time
from datetime import time as clock_time
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from classes.models import Class, ClassStatus
from classes.services import class_update
from enrolments.models import Selection
from enrolments.rules import Refusal
from payments.models import ChargeAttempt, Payment, PaymentStatus, StripeCustomer
from payments.tests import stripe_js
from testing.factories import (
    PaymentFactory,
    SelectionFactory,
    class_answer,
    scheduled_class,
)

pytestmark = pytest.mark.django_db

SEAT_GONE = Refusal.FULL.refund_reason


def iso(moment) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def as_json(payment: Payment) -> dict:
    """A payment as the spec names its fields, read back from the database."""
    payment = Payment.objects.select_related("student", "camp_class__instructor").get(pk=payment.pk)
    camp_class = payment.camp_class
    return {
        "_id": payment.pk,
        "email": payment.student.email,
        "studentName": payment.student.name,
        "participantId": payment.participant_id,
        "participantName": payment.participant_name,
        "transactionId": payment.transaction_id,
        "price": float(payment.price),
        "date": iso(payment.date),
        "nameClass": camp_class.name,
        "image": camp_class.image,
        "instructorEmail": camp_class.instructor.email,
        "instructorName": camp_class.instructor.name,
        "payId": payment.selection_id,
        "classId": camp_class.pk,
        "seats": camp_class.seats,
        "enroll": camp_class.enroll,
        "status": payment.status,
        "refundReason": payment.refund_reason,
        "refundedAt": iso(payment.refunded_at) if payment.refunded_at else None,
        "refundAmount": float(payment.price) if payment.status == "refunded" else None,
        # A family's cancellation is the only thing that leaves a refund owed (its own tests).
        "refundPending": False,
        "planLabel": payment.plan_label,
        "instalments": [],
        # Refunded whole: its one charge, back to the card.
        "refundParts": [{"way": "card", "amount": float(payment.price), "instalmentId": None}]
        if payment.status == "refunded"
        else [],
        # A payment of its own, not a line of a family's checkout.
        "checkoutId": None,
        "checkoutReference": "",
    }


def class_json(camp_class: Class) -> dict:
    camp_class.refresh_from_db()
    return class_answer(camp_class)


def seats_and_enroll(camp_class: Class) -> tuple[int, int]:
    camp_class.refresh_from_db()
    return camp_class.seats, camp_class.enroll


class TestCreatePaymentIntent:
    def test_a_student_gets_a_setup_intent_for_their_selection(
        self, localstripe, as_student, student, selection
    ):
        response = as_student.post(
            "/api/createPaymentIntent", {"price": 45.5, "payId": selection.pk}, format="json"
        )

        assert response.status_code == 200
        assert set(response.json()) == {
            "clientSecret",
            "holdExpiresAt",
            "amountDue",
            "listPrice",
            "adjustments",
        }
        assert response.json()["amountDue"] == 45.5
        assert (response.json()["listPrice"], response.json()["adjustments"]) == (45.5, [])
        client_secret = response.json()["clientSecret"]
        setup_intent_id = client_secret.split("_secret_")[0]
        assert setup_intent_id.startswith("seti_")
        at_stripe = stripe_js.stripe_get(f"/v1/setup_intents/{setup_intent_id}")
        assert at_stripe["client_secret"] == client_secret
        assert at_stripe["payment_method_types"] == ["card"]
        # Kept for a plan's instalments, charged without the family there.
        assert at_stripe["usage"] == "off_session"
        assert at_stripe["customer"] == StripeCustomer.objects.get(student=student).customer_id
        assert at_stripe["metadata"] == {
            "app": "camp",
            "student_id": str(student.pk),
            "student_email": "sam@camp.test",
            "class_id": str(selection.camp_class_id),
            "selection_id": str(selection.pk),
            "participant_id": str(selection.participant_id),
        }

    def test_the_student_keeps_one_stripe_customer(self, localstripe, as_student, selection):
        for _ in range(2):
            response = as_student.post(
                "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
            )
            assert response.status_code == 200

        assert StripeCustomer.objects.count() == 1

    def test_a_customer_stripe_no_longer_has_is_replaced(
        self, localstripe, as_student, student, selection
    ):
        StripeCustomer.objects.create(student=student, customer_id="cus_forgotten")

        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 200
        customer_id = StripeCustomer.objects.get(student=student).customer_id
        assert customer_id != "cus_forgotten"
        assert stripe_js.stripe_get(f"/v1/customers/{customer_id}")["email"] == "sam@camp.test"
        setup_intent_id = response.json()["clientSecret"].split("_secret_")[0]
        assert stripe_js.stripe_get(f"/v1/setup_intents/{setup_intent_id}")["customer"] == (
            customer_id
        )

    def test_someone_elses_selection_is_not_found(
        self, localstripe, api_client_for, other_student, selection
    ):
        response = api_client_for(other_student).post(
            "/api/createPaymentIntent", {"price": 45.5, "payId": selection.pk}, format="json"
        )

        assert response.status_code == 404
        assert response.json() == {"message": "No such selected class."}

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"status": ClassStatus.DENIED}, "This class is no longer open for enrolment."),
            ({"status": ClassStatus.PENDING}, "This class is no longer open for enrolment."),
            ({"seats": 0}, "No seats are left in this class."),
            ({"price": Decimal("0.00")}, "This class is free: enrol without a card."),
            (
                {"price": Decimal("0.49")},
                "Card payments start at $0.50, so this class cannot be paid by card.",
            ),
        ],
    )
    def test_a_class_that_cannot_be_paid_by_card_is_refused(
        self, localstripe, as_student, selection, change, message
    ):
        Class.objects.filter(pk=selection.camp_class_id).update(**change)

        response = as_student.post(
            "/api/createPaymentIntent", {"price": 45.5, "payId": selection.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": message}

    def test_a_class_that_clashes_with_another_selected_one_is_refused_before_a_card(
        self, localstripe, as_student, student, selection
    ):
        monday = timezone.localdate() + timedelta(days=28 - timezone.localdate().weekday())
        pottery = selection.camp_class
        class_update(
            class_id=pottery.pk,
            editor=pottery.instructor,
            name=pottery.name,
            image=pottery.image,
            price=pottery.price,
            seats=pottery.seats,
            start_date=monday,
            start_time=clock_time(9),
            end_time=clock_time(12),
        )
        # Chosen before the weaving class moved onto pottery's morning.
        weaving = scheduled_class(
            name="Loom Weaving", start=monday, hours=(clock_time(10), clock_time(11))
        )
        SelectionFactory(student=student, camp_class=weaving)

        response = as_student.post(
            "/api/createPaymentIntent", {"price": 45.5, "payId": selection.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class meets at the same time as Loom Weaving."}
        assert not StripeCustomer.objects.filter(student=student).exists()

    def test_a_student_already_enrolled_is_refused(self, localstripe, as_student, selection):
        PaymentFactory(
            student=selection.student,
            camp_class=selection.camp_class,
            status=PaymentStatus.ENROLLED,
        )

        response = as_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "You are already enrolled in this class."}

    def test_the_selection_is_required(self, as_student):
        response = as_student.post("/api/createPaymentIntent", {"price": 45.5}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: payId.",
            "errors": {"payId": ["This field is required."]},
        }

    def test_anonymous_callers_must_sign_in(self, api_client, selection):
        response = api_client.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 401

    def test_only_students_pay(self, not_a_student, selection):
        response = not_a_student.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 403
        assert response.json() == {"message": "Only students may do this."}


class TestPay:
    def test_a_saved_card_pays_and_enrols(self, as_student, student, selection, pottery, pay):
        response = pay(as_student, selection)

        assert response.status_code == 201, response.json()
        payment = Payment.objects.get()
        assert response.json() == {"result": {"insertedId": payment.pk}, **as_json(payment)}
        assert response.json() | {"date": None} == {
            "result": {"insertedId": payment.pk},
            "_id": payment.pk,
            "email": "sam@camp.test",
            "studentName": "Sam Rivera",
            "participantId": selection.participant_id,
            "participantName": "Sam Rivera",
            "transactionId": payment.transaction_id,
            "price": 45.5,
            "date": None,
            "nameClass": "Wheel-Thrown Pottery",
            "image": "https://images.camp.test/pottery.jpg",
            "instructorEmail": "maya@camp.test",
            "instructorName": "Maya Lindqvist",
            "payId": selection.pk,
            "classId": pottery.pk,
            "seats": 9,
            "enroll": 3,
            "status": "enrolled",
            "refundReason": "",
            "refundedAt": None,
            "refundAmount": None,
            "refundPending": False,
            "planLabel": "",
            "instalments": [],
            "refundParts": [],
            "checkoutId": None,
            "checkoutReference": "",
        }
        assert seats_and_enroll(pottery) == (9, 3)
        assert not Selection.objects.filter(pk=selection.pk).exists()
        charge = stripe_js.payment_intent(payment.transaction_id)
        assert (charge["status"], charge["amount"], charge["currency"]) == (
            "succeeded",
            4550,
            "usd",
        )
        attempt = ChargeAttempt.objects.get(payment=payment)
        assert charge["metadata"] | {"setup_intent_id": None} == {
            "attempt_id": str(attempt.pk),
            "app": "camp",
            "student_id": str(student.pk),
            "student_email": "sam@camp.test",
            "class_id": str(pottery.pk),
            "selection_id": str(selection.pk),
            "participant_id": str(selection.participant_id),
            "setup_intent_id": None,
        }
        assert charge["metadata"]["setup_intent_id"] == payment.setup_intent_id
        assert stripe_js.refunds_of(payment.transaction_id) == []

    def test_the_amount_is_the_class_price_whatever_the_browser_says(
        self, save_card, as_student, selection
    ):
        saved = save_card(as_student, selection)

        response = as_student.post(
            "/api/payments",
            {
                "payId": selection.pk,
                "setupIntentId": saved["setupIntent"]["id"],
                "price": "45.50",
                "transactionId": "pi_forged",
                "status": "enrolled",
            },
            format="json",
        )

        assert response.status_code == 201
        assert response.json()["price"] == 45.5
        assert response.json()["transactionId"] != "pi_forged"
        charge = stripe_js.payment_intent(response.json()["transactionId"])
        assert charge["amount"] == 4550

    @pytest.mark.parametrize("confirmed", ["0.50", "45.49", "99.00"])
    def test_a_price_other_than_the_one_confirmed_charges_nothing(
        self, save_card, as_student, selection, confirmed
    ):
        # The page showed one price; the class now costs another (or the body was forged).
        saved = save_card(as_student, selection)

        response = as_student.post(
            "/api/payments",
            {
                "payId": selection.pk,
                "setupIntentId": saved["setupIntent"]["id"],
                "price": confirmed,
            },
            format="json",
        )

        assert response.status_code == 409
        assert response.json() == {
            "message": "The price of this class is now $45.50. "
            "Please check the new price and confirm again.",
            "currentPrice": "45.50",
        }
        assert not Payment.objects.exists()
        assert not ChargeAttempt.objects.exists()

    def test_the_confirmed_new_price_is_charged_after_a_repricing(
        self, save_card, as_student, selection
    ):
        saved = save_card(as_student, selection)
        Class.objects.filter(pk=selection.camp_class_id).update(price=Decimal("52.00"))
        body = {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]}

        refused = as_student.post("/api/payments", {**body, "price": "45.50"}, format="json")
        accepted = as_student.post(
            "/api/payments", {**body, "price": refused.json()["currentPrice"]}, format="json"
        )

        assert refused.status_code == 409
        assert accepted.status_code == 201, accepted.json()
        assert stripe_js.payment_intent(accepted.json()["transactionId"])["amount"] == 5200

    def test_cents_are_computed_exactly(self, as_student, selection, pay):
        Class.objects.filter(pk=selection.camp_class_id).update(price=Decimal("19.99"))

        response = pay(as_student, selection)

        assert response.status_code == 201
        assert response.json()["price"] == 19.99
        assert stripe_js.payment_intent(response.json()["transactionId"])["amount"] == 1999

    def test_a_card_declined_when_saved_pays_nothing(
        self, localstripe, as_student, selection, pottery
    ):
        answer = as_student.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")
        client_secret = answer.json()["clientSecret"]
        saved = stripe_js.confirm_card_setup(client_secret, stripe_js.CARD_DECLINED)
        assert saved["error"]["message"] == "Your card was declined."
        # The page shows that error and stops; a tampered page posts the setup anyway.
        setup_intent_id = client_secret.split("_secret_")[0]

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": setup_intent_id},
            format="json",
        )

        assert response.status_code == 402
        assert response.json() == {
            "message": "Your card was not accepted. Please check it or use another."
        }
        assert not Payment.objects.exists()
        assert seats_and_enroll(pottery) == (10, 2)
        assert Selection.objects.filter(pk=selection.pk).exists()

    def test_a_card_declined_when_charged_answers_the_providers_message(
        self, as_student, selection, pottery, pay
    ):
        response = pay(as_student, selection, stripe_js.CARD_DECLINED_WHEN_CHARGED)

        assert response.status_code == 402
        assert response.json() == {"message": "Your card was declined."}
        assert not Payment.objects.exists()
        assert seats_and_enroll(pottery) == (10, 2)
        assert Selection.objects.filter(pk=selection.pk).exists()

    def test_a_repeated_request_is_the_same_payment(
        self, save_card, as_student, selection, pottery
    ):
        started = int(time.time()) - 1
        saved = save_card(as_student, selection)
        body = {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]}

        first = as_student.post("/api/payments", body, format="json")
        again = as_student.post("/api/payments", body, format="json")

        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()
        assert Payment.objects.count() == 1
        assert seats_and_enroll(pottery) == (9, 3)
        charges = stripe_js.payment_intents(
            since=started, setup_intent_id=saved["setupIntent"]["id"]
        )
        assert [charge["id"] for charge in charges] == [first.json()["transactionId"]]

    def test_a_card_saved_for_someone_else_is_refused(
        self, save_card, api_client_for, other_student, as_student, selection, pottery
    ):
        saved = save_card(as_student, selection)
        theirs = SelectionFactory(student=other_student, camp_class=pottery)

        response = api_client_for(other_student).post(
            "/api/payments",
            {"payId": theirs.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: setupIntentId.",
            "errors": {"setupIntentId": ["This card was not saved for this selected class."]},
        }
        assert not Payment.objects.exists()

    def test_someone_elses_selection_is_not_found(
        self, save_card, api_client_for, other_student, as_student, selection
    ):
        saved = save_card(as_student, selection)

        response = api_client_for(other_student).post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )

        assert response.status_code == 404
        assert response.json() == {"message": "No such selected class."}
        assert not Payment.objects.exists()

    def test_an_unknown_setup_intent_is_refused(self, localstripe, as_student, selection):
        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": "seti_doesnotexist"},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "setupIntentId": ["This card was not saved for this selected class."]
        }

    def test_a_paid_class_needs_a_saved_card(self, as_student, selection):
        response = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "message": "Please check these fields: setupIntentId.",
            "errors": {"setupIntentId": ["This class is not free: save a card to pay for it."]},
        }

    def test_one_intent_at_a_time(self, as_student, selection):
        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": "seti_a", "paymentIntentId": "pi_b"},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "paymentIntentId": ["Send either setupIntentId or paymentIntentId."]
        }

    def test_a_free_class_enrols_without_a_card(self, as_student, selection, pottery):
        Class.objects.filter(pk=pottery.pk).update(price=Decimal("0.00"))

        first = as_student.post("/api/payments", {"payId": selection.pk}, format="json")
        again = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

        assert first.status_code == 201
        payment = Payment.objects.get()
        assert first.json() == {"result": {"insertedId": payment.pk}, **as_json(payment)}
        assert (payment.transaction_id, payment.price) == (f"free_{selection.pk}", 0)
        assert (first.json()["status"], first.json()["price"]) == ("enrolled", 0)
        assert (again.status_code, again.json()) == (200, first.json())
        assert seats_and_enroll(pottery) == (9, 3)
        assert not Selection.objects.filter(pk=selection.pk).exists()

    def test_a_full_free_class_enrols_nobody(self, as_student, selection, pottery):
        Class.objects.filter(pk=pottery.pk).update(price=Decimal("0.00"), seats=0)

        response = as_student.post("/api/payments", {"payId": selection.pk}, format="json")

        assert response.status_code == 409
        assert response.json() == {"message": "No seats are left in this class."}
        assert not Payment.objects.exists()

    def test_anonymous_callers_must_sign_in(self, api_client, selection):
        response = api_client.post("/api/payments", {"payId": selection.pk}, format="json")

        assert response.status_code == 401

    def test_only_students_pay(self, not_a_student, selection):
        response = not_a_student.post("/api/payments", {"payId": selection.pk}, format="json")

        assert response.status_code == 403
        assert response.json() == {"message": "Only students may do this."}


class TestThreeDSecure:
    def start(self, save_card, client, selection) -> dict:
        saved = save_card(client, selection, stripe_js.CARD_3DS)
        response = client.post(
            "/api/payments",
            {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )
        assert response.status_code == 402, response.json()
        return response.json()

    def test_the_bank_asks_then_the_payment_completes(
        self, save_card, as_student, selection, pottery
    ):
        asked = self.start(save_card, as_student, selection)

        assert asked == {
            "message": "Your bank asks you to confirm this payment.",
            "requiresAction": True,
            "clientSecret": asked["clientSecret"],
            "paymentIntentId": asked["paymentIntentId"],
        }
        assert asked["clientSecret"].startswith(f"{asked['paymentIntentId']}_secret_")
        assert not Payment.objects.exists()

        assert "paymentIntent" in stripe_js.confirm_card_payment(asked["clientSecret"])
        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": asked["paymentIntentId"]},
            format="json",
        )

        assert response.status_code == 201
        payment = Payment.objects.get()
        assert payment.transaction_id == asked["paymentIntentId"]
        assert response.json() == {"result": {"insertedId": payment.pk}, **as_json(payment)}
        assert response.json()["status"] == "enrolled"
        assert seats_and_enroll(pottery) == (9, 3)

    def test_failed_authentication_pays_nothing(self, save_card, as_student, selection, pottery):
        asked = self.start(save_card, as_student, selection)
        stripe_js.confirm_card_payment(asked["clientSecret"], success=False)

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": asked["paymentIntentId"]},
            format="json",
        )

        assert response.status_code == 402
        assert response.json() == {
            "message": "The provided PaymentMethod has failed authentication."
        }
        assert not Payment.objects.exists()
        assert seats_and_enroll(pottery) == (10, 2)

    def test_the_last_seat_going_meanwhile_refunds_the_payment(
        self, save_card, as_student, selection, pottery
    ):
        Class.objects.filter(pk=pottery.pk).update(seats=1)
        asked = self.start(save_card, as_student, selection)
        # Someone else takes the last seat while the student talks to their bank.
        Class.objects.filter(pk=pottery.pk).update(seats=0, enroll=3)
        stripe_js.confirm_card_payment(asked["clientSecret"])

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": asked["paymentIntentId"]},
            format="json",
        )

        assert response.status_code == 409
        payment = Payment.objects.get()
        assert response.json() == {
            "message": SEAT_GONE,
            "result": {"insertedId": payment.pk},
            **as_json(payment),
        }
        assert (payment.status, payment.refund_reason) == ("refunded", SEAT_GONE)
        assert seats_and_enroll(pottery) == (0, 3)
        refunds = stripe_js.refunds_of(payment.transaction_id)
        assert [(r["id"], r["amount"], r["status"]) for r in refunds] == [
            (payment.refund_id, 4550, "succeeded")
        ]
        assert Selection.objects.filter(pk=selection.pk).exists()

    def test_a_price_change_meanwhile_keeps_the_price_the_family_confirmed(
        self, save_card, as_student, selection, pottery
    ):
        asked = self.start(save_card, as_student, selection)
        Class.objects.filter(pk=pottery.pk).update(price=Decimal("50.00"))
        stripe_js.confirm_card_payment(asked["clientSecret"])

        response = as_student.post(
            "/api/payments",
            {"payId": selection.pk, "paymentIntentId": asked["paymentIntentId"]},
            format="json",
        )

        # They confirmed $45.50 before the change and the bank charged it: the seat is theirs.
        assert response.status_code == 201, response.json()
        assert (response.json()["status"], response.json()["price"]) == ("enrolled", 45.5)
        assert stripe_js.refunds_of(asked["paymentIntentId"]) == []
        assert seats_and_enroll(pottery) == (9, 3)

    def test_someone_elses_payment_intent_is_refused(
        self, save_card, as_student, api_client_for, other_student, selection, pottery
    ):
        asked = self.start(save_card, as_student, selection)
        stripe_js.confirm_card_payment(asked["clientSecret"])
        theirs = SelectionFactory(student=other_student, camp_class=pottery)

        response = api_client_for(other_student).post(
            "/api/payments",
            {"payId": theirs.pk, "paymentIntentId": asked["paymentIntentId"]},
            format="json",
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "paymentIntentId": ["This is not a payment for this selected class."]
        }
        assert not Payment.objects.exists()
