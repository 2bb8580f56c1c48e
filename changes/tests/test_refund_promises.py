"""A class's dates move after a family paid: the refund they were promised stands. Through the
API: the family pays at localstripe, the class is moved with `PUT /api/classes/{id}` (by its
instructor within the notice rule, by an admin at any notice), and the family asks what
cancelling gives back and cancels. Days count from today at the school; later days are reached
with time-machine.

The school's default terms: all back 14 days or more before the first meeting, half from 13 to
7 days, nothing closer.
"""

from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from classes.changes import class_change_notices_due
from classes.message_kinds import ClassMessage
from classes.models import Class
from classes.schedule import WEEKDAY_NAMES
from core.school_time import school_timezone, school_today
from notifications.models import Message
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import SelectionFactory, UserFactory, scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db


def in_days(days: int) -> date:
    return school_today() + timedelta(days=days)


def school_moment(day: date, hour: int = 9) -> datetime:
    return datetime.combine(day, time(hour), school_timezone())


def move(client, camp_class: Class, day: date):
    """The class's one meeting to `day`, 9 to 12, everything else as it is."""
    return client.put(
        f"/api/classes/{camp_class.pk}",
        {
            "nameClass": camp_class.name,
            "seats": camp_class.seats,
            "price": str(camp_class.price),
            "image": camp_class.image,
            "startDate": day.isoformat(),
            "endDate": day.isoformat(),
            "meetingDays": [WEEKDAY_NAMES[day.weekday()]],
            "startTime": "09:00",
            "endTime": "12:00",
        },
        format="json",
    )


def class_on(day: date, instructor) -> Class:
    return scheduled_class(start=day, instructor=instructor, price=Decimal("50.00"), seats=5)


@pytest.fixture
def family_pays(localstripe, pay, api_client_for):
    """A new family selects the class and pays for it through the API; its payment."""

    def pays(camp_class: Class) -> Payment:
        student = UserFactory(name="Sam Rivera")
        selection = SelectionFactory(student=student, camp_class=camp_class)
        answer = pay(api_client_for(student), selection)
        assert answer.status_code == 201, answer.json()
        return Payment.objects.get(student=student)

    return pays


def cancellation(payment: Payment) -> str:
    return f"/api/enrolments/{payment.enrolment_id}/cancellation"


def quote_and_cancel(api_client_for, payment: Payment, moment: datetime) -> tuple[dict, dict]:
    """On `moment`, the family's preview and then its cancellation, as the API answers them."""
    with time_machine.travel(moment, tick=False):
        family = api_client_for(payment.student)
        preview = family.get(cancellation(payment))
        assert preview.status_code == 200, preview.json()
        cancelled = family.post(
            cancellation(payment),
            {"refundAmount": preview.json()["refundAmount"]},
            format="json",
        )
        assert cancelled.status_code == 200, cancelled.json()
    return preview.json(), cancelled.json()


class TestTheRefundFollowsWhatWasPromised:
    def test_a_move_closer_never_lowers_the_refund(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(30), people["instructor"])
        payment = family_pays(camp_class)

        assert move(client_as("admin"), camp_class, in_days(10)).status_code == 200
        # Past the week a move gives for a full refund: by the new dates the class is 2 days
        # away (nothing back); by the dates the family paid for, 22 (all back).
        preview, cancelled = quote_and_cancel(api_client_for, payment, school_moment(in_days(8)))

        assert (preview["tier"], preview["refundAmount"]) == ("full", 50.0)
        assert preview["why"] == (
            "it is 22 days before the first meeting by the class's dates when you enrolled"
        )
        assert (cancelled["refundAmount"], cancelled["refundStatus"]) == (50.0, "succeeded")
        assert [amount for _, amount in refunds_at_stripe(payment)] == [5000]

    def test_a_class_moved_into_the_past_is_still_cancelled_by_the_promise(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(30), people["instructor"])
        payment = family_pays(camp_class)

        assert move(client_as("admin"), camp_class, in_days(-20)).status_code == 200
        preview, cancelled = quote_and_cancel(api_client_for, payment, school_moment(in_days(8)))

        assert (preview["tier"], preview["refundAmount"]) == ("full", 50.0)
        assert cancelled["refundAmount"] == 50.0
        assert Payment.objects.get(pk=payment.pk).status == PaymentStatus.CANCELLED

    def test_a_move_later_gives_the_family_the_later_dates_days(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(10), people["instructor"])
        payment = family_pays(camp_class)

        assert move(client_as("instructor"), camp_class, in_days(40)).status_code == 200
        preview, _ = quote_and_cancel(api_client_for, payment, school_moment(in_days(10)))

        assert (preview["tier"], preview["why"]) == (
            "full",
            "it is 30 days before the first meeting",
        )


