"""The clock's hard moments, travelled to in every run whatever clock the suite is on: the
school's spring-forward night (March 14, 2027 in America/Los_Angeles: 01:59 PST, then 03:00 PDT,
a day of 23 hours; 02:30 never shows), the night it falls back (November 7, 2027: 01:00 twice, 25
hours), and the hour before the school's midnight, when UTC is already on the next day (23:15 on
June 30 is 06:15 on July 1 in UTC, another month).

Whatever counts days counts the school's days: refund tiers, instalment due dates and the beat
that charges them, the reminders before a first meeting, the attendance window (it opens
ATTENDANCE_OPENS_MINUTES_BEFORE real minutes before a meeting and closes at the school's
midnight), and the opening day's report hour by hour, which lists the hours the day had.
Against the database and localstripe where money moves; the moved-clock passes of the Makefile
run the whole suite at two of these moments (testing/clock.py).
"""

import io
import uuid
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings as django_settings
from django.utils import timezone
from openpyxl import load_workbook

from accounts.models import Role
from attendance.services import attendance_record
from changes.services import enrolment_cancel, enrolment_cancellation_preview
from classes.models import Class, Meeting, Season
from core.errors import Refused
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.services import care_reminders_due
from enrolments.services.class_reminders import class_reminders_due
from notifications.models import Message
from payments.models import Checkout, InstalmentStatus, Payment, PaymentPlan, PaymentPlanDue
from payments.refund_policy import RefundTier
from payments.tests import stripe_js
from plans.schedule import plan_schedule, plans_open
from settlement import tasks
from testing.dates import SCHOOL
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.django_db

D = Decimal
# 02:00 PST becomes 03:00 PDT.
SPRING_FORWARD = date(2027, 3, 14)
# 02:00 PDT becomes 01:00 PST.
FALL_BACK = date(2027, 11, 7)
# 23:15 at the school is July 1 in UTC.
MONTH_END = date(2027, 6, 30)


def at(day: date, hour: int, minute: int = 0, *, fold: int = 0) -> datetime:
    """A moment at the school, as its clock reads it; a skipped time is read with the offset
    before the change (02:30 on the spring-forward night is 03:30 PDT), as testing/clock.py
    reads CAMP_TEST_CLOCK; a repeated one is the first unless `fold=1`."""
    return datetime.combine(day, time(hour, minute), SCHOOL).replace(fold=fold)


# When the school's year is set up, and families pay: weeks before every hard moment.
BEFORE = at(date(2027, 2, 1), 10)


def on(moment: datetime):
    """The clock stopped at `moment`."""
    return time_machine.travel(moment, tick=False)


def test_the_calendar_is_as_this_file_says():
    def hours(day: date) -> float:
        return (at(day + timedelta(days=1), 0).timestamp() - at(day, 0).timestamp()) / 3600

    assert (hours(SPRING_FORWARD), hours(FALL_BACK), hours(MONTH_END)) == (23, 25, 24)
    assert at(SPRING_FORWARD, 2, 30).astimezone(UTC) == datetime(2027, 3, 14, 10, 30, tzinfo=UTC)
    assert at(MONTH_END, 23, 15).astimezone(UTC) == datetime(2027, 7, 1, 6, 15, tzinfo=UTC)
    assert django_settings.SCHOOL_TIMEZONE == "America/Los_Angeles" == SCHOOL.key


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Ana Silva", email="ana@camp.test")


@pytest.fixture
def mia(family):
    with on(BEFORE):
        return ChildFactory(account=family, first_name="Mia", last_name="Silva")


@pytest.fixture
def teacher():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test")


def a_class(
    first_day: date, *, name: str, price: str = "400.00", hours=(time(9), time(12)), **more
) -> Class:
    """A class meeting once, on `first_day` at the school, in a season taking registrations on
    BEFORE."""
    with on(BEFORE):
        season = a_season(f"Season of {name}", starts_on=first_day)
        return scheduled_class(
            start=first_day,
            end=first_day,
            days=(first_day.weekday(),),
            hours=hours,
            price=D(price),
            season=season,
            name=name,
            **more,
        )


