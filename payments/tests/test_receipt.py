"""A payment's receipt over the API: the whole answer, the refund and the policy it kept, and
who may read it. The payment is made through the real flow against localstripe
(payments/tests/summer_term.py)."""

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Role
from payments.models import Payment, PaymentStatus, RefundPolicy
from payments.tests.summer_term import at
from testing.day_camp import a_day_camp, units
from testing.factories import PaymentFactory, UserFactory
from testing.seasons import a_season

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

POLICY_WORDS = (
    "Cancel 14 days or more before the first meeting for a full refund; 13 to 7 days before, "
    "50% is refunded; fewer than 7 days before, or once the class has started, nothing is "
    "refunded."
)
TEN_DAYS_BEFORE = at(date(2027, 6, 4))


def receipt(payment: Payment) -> str:
    return f"/api/payments/{payment.pk}/receipt"


def test_the_family_reads_the_whole_receipt(paid, api_client_for, summer_pottery):
    answer = api_client_for(paid.student).get(receipt(paid))

    assert answer.status_code == 200
    assert answer.json() == {
        "_id": paid.pk,
        "receiptNumber": f"2027-{paid.pk:06d}",
        "school": {"name": "Camp Art & Craft School", "replyTo": "office@camp.test"},
        "timeZone": "America/Los_Angeles",
        "email": "sam@camp.test",
        "studentName": "Sam Rivera",
        "participantId": paid.participant_id,
        "participantName": "Sam Rivera",
        "transactionId": paid.transaction_id,
        "price": 45.5,
        "date": paid.date.isoformat().replace("+00:00", "Z"),
        "nameClass": "Summer Pottery",
        "image": summer_pottery.image,
        "instructorEmail": "maya@camp.test",
        "instructorName": "Maya Lindqvist",
        "payId": paid.selection_id,
        "classId": summer_pottery.pk,
        "seats": 9,
        "enroll": 1,
        "location": summer_pottery.location,
        "meetingDays": ["mon", "tue", "wed", "thu", "fri"],
        "startTime": "09:00",
        "endTime": "12:00",
        "meetings": [
            {"start": f"2027-06-{day}T09:00:00-07:00", "end": f"2027-06-{day}T12:00:00-07:00"}
            for day in (14, 15, 16, 17, 18)
        ],
        "status": "enrolled",
        "refundReason": "",
        "refundedAt": None,
        "refundAmount": None,
        "refundPending": False,
        "refundPolicy": POLICY_WORDS,
        "planLabel": "",
        "instalments": [],
        "refundParts": [],
        "checkoutId": None,
        "checkoutReference": "",
    }


def test_a_cancellation_shows_its_refund_under_the_policy_the_payment_kept(paid, api_client_for):
    with time_machine.travel(TEN_DAYS_BEFORE):
        cancelled = api_client_for(paid.student).post(
            f"/api/enrolments/{paid.enrolment_id}/cancellation"
        )
    assert cancelled.status_code == 200, cancelled.json()
    # The school's terms change afterwards; the receipt still quotes those it was paid under.
    RefundPolicy.objects.create(admin_fee=Decimal("4.25"), full_refund_days=10)

    body = api_client_for(paid.student).get(receipt(paid)).json()

    assert {
        key: body[key] for key in ("status", "refundAmount", "refundPending", "refundPolicy")
    } == {
        "status": "cancelled",
        "refundAmount": 22.75,
        "refundPending": False,
        "refundPolicy": POLICY_WORDS,
    }
    # Made on the day of the cancellation (the clock ticks on from 10:00 at the school).
    assert body["refundedAt"].startswith("2027-06-04T17:00")


def test_admins_read_anyones_receipt(paid, api_client_for):
    answer = api_client_for(UserFactory(role=Role.ADMIN)).get(receipt(paid))

    assert answer.status_code == 200
    assert answer.json()["transactionId"] == paid.transaction_id


def test_anyone_elses_receipt_is_not_found_as_if_it_did_not_exist(paid, api_client_for):
    for role in (Role.STUDENT, Role.INSTRUCTOR):
        stranger = api_client_for(UserFactory(role=role))
        answer = stranger.get(receipt(paid))
        assert answer.status_code == 404
        assert answer.json() == {"message": "No such payment."}

    missing = api_client_for(paid.student).get("/api/payments/999999/receipt")
    assert missing.status_code == 404
    assert missing.json() == {"message": "No such payment."}


def test_nobody_signed_out_reads_a_receipt(paid, api_client):
    assert api_client.get(receipt(paid)).status_code == 401


def test_the_history_by_e_mail_is_still_its_own_path(paid, api_client_for):
    # A receipt's path must never be read as an e-mail address, nor the other way round.
    answer = api_client_for(paid.student).get("/api/payments/sam@camp.test")

    assert answer.status_code == 200
    assert [row["_id"] for row in answer.json()] == [paid.pk]


def test_a_receipt_is_read_in_a_fixed_number_of_queries(paid, api_client_for):
    client = api_client_for(paid.student)
    client.get(receipt(paid))

    with CaptureQueriesContext(connection) as queries:
        client.get(receipt(paid))

    assert len(queries) <= 3, [query["sql"] for query in queries]


def test_a_weeks_payment_names_the_day_camp_and_its_week_in_the_history_and_on_its_receipt(
    api_client_for,
):
    season = a_season()
    week_1, week_2 = units(a_day_camp(season, weeks=2))
    family = UserFactory(role=Role.STUDENT)
    PaymentFactory(student=family, camp_class=week_2, status=PaymentStatus.ENROLLED)
    client = api_client_for(family)

    [row] = client.get(f"/api/payments/{family.email}").json()
    receipt_body = client.get(f"/api/payments/{row['_id']}/receipt").json()

    assert week_2.unit_label.startswith("Week 2: ")
    assert row["nameClass"] == receipt_body["nameClass"] == f"Art Explorers — {week_2.unit_label}"
