"""Weeks and days of extended care raced for, through two real server processes on one
PostgreSQL database and one localstripe, the payments released at the same moment: each week
and each day of care is a class of its own (`classes.series`), sold out on its own.

The servers' seat holds run out the moment they are taken (the `servers` fixture), so every
family reaches the payment and the payments themselves race for the seats, under each class's
lock. A family that loses is refused before its card is charged (409), or charged and, the
seat gone under the lock, refunded that line (201, its payment refunded). Each race ends with
the money counted once (`assert_counted_once`).
"""

import time
import uuid
from collections import Counter

import pytest
import requests

from checkout.tests.test_race import TIMEOUT, bearer
from classes.models import Class
from enrolments.models import Enrolment, EnrolmentStatus
from payments.models import Payment, PaymentStatus
from payments.tests.test_money_races import (
    a_family,
    all_at_once,
    assert_counted_once,
    card_saved,
    paying,
)
from testing import services
from testing.day_camp import a_day_camp, after_care, care_days_of, units
from testing.factories import ChildFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db(transaction=True)

FAMILIES = 4


@pytest.fixture(autouse=True)
def _on_postgresql():
    services.needs_postgresql(
        "the racers are server processes, which cannot share SQLite's in-memory test database."
    )


def opened(server: str, family, child, series, weeks=(), care=None) -> dict:
    """A checkout of the series' `weeks` for the child, with `care`'s days on them (or, with no
    weeks, on the weeks the child has already), opened by the family."""
    item = {"classId": series.pk, "participantId": child.pk, "units": [w.pk for w in weeks]}
    if care is not None:
        item["extendedCare"] = [{"optionId": care[0].pk, "units": [w.pk for w in care[1]]}]
    answer = requests.post(
        f"{server}/api/checkouts", json={"items": [item]}, headers=bearer(family), timeout=TIMEOUT
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def outcome(answer, class_id: int) -> str:
    """What paying did for the checkout's line of `class_id`: enrolled, refunded, or refused."""
    if answer.status_code == 409:
        return "refused"
    assert answer.status_code == 201, answer.text
    [payment] = [p for p in answer.json()["payments"] if p["classId"] == class_id]
    return payment["status"]


def test_families_racing_for_the_last_seat_of_a_week_leave_the_next_week_alone(servers):
    """Four families pay at once for week 2, which has one seat left, and for week 3, which has
    a seat for each, in checkouts of their own: one family has week 2, every family week 3."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season(starts_in_days=20)
    day_camp = a_day_camp(season, "200.00", weeks=3, seats=FAMILIES)
    _, week2, week3 = units(day_camp)
    Class.objects.filter(pk=week2.pk).update(seats=1)
    families, calls = [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        child = ChildFactory(account=family)
        for index, week in enumerate((week2, week3)):
            server = servers[(number + index) % 2]
            checkout = opened(server, family, child, day_camp, [week])
            calls.append(paying(server, family, checkout, card_saved(checkout, family)))
        families.append(family)

    answers = all_at_once(calls)

    for_week2, for_week3 = answers[0::2], answers[1::2]
    won = [outcome(answer, week2.pk) for answer in for_week2]
    assert Counter(won)["enrolled"] == 1 and set(won) <= {"enrolled", "refunded", "refused"}, [
        answer.text for answer in for_week2
    ]
    assert {outcome(answer, week3.pk) for answer in for_week3} == {"enrolled"}
    week2.refresh_from_db()
    week3.refresh_from_db()
    assert (week2.seats, week2.enroll) == (0, 1)
    assert (week3.seats, week3.enroll) == (0, FAMILIES)
    for family, result in zip(families, won, strict=True):
        weeks = Payment.objects.filter(student=family, status=PaymentStatus.ENROLLED)
        assert sorted(weeks.values_list("camp_class_id", flat=True)) == (
            [week2.pk, week3.pk] if result == "enrolled" else [week3.pk]
        )
        card = "400.00" if result == "enrolled" else "200.00"
        assert_counted_once(family, since=started, card=card, credit="0")


def test_families_racing_for_the_last_after_care_seat_of_a_day_get_it_once(servers):
    """Four families whose children have week 2 pay at once for its after-care, whose Monday
    has one seat left and whose other days a seat for each: one child stays on Monday, every
    child the rest of the week; the others' Monday comes back to their cards."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season(starts_in_days=20)
    day_camp = a_day_camp(season, "200.00", weeks=2, seats=FAMILIES)
    _, week2 = units(day_camp)
    care = after_care(season, per_day="15.00", per_week=None, seats=FAMILIES)
    monday, *rest_of_week = care_days_of(care, week2)
    Class.objects.filter(pk=monday.pk).update(seats=1)
    families, calls = [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        child = ChildFactory(account=family)
        server = servers[number % 2]
        week = opened(server, family, child, day_camp, [week2])
        assert paying(server, family, week, card_saved(week, family))().status_code == 201
        checkout = opened(server, family, child, day_camp, care=(care, [week2]))
        calls.append(paying(server, family, checkout, card_saved(checkout, family)))
        families.append(family)

    answers = all_at_once(calls)

    won = [outcome(answer, monday.pk) for answer in answers]
    assert Counter(won)["enrolled"] == 1 and set(won) <= {"enrolled", "refunded", "refused"}, [
        answer.text for answer in answers
    ]
    monday.refresh_from_db()
    assert (monday.seats, monday.enroll) == (0, 1)
    assert Enrolment.objects.filter(camp_class=monday, status=EnrolmentStatus.ACTIVE).count() == 1
    for day in rest_of_week:
        # Refused before the charge, a family has none of the week's care; else all but Monday.
        day.refresh_from_db()
        assert day.enroll == sum(1 for result in won if result != "refused")
    for family, result in zip(families, won, strict=True):
        care_days = {"enrolled": 5, "refunded": 4, "refused": 0}[result]
        assert_counted_once(family, since=started, card=f"{200 + 15 * care_days}.00", credit="0")
