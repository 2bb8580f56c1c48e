"""The refund policy and a family's cancellation over the API: whole answers, who may ask, and
what the payment history and the enrolled classes then say. Against localstripe, with the clock
moved by time-machine (the class and the payment: payments/tests/summer_term.py)."""

from datetime import date
from decimal import Decimal

import pytest
import time_machine

from accounts.models import Role
from changes.tests.test_enrolment_cancellations import DISPUTED
from payments.models import Refund, RefundPolicy
from payments.services import refund_retry
from payments.tests.summer_term import FIRST_DAY, LAST_DAY, at
from testing.factories import UserFactory
from testing.faults import stripe_line

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

TEN_DAYS_BEFORE = at(date(2027, 6, 4))
POLICY_WORDS = (
    "Cancel 14 days or more before the first meeting for a full refund; 13 to 7 days before, "
    "50% is refunded; fewer than 7 days before, or once the class has started, nothing is "
    "refunded."
)


def cancellation(payment) -> str:
    return f"/api/enrolments/{payment.enrolment_id}/cancellation"


class TestRefundPolicy:
    def test_anyone_reads_the_policy_in_force(self, api_client):
        assert api_client.get("/api/refundPolicy").json() == {
            "adminFee": 0.0,
            "fullRefundDays": 14,
            "partialRefundDays": 7,
            "partialRefundPercent": 50,
            "text": POLICY_WORDS,
        }

        RefundPolicy.objects.create(admin_fee=Decimal("4.25"), full_refund_days=10)
        answer = api_client.get("/api/refundPolicy")

        assert answer.status_code == 200
        assert answer.json() == {
            "adminFee": 4.25,
            "fullRefundDays": 10,
            "partialRefundDays": 7,
            "partialRefundPercent": 50,
            "text": "Cancel 10 days or more before the first meeting for a full refund less a "
            "$4.25 administration fee; 9 to 7 days before, 50% is refunded; fewer than 7 days "
            "before, or once the class has started, nothing is refunded.",
        }


class TestThePreview:
    def test_the_family_sees_what_cancelling_would_refund(
        self, paid, api_client_for, summer_pottery
    ):
        with time_machine.travel(TEN_DAYS_BEFORE):
            answer = api_client_for(paid.student).get(cancellation(paid))

        assert answer.status_code == 200
        assert answer.json() == {
            "enrolmentId": paid.enrolment_id,
            "classId": summer_pottery.pk,
            "className": "Summer Pottery",
            "participantName": "Sam Rivera",
            "paid": 45.5,
            "refundAmount": 22.75,
            "tier": "partial",
            "tierLabel": "50% refund",
            "why": "it is 10 days before the first meeting",
            "policyText": POLICY_WORDS,
            "withheldDiscount": 0.0,
            "refundTo": "card",
            "creditAmount": 22.75,
            "creditBonusPercent": 0.0,
            "creditReturned": 0.0,
            "extendedCare": [],
            "extendedCareRefund": 0.0,
        }

    def test_anyone_elses_enrolment_is_not_found(self, paid, api_client_for):
        stranger = api_client_for(UserFactory(role=Role.STUDENT))

        for answer in (
            stranger.get(cancellation(paid)),
            stranger.post(cancellation(paid)),
            api_client_for(paid.student).get("/api/enrolments/999999/cancellation"),
        ):
            assert answer.status_code == 404
            assert answer.json() == {"message": "No such enrolment."}

    def test_only_families_cancel(self, paid, api_client_for, api_client):
        instructor = api_client_for(UserFactory(role=Role.INSTRUCTOR))

        assert instructor.get(cancellation(paid)).status_code == 403
        assert instructor.post(cancellation(paid)).status_code == 403
        assert api_client.get(cancellation(paid)).status_code == 401

    def test_a_class_that_has_ended_cannot_be_cancelled(self, paid, api_client_for):
        with time_machine.travel(at(LAST_DAY, 13)):
            client = api_client_for(paid.student)
            preview = client.get(cancellation(paid))
            cancelled = client.post(cancellation(paid))

        assert preview.status_code == cancelled.status_code == 409
        assert preview.json() == {
            "message": "This class has ended, so it can no longer be cancelled."
        }


