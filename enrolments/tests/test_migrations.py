"""Migrations keep every row: moving enrolment into its own app (selections, a seat per paid
enrolment), and families (every account gets "Myself", whose seats, choices and payments they
are)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from testing.migrations import migrated_to, scratch_database  # noqa: F401 - a fixture

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("scratch_database"),
    # Historical models write classes and people behind the product's models, as migrations do.
    pytest.mark.public_writes_unwatched,
]

BEFORE = [
    ("accounts", "0004_firebase_uid_and_revoked_tokens"),
    ("classes", "0004_uploaded_images_by_site_path"),
    ("payments", "0004_charge_attempts"),
]
AFTER = [("payments", "0005_payments_point_at_enrolments")]


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


BEFORE_FAMILIES = [
    ("accounts", "0005_instructor_bio_and_calendar_token"),
    ("enrolments", "0002_selection_table"),
    ("payments", "0005_payments_point_at_enrolments"),
    ("classes", "0007_school_categories"),
]


def test_every_account_gets_myself_and_every_seat_choice_and_payment_is_theirs():
    old = migrated_to(BEFORE_FAMILIES)
    User = old.get_model("accounts", "User")
    Class = old.get_model("classes", "Class")
    instructor = User.objects.create(email="maya@camp.test", role="instructor", name="Maya")
    student = User.objects.create(email="ana@camp.test", role="student", name="Ana María Lopez")
    pottery, weaving = (
        Class.objects.create(
            name=name,
            image="/media/p.png",
            price=Decimal("40"),
            seats=3,
            enroll=1,
            status="Approved",
            instructor=instructor,
        )
        for name in ("Pottery", "Weaving")
    )
    selection = old.get_model("enrolments", "Selection").objects.create(
        student=student, camp_class=weaving
    )
    seat = old.get_model("enrolments", "Enrolment").objects.create(
        student=student, camp_class=pottery, status="active"
    )
    payment = old.get_model("payments", "Payment").objects.create(
        student=student,
        camp_class=pottery,
        transaction_id="pi_1",
        price=Decimal("40"),
        status="enrolled",
        enrolment=seat,
    )

    new = migrated_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
    Participant = new.get_model("accounts", "Participant")
    holders = {
        holder.account_id: holder for holder in Participant.objects.filter(is_account_holder=True)
    }
    assert set(holders) == {instructor.pk, student.pk}
    ana = holders[student.pk]
    assert (ana.first_name, ana.last_name, ana.date_of_birth) == ("Ana María", "Lopez", None)
    assert (
        new.get_model("enrolments", "Selection").objects.get(pk=selection.pk).participant_id
        == ana.pk
    )
    assert new.get_model("enrolments", "Enrolment").objects.get(pk=seat.pk).participant_id == ana.pk
    paid = new.get_model("payments", "Payment").objects.get(pk=payment.pk)
    assert (paid.participant_id, paid.participant_name) == (ana.pk, "Ana María Lopez")


def test_each_seat_keeps_its_classs_dates_as_promised_and_each_message_its_own_thread():
    old = migrated_to(
        [
            ("payments", "0009_refund_policy_and_refunds"),
            ("notifications", "0005_contact_message_and_reply_to"),
            ("enrolments", "0007_hold_lapse"),
        ]
    )
    User = old.get_model("accounts", "User")
    instructor = User.objects.create(email="maya@camp.test", role="instructor", name="Maya")
    student = User.objects.create(email="ana@camp.test", role="student", name="Ana Lopez")
    starts_at = timezone.now() + timezone.timedelta(days=30)
    pottery = old.get_model("classes", "Class").objects.create(
        name="Pottery",
        image="/media/p.png",
        price=Decimal("40"),
        seats=3,
        status="Approved",
        instructor=instructor,
        starts_at=starts_at,
        ends_at=starts_at + timezone.timedelta(hours=3),
    )
    holder = old.get_model("accounts", "Participant").objects.create(
        account=student, is_account_holder=True, first_name="Ana", last_name="Lopez"
    )
    seat = old.get_model("enrolments", "Enrolment").objects.create(
        student=student, participant=holder, camp_class=pottery, status="active"
    )
    Payment = old.get_model("payments", "Payment")
    Payment.objects.create(
        student=student,
        participant=holder,
        camp_class=pottery,
        transaction_id="pi_1",
        price=Decimal("40"),
        status="enrolled",
        enrolment=seat,
    )
    Payment.objects.create(
        student=student,
        participant=holder,
        camp_class=pottery,
        transaction_id="pi_2",
        price=Decimal("40"),
        status="refunded",
    )
    old.get_model("notifications", "Message").objects.create(
        kind="payment_receipt",
        about="payment:1",
        recipient=student.email,
        subject="Receipt",
        text="Receipt",
        html="Receipt",
        scheduled_for=timezone.now(),
        send_after=timezone.now(),
    )

    new = migrated_to(
        [("payments", "0010_dates_promised"), ("notifications", "0006_message_threads")]
    )
    promised = {
        payment.transaction_id: (payment.starts_at_promised, payment.ends_at_promised)
        for payment in new.get_model("payments", "Payment").objects.all()
    }
    assert promised == {
        "pi_1": (starts_at, starts_at + timezone.timedelta(hours=3)),
        "pi_2": (None, None),
    }
    message = new.get_model("notifications", "Message").objects.get()
    assert message.in_order_of == "payment:1"