def paid_at_checkout(api_client_for, family, child, camp_class, plan=None) -> Payment:
    """The family pays on BEFORE by card through the checkout, at localstripe: in full, or the
    plan's deposit."""
    with on(BEFORE):
        client = api_client_for(family)
        line = {"classId": camp_class.pk, "participantId": child.pk}
        if plan is not None:
            line["planId"] = plan.pk
        opened = client.post("/api/checkouts", {"items": [line]}, format="json")
        assert opened.status_code == 201, opened.json()
        answer = opened.json()
        saved = stripe_js.confirm_card_setup(
            answer["clientSecret"], stripe_js.CARD_OK, email=family.email, name=family.name
        )
        assert "setupIntent" in saved, saved
        response = client.post(
            f"/api/checkouts/{answer['id']}/payment",
            {"total": answer["total"], "setupIntentId": saved["setupIntent"]["id"]},
            format="json",
        )
        assert response.status_code == 201, response.json()
    return Payment.objects.get(camp_class=camp_class, participant=child)


class TestRefundTiers:
    """The default terms: all back from 14 whole days at the school before the first meeting's
    day, half from 7. The days are the school's dates, never 24-hour lumps: the night the
    clocks spring forward is 23 hours long, and UTC turns the page hours before the school."""

    @pytest.fixture
    def paid(self, localstripe, api_client_for, family, mia) -> Payment:
        # First meeting: Sunday March 28, 2027 at 9:00, two weeks after the spring-forward night.
        camp_class = a_class(date(2027, 3, 28), name="Spring Clay", price="45.50")
        return paid_at_checkout(api_client_for, family, mia, camp_class)

    @pytest.mark.parametrize(
        ("moment", "tier", "refund"),
        [
            (at(date(2027, 3, 13), 23, 30), RefundTier.FULL, "45.50"),
            (at(SPRING_FORWARD, 0, 30), RefundTier.FULL, "45.50"),
            (at(SPRING_FORWARD, 1, 59), RefundTier.FULL, "45.50"),
            (at(SPRING_FORWARD, 2, 30), RefundTier.FULL, "45.50"),
            (at(SPRING_FORWARD, 23, 59), RefundTier.FULL, "45.50"),
            (at(date(2027, 3, 15), 0, 1), RefundTier.PARTIAL, "22.75"),
        ],
        ids=[
            # 15 days; UTC is on the 14th already.
            "the night before, UTC on the spring-forward day",
            # 14 days, though only 13 days 23 hours lie between the two midnights.
            "just after midnight",
            "the last minute before the jump",
            "the skipped 02:30 (03:30 PDT)",
            # 14 days at the school; UTC is on the 15th, 13 days before.
            "the hour before midnight, UTC on the next day",
            # 13 days.
            "the next day",
        ],
    )
    def test_the_tier_follows_the_schools_days_across_the_spring_forward_night(
        self, paid, moment, tier, refund
    ):
        with on(moment):
            quote = enrolment_cancellation_preview(
                student=paid.student, enrolment_id=paid.enrolment_id
            )

        assert (quote.tier, quote.refund) == (tier, D(refund))

    def test_a_cancellation_in_the_skipped_hour_is_refunded_in_full_at_stripe(self, paid):
        with on(at(SPRING_FORWARD, 2, 30)):
            done = enrolment_cancel(student=paid.student, enrolment_id=paid.enrolment_id)

        assert (done.refund, done.refund_status) == (D("45.50"), "succeeded")
        charge = Checkout.objects.get().payment_intent_id
        assert [refund["amount"] for refund in stripe_js.refunds_of(charge)] == [4550]
        paid.refresh_from_db()
        assert paid.refund_reason == (
            "You cancelled 14 days before the first meeting: full refund."
        )


