"""A family cancels one enrolment: the refund the school's policy gives back (as it stood when
they paid), made at localstripe with its own idempotency key; a refund Stripe refuses waits in
the back office's queue and is retried there. The clock is moved with time-machine.

The class and the payment: payments/tests/summer_term.py (Sam paid $45.50 on May 1 for a class
meeting weekdays June 14 to 18, 2027, 9 to 12 at the school).
"""

from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.db import IntegrityError, transaction
from django.test import Client

from accounts.models import Role
from changes.services import (
    RefundChanged,
    class_cancel,
    enrolment_cancel,
    enrolment_cancellation_preview,
)
from classes.models import ClassStatus
from core.errors import Conflict, NotFound
from enrolments.models import EnrolmentStatus
from notifications.models import Message
from payments import stripe_client
from payments.message_kinds import PaymentMessage
from payments.models import Payment, PaymentStatus, Refund, RefundPolicy, RefundStatus
from payments.refund_policy import RefundTier
from payments.services import payment_refund, refund_retry
from payments.tests import stripe_js
from payments.tests.summer_term import FIRST_DAY, LAST_DAY, PAID_AT, at, mail_sent
from testing.factories import SelectionFactory, UserFactory, scheduled_class
from testing.faults import stripe_gives_up_after, stripe_line

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

DISPUTED = "This charge is disputed, so it cannot be refunded now."


def preview_at(moment: datetime, payment: Payment):
    with time_machine.travel(moment):
        return enrolment_cancellation_preview(
            student=payment.student, enrolment_id=payment.enrolment_id
        )


def cancel_at(moment: datetime, payment: Payment):
    with time_machine.travel(moment):
        return enrolment_cancel(student=payment.student, enrolment_id=payment.enrolment_id)


def refunds_at_stripe(payment: Payment) -> list[tuple[str, int]]:
    return [
        (refund["id"], refund["amount"]) for refund in stripe_js.refunds_of(payment.transaction_id)
    ]


class TestTheTiers:
    """The defaults: all back until 14 days before the first meeting, half from 13 to 7 days,
    nothing inside 7 days or once the class has started. Days are whole days at the school."""

    @pytest.mark.parametrize(
        ("moment", "tier", "refund", "label"),
        [
            (at(date(2027, 5, 31)), RefundTier.FULL, "45.50", "Full refund"),
            # Half past eleven at night at the school is already June 1 in UTC: still 14 days.
            (at(date(2027, 5, 31), 23, 30), RefundTier.FULL, "45.50", "Full refund"),
            (at(date(2027, 6, 1), 0, 5), RefundTier.PARTIAL, "22.75", "50% refund"),
            (at(date(2027, 6, 7), 23, 59), RefundTier.PARTIAL, "22.75", "50% refund"),
            (at(date(2027, 6, 8)), RefundTier.NONE, "0.00", "No refund"),
            # The first day itself, before the first meeting starts.
            (at(FIRST_DAY, 8), RefundTier.NONE, "0.00", "No refund"),
            # Started: still cancellable (the seat goes back), but nothing is refunded.
            (at(FIRST_DAY, 9, 1), RefundTier.NONE, "0.00", "No refund"),
            (at(LAST_DAY, 11, 59), RefundTier.NONE, "0.00", "No refund"),
        ],
        ids=[
            "14 days",
            "14 days late at night",
            "13 days",
            "7 days",
            "6 days",
            "the first day",
            "started",
            "the last hour",
        ],
    )
    def test_the_refund_follows_the_days_left(self, paid, moment, tier, refund, label):
        quote = preview_at(moment, paid)

        assert (quote.tier, quote.refund, quote.tier_label) == (tier, Decimal(refund), label)
        assert quote.paid == Decimal("45.50")
        assert (quote.class_name, quote.participant_name) == ("Summer Pottery", "Sam Rivera")

    def test_nothing_can_be_cancelled_once_the_last_meeting_has_ended(self, paid):
        with pytest.raises(Conflict, match="This class has ended"):
            preview_at(at(LAST_DAY, 12), paid)
        with pytest.raises(Conflict, match="This class has ended"):
            cancel_at(at(LAST_DAY, 12, 1), paid)
        assert Payment.objects.get().status == PaymentStatus.ENROLLED

    def test_a_class_with_no_dates_yet_refunds_in_full(
        self, localstripe, pay, as_student, selection
    ):
        assert pay(as_student, selection).status_code == 201
        payment = Payment.objects.get()

        quote = enrolment_cancellation_preview(
            student=payment.student, enrolment_id=payment.enrolment_id
        )

        assert (quote.tier, quote.refund) == (RefundTier.FULL, Decimal("45.50"))