class TestCancelling:
    def test_cancelling_answers_the_refund_made(self, paid, api_client_for):
        with time_machine.travel(TEN_DAYS_BEFORE):
            client = api_client_for(paid.student)
            answer = client.post(cancellation(paid), {"refundAmount": 22.75}, format="json")
            again = client.post(cancellation(paid))

        assert answer.status_code == 200
        assert answer.json() == {
            "enrolmentId": paid.enrolment_id,
            "status": "cancelled",
            "refundAmount": 22.75,
            "refundStatus": "succeeded",
            "message": "Your enrolment is cancelled and $22.75 is refunded to the card you paid "
            "with.",
            "refundTo": "card",
            "creditAmount": 0.0,
            "extendedCareRefund": 0.0,
        }
        assert again.status_code == 409
        assert again.json() == {"message": "This enrolment is already cancelled."}

    def test_cancelling_without_a_refund_says_so(self, paid, api_client_for):
        with time_machine.travel(at(FIRST_DAY, 10)):
            answer = api_client_for(paid.student).post(cancellation(paid))

        assert answer.status_code == 200
        assert answer.json()["refundAmount"] == 0.0
        assert answer.json()["refundStatus"] == "none"

    def test_a_refund_other_than_the_one_confirmed_cancels_nothing(self, paid, api_client_for):
        # The family saw the full refund on May 31; they confirm after midnight.
        with time_machine.travel(at(date(2027, 6, 1), 0, 1)):
            answer = api_client_for(paid.student).post(
                cancellation(paid), {"refundAmount": "45.50"}, format="json"
            )

        assert answer.status_code == 409
        assert answer.json() == {
            "message": "The refund for cancelling is now $22.75. Please check it and confirm "
            "again.",
            "refundAmount": 22.75,
        }
        paid.refresh_from_db()
        assert paid.status == "enrolled"

    @pytest.mark.parametrize("amount", [-1, "a lot", "1.234"])
    def test_a_confirmed_refund_must_be_an_amount(self, paid, api_client_for, amount):
        answer = api_client_for(paid.student).post(
            cancellation(paid), {"refundAmount": amount}, format="json"
        )

        assert answer.status_code == 400
        assert set(answer.json()["errors"]) == {"refundAmount"}
        paid.refresh_from_db()
        assert paid.status == "enrolled"


class TestWhatTheFamilyThenSees:
    def history_row(self, client, payment) -> dict:
        [row] = [
            row
            for row in client.get(f"/api/payments/{payment.student.email}").json()
            if row["_id"] == payment.pk
        ]
        return row

    def test_a_refused_refund_is_pending_until_the_school_makes_it(
        self, paid, api_client_for, localstripe, settings
    ):
        with stripe_line(localstripe) as line, time_machine.travel(TEN_DAYS_BEFORE):
            settings.STRIPE_API_BASE = line.url
            line.refuse("POST", "/v1/refunds", message=DISPUTED)
            client = api_client_for(paid.student)
            answer = client.post(cancellation(paid))
            waiting = self.history_row(client, paid)
        settings.STRIPE_API_BASE = localstripe

        assert answer.status_code == 200
        assert (answer.json()["refundStatus"], answer.json()["refundAmount"]) == ("pending", 22.75)
        assert (
            waiting["status"],
            waiting["refundAmount"],
            waiting["refundPending"],
            waiting["refundedAt"],
        ) == ("cancelled", None, True, None)

        with time_machine.travel(at(date(2027, 6, 5))):
            refund_retry(refund_id=Refund.objects.get().pk)
            made = self.history_row(api_client_for(paid.student), paid)

        assert (made["status"], made["refundAmount"], made["refundPending"]) == (
            "cancelled",
            22.75,
            False,
        )
        assert made["refundedAt"].startswith("2027-06-05")
        assert made["refundReason"] == (
            "You cancelled 10 days before the first meeting: 50% refund."
        )

    def test_the_enrolled_classes_name_each_seat_and_drop_a_cancelled_one(
        self, paid, api_client_for
    ):
        with time_machine.travel(TEN_DAYS_BEFORE):
            client = api_client_for(paid.student)
            before = client.get(f"/api/enrolledStudent/{paid.student.email}").json()
            client.post(cancellation(paid))
            after = client.get(f"/api/enrolledStudent/{paid.student.email}").json()

        assert [row["enrolmentId"] for row in before] == [paid.enrolment_id]
        assert after == []