class TestInstalmentDueDates:
    """A plan's instalments fall due on the school's days counted back from the first meeting's
    day, and the beat charges each on its day at the school: not at the school's 23:15 the night
    before because UTC is on that day already."""

    @pytest.fixture
    def summer_clay(self) -> Class:
        # First meeting: Thursday July 15, 2027 at 9:00.
        return a_class(date(2027, 7, 15), name="Summer Clay")

    @pytest.fixture
    def plan(self, summer_clay) -> PaymentPlan:
        """25% now; the rest in two instalments, 123 and 14 days before the first meeting:
        March 14 (the spring-forward day) and July 1."""
        plan = PaymentPlan.objects.create(
            label="25% now, the rest in two", camp_class=summer_clay, deposit_percent=D(25)
        )
        for days in (123, 14):
            PaymentPlanDue.objects.create(plan=plan, days_before=days)
        return plan

    def test_the_due_dates_are_the_schools_days_before_the_first_meeting(self, plan, summer_clay):
        with on(BEFORE):
            schedule = plan_schedule(plan, summer_clay, D("400.00"))

        assert [(part.due_on, part.amount) for part in schedule.instalments] == [
            (SPRING_FORWARD, D("150.00")),
            (date(2027, 7, 1), D("150.00")),
        ]

    def test_a_plan_is_open_until_its_first_due_day_begins_at_the_school(self, plan, summer_clay):
        # UTC is on March 14 from 16:00 on the 13th at the school.
        with on(at(date(2027, 3, 13), 23, 59)):
            assert [open_.plan for open_ in plans_open(summer_clay, D("400.00"))] == [plan]
        with on(at(SPRING_FORWARD, 0, 1)):
            assert plans_open(summer_clay, D("400.00")) == []

    def test_the_beat_charges_each_instalment_on_its_day_at_the_school(
        self, localstripe, api_client_for, family, mia, plan, summer_clay
    ):
        payment = paid_at_checkout(api_client_for, family, mia, summer_clay, plan)
        first, second = payment.instalments.order_by("due_on")

        def charged() -> list[tuple[int, str]]:
            return [
                (charge["amount"], charge["status"])
                for charge in stripe_js.payment_intents(
                    since=0, setup_intent_id=payment.card_setup_intent_id
                )
            ]

        def statuses() -> tuple[str, str]:
            first.refresh_from_db()
            second.refresh_from_db()
            return first.status, second.status

        deposit = (10000, "succeeded")
        assert (first.due_on, second.due_on) == (SPRING_FORWARD, date(2027, 7, 1))
        with on(at(date(2027, 3, 13), 23, 59)):
            tasks.instalments()
        assert (charged(), statuses()) == ([deposit], (InstalmentStatus.DUE, InstalmentStatus.DUE))

        with on(at(SPRING_FORWARD, 2, 30)):
            tasks.instalments()
            tasks.instalments()
        assert charged() == [deposit, (15000, "succeeded")]
        assert statuses() == (InstalmentStatus.PAID, InstalmentStatus.DUE)

        with on(at(MONTH_END, 23, 15)):
            tasks.instalments()
        assert len(charged()) == 2
        assert statuses() == (InstalmentStatus.PAID, InstalmentStatus.DUE)

        with on(at(date(2027, 7, 1), 0, 15)):
            tasks.instalments()
        assert charged() == [deposit, (15000, "succeeded"), (15000, "succeeded")]
        assert statuses() == (InstalmentStatus.PAID, InstalmentStatus.PAID)