class TestTheSchoolsTerms:
    def test_the_fee_is_kept_from_a_full_refund_only(self, pay_on_may_1, student, summer_pottery):
        RefundPolicy.objects.create(admin_fee=Decimal("5.00"))
        paid = pay_on_may_1(student, summer_pottery)

        full = preview_at(at(date(2027, 5, 20)), paid)
        partial = preview_at(at(date(2027, 6, 2)), paid)

        assert (full.refund, full.tier_label) == (
            Decimal("40.50"),
            "Full refund less the $5.00 administration fee",
        )
        assert partial.refund == Decimal("22.75")

    def test_a_fee_above_the_price_refunds_nothing_never_less(
        self, pay_on_may_1, student, summer_pottery
    ):
        RefundPolicy.objects.create(admin_fee=Decimal("60.00"))
        paid = pay_on_may_1(student, summer_pottery)

        done = cancel_at(at(date(2027, 5, 20)), paid)

        assert (done.refund, done.refund_status) == (Decimal("0.00"), "none")
        assert not Refund.objects.exists()
        assert refunds_at_stripe(paid) == []

    def test_a_partial_refund_is_rounded_to_the_cent_and_never_more_than_paid(
        self, pay_on_may_1, student, summer_pottery
    ):
        RefundPolicy.objects.create(partial_refund_percent=33)
        paid = pay_on_may_1(student, summer_pottery)

        # 33% of $45.50 is $15.015.
        assert preview_at(at(date(2027, 6, 2)), paid).refund == Decimal("15.02")
        RefundPolicy.objects.create(partial_refund_percent=100)
        later = pay_on_may_1(UserFactory(role=Role.STUDENT), summer_pottery)
        assert preview_at(at(date(2027, 6, 2)), later).refund == Decimal("45.50")

    def test_the_policy_applies_as_it_stood_when_they_paid(
        self, pay_on_may_1, student, summer_pottery
    ):
        paid = pay_on_may_1(student, summer_pottery)
        # The school changes its terms after Sam paid: only later payments follow them.
        RefundPolicy.objects.create(
            admin_fee=Decimal("10.00"),
            full_refund_days=30,
            partial_refund_days=20,
            partial_refund_percent=25,
        )
        ana = pay_on_may_1(UserFactory(role=Role.STUDENT), summer_pottery)
        ten_days_before = at(date(2027, 6, 4))

        sams = preview_at(ten_days_before, paid)
        anas = preview_at(ten_days_before, ana)

        assert (sams.tier, sams.refund) == (RefundTier.PARTIAL, Decimal("22.75"))
        assert sams.policy_text.startswith("Cancel 14 days or more before the first meeting")
        assert (anas.tier, anas.refund) == (RefundTier.NONE, Decimal("0.00"))
        assert anas.policy_text.startswith("Cancel 30 days or more before the first meeting")
        assert paid.refund_policy == {
            "admin_fee": "0.00",
            "full_refund_days": 14,
            "partial_refund_days": 7,
            "partial_refund_percent": 50,
        }

    def test_a_payment_from_before_policies_were_kept_follows_the_defaults(self, paid, student):
        Payment.objects.filter(pk=paid.pk).update(refund_policy=None)
        RefundPolicy.objects.create(full_refund_days=60, partial_refund_days=60)
        paid.refresh_from_db()

        assert preview_at(at(date(2027, 5, 31)), paid).refund == Decimal("45.50")


