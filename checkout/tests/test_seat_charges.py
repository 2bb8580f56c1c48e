"""One seat, one charge: a participant's seat in a class is paid for by one charge at a time.
Two checkouts holding the same seat, a checkout and the single-class payment, or two tabs of
the single payment, each with its own card: while one charge of the seat is with Stripe (or
paid), the other is refused before Stripe is asked (`checkout.services.seat_charges`). Here
one after the other, on SQLite and PostgreSQL; at the same moment through two server processes
on PostgreSQL at the end."""

import time
import uuid
from collections import Counter
from datetime import timedelta

import pytest
import requests
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Role
from checkout.services.seat_charges import BANK_CONFIRMATION_WAIT
from checkout.tests.test_family_checkout import card_saved, opened, paid, summer_class
from checkout.tests.test_race import TIMEOUT, bearer, post_all_at_once
from classes.models import ClassStatus
from enrolments.models import Enrolment, Selection
from payments.models import (
    AttemptStatus,
    ChargeAttempt,
    Checkout,
    CheckoutStatus,
    Payment,
    PaymentStatus,
)
from payments.tests import stripe_js
from settlement.services import payments_reconcile
from testing.factories import ChildFactory, ClassFactory, UserFactory

ALREADY_PAYING = "This class is already being paid for in another payment."


@pytest.fixture
def mia(family):
    return ChildFactory(account=family, first_name="Mia")


@pytest.fixture
def pottery(season):
    return summer_class(season, "300.00", name="Wheel Pottery")


def being_paid(participant, camp_class, *, line: int | None = None) -> dict:
    """The answer to a second payment of a seat, as the family reads it."""
    if line is None:
        return {"message": ALREADY_PAYING, "code": "seat_paying"}
    return {
        "message": f"{participant.name}, {camp_class.name}: {ALREADY_PAYING}",
        "code": "seat_paying",
        "line": line,
        "classId": camp_class.pk,
        "participantId": participant.pk,
    }


def asked_by_the_bank_of_a_checkout(client, family, answer) -> dict:
    """A checkout paid with a card whose bank asks for 3-D Secure: the charge is at Stripe,
    waiting for the cardholder."""
    asked = paid(client, answer, card_saved(answer, family, stripe_js.CARD_3DS))
    assert asked.status_code == 402, asked.json()
    return asked.json()