class TestReminders:
    """Before a first meeting: the class's reminder CLASS_REMINDER_DAYS (3) before it by the
    school's clock, at its hour; the care reminder on the 7th school day before. Each on its
    school day, whatever day UTC is on and however long the nights between."""

    @pytest.mark.parametrize(
        ("starts", "not_yet", "due"),
        [
            (at(date(2027, 3, 16), 9), at(date(2027, 3, 13), 8, 30), at(date(2027, 3, 13), 9)),
            (
                at(date(2027, 3, 17), 0, 30),
                at(date(2027, 3, 13), 23, 45),
                at(SPRING_FORWARD, 0, 30),
            ),
            (at(date(2027, 7, 4), 9), at(MONTH_END, 23, 15), at(date(2027, 7, 1), 9)),
        ],
        ids=[
            # 72 hours before Tuesday's 9:00 PDT is 8:00 PST on Saturday: the clock says 9:00.
            "9:00 three days after the spring-forward night",
            # 72 hours before is 23:30 on Saturday: the reminder goes on Sunday, its school day.
            "half past midnight three days after the spring-forward night",
            # At 23:15 on June 30 UTC is on July 1, three days before: not yet at the school.
            "the hour before midnight, UTC three days before",
        ],
    )
    def test_the_class_reminder_goes_on_its_school_day_at_the_meetings_hour(
        self, settings, family, starts, not_yet, due
    ):
        settings.CLASS_REMINDER_DAYS = 3
        camp_class = a_class(
            starts.date(),
            name="Clay Creatures",
            hours=(starts.time(), (starts + timedelta(hours=2)).time()),
        )
        EnrolmentFactory(
            student=family, participant=ChildFactory(account=family), camp_class=camp_class
        )

        with on(not_yet):
            assert class_reminders_due() == 0
        with on(due):
            assert class_reminders_due() == 1
        assert Message.objects.filter(kind="class_reminder").count() == 1

    @pytest.mark.parametrize(
        ("first_day", "not_yet", "due", "later_that_day"),
        [
            (
                date(2027, 3, 21),
                at(date(2027, 3, 13), 23, 59),
                at(SPRING_FORWARD, 0, 1),
                at(SPRING_FORWARD, 2, 30),
            ),
            (date(2027, 7, 7), at(date(2027, 6, 29), 23, 59), at(MONTH_END, 9), None),
            (date(2027, 7, 8), at(MONTH_END, 23, 15), at(date(2027, 7, 1), 0, 1), None),
        ],
        ids=[
            # The 7th day before is the spring-forward day, from its first minute; UTC's is
            # from 16:00 the day before. Once, however many passes follow that day.
            "the spring-forward day",
            "the 7th day before is the month's last",
            # At 23:15 on June 30 UTC is on July 1, seven days before: not yet at the school.
            "the hour before midnight, UTC seven days before",
        ],
    )
    def test_the_care_reminder_goes_on_the_7th_school_day_before(
        self, settings, family, teacher, first_day, not_yet, due, later_that_day
    ):
        settings.CARE_REQUIRED_AT = "first_meeting"
        settings.CARE_REMINDER_DAYS = (7, 2)
        camp_class = a_class(first_day, name="Watercolour for Kids", instructor=teacher)
        with on(BEFORE):
            leo = ChildFactory(account=family, first_name="Leo", care=False)
        EnrolmentFactory(student=family, participant=leo, camp_class=camp_class)

        with on(not_yet):
            assert care_reminders_due() == 0
        with on(due):
            assert care_reminders_due() == 1
        if later_that_day:
            with on(later_that_day):
                assert care_reminders_due() == 0
        [reminder] = Message.objects.filter(kind="care_reminder")
        assert reminder.about == f"first-meeting:{camp_class.pk}:{leo.pk}:7"


SATURDAY = date(2027, 3, 13)
MONDAY = date(2027, 3, 15)