class TestCancelling:
    def test_a_partial_refund_is_made_at_stripe_and_the_seat_goes_back(self, paid, summer_pottery):
        summer_pottery.refresh_from_db()
        seats_before = summer_pottery.seats
        mail_sent()

        done = cancel_at(at(date(2027, 6, 4)), paid)

        assert (done.refund, done.refund_status) == (Decimal("22.75"), "succeeded")
        assert done.message == (
            "Your enrolment is cancelled and $22.75 is refunded to the card you paid with."
        )
        paid.refresh_from_db()
        refund = Refund.objects.get()
        assert (refund.payment_id, refund.amount, refund.status) == (
            paid.pk,
            Decimal("22.75"),
            RefundStatus.SUCCEEDED,
        )
        assert refunds_at_stripe(paid) == [(refund.stripe_refund_id, 2275)]
        assert paid.status == PaymentStatus.CANCELLED
        assert paid.refund_id == refund.stripe_refund_id
        assert paid.refunded_at is not None
        assert paid.refund_reason == ("You cancelled 10 days before the first meeting: 50% refund.")
        assert paid.enrolment.status == EnrolmentStatus.CANCELLED
        summer_pottery.refresh_from_db()
        assert summer_pottery.seats == seats_before + 1

    def test_the_family_is_told_of_the_cancellation_and_of_the_refund_once_each(
        self, paid, student
    ):
        mail_sent()

        cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)
        with pytest.raises(Conflict):
            cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)

        cancelled, refunded = mail_sent()
        assert cancelled.to == refunded.to == [student.email]
        assert cancelled.subject == "Cancelled: Summer Pottery"
        for fact in (
            "your place in Summer Pottery is cancelled",
            "Paid: $45.50",
            "50% refund: you cancelled 10 days before the first meeting.",
            "Refund due: $22.75",
            "Refund policy when you paid: Cancel 14 days or more before the first meeting for "
            "a full refund; 13 to 7 days before, 50% is refunded; fewer than 7 days before, or "
            "once the class has started, nothing is refunded.",
        ):
            assert fact in cancelled.body
        assert refunded.subject == "Refund for Summer Pottery"
        assert "We have refunded $22.75 for Summer Pottery" in refunded.body
        assert Message.objects.filter(kind=PaymentMessage.ENROLMENT_CANCELLED).count() == 1
        assert Message.objects.filter(kind=PaymentMessage.REFUND_MADE).count() == 1

    def test_a_spanish_reading_family_is_told_of_both_in_spanish(self, paid, student):
        student.language = "es"
        student.save(update_fields=["language"])
        mail_sent()

        cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)

        cancelled, refunded = mail_sent()
        assert cancelled.subject == "Cancelada: Summer Pottery"
        for fact in (
            "Como usted lo pidió, su lugar en Summer Pottery está cancelado",
            "Pagado: $45.50",
            "Reembolso del 50%: canceló 10 días antes de la primera sesión.",
            "Reembolso pendiente: $22.75",
            "Política de reembolsos cuando pagó: Cancele 14 días o más antes de la primera "
            "sesión para recibir un reembolso total; de 13 a 7 días antes, se reembolsa el 50%; "
            "con menos de 7 días de anticipación, o una vez empezada la clase, no se reembolsa "
            "nada.",
        ):
            assert fact in cancelled.body
        for english in ("As you asked", "Refund due", "you cancelled", "Cancel 14 days"):
            assert english not in cancelled.body
        assert refunded.subject == "Reembolso de Summer Pottery"
        assert "Reembolsamos $22.75 de Summer Pottery a la tarjeta con la que pagó" in (
            refunded.body
        )
        assert "Motivo: Canceló 10 días antes de la primera sesión: reembolso del 50%." in (
            refunded.body
        )
        assert "We have refunded" not in refunded.body
        assert cancelled.extra_headers["Content-Language"] == "es"

    def test_an_english_reading_family_is_told_in_english(self, paid, student):
        student.language = "en"
        student.save(update_fields=["language"])
        mail_sent()

        cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)

        cancelled, refunded = mail_sent()
        assert cancelled.subject == "Cancelled: Summer Pottery"
        assert "50% refund: you cancelled 10 days before the first meeting." in cancelled.body
        assert refunded.subject == "Refund for Summer Pottery"
        assert "Why: You cancelled 10 days before the first meeting: 50% refund." in (refunded.body)
        for spanish in ("Hola", "Cancelada", "Reembolso", "canceló"):
            assert spanish not in cancelled.body + refunded.body

    def test_cancelling_inside_a_week_refunds_nothing_and_asks_stripe_nothing(self, paid):
        mail_sent()

        done = cancel_at(at(date(2027, 6, 10)), paid)

        assert (done.refund, done.refund_status) == (Decimal("0.00"), "none")
        assert done.message == (
            "Your enrolment is cancelled. Under the refund policy you paid under, nothing is "
            "refunded."
        )
        assert refunds_at_stripe(paid) == []
        paid.refresh_from_db()
        assert (paid.status, paid.refunded_at) == (PaymentStatus.CANCELLED, None)
        [told] = mail_sent()
        assert "Refund due: nothing" in told.body

    def test_a_free_class_never_reaches_stripe(self, api_client_for, student, instructor):
        with time_machine.travel(PAID_AT):
            free = scheduled_class(
                start=FIRST_DAY, days=(0,), price=Decimal("0"), instructor=instructor
            )
            chosen = SelectionFactory(student=student, camp_class=free)
            answer = api_client_for(student).post(
                "/api/payments", {"payId": chosen.pk}, format="json"
            )
            assert answer.status_code == 201, answer.json()
        payment = Payment.objects.get()

        done = cancel_at(at(date(2027, 5, 2)), payment)

        assert (done.refund, done.refund_status) == (Decimal("0.00"), "none")
        assert "The class was free" in done.message
        assert not Refund.objects.exists()
        assert Payment.objects.get().status == PaymentStatus.CANCELLED

    def test_only_the_family_that_paid_may_cancel(self, paid):
        stranger = UserFactory(role=Role.STUDENT)

        with pytest.raises(NotFound):
            enrolment_cancellation_preview(student=stranger, enrolment_id=paid.enrolment_id)
        with pytest.raises(NotFound):
            enrolment_cancel(student=stranger, enrolment_id=paid.enrolment_id)
        with pytest.raises(NotFound):
            enrolment_cancel(student=paid.student, enrolment_id=paid.enrolment_id + 1000)
        assert Payment.objects.get().status == PaymentStatus.ENROLLED

    def test_an_enrolment_the_school_refunded_is_not_cancelled_again(self, paid):
        payment_refund(payment_id=paid.pk, reason="Moved away.")

        with pytest.raises(Conflict, match="The school has already refunded this enrolment."):
            cancel_at(at(date(2027, 5, 2)), paid)

    def test_a_class_the_school_cancelled_is_refunded_in_full_by_the_school_not_the_policy(
        self, paid, summer_pottery, localstripe, settings
    ):
        # Stripe does not answer the school's refund: the class is cancelled, the seat still
        # held until cancelling the class again finishes it.
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.stop_now()
            with time_machine.travel(at(date(2027, 6, 4))), stripe_gives_up_after(settings, 1.0):
                class_cancel(class_id=summer_pottery.pk)
        settings.STRIPE_API_BASE = localstripe

        with pytest.raises(Conflict, match="The school cancelled this class"):
            cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)
        assert not Refund.objects.exists()

    def test_the_refund_must_be_the_one_the_family_confirmed(self, paid):
        with time_machine.travel(at(date(2027, 6, 1))), pytest.raises(RefundChanged) as changed:
            enrolment_cancel(
                student=paid.student,
                enrolment_id=paid.enrolment_id,
                expected_refund=Decimal("45.50"),
            )

        assert changed.value.current_refund == Decimal("22.75")
        assert Payment.objects.get().status == PaymentStatus.ENROLLED
        assert not Refund.objects.exists()


