"""The school cancels a class (localstripe): closed at once, every seat refunded in full once,
every family told once, a dry run first, and a refund Stripe does not answer finished later."""

from decimal import Decimal

import pytest
from django.test import Client

from accounts.models import Role
from changes.services import class_cancel, class_cancellation_preview
from classes.models import Class, ClassStatus
from enrolments.message_kinds import EnrolmentMessage
from enrolments.models import Enrolment, EnrolmentStatus, SeatHold, Selection, WaitlistStatus
from enrolments.services import hold_take, waitlist_join
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory, UserFactory
from testing.faults import stripe_gives_up_after, stripe_line
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db

MESSAGE = "Our kiln broke; we are sorry."


@pytest.fixture
def paid_families(pay, as_student, student, selection, pottery):
    """Sam paid for the class by card and holds a seat in it."""
    assert pay(as_student, selection).status_code == 201
    return Payment.objects.get(student=student)


def test_the_dry_run_says_what_would_be_refunded_and_changes_nothing(
    paid_families, pottery, student
):
    chooser = UserFactory(role=Role.STUDENT)
    SelectionFactory(student=chooser, camp_class=pottery)

    preview = class_cancellation_preview(class_id=pottery.pk)

    assert (preview.class_name, preview.seats_refunded, preview.refund_total) == (
        "Wheel-Thrown Pottery",
        1,
        Decimal("45.50"),
    )
    assert preview.selections_closed == 1
    pottery.refresh_from_db()
    assert pottery.status == ClassStatus.APPROVED
    assert Payment.objects.get().status == PaymentStatus.ENROLLED


def test_cancelling_refunds_every_seat_and_tells_everyone_once(
    paid_families, pottery, student, as_student
):
    parent = UserFactory(role=Role.STUDENT, email="ana@camp.test", name="Ana Lopez")
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Lopez")
    SelectionFactory(student=parent, participant=mia, camp_class=pottery)
    send_queued()
    seats_before = Enrolment.objects.get().camp_class.seats

    done = class_cancel(class_id=pottery.pk, message=MESSAGE)
    again = class_cancel(class_id=pottery.pk, message=MESSAGE)

    assert (done.seats_refunded, done.refund_total, done.selections_closed) == (
        1,
        Decimal("45.50"),
        1,
    )
    assert (again.seats_refunded, again.selections_closed, again.refunds_failed) == (0, 0, {})
    pottery.refresh_from_db()
    assert pottery.status == ClassStatus.CANCELLED
    assert pottery.seats == seats_before + 1
    payment = Payment.objects.get()
    assert payment.status == PaymentStatus.REFUNDED
    assert payment.refund_reason == f"The school cancelled Wheel-Thrown Pottery. {MESSAGE}"
    assert [(r["id"], r["amount"]) for r in stripe_js.refunds_of(payment.transaction_id)] == [
        (payment.refund_id, 4550)
    ]
    assert Enrolment.objects.get().status == EnrolmentStatus.CANCELLED
    assert not Selection.objects.exists()

    mail = {message.to[0]: message for message in send_queued()}
    assert set(mail) == {student.email, "ana@camp.test"}
    assert MESSAGE in mail[student.email].body
    assert mail["ana@camp.test"].subject == "Cancelled: Wheel-Thrown Pottery"
    assert "which you had selected for Mia Lopez" in mail["ana@camp.test"].body
    assert MESSAGE in mail["ana@camp.test"].body
    assert Message.objects.filter(kind=PaymentMessage.CLASS_CANCELLED).count() == 1
    assert Message.objects.filter(kind=PaymentMessage.REFUND_MADE).count() == 1


@pytest.mark.parametrize(
    ("language", "subject", "said", "not_said"),
    [
        (
            "es",
            "Reembolso de Wheel-Thrown Pottery",
            [
                "Reembolsamos $45.50 de Wheel-Thrown Pottery a la tarjeta con la que pagó",
                f"Motivo: La escuela canceló Wheel-Thrown Pottery. {MESSAGE}",
                "El archivo de calendario adjunto (class.ics) quita sus sesiones",
            ],
            ["We have refunded", "Why:", "The school cancelled"],
        ),
        (
            "en",
            "Refund for Wheel-Thrown Pottery",
            [
                "We have refunded $45.50 for Wheel-Thrown Pottery to the card you paid with",
                f"Why: The school cancelled Wheel-Thrown Pottery. {MESSAGE}",
            ],
            ["Reembolsamos", "Motivo", "La escuela"],
        ),
    ],
    ids=["spanish", "english"],
)
def test_the_refund_is_told_in_the_language_the_family_reads(
    paid_families, pottery, student, language, subject, said, not_said
):
    student.language = language
    student.save(update_fields=["language"])
    send_queued()

    class_cancel(class_id=pottery.pk, message=MESSAGE)

    [refunded] = [m for m in send_queued() if m.subject.startswith(subject)]
    assert refunded.subject == subject
    assert refunded.extra_headers["Content-Language"] == language
    for words in said:
        assert words in refunded.body
    for words in not_said:
        assert words not in refunded.body
    # The records keep the reason as the school wrote it, whoever reads the mail.
    payment = Payment.objects.get()
    assert payment.refund_reason == f"The school cancelled Wheel-Thrown Pottery. {MESSAGE}"


