"""A family's own payments and classes: GET /api/payments/{email} and the enrolled classes."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from checkout.tests.test_apis import SEAT_GONE, as_json, class_json, iso
from classes.models import ClassStatus
from payments.models import PaymentStatus
from testing.dates import years_after
from testing.factories import (
    ClassFactory,
    PaymentFactory,
)

pytestmark = pytest.mark.django_db


class TestPaymentHistory:
    def test_a_student_sees_their_payments_newest_first(
        self, as_student, student, other_student, pottery
    ):
        older = PaymentFactory(student=student, camp_class=pottery, status="enrolled")
        refunded = PaymentFactory(
            student=student,
            status=PaymentStatus.REFUNDED,
            refund_reason=SEAT_GONE,
            date=years_after(older.date, 1),
        )
        PaymentFactory(student=other_student, camp_class=pottery)

        response = as_student.get("/api/payments/sam@camp.test")

        assert response.status_code == 200
        assert response.json() == [as_json(refunded), as_json(older)]
        assert response.json()[1]["date"] == iso(older.date)

    def test_the_email_is_matched_without_case(self, as_student, student):
        PaymentFactory(student=student)

        response = as_student.get("/api/payments/Sam@Camp.Test")

        assert response.status_code == 200
        assert len(response.json()) == 1

    def test_nobody_reads_another_students_payments(self, as_student, other_student):
        PaymentFactory(student=other_student)

        response = as_student.get("/api/payments/riley@camp.test")

        assert response.status_code == 403
        assert response.json() == {"message": "You can only see your own payments and classes."}

    def test_anonymous_callers_must_sign_in(self, api_client, student):
        assert api_client.get("/api/payments/sam@camp.test").status_code == 401

    def test_only_students_have_a_payment_history(self, not_a_student):
        response = not_a_student.get("/api/payments/sam@camp.test")

        assert response.status_code == 403

    def test_the_history_costs_the_same_queries_for_2_or_20_payments(self, as_student, student):
        def queries() -> int:
            with CaptureQueriesContext(connection) as captured:
                assert as_student.get("/api/payments/sam@camp.test").status_code == 200
            return len(captured)

        PaymentFactory.create_batch(2, student=student)
        few = queries()
        PaymentFactory.create_batch(18, student=student)

        assert queries() == few


class TestEnrolledClasses:
    def test_a_student_sees_the_classes_they_are_enrolled_in(
        self, as_student, student, other_student, pottery, instructor
    ):
        weaving = ClassFactory(status=ClassStatus.APPROVED, instructor=instructor)
        refunded = ClassFactory(status=ClassStatus.APPROVED)
        pending = ClassFactory(status=ClassStatus.APPROVED)
        first = PaymentFactory(student=student, camp_class=pottery, status="enrolled")
        second = PaymentFactory(
            student=student,
            camp_class=weaving,
            status="enrolled",
            date=years_after(first.date, 1),
        )
        PaymentFactory(student=student, camp_class=refunded, status=PaymentStatus.REFUNDED)
        PaymentFactory(student=student, camp_class=pending, status=PaymentStatus.ENROLL_PENDING)
        PaymentFactory(student=other_student, camp_class=refunded, status="enrolled")

        response = as_student.get("/api/enrolledStudent/sam@camp.test")

        assert response.status_code == 200
        # No meeting has been held yet: no attendance.
        holder = {
            "participantId": first.participant_id,
            "participantName": "Sam Rivera",
            "attendance": [],
        }
        assert response.json() == [
            class_json(weaving) | holder | {"enrolmentId": second.enrolment_id},
            class_json(pottery) | holder | {"enrolmentId": first.enrolment_id},
        ]

    def test_nobody_reads_another_students_classes(self, as_student):
        response = as_student.get("/api/enrolledStudent/riley@camp.test")

        assert response.status_code == 403

    def test_anonymous_callers_must_sign_in(self, api_client):
        assert api_client.get("/api/enrolledStudent/sam@camp.test").status_code == 401

    def test_only_students_are_enrolled(self, not_a_student):
        assert not_a_student.get("/api/enrolledStudent/sam@camp.test").status_code == 403

    def test_the_list_costs_the_same_queries_for_2_or_20_classes(self, as_student, student):
        def queries() -> int:
            # Each call as the first after a change: the payment plans the classes offer are
            # read once per change of the public data (plans.selectors.class_plans).
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                response = as_student.get("/api/enrolledStudent/sam@camp.test")
                assert response.status_code == 200
            return len(captured)

        PaymentFactory.create_batch(2, student=student, status="enrolled")
        few = queries()
        PaymentFactory.create_batch(18, student=student, status="enrolled")

        assert queries() == few