class TestAFullRefundAfterTheFirstMeetingMoves:
    def test_for_a_week_the_family_may_cancel_for_everything_it_paid(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(10), people["instructor"])
        payment = family_pays(camp_class)
        moved_on = timezone.localdate(timezone=school_timezone())

        assert move(client_as("instructor"), camp_class, in_days(9)).status_code == 200
        preview, cancelled = quote_and_cancel(
            api_client_for, payment, school_moment(in_days(6), hour=23)
        )

        until = moved_on + timedelta(days=7)
        assert (preview["tier"], preview["refundAmount"]) == ("full", 50.0)
        assert preview["why"] == (
            f"the class's first meeting moved on {moved_on:%A, %B} {moved_on.day}, so you may "
            f"cancel for a full refund until {until:%A, %B} {until.day}"
        )
        assert cancelled["refundAmount"] == 50.0

    def test_after_that_week_the_policy_applies_again(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(20), people["instructor"])
        payment = family_pays(camp_class)

        assert move(client_as("instructor"), camp_class, in_days(18)).status_code == 200
        # Eight days on: 10 days before the new first meeting, 12 before the old one.
        preview, cancelled = quote_and_cancel(api_client_for, payment, school_moment(in_days(8)))

        assert (preview["tier"], preview["refundAmount"]) == ("partial", 25.0)
        assert cancelled["refundAmount"] == 25.0

    def test_the_change_e_mail_says_until_when(self, people, client_as, family_pays, smtp_sink):
        camp_class = class_on(in_days(10), people["instructor"])
        family_pays(camp_class)
        Message.objects.all().delete()

        assert move(client_as("instructor"), camp_class, in_days(12)).status_code == 200
        class_change_notices_due(now=timezone.now() + timedelta(minutes=11))
        send_queued()

        until = (timezone.now() + timedelta(days=7)).astimezone(school_timezone())
        [email] = smtp_sink.messages()
        assert email["X-Camp-Kind"] == ClassMessage.SCHEDULE_CHANGED
        assert (
            "you may cancel on My Enrolled Classes until "
            f"{until:%A, %B} {until.day} and get back everything you paid"
        ) in email.get_body(("plain",)).get_content()

    def test_a_family_that_paid_after_the_move_has_no_such_week(
        self, people, client_as, family_pays, api_client_for
    ):
        camp_class = class_on(in_days(12), people["instructor"])
        family_pays(camp_class)
        assert move(client_as("instructor"), camp_class, in_days(10)).status_code == 200
        later = family_pays(camp_class)

        preview, _ = quote_and_cancel(api_client_for, later, school_moment(in_days(0), hour=10))

        assert (preview["tier"], preview["refundAmount"]) == ("partial", 25.0)


class TestHowCloseAnInstructorMayMoveAClass:
    @pytest.mark.parametrize("days", [6, 1, -3], ids=["six days", "tomorrow", "the past"])
    def test_not_within_a_week_nor_into_the_past_once_families_paid(
        self, people, client_as, family_pays, days
    ):
        camp_class = class_on(in_days(20), people["instructor"])
        family_pays(camp_class)
        starts_at = Class.objects.get(pk=camp_class.pk).starts_at
        earliest = in_days(7)

        answer = move(client_as("instructor"), camp_class, in_days(days))

        assert answer.status_code == 400
        assert answer.json()["errors"] == {
            "startDate": [
                "Families are enrolled in this class, so no meeting can be added, moved or "
                f"cancelled before {earliest:%A, %B} {earliest.day} (7 days from today). "
                "Please ask the school to make this change."
            ]
        }
        assert Class.objects.get(pk=camp_class.pk).starts_at == starts_at
        assert not Message.objects.filter(kind=ClassMessage.SCHEDULE_CHANGED).exists()

    def test_a_week_away_is_enough_notice(self, people, client_as, family_pays):
        camp_class = class_on(in_days(20), people["instructor"])
        family_pays(camp_class)

        assert move(client_as("instructor"), camp_class, in_days(7)).status_code == 200

    def test_a_class_nobody_is_enrolled_in_moves_freely(self, people, client_as):
        camp_class = class_on(in_days(20), people["instructor"])

        assert move(client_as("instructor"), camp_class, in_days(2)).status_code == 200

    def test_an_admin_moves_it_at_any_notice_and_the_family_is_told(
        self, people, client_as, family_pays
    ):
        camp_class = class_on(in_days(20), people["instructor"])
        payment = family_pays(camp_class)

        assert move(client_as("admin"), camp_class, in_days(1)).status_code == 200
        class_change_notices_due(now=timezone.now() + timedelta(minutes=11))

        assert Class.objects.get(pk=camp_class.pk).starts_at == school_moment(in_days(1))
        assert Message.objects.filter(
            kind=ClassMessage.SCHEDULE_CHANGED, recipient=payment.student.email
        ).exists()


def refunds_at_stripe(payment: Payment) -> list[tuple[str, int]]:
    return [
        (refund["id"], refund["amount"]) for refund in stripe_js.refunds_of(payment.transaction_id)
    ]