class TestWhenStripeRefuses:
    @pytest.fixture
    def refused(self, paid, localstripe, settings):
        """Stripe turns the refund down; the cancellation stands, the refund waits."""
        mail_sent()
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.refuse("POST", "/v1/refunds", message=DISPUTED)
            done = cancel_at(at(date(2027, 6, 4)), paid)
        settings.STRIPE_API_BASE = localstripe
        return done

    def test_the_refund_waits_failed_and_the_payment_does_not_claim_to_be_refunded(
        self, refused, paid
    ):
        assert (refused.refund, refused.refund_status) == (Decimal("22.75"), "pending")
        assert refused.message == (
            "Your enrolment is cancelled. The refund of $22.75 could not be made just now; the "
            "school will make it and e-mail you when it is done."
        )
        refund = Refund.objects.get()
        assert refund.status == RefundStatus.FAILED
        assert DISPUTED in refund.failure_message
        paid.refresh_from_db()
        assert (paid.status, paid.refunded_at, paid.refund_id) == (
            PaymentStatus.CANCELLED,
            None,
            "",
        )
        assert paid.enrolment.status == EnrolmentStatus.CANCELLED
        assert refunds_at_stripe(paid) == []
        # Told of the cancellation (the refund due), not of a refund that was not made.
        assert [message.subject for message in mail_sent()] == ["Cancelled: Summer Pottery"]

    def test_a_retry_makes_it_once_with_the_same_key(self, refused, paid):
        refund = Refund.objects.get()

        with time_machine.travel(at(date(2027, 6, 5))):
            retried = refund_retry(refund_id=refund.pk)
            with pytest.raises(Conflict, match="This refund was made already."):
                refund_retry(refund_id=refund.pk)

        assert (retried.status, retried.failure_message) == (RefundStatus.SUCCEEDED, "")
        assert refunds_at_stripe(paid) == [(retried.stripe_refund_id, 2275)]
        [at_stripe] = stripe_js.refunds_of(paid.transaction_id)
        assert at_stripe["metadata"]["refund_key"] == refund.idempotency_key
        paid.refresh_from_db()
        assert paid.refunded_at is not None
        cancelled, refunded = mail_sent()
        assert cancelled.subject == "Cancelled: Summer Pottery"
        assert "We have refunded $22.75 for Summer Pottery" in refunded.body

    def test_an_unreachable_stripe_is_a_failed_refund_too(self, paid, localstripe, settings):
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.stop_now()
            with stripe_gives_up_after(settings, 1.0):
                done = cancel_at(at(date(2027, 5, 20)), paid)
        settings.STRIPE_API_BASE = localstripe

        assert (done.refund, done.refund_status) == (Decimal("45.50"), "pending")
        refund = Refund.objects.get()
        assert refund.status == RefundStatus.FAILED
        assert refund.failure_message
        assert refund_retry(refund_id=refund.pk).status == RefundStatus.SUCCEEDED
        assert refunds_at_stripe(paid) == [(Refund.objects.get().stripe_refund_id, 4550)]

    def test_the_back_office_queue_lists_failed_refunds_first_and_retries_them(
        self, refused, paid, pay_on_may_1, summer_pottery
    ):
        made = pay_on_may_1(UserFactory(role=Role.STUDENT), summer_pottery)
        cancel_at(at(date(2027, 5, 20)), made)
        back_office = Client()
        back_office.force_login(UserFactory(role=Role.ADMIN))

        queue = back_office.get("/admin/payments/refund/")
        failed_only = back_office.get("/admin/payments/refund/?status__exact=failed")
        retried = back_office.post(
            "/admin/payments/refund/",
            {"action": "retry_selected", "_selected_action": [r.pk for r in Refund.objects.all()]},
            follow=True,
        )

        assert queue.status_code == failed_only.status_code == retried.status_code == 200
        listed = [refund.status for refund in queue.context["cl"].result_list]
        assert listed == [RefundStatus.FAILED, RefundStatus.SUCCEEDED]
        assert [r.payment_id for r in failed_only.context["cl"].result_list] == [paid.pk]
        assert [str(m) for m in get_messages(retried.wsgi_request)] == [
            "1 refunded; each family is told by e-mail.",
            "1 skipped: This refund was made already.",
        ]
        assert set(Refund.objects.values_list("status", flat=True)) == {RefundStatus.SUCCEEDED}
        assert len(stripe_js.refunds_of(paid.transaction_id)) == 1

    def test_a_retry_stripe_refuses_again_stays_in_the_queue(
        self, refused, paid, localstripe, settings
    ):
        back_office = Client()
        back_office.force_login(UserFactory(role=Role.ADMIN))
        with stripe_line(localstripe) as line:
            settings.STRIPE_API_BASE = line.url
            line.refuse("POST", "/v1/refunds", message=DISPUTED)
            retried = back_office.post(
                "/admin/payments/refund/",
                {"action": "retry_selected", "_selected_action": [Refund.objects.get().pk]},
                follow=True,
            )
        settings.STRIPE_API_BASE = localstripe

        messages = [str(m) for m in get_messages(retried.wsgi_request)]
        assert messages[0] == "0 refunded; each family is told by e-mail."
        assert messages[1].startswith("1 still not made: ") and DISPUTED in messages[1]
        assert Refund.objects.get().status == RefundStatus.FAILED