def asked_by_the_bank_of_a_payment(client, save_card, selection) -> dict:
    """The single-class payment with a card whose bank asks for 3-D Secure."""
    saved = save_card(client, selection, stripe_js.CARD_3DS)
    asked = client.post(
        "/api/payments",
        {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )
    assert asked.status_code == 402, asked.json()
    return asked.json()


def single_paid(client, save_card, selection):
    saved = save_card(client, selection)
    assert "setupIntent" in saved, saved
    return client.post(
        "/api/payments",
        {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
        format="json",
    )


def charges() -> list[dict]:
    return stripe_js.payment_intents(since=0)


@pytest.mark.django_db
class TestOneAfterTheOther:
    def test_a_second_checkout_of_a_seat_being_paid_is_refused_before_stripe_is_asked(
        self, empty_localstripe, as_family, family, mia, pottery
    ):
        first = opened(as_family, (mia, pottery)).json()
        # Another tab: a checkout of its own, holding the same seat.
        second = opened(as_family, (mia, pottery)).json()
        asked = asked_by_the_bank_of_a_checkout(as_family, family, first)

        response = paid(as_family, second, card_saved(second, family))

        assert response.status_code == 409
        assert response.json() == being_paid(mia, pottery, line=0)
        assert [charge["id"] for charge in charges()] == [asked["paymentIntentId"]]
        assert Checkout.objects.get(pk=second["id"]).status == CheckoutStatus.OPEN
        # The bank's question answered, the first checkout enrols Mia with its one charge.
        stripe_js.confirm_card_payment(asked["clientSecret"])
        done = as_family.post(
            f"/api/checkouts/{first['id']}/payment",
            {"paymentIntentId": asked["paymentIntentId"], "total": first["total"]},
            format="json",
        )
        assert done.status_code == 201, done.json()
        payment = Payment.objects.get()
        assert (payment.status, payment.participant_id) == (PaymentStatus.ENROLLED, mia.pk)
        assert stripe_js.refunds_of(asked["paymentIntentId"]) == []
        assert len(charges()) == 1

    def test_a_checkout_of_a_seat_the_single_payment_is_paying_is_refused(
        self, empty_localstripe, as_family, family, mia, pottery, save_card
    ):
        selection = Selection.objects.create(student=family, participant=mia, camp_class=pottery)
        asked = asked_by_the_bank_of_a_payment(as_family, save_card, selection)
        answer = opened(as_family, (mia, pottery)).json()

        response = paid(as_family, answer, card_saved(answer, family))

        assert response.status_code == 409
        assert response.json() == being_paid(mia, pottery, line=0)
        assert [charge["id"] for charge in charges()] == [asked["paymentIntentId"]]

    def test_the_single_payment_of_a_seat_a_checkout_is_paying_is_refused(
        self, empty_localstripe, as_family, family, mia, pottery, save_card
    ):
        answer = opened(as_family, (mia, pottery)).json()
        asked = asked_by_the_bank_of_a_checkout(as_family, family, answer)
        selection = Selection.objects.get(participant=mia, camp_class=pottery)

        response = single_paid(as_family, save_card, selection)

        assert response.status_code == 409
        assert response.json() == being_paid(mia, pottery)
        assert [charge["id"] for charge in charges()] == [asked["paymentIntentId"]]
        assert not Payment.objects.exists()

    def test_two_tabs_of_the_single_payment_with_two_cards_charge_once(
        self, empty_localstripe, as_family, family, mia, pottery, save_card
    ):
        selection = Selection.objects.create(student=family, participant=mia, camp_class=pottery)
        asked = asked_by_the_bank_of_a_payment(as_family, save_card, selection)

        response = single_paid(as_family, save_card, selection)

        assert response.status_code == 409
        assert response.json() == being_paid(mia, pottery)
        assert [charge["id"] for charge in charges()] == [asked["paymentIntentId"]]

    def test_a_seat_whose_charge_the_bank_refused_may_be_paid_again(
        self, empty_localstripe, as_family, family, mia, pottery
    ):
        first = opened(as_family, (mia, pottery)).json()
        second = opened(as_family, (mia, pottery)).json()
        asked = asked_by_the_bank_of_a_checkout(as_family, family, first)
        stripe_js.confirm_card_payment(asked["clientSecret"], success=False)
        refused = as_family.post(
            f"/api/checkouts/{first['id']}/payment",
            {"paymentIntentId": asked["paymentIntentId"], "total": first["total"]},
            format="json",
        )
        assert refused.status_code == 402, refused.json()

        response = paid(as_family, second, card_saved(second, family))

        assert response.status_code == 201, response.json()
        assert Enrolment.objects.get().participant_id == mia.pk

    def test_a_bank_question_left_unanswered_no_longer_keeps_the_seat_from_another_payment(
        self, empty_localstripe, as_family, family, mia, pottery
    ):
        first = opened(as_family, (mia, pottery)).json()
        second = opened(as_family, (mia, pottery)).json()
        asked_by_the_bank_of_a_checkout(as_family, family, first)
        # The tab closed at the bank's question, longer ago than the cardholder is waited for.
        Checkout.objects.filter(pk=first["id"]).update(
            charging_since=Checkout.objects.get(pk=first["id"]).charging_since
            - BANK_CONFIRMATION_WAIT
            - timedelta(seconds=1)
        )

        response = paid(as_family, second, card_saved(second, family))

        assert response.status_code == 201, response.json()
        assert len(charges()) == 2

    def test_reconciliation_asking_after_a_bank_question_does_not_make_it_keep_the_seat_longer(
        self, empty_localstripe, as_family, family, mia, pottery, save_card
    ):
        selection = Selection.objects.create(student=family, participant=mia, camp_class=pottery)
        asked_by_the_bank_of_a_payment(as_family, save_card, selection)
        ChargeAttempt.objects.update(
            updated_at=timezone.now() - BANK_CONFIRMATION_WAIT - timedelta(seconds=1)
        )
        # Reconciliation finds the charge still waiting for the cardholder, each minute.
        payments_reconcile()

        response = single_paid(as_family, save_card, selection)

        assert response.status_code == 201, response.json()
        assert len(charges()) == 2


@pytest.mark.django_db
def test_the_database_keeps_one_unanswered_attempt_per_seat(family, mia, pottery):
    def attempt(key: str, status=AttemptStatus.CHARGING) -> ChargeAttempt:
        return ChargeAttempt.objects.create(
            student=family,
            participant=mia,
            camp_class=pottery,
            setup_intent_id=f"seti_{key}",
            amount_cents=30000,
            idempotency_key=key,
            status=status,
        )

    attempt("asked")
    # Settled ones of the same seat stand beside it.
    attempt("declined", AttemptStatus.DECLINED)
    attempt("at-the-bank", AttemptStatus.REQUIRES_ACTION)

    with pytest.raises(IntegrityError), transaction.atomic():
        attempt("asked-again")


@pytest.mark.django_db(transaction=True)
def test_checkouts_and_payments_of_one_seat_at_the_same_moment_charge_once(holding_servers):
    """Four families each pay for one child's seat three times at once (two checkouts and the
    single payment, each with its own card), half through each of two server processes: each
    family is charged once, and nothing is refunded."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    camp_class = ClassFactory(seats=10, enroll=0, status=ClassStatus.APPROVED)
    price = float(camp_class.price)
    posts, families = [], []
    for n in range(4):
        family = UserFactory(role=Role.STUDENT, email=f"family{n}-{run}@camp.test")
        child = ChildFactory(account=family)
        families.append(family)
        server = holding_servers[n % 2]
        for _ in range(2):
            answer = requests.post(
                f"{server}/api/checkouts",
                json={"items": [{"classId": camp_class.pk, "participantId": child.pk}]},
                headers=bearer(family),
                timeout=TIMEOUT,
            )
            assert answer.status_code == 201, answer.text
            body = answer.json()
            saved = stripe_js.confirm_card_setup(body["clientSecret"], email=family.email)
            posts.append(
                (
                    f"{server}/api/checkouts/{body['id']}/payment",
                    {"setupIntentId": saved["setupIntent"]["id"], "total": body["total"]},
                    bearer(family),
                )
            )
        selection = Selection.objects.get(participant=child, camp_class=camp_class)
        answer = requests.post(
            f"{server}/api/createPaymentIntent",
            json={"price": price, "payId": selection.pk},
            headers=bearer(family),
            timeout=TIMEOUT,
        )
        assert answer.status_code == 200, answer.text
        saved = stripe_js.confirm_card_setup(answer.json()["clientSecret"], email=family.email)
        posts.append(
            (
                f"{holding_servers[(n + 1) % 2]}/api/payments",
                {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
                bearer(family),
            )
        )

    responses = post_all_at_once(posts)

    assert Counter(response.status_code for response in responses) == {201: 4, 409: 8}, [
        response.text for response in responses
    ]
    # Refused before Stripe was asked: another charge of the seat open, or the seat taken by it.
    assert {
        response.json()["message"].endswith((ALREADY_PAYING, "is already enrolled in this class."))
        for response in responses
        if response.status_code == 409
    } == {True}, [response.text for response in responses]
    assert Enrolment.objects.filter(camp_class=camp_class).count() == 4
    made = [
        charge
        for charge in stripe_js.payment_intents(since=started)
        if charge["metadata"].get("student_email", "").endswith(f"-{run}@camp.test")
    ]
    assert Counter(charge["metadata"]["student_email"] for charge in made) == {
        family.email: 1 for family in families
    }
    assert all(stripe_js.refunds_of(charge["id"]) == [] for charge in made)
    assert not Payment.objects.exclude(status=PaymentStatus.ENROLLED).exists()
