"""Who may take a class, by its schedule: registration that closes, classes that have started,
and meetings that clash with another class of the same student."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from accounts.ages import age_on
from accounts.services import account_holder_of
from classes.models import Class, Meeting
from classes.services import class_update
from enrolments.facts import standing_read
from enrolments.models import AgeOverride, EnrolmentStatus, Selection
from enrolments.rules import (
    Refusal,
    RefusalKind,
    enrolment_refusal,
)
from testing.factories import (
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
MON, TUE, WED, THU, FRI = range(5)


def next_monday(weeks_ahead: int = 4) -> date:
    today = timezone.localdate(timezone=LOS_ANGELES)
    return today + timedelta(days=7 * weeks_ahead - today.weekday())


@pytest.fixture
def student():
    return UserFactory()


@pytest.fixture
def pottery():
    return scheduled_class(
        name="Wheel-Thrown Pottery",
        start=next_monday(),
        end=next_monday() + timedelta(days=4),
        days=(MON, WED, FRI),
        hours=(time(9), time(12)),
    )


def clashing(*, hours, days=(WED,), name="Loom Weaving"):
    return scheduled_class(
        name=name,
        start=next_monday(),
        end=next_monday() + timedelta(days=4),
        days=days,
        hours=hours,
    )


class TestRegistrationWindow:
    def test_an_open_class_may_be_taken(self, student, pottery):
        assert enrolment_refusal(participant=account_holder_of(student), camp_class=pottery) is None

    def test_a_class_whose_registration_closed_is_refused_with_the_date(self, student):
        closed_at = datetime.combine(
            timezone.localdate(timezone=LOS_ANGELES) - timedelta(days=1),
            time(17),
            tzinfo=LOS_ANGELES,
        )
        camp_class = scheduled_class(start=next_monday(), registration_closes_at=closed_at)

        refusal = enrolment_refusal(participant=account_holder_of(student), camp_class=camp_class)

        said = (
            f"Registration for this class closed on {closed_at:%A, %B} {closed_at.day}, "
            f"{closed_at.year}."
        )
        assert (refusal.kind, refusal.to_select, refusal.before_paying) == (
            RefusalKind.REGISTRATION_CLOSED,
            said,
            said,
        )
        assert refusal.refund_reason == (
            "Registration for this class closed while you were paying; "
            "your payment has been refunded."
        )

    @pytest.mark.parametrize(
        "closed_at",
        [
            datetime(2027, 6, 14, 17, tzinfo=LOS_ANGELES),
            # 8 p.m. at the school is already the next day in UTC.
            datetime(2027, 6, 15, 3, tzinfo=UTC),
        ],
    )
    def test_the_closing_date_is_said_in_school_time(self, closed_at):
        assert Refusal.registration_closed(closed_at).to_select == (
            "Registration for this class closed on Monday, June 14, 2027."
        )

    def test_registration_still_open_until_its_moment(self, student):
        camp_class = scheduled_class(
            start=next_monday(), registration_closes_at=timezone.now() + timedelta(minutes=5)
        )

        assert (
            enrolment_refusal(participant=account_holder_of(student), camp_class=camp_class) is None
        )

    def test_without_a_closing_date_registration_ends_as_the_first_meeting_starts(self, student):
        today = timezone.localdate(timezone=LOS_ANGELES)
        # The first meeting was yesterday morning; the class runs on to next week.
        camp_class = scheduled_class(
            start=today - timedelta(days=1),
            end=today + timedelta(days=7),
            days=tuple(range(7)),
            hours=(time(0, 30), time(1)),
        )

        assert camp_class.registration_closes_at is None
        assert (
            enrolment_refusal(participant=account_holder_of(student), camp_class=camp_class)
            == Refusal.STARTED
        )
        assert Refusal.STARTED.to_select == "This class has already started."

    def test_a_class_that_has_started_is_refused_even_with_registration_open(self, student):
        camp_class = scheduled_class(
            start=next_monday(), registration_closes_at=timezone.now() + timedelta(days=1)
        )
        # Its first meeting brought forward to a moment ago.
        Class.objects.filter(pk=camp_class.pk).update(
            starts_at=timezone.now() - timedelta(minutes=1)
        )
        camp_class.refresh_from_db()

        assert (
            enrolment_refusal(participant=account_holder_of(student), camp_class=camp_class)
            == Refusal.STARTED
        )

    def test_a_class_to_be_announced_stays_open(self, student):
        camp_class = ClassFactory(status="Approved")

        assert (
            enrolment_refusal(participant=account_holder_of(student), camp_class=camp_class) is None
        )


def soonest_clashing_class(*, participant_id: int, camp_class_id: int) -> str | None:
    """The name of the participant's class that clashes with this one first, as the rules read
    it (`facts.standing_read`)."""
    _, standing = standing_read(participant_id=participant_id, camp_class_id=camp_class_id)
    return standing.clashing_class_name


class TestClashes:
    def test_a_selected_class_at_the_same_time_is_named(self, student, pottery):
        weaving = clashing(hours=(time(11), time(13)))
        SelectionFactory(student=student, camp_class=weaving)

        refusal = enrolment_refusal(participant=account_holder_of(student), camp_class=pottery)

        assert refusal.to_select == "This class meets at the same time as Loom Weaving."
        assert refusal.refund_reason.endswith("your payment has been refunded.")

    def test_an_enrolled_class_at_the_same_time_clashes(self, student, pottery):
        weaving = clashing(hours=(time(8), time(9, 30)))
        EnrolmentFactory(student=student, camp_class=weaving)

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            == weaving.name
        )

    def test_a_cancelled_enrolment_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(10), time(11)))
        EnrolmentFactory(
            student=student,
            camp_class=weaving,
            status=EnrolmentStatus.CANCELLED,
            ended_at=timezone.now(),
        )

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_meetings_that_only_touch_do_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(12), time(15)))
        SelectionFactory(student=student, camp_class=weaving)

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_another_weekday_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)), days=(TUE, THU))
        SelectionFactory(student=student, camp_class=weaving)

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_a_cancelled_meeting_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)), days=(WED,))
        SelectionFactory(student=student, camp_class=weaving)
        wednesday = next_monday() + timedelta(days=2)
        # Pottery drops its Wednesday: the only day both met.
        class_update(
            class_id=pottery.pk,
            editor=pottery.instructor,
            name=pottery.name,
            image=pottery.image,
            price=pottery.price,
            seats=pottery.seats,
            no_meeting_dates=[wednesday],
        )
        pottery.refresh_from_db()

        assert Meeting.objects.get(camp_class=pottery, day=wednesday).cancelled
        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_another_student_s_classes_do_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)))
        SelectionFactory(student=UserFactory(), camp_class=weaving)

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_the_class_itself_does_not_clash_with_its_own_selection(self, student, pottery):
        SelectionFactory(student=student, camp_class=pottery)

        assert (
            soonest_clashing_class(
                participant_id=account_holder_of(student).pk, camp_class_id=pottery.pk
            )
            is None
        )

    def test_the_clash_costs_one_query(self, student, pottery, django_assert_num_queries):
        for hour in (13, 14, 15):
            SelectionFactory(
                student=student, camp_class=clashing(hours=(time(hour), time(hour + 1)))
            )

        holder = account_holder_of(student)

        with django_assert_num_queries(1):
            soonest_clashing_class(participant_id=holder.pk, camp_class_id=pottery.pk)


class TestSelectingThroughTheApi:
    @pytest.mark.parametrize("other_classes", [1, 4])
    def test_selecting_reads_the_class_and_every_rule_s_rows_in_one_query(
        self, api_client_for, student, pottery, django_assert_num_queries, other_classes
    ):
        holder = account_holder_of(student)
        for hour in range(other_classes):
            SelectionFactory(
                student=student, camp_class=clashing(hours=(time(13 + hour), time(14 + hour)))
            )
        Class.objects.filter(pk=pottery.pk).update(age_min=6, age_max=12)
        AgeOverride.objects.create(participant=holder, camp_class=pottery, reason="Assists.")
        client = api_client_for(student)

        # The caller; the participant, locked; the class with whether they hold a seat in it or
        # selected it, their age override, the seats held for others and a clash; the insert,
        # unless a twin request's row is there already. Each of the five is a query of its own
        # besides the class's, otherwise. (The test's own transaction makes the service's a
        # savepoint: two more.)
        with django_assert_num_queries(6):
            response = client.post("/api/selectClass", {"classId": pottery.pk}, format="json")

        assert response.status_code == 201, response.json()

    def test_select_answers_409_naming_the_other_class(self, api_client_for, student, pottery):
        weaving = clashing(hours=(time(11), time(13)))
        SelectionFactory(student=student, camp_class=weaving)

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class meets at the same time as Loom Weaving."}
        assert not Selection.objects.filter(student=student, camp_class=pottery).exists()

    def test_a_class_that_only_touches_another_may_be_selected(
        self, api_client_for, student, pottery
    ):
        SelectionFactory(student=student, camp_class=clashing(hours=(time(12), time(13))))

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 201, response.json()
        assert Selection.objects.filter(student=student, camp_class=pottery).exists()

    def test_select_after_registration_closed_is_409(self, api_client_for, student, pottery):
        Class.objects.filter(pk=pottery.pk).update(
            registration_closes_at=timezone.now() - timedelta(hours=1)
        )

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["message"].startswith("Registration for this class closed on ")

    def test_a_started_class_is_409(self, api_client_for, student, pottery):
        Class.objects.filter(pk=pottery.pk).update(starts_at=timezone.now() - timedelta(hours=1))

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {"message": "This class has already started."}

    def test_selecting_again_after_registration_closed_says_it_closed(
        self, api_client_for, student, pottery
    ):
        SelectionFactory(student=student, camp_class=pottery)
        closed_at = datetime(2026, 11, 2, 12, tzinfo=LOS_ANGELES)
        Class.objects.filter(pk=pottery.pk).update(registration_closes_at=closed_at)

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json() == {
            "message": "Registration for this class closed on Monday, November 2, 2026."
        }


def test_a_child_born_on_29_february_turns_a_year_older_on_1_march_in_a_common_year():
    born = date(2020, 2, 29)

    assert age_on(born, date(2027, 2, 28)) == 6
    assert age_on(born, date(2027, 3, 1)) == 7
    assert age_on(born, date(2028, 2, 28)) == 7
    assert age_on(born, date(2028, 2, 29)) == 8