def test_a_cancelled_class_can_no_longer_be_chosen(paid_families, pottery, api_client_for):
    class_cancel(class_id=pottery.pk)

    response = api_client_for(UserFactory(role=Role.STUDENT)).post(
        "/api/selectClass", {"classId": pottery.pk}, format="json"
    )

    assert response.status_code == 409
    assert response.json()["message"] == "This class is not open for selection."


def test_a_refund_stripe_does_not_answer_is_left_enrolled_and_finished_by_cancelling_again(
    paid_families, pottery, localstripe, settings
):
    with stripe_line(localstripe) as line:
        settings.STRIPE_API_BASE = line.url
        line.stop_now()

        with stripe_gives_up_after(settings, 1.0):
            done = class_cancel(class_id=pottery.pk, message=MESSAGE)

    payment = Payment.objects.get()
    assert list(done.refunds_failed) == [payment.pk]
    assert done.seats_refunded == 0
    assert payment.status == PaymentStatus.ENROLLED
    assert Enrolment.objects.get().status == EnrolmentStatus.ACTIVE
    pottery.refresh_from_db()
    assert pottery.status == ClassStatus.CANCELLED

    settings.STRIPE_API_BASE = localstripe
    finished = class_cancel(class_id=pottery.pk, message=MESSAGE)

    assert (finished.seats_refunded, finished.refunds_failed) == (1, {})
    assert Payment.objects.get().status == PaymentStatus.REFUNDED
    assert len(stripe_js.refunds_of(payment.transaction_id)) == 1


class TestTheBackOffice:
    @pytest.fixture
    def back_office(self) -> Client:
        client = Client()
        client.force_login(UserFactory(role=Role.ADMIN))
        return client

    def test_the_action_shows_the_dry_run_then_cancels_with_the_message(
        self, back_office, paid_families, pottery
    ):
        action = {"action": "cancel_classes", "_selected_action": [pottery.pk]}

        dry_run = back_office.post("/admin/classes/class/", action)

        assert dry_run.status_code == 200
        page = dry_run.content.decode()
        assert "Wheel-Thrown Pottery" in page and "$45.50" in page
        assert Payment.objects.get().status == PaymentStatus.ENROLLED

        done = back_office.post(
            "/admin/classes/class/", {**action, "confirmed": "yes", "message": MESSAGE}
        )

        assert done.status_code == 302
        assert Payment.objects.get().status == PaymentStatus.REFUNDED
        assert MESSAGE in Payment.objects.get().refund_reason

    def test_a_class_with_seats_cannot_be_deleted(self, back_office, paid_families, pottery):
        response = back_office.post(f"/admin/classes/class/{pottery.pk}/delete/", {"post": "yes"})

        assert response.status_code == 200
        assert "Cannot delete" in response.content.decode()
        pottery.refresh_from_db()
        assert pottery.status == ClassStatus.APPROVED


def test_its_waitlist_and_held_seats_close_with_it_each_family_told_once(pottery):
    Class.objects.filter(pk=pottery.pk).update(seats=1)
    paying = SelectionFactory(camp_class=pottery)
    hold_take(selection=paying)
    waiting = [
        waitlist_join(
            student=UserFactory(role=Role.STUDENT), class_id=pottery.pk, participant_id=None
        )
        for _ in range(2)
    ]

    assert class_cancellation_preview(class_id=pottery.pk).waitlist_closed == 2
    done = class_cancel(class_id=pottery.pk, message=MESSAGE)

    assert done.waitlist_closed == 2
    for entry in waiting:
        entry.refresh_from_db()
        assert entry.status == WaitlistStatus.CLOSED
        assert entry.closed_reason == "The school cancelled Wheel-Thrown Pottery."
    assert not SeatHold.objects.exists()
    told = Message.objects.filter(kind=EnrolmentMessage.WAITLIST_CLOSED)
    assert sorted(told.values_list("recipient", flat=True)) == sorted(
        entry.student.email for entry in waiting
    )
    assert class_cancel(class_id=pottery.pk, message=MESSAGE).waitlist_closed == 0
    assert told.count() == 2
