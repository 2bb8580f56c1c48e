"""Who may take a class, by its schedule: registration that closes, classes that have started,
and meetings that clash with another class of the same student."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from classes.models import Class, Meeting
from classes.services import class_update
from enrolments.models import EnrolmentStatus, Selection
from enrolments.rules import Refusal, clashing_class, enrolment_refusal
from testing.factories import (
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

pytestmark = pytest.mark.django_db

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
        assert enrolment_refusal(student=student, camp_class=pottery) is None

    def test_a_class_whose_registration_closed_is_refused_with_the_date(self, student):
        start = next_monday()
        camp_class = scheduled_class(
            start=start,
            registration_closes_at=datetime.combine(start, time(17), tzinfo=LOS_ANGELES)
            - timedelta(days=7),
        )
        Class.objects.filter(pk=camp_class.pk).update(
            registration_closes_at=timezone.now() - timedelta(days=1)
        )
        camp_class.refresh_from_db()
        closed_on = camp_class.registration_closes_at.astimezone(LOS_ANGELES)

        refusal = enrolment_refusal(student=student, camp_class=camp_class)

        assert refusal.to_select == (
            f"Registration for this class closed on {closed_on:%A, %B} {closed_on.day}, "
            f"{closed_on.year}."
        )

    def test_a_class_that_has_started_is_refused(self, student, pottery):
        Class.objects.filter(pk=pottery.pk).update(starts_at=timezone.now() - timedelta(minutes=1))
        pottery.refresh_from_db()

        assert enrolment_refusal(student=student, camp_class=pottery) == Refusal.STARTED

    def test_a_class_to_be_announced_stays_open(self, student):
        camp_class = ClassFactory(status="Approved")

        assert enrolment_refusal(student=student, camp_class=camp_class) is None


class TestClashes:
    def test_a_selected_class_at_the_same_time_is_named(self, student, pottery):
        weaving = clashing(hours=(time(11), time(13)))
        SelectionFactory(student=student, camp_class=weaving)

        refusal = enrolment_refusal(student=student, camp_class=pottery)

        assert refusal.to_select == "This class meets at the same time as Loom Weaving."
        assert refusal.refund_reason.endswith("your payment has been refunded.")

    def test_an_enrolled_class_at_the_same_time_clashes(self, student, pottery):
        weaving = clashing(hours=(time(8), time(9, 30)))
        EnrolmentFactory(student=student, camp_class=weaving)

        assert clashing_class(student=student, camp_class=pottery) == weaving

    def test_a_cancelled_enrolment_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(10), time(11)))
        EnrolmentFactory(
            student=student,
            camp_class=weaving,
            status=EnrolmentStatus.CANCELLED,
            ended_at=timezone.now(),
        )

        assert clashing_class(student=student, camp_class=pottery) is None

    def test_meetings_that_only_touch_do_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(12), time(15)))
        SelectionFactory(student=student, camp_class=weaving)

        assert clashing_class(student=student, camp_class=pottery) is None

    def test_another_weekday_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)), days=(TUE, THU))
        SelectionFactory(student=student, camp_class=weaving)

        assert clashing_class(student=student, camp_class=pottery) is None

    def test_a_cancelled_meeting_does_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)), days=(WED,))
        SelectionFactory(student=student, camp_class=weaving)
        wednesday = next_monday() + timedelta(days=2)
        # Pottery drops its Wednesday: the only day both met.
        class_update(
            class_id=pottery.pk,
            instructor=pottery.instructor,
            name=pottery.name,
            image=pottery.image,
            price=pottery.price,
            seats=pottery.seats,
            no_meeting_dates=[wednesday],
        )
        pottery.refresh_from_db()

        assert Meeting.objects.get(camp_class=pottery, day=wednesday).cancelled
        assert clashing_class(student=student, camp_class=pottery) is None

    def test_another_student_s_classes_do_not_clash(self, student, pottery):
        weaving = clashing(hours=(time(9), time(12)))
        SelectionFactory(student=UserFactory(), camp_class=weaving)

        assert clashing_class(student=student, camp_class=pottery) is None

    def test_the_class_itself_does_not_clash_with_its_own_selection(self, student, pottery):
        SelectionFactory(student=student, camp_class=pottery)

        assert clashing_class(student=student, camp_class=pottery) is None

    def test_the_clash_costs_one_query(self, student, pottery, django_assert_num_queries):
        for hour in (13, 14, 15):
            SelectionFactory(
                student=student, camp_class=clashing(hours=(time(hour), time(hour + 1)))
            )

        with django_assert_num_queries(1):
            clashing_class(student=student, camp_class=pottery)


class TestSelectingThroughTheApi:
    def test_select_answers_409_naming_the_other_class(self, api_client_for, student, pottery):
        weaving = clashing(hours=(time(11), time(13)))
        SelectionFactory(student=student, camp_class=weaving)

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["message"] == "This class meets at the same time as Loom Weaving."
        assert not Selection.objects.filter(student=student, camp_class=pottery).exists()

    def test_select_after_registration_closed_is_409(self, api_client_for, student, pottery):
        Class.objects.filter(pk=pottery.pk).update(
            registration_closes_at=timezone.now() - timedelta(hours=1)
        )

        response = api_client_for(student).post(
            "/api/selectClass", {"classId": pottery.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["message"].startswith("Registration for this class closed on ")
