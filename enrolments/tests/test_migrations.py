"""Moving enrolment into its own app keeps every row: selections, and a seat per paid enrolment."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Historical models write classes and people behind the product's models, as migrations do.
    pytest.mark.public_writes_unwatched,
]

BEFORE = [
    ("accounts", "0004_firebase_uid_and_revoked_tokens"),
    ("classes", "0004_uploaded_images_by_site_path"),
    ("payments", "0004_charge_attempts"),
]
AFTER = [("payments", "0005_payments_point_at_enrolments")]


def migrated_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_selections_stay_and_each_enrolled_payment_gets_its_seat():
    old = migrated_to(BEFORE)
    User = old.get_model("accounts", "User")
    Class = old.get_model("classes", "Class")
    Selection = old.get_model("classes", "Selection")
    Payment = old.get_model("payments", "Payment")
    instructor = User.objects.create(email="maya@camp.test", role="instructor")
    student = User.objects.create(email="ana@camp.test", role="student")
    pottery = Class.objects.create(
        name="Pottery",
        image="/media/p.png",
        price=Decimal("40"),
        seats=3,
        enroll=1,
        status="Approved",
        instructor=instructor,
    )
    weaving = Class.objects.create(
        name="Weaving",
        image="/media/w.png",
        price=Decimal("30"),
        seats=5,
        enroll=0,
        status="Approved",
        instructor=instructor,
    )
    paid_at = timezone.now() - timezone.timedelta(days=3)
    enrolled = Payment.objects.create(
        student=student,
        camp_class=pottery,
        transaction_id="pi_1",
        price=Decimal("40"),
        status="enrolled",
        date=paid_at,
    )
    refunded = Payment.objects.create(
        student=student,
        camp_class=weaving,
        transaction_id="pi_2",
        price=Decimal("30"),
        status="refunded",
    )
    selection = Selection.objects.create(student=student, camp_class=weaving)

    new = migrated_to(AFTER)
    try:
        Enrolment = new.get_model("enrolments", "Enrolment")
        moved = new.get_model("enrolments", "Selection").objects.get()
        assert (moved.pk, moved.student_id, moved.camp_class_id) == (
            selection.pk,
            student.pk,
            weaving.pk,
        )
        seat = Enrolment.objects.get()
        assert (seat.student_id, seat.camp_class_id, seat.status, seat.created_at) == (
            student.pk,
            pottery.pk,
            "active",
            paid_at,
        )
        payments = new.get_model("payments", "Payment").objects
        assert payments.get(pk=enrolled.pk).enrolment_id == seat.pk
        assert payments.get(pk=refunded.pk).enrolment_id is None
    finally:
        # Back to the latest schema, empty, for the tests that follow.
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