class TestTheAttendanceWindow:
    """An instructor takes a meeting's attendance from ATTENDANCE_OPENS_MINUTES_BEFORE (60)
    real minutes before it starts until midnight at the school at the end of its day, on either
    side of the spring-forward night."""

    def taking(self, teacher, family, day: date, hours) -> tuple[Meeting, int]:
        camp_class = a_class(day, name="Weekend Clay", hours=hours, instructor=teacher)
        child = EnrolmentFactory(
            student=family, participant=ChildFactory(account=family), camp_class=camp_class
        ).participant
        return camp_class.meetings.get(), child.pk

    def check_in(self, teacher, meeting: Meeting, child_id: int, taken: datetime | None = None):
        return attendance_record(
            actor=teacher,
            meeting_id=meeting.pk,
            client_id=str(uuid.uuid4()),
            participant_id=child_id,
            action="check_in",
            at=taken or timezone.now(),
        )

    @pytest.mark.parametrize(
        ("day", "hours", "moment", "refused"),
        [
            (SATURDAY, (time(9), time(12)), at(SATURDAY, 7, 59), "attendance_not_open"),
            (SATURDAY, (time(9), time(12)), at(SATURDAY, 8), None),
            (SATURDAY, (time(9), time(12)), at(SATURDAY, 23, 59), None),
            (SATURDAY, (time(9), time(12)), at(SPRING_FORWARD, 0, 1), "attendance_closed"),
            (SPRING_FORWARD, (time(9), time(12)), at(SPRING_FORWARD, 7, 59), "attendance_not_open"),
            (SPRING_FORWARD, (time(9), time(12)), at(SPRING_FORWARD, 8), None),
            (SPRING_FORWARD, (time(9), time(12)), at(SPRING_FORWARD, 23, 59), None),
            (SPRING_FORWARD, (time(9), time(12)), at(MONDAY, 0, 1), "attendance_closed"),
            (SPRING_FORWARD, (time(3), time(5)), at(SPRING_FORWARD, 0, 59), "attendance_not_open"),
            (SPRING_FORWARD, (time(3), time(5)), at(SPRING_FORWARD, 1, 30), None),
        ],
        ids=[
            "Saturday, a minute before it opens",
            "Saturday, as it opens",
            # UTC is on Sunday already.
            "Saturday, 23:59",
            "Saturday's meeting, 00:01 on Sunday",
            "the spring-forward day, a minute before it opens",
            "the spring-forward day, as it opens",
            # UTC is on Monday already.
            "the spring-forward day, 23:59",
            "the spring-forward day's meeting, 00:01 on Monday",
            # A meeting at 03:00 PDT: an hour before it is 01:00 PST, the clock then jumping.
            "a meeting at 3:00 after the jump, at 0:59",
            "a meeting at 3:00 after the jump, at 1:30, before the jump",
        ],
    )
    def test_an_instructor_takes_attendance_inside_the_window_only(
        self, teacher, family, day, hours, moment, refused
    ):
        meeting, child_id = self.taking(teacher, family, day, hours)

        with on(moment):
            if refused is None:
                action, new = self.check_in(teacher, meeting, child_id)
                assert (new, action.at.timestamp()) == (True, moment.timestamp())
            else:
                with pytest.raises(Refused) as refusal:
                    self.check_in(teacher, meeting, child_id)
                assert refusal.value.code == refused

    def test_the_refusal_says_when_it_opens_as_the_schools_clock_reads(self, teacher, family):
        meeting, child_id = self.taking(teacher, family, SPRING_FORWARD, (time(3), time(5)))

        with on(at(SPRING_FORWARD, 0, 59)), pytest.raises(Refused) as refusal:
            self.check_in(teacher, meeting, child_id)

        assert refusal.value.message == (
            "Attendance for this meeting opens at 1:00 AM on Sunday, March 14, "
            "60 minutes before it starts."
        )

    def test_what_a_phone_took_at_2359_on_the_spring_forward_day_is_recorded_after(
        self, teacher, family
    ):
        meeting, child_id = self.taking(teacher, family, SPRING_FORWARD, (time(9), time(12)))
        taken = at(SPRING_FORWARD, 23, 59)

        with on(at(MONDAY, 0, 30)):
            action, new = self.check_in(teacher, meeting, child_id, taken)

        assert (new, action.at.timestamp()) == (True, taken.timestamp())


def a_season_opening(moment: datetime) -> Season:
    """A season whose registration opens at `moment`, its classes weeks after."""
    with on(moment - timedelta(days=1)):
        return a_season(
            "Opening", opens_in=moment - timezone.now(), starts_on=moment.date() + timedelta(60)
        )


def registered(season: Season, *moments: datetime) -> None:
    """A seat taken in one of the season's classes at each moment."""
    with on(moments[0] - timedelta(days=1)):
        camp_class = a_season_class(season, "100.00", seats=len(moments) + 1)
    for moment in moments:
        child = ChildFactory()
        Enrolment.objects.create(
            student=child.account,
            participant=child,
            camp_class=camp_class,
            created_at=moment,
            status=EnrolmentStatus.ACTIVE,
        )


