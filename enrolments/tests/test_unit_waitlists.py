"""Each week or day of a series, and each day of extended care, has its own waitlist, as it has
its own seats: a week sold out is waited for while the next is not, a seat freed in a week is
offered for that week, and the series itself is never waited for."""

import pytest

from accounts.models import Role
from classes.models import Class
from enrolments.models import WaitlistEntry, WaitlistStatus
from enrolments.services import seat_give_back, seat_take
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def summer():
    return a_season(starts_in_days=20)


@pytest.fixture
def day_camp(summer):
    return a_day_camp(summer, "200.00", weeks=3, seats=1)


def a_child():
    return ChildFactory(account=UserFactory(role=Role.STUDENT))


def seated(child, camp_class):
    return seat_take(student_id=child.account_id, participant=child, camp_class_id=camp_class.pk)


def join(api_client_for, child, camp_class):
    return api_client_for(child.account).post(
        "/api/waitlist",
        {"classId": camp_class.pk, "participantId": child.pk},
        format="json",
    )


def test_a_week_sold_out_is_waited_for_while_the_next_is_sold(api_client_for, day_camp):
    _, week2, week3 = units(day_camp)
    taken = seated(a_child(), week2)
    mia = a_child()

    joined = join(api_client_for, mia, week2)
    next_week = join(api_client_for, mia, week3)

    assert joined.status_code == 201, joined.json()
    assert (joined.json()["classId"], joined.json()["position"]) == (week2.pk, 1)
    assert next_week.status_code == 409
    assert next_week.json()["message"] == "Seats are free in this class: select it instead."

    # Week 2's seat freed: offered for week 2, to the first waiting for it.
    seat_give_back(enrolment_id=taken.pk, reason="Cancelled by the family.")

    entry = WaitlistEntry.objects.get()
    assert (entry.camp_class_id, entry.status) == (week2.pk, WaitlistStatus.OFFERED)
    assert entry.hold.camp_class_id == week2.pk
    week3.refresh_from_db()
    assert (week3.seats, week3.enroll) == (1, 0)


def test_a_seat_freed_in_one_week_offers_nobody_waiting_for_another(api_client_for, day_camp):
    week1, week2, _ = units(day_camp)
    seated(a_child(), week2)
    in_week1 = seated(a_child(), week1)
    assert join(api_client_for, a_child(), week2).status_code == 201

    seat_give_back(enrolment_id=in_week1.pk, reason="Cancelled by the family.")

    assert WaitlistEntry.objects.get().status == WaitlistStatus.WAITING


def test_the_series_itself_is_never_waited_for(api_client_for, day_camp):
    for unit in units(day_camp):
        seated(a_child(), unit)

    answer = join(api_client_for, a_child(), day_camp)

    assert answer.status_code == 400
    assert answer.json()["errors"] == {
        "classId": [
            "This class is booked by the week or the day: join the waitlist of the week or day "
            "that is full."
        ]
    }
    assert not WaitlistEntry.objects.exists()


def test_a_day_sold_by_the_day_has_its_own_waitlist(api_client_for, summer):
    by_the_day = a_day_camp(summer, "45.00", weeks=1, seats=1, booking="days")
    monday, tuesday, *_ = units(by_the_day)
    taken = seated(a_child(), tuesday)
    leo = a_child()
    assert join(api_client_for, leo, tuesday).status_code == 201
    assert join(api_client_for, leo, monday).status_code == 409

    seat_give_back(enrolment_id=taken.pk, reason="Cancelled by the family.")

    entry = WaitlistEntry.objects.get(participant=leo)
    assert (entry.camp_class_id, entry.status) == (tuesday.pk, WaitlistStatus.OFFERED)


def test_a_full_day_of_care_is_waited_for_by_a_child_booked_that_day(
    api_client_for, summer, day_camp
):
    care = after_care(summer, seats=1)
    week1, week2, _ = units(day_camp)
    monday = care_days_of(care, week2)[0]
    Class.objects.filter(pk=week2.pk).update(seats=5)
    seated(a_child(), monday)
    zoe, sam = a_child(), a_child()
    seated(zoe, week2)
    seated(sam, week1)

    not_that_day = join(api_client_for, sam, monday)
    that_day = join(api_client_for, zoe, monday)

    assert not_that_day.status_code == 409
    assert not_that_day.json()["code"] == "extended_care_with_a_day"
    assert that_day.status_code == 201, that_day.json()
