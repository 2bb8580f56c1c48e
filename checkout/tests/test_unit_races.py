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

from classes.models import Class
from enrolments.models import Enrolment, EnrolmentStatus
from payments.models import Payment, PaymentStatus
from payments.tests.test_money_races import (
    a_family,
    all_at_once,
    assert_counted_once,
    bought,
    card_saved,
    opened,
    paying,
)
from testing import services
from testing.factories import ChildFactory
from testing.seasons import a_season
from testing.series import a_week_series, after_care, care_days_of, units_of

pytestmark = pytest.mark.django_db(transaction=True)

FAMILIES = 4


def outcome(answer) -> str:
    """What paying did for the family's one line: enrolled, refunded, or refused."""
    if answer.status_code == 409:
        return "refused"
    assert answer.status_code == 201, answer.text
    [payment] = answer.json()["payments"]
    return payment["status"]


@pytest.fixture(autouse=True)
def _on_postgresql():
    services.needs_postgresql(
        "the racers are server processes, which cannot share SQLite's in-memory test database."
    )


def test_families_racing_for_the_last_seat_of_a_week_leave_the_next_week_alone(servers):
    """Four families pay at once for week 2, which has one seat left, and for week 3, which has
    a seat for each, in checkouts of their own: one family has week 2, every family week 3."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season(starts_in_days=20)
    _, week2, week3 = units_of(a_week_series(season, "200.00", weeks=3, seats=FAMILIES))
    Class.objects.filter(pk=week2.pk).update(seats=1)
    families, calls = [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        child = ChildFactory(account=family)
        for index, week in enumerate((week2, week3)):
            server = servers[(number + index) % 2]
            checkout = opened(server, family, [(child, week)])
            calls.append(paying(server, family, checkout, card_saved(checkout, family)))
        families.append(family)

    answers = all_at_once(calls)

    for_week2, for_week3 = answers[0::2], answers[1::2]
    won = [outcome(answer) for answer in for_week2]
    assert Counter(won)["enrolled"] == 1 and set(won) <= {"enrolled", "refunded", "refused"}, [
        answer.text for answer in for_week2
    ]
    assert {outcome(answer) for answer in for_week3} == {"enrolled"}
    week2.refresh_from_db()
    week3.refresh_from_db()
    assert (week2.seats, week2.enroll) == (0, 1)
    assert (week3.seats, week3.enroll) == (0, FAMILIES)
    for family, answer in zip(families, for_week2, strict=True):
        won = outcome(answer) == "enrolled"
        weeks = Payment.objects.filter(student=family, status=PaymentStatus.ENROLLED)
        assert sorted(weeks.values_list("camp_class_id", flat=True)) == (
            [week2.pk, week3.pk] if won else [week3.pk]
        )
        assert_counted_once(family, since=started, card="400.00" if won else "200.00", credit="0")


def test_families_racing_for_the_last_after_care_seat_of_a_day_get_it_once(servers):
    """Four families whose children are booked in week 2 pay at once for Monday's after-care,
    which has one seat: one child stays for it; the others' money comes back, and Tuesday's
    after-care (one seat too) is bought by one family untouched by the race."""
    started = int(time.time()) - 1
    run = uuid.uuid4().hex[:8]
    season = a_season(starts_in_days=20)
    _, week2 = units_of(a_week_series(season, "200.00", weeks=2, seats=FAMILIES))
    monday, tuesday, *_ = care_days_of(after_care(season, price_per_day="15.00", seats=1), week2)
    families, children, calls = [], [], []
    for number in range(FAMILIES):
        family = a_family(run, number)
        child = ChildFactory(account=family)
        server = servers[number % 2]
        bought(server, family, child, week2)
        checkout = opened(server, family, [(child, monday)])
        calls.append(paying(server, family, checkout, card_saved(checkout, family)))
        families.append(family)
        children.append(child)
    tuesday_buyer = bought(servers[0], families[0], children[0], tuesday)

    answers = all_at_once(calls)

    won = [outcome(answer) for answer in answers]
    assert Counter(won)["enrolled"] == 1 and set(won) <= {"enrolled", "refunded", "refused"}, [
        answer.text for answer in answers
    ]
    monday.refresh_from_db()
    assert (monday.seats, monday.enroll) == (0, 1)
    assert Enrolment.objects.filter(camp_class=monday, status=EnrolmentStatus.ACTIVE).count() == 1
    assert tuesday_buyer.status == PaymentStatus.ENROLLED
    for number, (family, answer) in enumerate(zip(families, answers, strict=True)):
        card = 200 + (15 if outcome(answer) == "enrolled" else 0) + (15 if number == 0 else 0)
        assert_counted_once(family, since=started, card=f"{card}.00", credit="0")