class TestTheOpeningDaysHours:
    """The opening day's registrations hour by hour: every hour the day had, once, in order; 23
    on the spring-forward day, 25 on the fall-back day (1:00 twice, told apart by when each
    starts), and a registration counted in the school's hour, not UTC's."""

    def hours(self, api_client_for, season: Season, day: date) -> list[tuple[int, float, int]]:
        """Each hour of the report: the clock's hour, the moment it starts, the registrations."""
        with on(at(day + timedelta(days=7), 10)):
            response = api_client_for(UserFactory(role=Role.ADMIN)).get(
                "/api/reports/season", {"season": season.pk}
            )
        assert response.status_code == 200, response.json()
        opening = response.json()["openingDay"]
        assert opening["day"] == day.isoformat()
        return [
            (
                line["hour"],
                datetime.fromisoformat(line["startsAt"]).timestamp(),
                line["registrations"],
            )
            for line in opening["hours"]
        ]

    def test_the_spring_forward_day_has_23_hours(self, api_client_for):
        season = a_season_opening(at(SPRING_FORWARD, 0, 15))
        registered(
            season,
            at(date(2027, 3, 13), 23, 59),
            at(SPRING_FORWARD, 0, 30),
            at(SPRING_FORWARD, 1, 59),
            at(SPRING_FORWARD, 3, 0),
            at(SPRING_FORWARD, 3, 59),
            at(SPRING_FORWARD, 23, 59),
            at(MONDAY, 0, 0),
        )

        hours = self.hours(api_client_for, season, SPRING_FORWARD)

        assert [hour for hour, _, _ in hours] == [0, 1, *range(3, 24)]
        first = datetime(2027, 3, 14, 8, tzinfo=UTC).timestamp()
        assert [starts for _, starts, _ in hours] == [first + 3600 * n for n in range(23)]
        assert [count for _, _, count in hours] == [1, 1, 2, *[0] * 19, 1]

    def test_the_fall_back_day_has_25_hours_and_1_00_twice(self, api_client_for):
        season = a_season_opening(at(FALL_BACK, 0, 15))
        registered(
            season,
            at(FALL_BACK, 0, 30),
            at(FALL_BACK, 1, 30),
            at(FALL_BACK, 1, 30, fold=1),
            at(FALL_BACK, 1, 45, fold=1),
            at(FALL_BACK, 2, 0),
            at(FALL_BACK, 23, 59),
        )

        hours = self.hours(api_client_for, season, FALL_BACK)

        assert [hour for hour, _, _ in hours] == [0, 1, 1, *range(2, 24)]
        first = datetime(2027, 11, 7, 7, tzinfo=UTC).timestamp()
        assert [starts for _, starts, _ in hours] == [first + 3600 * n for n in range(25)]
        assert [count for _, _, count in hours] == [1, 1, 2, 1, *[0] * 20, 1]

    def test_the_hour_before_midnight_is_the_schools_last_hour_of_its_day(self, api_client_for):
        season = a_season_opening(at(MONTH_END, 9))
        registered(season, at(MONTH_END, 9, 5), at(MONTH_END, 23, 15), at(date(2027, 7, 1), 0, 15))

        hours = self.hours(api_client_for, season, MONTH_END)

        assert [hour for hour, _, _ in hours] == list(range(24))
        assert [count for _, _, count in hours] == [*[0] * 9, 1, *[0] * 13, 1]

    def test_the_spreadsheet_names_the_time_each_hour_is_on(self, api_client_for):
        season = a_season_opening(at(SPRING_FORWARD, 0, 15))
        registered(season, at(SPRING_FORWARD, 3, 30))

        with on(at(MONDAY, 10)):
            response = api_client_for(UserFactory(role=Role.ADMIN)).get(
                "/api/reports/opening-day.xlsx", {"season": season.pk}
            )

        assert response.status_code == 200
        rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
        assert rows[0] == ("Hour of 2027-03-14", "Registrations")
        assert rows[1:4] == [("00:00 PST", 0), ("01:00 PST", 0), ("03:00 PDT", 1)]
        assert len(rows) == 1 + 23