class TestIdempotencyKeys:
    def test_each_refund_has_its_own_key_and_stripe_makes_it_once_per_key(
        self, paid, pay_on_may_1, summer_pottery
    ):
        other = pay_on_may_1(UserFactory(role=Role.STUDENT), summer_pottery)
        cancel_at(at(FIRST_DAY - timedelta(days=10)), paid)
        cancel_at(at(date(2027, 6, 4)), other)
        mine, theirs = Refund.objects.order_by("payment_id")

        again = stripe_client.charge_refund(
            payment_intent_id=paid.transaction_id,
            reason="again",
            amount_cents=2275,
            idempotency_key=mine.idempotency_key,
        )

        assert mine.idempotency_key != theirs.idempotency_key
        assert again == mine.stripe_refund_id
        assert len(stripe_js.refunds_of(paid.transaction_id)) == 1

    def test_the_key_is_unique_in_the_database(self, paid):
        cancel_at(at(date(2027, 5, 20)), paid)
        refund = Refund.objects.get()

        with pytest.raises(IntegrityError), transaction.atomic():
            Refund.objects.create(
                payment=paid, amount=Decimal("1.00"), idempotency_key=refund.idempotency_key
            )

    def test_a_full_refund_without_a_key_still_refunds_the_whole_charge_once(self, paid):
        first = stripe_client.charge_refund(payment_intent_id=paid.transaction_id, reason="x")
        again = stripe_client.charge_refund(payment_intent_id=paid.transaction_id, reason="y")

        assert first == again
        assert refunds_at_stripe(paid) == [(first, 4550)]


class TestTheRefundTable:
    @pytest.mark.parametrize(
        ("fields", "constraint"),
        [
            ({"amount": Decimal("0.00")}, "refund_amount_gt_0"),
            ({"status": "lost"}, "refund_status_valid"),
            ({"status": RefundStatus.SUCCEEDED}, "refund_succeeded_has_stripe_id"),
        ],
    )
    def test_the_database_holds_its_rules(self, fields, constraint):
        payment = Payment.objects.create(
            student=UserFactory(role=Role.STUDENT),
            camp_class=scheduled_class(start=FIRST_DAY, status=ClassStatus.APPROVED),
            transaction_id="pi_table",
            price=Decimal("45.50"),
            status=PaymentStatus.CANCELLED,
        )
        row = {"payment": payment, "amount": Decimal("1.00"), "idempotency_key": "k", **fields}

        with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
            Refund.objects.create(**row)
