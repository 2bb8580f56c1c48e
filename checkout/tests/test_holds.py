"""A seat held while the family pays: taken by the payment page, counted by the clock, extended
once, and what becomes of a payment that arrives after its hold ran out. Against localstripe,
with the clock moved by time-machine."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from checkout.services import payment_fulfil, payment_record
from checkout.tests.test_fulfilment import charge_for
from enrolments.models import Enrolment, SeatHold
from enrolments.rules import Refusal
from enrolments.services import hold_take
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import SelectionFactory, UserFactory

pytestmark = pytest.mark.django_db


def open_payment_page(client, selection):
    return client.post("/api/createPaymentIntent", {"payId": selection.pk}, format="json")


def class_seats_free(client, camp_class) -> int:
    return client.get(f"/api/classes/{camp_class.pk}").json()["seatsFree"]


@pytest.fixture
def last_seat(pottery):
    pottery.seats = 1
    pottery.save(update_fields=["seats"])
    return pottery


@pytest.fixture
def rival(api_client_for, last_seat):
    """Another family, with the same class selected."""
    family = UserFactory(role=Role.STUDENT, name="Ana Reyes")
    return SelectionFactory(student=family, camp_class=last_seat), api_client_for(family)


def test_the_payment_page_holds_a_seat_for_the_minutes_the_school_set(
    localstripe, as_student, selection, settings, api_client
):
    settings.SEAT_HOLD_MINUTES = 15
    before = timezone.now()
    answer = open_payment_page(as_student, selection)

    assert answer.status_code == 200, answer.json()
    held_until = parse_datetime(answer.json()["holdExpiresAt"])
    assert before + timedelta(minutes=15) <= held_until <= timezone.now() + timedelta(minutes=15)
    assert answer.json()["clientSecret"]
    assert class_seats_free(api_client, selection.camp_class) == selection.camp_class.seats - 1


def test_opening_the_page_again_keeps_the_hold_as_it_was(localstripe, as_student, selection):
    first = open_payment_page(as_student, selection).json()["holdExpiresAt"]
    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        again = open_payment_page(as_student, selection).json()["holdExpiresAt"]

    assert again == first
    assert SeatHold.objects.count() == 1


def test_the_last_seat_held_by_one_family_is_not_free_to_another(
    localstripe, as_student, selection, last_seat, rival
):
    open_payment_page(as_student, selection)
    rival_selection, rival_client = rival

    answer = open_payment_page(rival_client, rival_selection)

    assert answer.status_code == 409
    assert answer.json()["message"] == Refusal.FULL.before_paying


def test_a_hold_stops_counting_one_second_after_it_expires(
    localstripe, as_student, selection, last_seat, rival, api_client
):
    held_until = parse_datetime(open_payment_page(as_student, selection).json()["holdExpiresAt"])
    rival_selection, _ = rival
    assert class_seats_free(api_client, last_seat) == 0

    with time_machine.travel(held_until + timedelta(seconds=1)):
        # No job has run: the count asks the clock.
        assert SeatHold.objects.filter(camp_class=last_seat).exists()
        assert class_seats_free(api_client, last_seat) == 1
        answer = open_payment_page(client_at_the_clock(rival_selection.student), rival_selection)
    assert answer.status_code == 200, answer.json()


def client_at_the_clock(person):
    # A token issued at the moved clock's time, as the browser would hold then.
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {AccessToken.for_user(person)}")
    return client


class TestExtension:
    def test_once_before_it_runs_out_for_the_minutes_the_school_set(
        self, localstripe, as_student, selection, settings
    ):
        settings.SEAT_HOLD_EXTENSION_MINUTES = 10
        held_until = parse_datetime(
            open_payment_page(as_student, selection).json()["holdExpiresAt"]
        )

        answer = as_student.post(f"/api/holds/{selection.pk}/extend")

        assert answer.status_code == 200, answer.json()
        assert parse_datetime(answer.json()["holdExpiresAt"]) == held_until + timedelta(minutes=10)
        assert answer.json()["extended"] is True

    def test_a_second_extension_is_refused(self, localstripe, as_student, selection):
        open_payment_page(as_student, selection)
        as_student.post(f"/api/holds/{selection.pk}/extend")

        answer = as_student.post(f"/api/holds/{selection.pk}/extend")

        assert answer.status_code == 409
        assert answer.json()["message"] == "This hold has been extended once already."

    def test_a_hold_that_ran_out_is_not_extended(self, localstripe, student, selection):
        held_until = parse_datetime(
            open_payment_page(client_at_the_clock(student), selection).json()["holdExpiresAt"]
        )
        with time_machine.travel(held_until + timedelta(seconds=1)):
            answer = client_at_the_clock(student).post(f"/api/holds/{selection.pk}/extend")

        assert answer.status_code == 409
        assert "no longer held" in answer.json()["message"]

    def test_someone_elses_selection_is_not_found(self, localstripe, selection, rival):
        open_payment_page(client_at_the_clock(selection.student), selection)
        _, rival_client = rival

        answer = rival_client.post(f"/api/holds/{selection.pk}/extend")

        assert answer.status_code == 404

    def test_without_a_hold_there_is_nothing_to_extend(self, as_student, selection):
        answer = as_student.post(f"/api/holds/{selection.pk}/extend")

        assert answer.status_code == 409


class TestPaymentAfterTheHoldRanOut:
    def test_it_is_enrolled_when_a_seat_is_still_free(
        self, localstripe, student, selection, last_seat
    ):
        client = client_at_the_clock(student)
        answer = open_payment_page(client, selection).json()
        saved = stripe_js.confirm_card_setup(
            answer["clientSecret"], stripe_js.CARD_OK, email=student.email, name=student.name
        )
        with time_machine.travel(parse_datetime(answer["holdExpiresAt"]) + timedelta(minutes=1)):
            paid = client_at_the_clock(student).post(
                "/api/payments",
                {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
                format="json",
            )

        assert paid.status_code == 201, paid.json()
        assert paid.json()["status"] == PaymentStatus.ENROLLED
        assert not SeatHold.objects.exists()

    def test_the_page_refuses_it_before_any_charge_when_the_seat_went_to_another(
        self, localstripe, student, selection, last_seat, rival
    ):
        answer = open_payment_page(client_at_the_clock(student), selection).json()
        saved = stripe_js.confirm_card_setup(
            answer["clientSecret"], stripe_js.CARD_OK, email=student.email, name=student.name
        )
        rival_selection, _ = rival
        with time_machine.travel(parse_datetime(answer["holdExpiresAt"]) + timedelta(minutes=1)):
            rival_page = open_payment_page(
                client_at_the_clock(rival_selection.student), rival_selection
            )
            assert rival_page.status_code == 200, rival_page.json()
            paid = client_at_the_clock(student).post(
                "/api/payments",
                {"payId": selection.pk, "setupIntentId": saved["setupIntent"]["id"]},
                format="json",
            )

        assert paid.status_code == 409
        assert paid.json()["message"] == Refusal.FULL.before_paying
        assert not Payment.objects.exists()

    def test_a_charge_already_made_is_refunded_in_full_and_the_family_told(
        self, localstripe, student, selection, last_seat, rival
    ):
        """The bank confirmed the payment (3-D Secure, or Stripe's webhook came) after the hold
        ran out and another family took the seat: the money goes back, and they are told."""
        answer = open_payment_page(client_at_the_clock(student), selection).json()
        charge = charge_for(selection)
        rival_selection, _ = rival
        with time_machine.travel(parse_datetime(answer["holdExpiresAt"]) + timedelta(minutes=1)):
            hold_take(selection=rival_selection)
            payment = payment_fulfil(payment_id=payment_record(charge=charge).pk)

        assert payment.status == PaymentStatus.REFUNDED
        assert payment.refund_reason == Refusal.FULL.refund_reason
        assert "hold ran out" in payment.refund_reason
        assert [refund["id"] for refund in stripe_js.refunds_of(charge.id)] == [payment.refund_id]
        assert not Enrolment.objects.filter(participant=selection.participant).exists()
        told = Message.objects.filter(
            kind=PaymentMessage.REFUND_MADE, about=f"payment:{payment.pk}"
        )
        assert told.count() == 1
        assert told.get().recipient == student.email
        # The page, asking after the payment, reads it refunded with the reason.
        history = client_at_the_clock(student).get(f"/api/payments/{student.email}").json()
        assert history[0]["refundReason"] == Refusal.FULL.refund_reason


def test_the_public_list_shows_a_seat_held_at_once(
    localstripe, as_student, selection, api_client, django_capture_on_commit_callbacks
):
    def listed_free() -> int:
        [camp_class] = api_client.get("/api/classes").json()
        return camp_class["seatsFree"]

    before = listed_free()
    # The cached lists are forgotten when the hold's transaction commits.
    with django_capture_on_commit_callbacks(execute=True):
        open_payment_page(as_student, selection)

    assert listed_free() == before - 1
