"""A parent pays for a child's seat by card (localstripe): the seat is the child's, and the
payment, the history and the receipt name the child."""

from datetime import date

import pytest

from enrolments.models import Enrolment, Selection
from payments.models import Payment
from payments.services import payment_refund
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory
from testing.outbox import html_of, send_queued

pytestmark = pytest.mark.django_db


@pytest.fixture
def mia(student):
    return ChildFactory(
        account=student, first_name="Mia", last_name="Rivera", date_of_birth=date(2017, 3, 2)
    )


@pytest.fixture
def mias_selection(student, mia, pottery):
    return SelectionFactory(student=student, participant=mia, camp_class=pottery)


def test_a_childs_seat_is_paid_by_the_parent_and_named_everywhere(
    pay, as_student, student, mia, mias_selection, pottery
):
    response = pay(as_student, mias_selection)

    assert response.status_code == 201, response.json()
    payment = Payment.objects.get()
    assert (payment.student_id, payment.participant_id, payment.participant_name) == (
        student.pk,
        mia.pk,
        "Mia Rivera",
    )
    assert response.json()["participantName"] == "Mia Rivera"
    seat = Enrolment.objects.get()
    assert (seat.student_id, seat.participant_id, payment.enrolment_id) == (
        student.pk,
        mia.pk,
        seat.pk,
    )
    assert not Selection.objects.exists()
    charge = stripe_js.payment_intent(payment.transaction_id)
    assert charge["metadata"]["participant_id"] == str(mia.pk)
    history = as_student.get(f"/api/payments/{student.email}?participant={mia.pk}").json()
    assert [(row["_id"], row["participantName"]) for row in history] == [(payment.pk, "Mia Rivera")]

    [receipt] = send_queued()
    assert receipt.to == [student.email]
    assert receipt.subject == "Your receipt: Wheel-Thrown Pottery for Mia Rivera"
    assert "Thank you: Mia Rivera is enrolled in Wheel-Thrown Pottery." in receipt.body
    assert "For: Mia Rivera" in receipt.body
    assert "Mia Rivera" in html_of(receipt)


def test_siblings_pay_for_a_seat_each_in_one_class(
    pay, as_student, student, mia, mias_selection, pottery
):
    leo = ChildFactory(account=student, first_name="Leo", date_of_birth=date(2015, 8, 9))
    leos_selection = SelectionFactory(student=student, participant=leo, camp_class=pottery)

    assert pay(as_student, mias_selection).status_code == 201
    assert pay(as_student, leos_selection).status_code == 201

    assert sorted(Enrolment.objects.values_list("participant_id", flat=True)) == sorted(
        [mia.pk, leo.pk]
    )
    pottery.refresh_from_db()
    assert (pottery.seats, pottery.enroll) == (8, 4)


def test_a_refund_of_a_childs_seat_says_whose_it_was(pay, as_student, mias_selection):
    pay(as_student, mias_selection)
    payment = Payment.objects.get()
    send_queued()

    payment_refund(payment_id=payment.pk, reason="The class moved to a week you are away.")

    [_, refund] = send_queued()
    assert refund.subject == "Refund for Wheel-Thrown Pottery (Mia Rivera)"
    assert "for Wheel-Thrown Pottery (Mia Rivera's place)" in refund.body
