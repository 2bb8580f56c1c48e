"""Many buyers, few seats, two server processes, one PostgreSQL database.

The servers are real gunicorn processes on the test database; the buyers are threads posting
at the same moment, half to each server. Only the database can keep them from overselling.
"""

import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
import requests
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role
from classes.models import ClassStatus
from enrolments.models import Enrolment, Selection
from enrolments.rules import Refusal
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import ChildFactory, ClassFactory, SelectionFactory, UserFactory

TIMEOUT = 60
SEAT_GONE = Refusal.FULL.refund_reason
NO_SEATS = "No seats are left in this class."

pytestmark = pytest.mark.django_db(transaction=True)


def bearer(user) -> dict:
    return {"Authorization": f"Bearer {AccessToken.for_user(user)}"}


def save_card(server: str, selection) -> str:
    """The payment page through a real server: a SetupIntent, the card saved into it."""
    answer = requests.post(
        f"{server}/api/createPaymentIntent",
        json={"price": 45.5, "payId": selection.pk},
        headers=bearer(selection.student),
        timeout=TIMEOUT,
    )
    assert answer.status_code == 200, answer.text
    saved = stripe_js.confirm_card_setup(answer.json()["clientSecret"])
    return saved["setupIntent"]["id"]


def post_all_at_once(posts: list[tuple[str, dict, dict]]) -> list[requests.Response]:
    """Post every (url, body, headers) from its own thread, released at the same moment."""
    start = threading.Barrier(len(posts))

    def post(url, body, headers):
        start.wait()
        return requests.post(url, json=body, headers=headers, timeout=TIMEOUT)

    with ThreadPoolExecutor(max_workers=len(posts)) as pool:
        futures = [pool.submit(post, *arguments) for arguments in posts]
        return [future.result() for future in futures]


def pay_all_at_once(servers: list[str], selections) -> list[requests.Response]:
    """Each buyer saves a card through a server (half through each), then every one of them
    presses Pay at the same moment."""
    setups = [save_card(servers[n % 2], selection) for n, selection in enumerate(selections)]
    return post_all_at_once(
        [
            (
                f"{servers[n % 2]}/api/payments",
                {"payId": selection.pk, "setupIntentId": setup_intent_id},
                bearer(selection.student),
            )
            for n, (selection, setup_intent_id) in enumerate(zip(selections, setups, strict=True))
        ]
    )


def test_twenty_buyers_for_five_seats_enrol_five_and_lose_no_money(servers):
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    camp_class = ClassFactory(
        price=Decimal("45.50"), seats=5, enroll=0, status=ClassStatus.APPROVED
    )
    selections = [
        SelectionFactory(
            student=UserFactory(role=Role.STUDENT, email=f"buyer{n}-{run}@camp.test"),
            camp_class=camp_class,
        )
        for n in range(20)
    ]
    responses = pay_all_at_once(servers, selections)

    assert Counter(response.status_code for response in responses) == {201: 5, 409: 15}, [
        response.text for response in responses
    ]
    assert {
        response.json()["message"] for response in responses if response.status_code == 409
    } <= {
        SEAT_GONE,
        NO_SEATS,
    }
    camp_class.refresh_from_db()
    assert (camp_class.seats, camp_class.enroll) == (0, 5)
    enrolled = Payment.objects.filter(camp_class=camp_class, status=PaymentStatus.ENROLLED)
    assert enrolled.count() == 5
    assert not Payment.objects.filter(status=PaymentStatus.ENROLL_PENDING).exists()
    assert Selection.objects.filter(camp_class=camp_class).count() == 15
    assert {response.json()["transactionId"] for response in responses if response.ok} == set(
        enrolled.values_list("transaction_id", flat=True)
    )

    # Stripe's side: every charge made is an enrolment, or was refunded in full and says why.
    buyers = {selection.student.email for selection in selections}
    charges = [
        charge
        for charge in stripe_js.payment_intents(since=started, class_id=str(camp_class.pk))
        if charge["metadata"]["student_email"] in buyers
    ]
    assert len(charges) >= 5
    recorded = {payment.transaction_id: payment for payment in Payment.objects.all()}
    for charge in charges:
        payment = recorded[charge["id"]]
        refunds = stripe_js.refunds_of(charge["id"])
        if payment.status == PaymentStatus.ENROLLED:
            assert refunds == []
        else:
            assert (payment.status, payment.refund_reason) == (PaymentStatus.REFUNDED, SEAT_GONE)
            assert [(refund["id"], refund["amount"]) for refund in refunds] == [
                (payment.refund_id, 4550)
            ]
    assert len(recorded) == len(charges)


def test_a_double_click_through_two_servers_charges_once(servers):
    started = int(time.time()) - 1
    camp_class = ClassFactory(price=Decimal("45.50"), seats=5, status=ClassStatus.APPROVED)
    selection = SelectionFactory(camp_class=camp_class)
    setup_intent_id = save_card(servers[0], selection)
    body = {"payId": selection.pk, "setupIntentId": setup_intent_id}

    responses = post_all_at_once(
        [(f"{servers[n % 2]}/api/payments", body, bearer(selection.student)) for n in range(4)]
    )

    # One request charges; a twin that arrives while it does is told the payment is being
    # confirmed (202) and asks after it, as the payment page does.
    statuses = sorted(response.status_code for response in responses)
    assert statuses.count(201) == 1 and set(statuses) <= {200, 201, 202}, statuses
    payment = Payment.objects.get()
    for response in responses:
        if response.status_code == 202:
            attempt = response.json()["attemptId"]
            response = requests.get(
                f"{servers[0]}/api/payments/attempts/{attempt}",
                headers=bearer(selection.student),
                timeout=30,
            )
            assert response.json()["status"] == "enrolled"
            assert response.json()["payment"]["_id"] == payment.pk
        else:
            assert response.json()["_id"] == payment.pk
    assert payment.status == PaymentStatus.ENROLLED
    camp_class.refresh_from_db()
    assert (camp_class.seats, camp_class.enroll) == (4, 1)
    charges = stripe_js.payment_intents(since=started, setup_intent_id=setup_intent_id)
    assert [charge["id"] for charge in charges] == [payment.transaction_id]


def test_siblings_and_strangers_racing_for_the_last_seats_each_get_one_or_a_refund(servers):
    run = uuid.uuid4().hex[:8]
    camp_class = ClassFactory(
        price=Decimal("45.50"), seats=3, enroll=0, status=ClassStatus.APPROVED
    )
    # Two families pay for three and two children at once, against three adults alone.
    parents = [UserFactory(role=Role.STUDENT, email=f"parent{n}-{run}@camp.test") for n in range(2)]
    children = [ChildFactory(account=parents[0]) for _ in range(3)] + [
        ChildFactory(account=parents[1]) for _ in range(2)
    ]
    selections = [
        SelectionFactory(student=child.account, participant=child, camp_class=camp_class)
        for child in children
    ] + [
        SelectionFactory(
            student=UserFactory(role=Role.STUDENT, email=f"adult{n}-{run}@camp.test"),
            camp_class=camp_class,
        )
        for n in range(3)
    ]
    responses = pay_all_at_once(servers, selections)

    assert Counter(response.status_code for response in responses) == {201: 3, 409: 5}, [
        response.text for response in responses
    ]
    camp_class.refresh_from_db()
    assert (camp_class.seats, camp_class.enroll) == (0, 3)
    seats = Enrolment.objects.filter(camp_class=camp_class)
    assert seats.count() == 3
    # Each seat is one participant's, bought by their own family's payment.
    assert len({seat.participant_id for seat in seats}) == 3
    for seat in seats:
        assert (seat.payment.participant_id, seat.payment.student_id) == (
            seat.participant_id,
            seat.student_id,
        )
        assert seat.participant.account_id == seat.student_id
    refunded = Payment.objects.filter(camp_class=camp_class, status=PaymentStatus.REFUNDED)
    assert (
        refunded.count()
        + len(
            [
                response
                for response in responses
                if response.status_code == 409 and response.json()["message"] == NO_SEATS
            ]
        )
        == 5
    )
    assert set(refunded.values_list("refund_reason", flat=True)) <= {SEAT_GONE}
