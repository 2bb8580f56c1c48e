"""The class's and the family's locks, a class's waitlist queue and a family's seats' free seats,
on the database the suite runs on (SQLite, and PostgreSQL in its own pass)."""

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import timezone

from enrolments.locks import class_lock
from enrolments.models import (
    SeatHold,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.selectors import Queue, enrolment_list_for, waitlist_queue
from testing.factories import (
    ChildFactory,
    ClassFactory,
    EnrolmentFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

TORONTO = ZoneInfo("America/Toronto")
WED = 2


def test_a_seat_s_free_seats_count_the_holds_at_the_moment_of_each_call():
    enrolment = EnrolmentFactory(camp_class__seats=10)
    expires = timezone.now() + timedelta(minutes=10)
    participant = ChildFactory()
    SeatHold.objects.create(
        student=participant.account,
        participant=participant,
        camp_class=enrolment.camp_class,
        expires_at=expires,
    )

    def seats_free() -> int:
        (row,) = enrolment_list_for(student=enrolment.student)
        return row.class_seats_free

    assert seats_free() == 9
    with time_machine.travel(expires + timedelta(seconds=1)):
        assert seats_free() == 10
    assert seats_free() == 9


def test_a_class_is_locked_when_there_is_one():
    camp_class = ClassFactory()

    assert class_lock(camp_class_id=camp_class.pk) is True
    assert class_lock(camp_class_id=camp_class.pk + 1000) is False
    assert class_lock(camp_class_id=2**63) is False


def test_the_waitlist_s_back_and_its_waiting_entries():
    full = ClassFactory(seats=0)
    assert waitlist_queue(camp_class_id=full.pk) == Queue(last_rank=None, waiting=0)
    statuses = [
        WaitlistStatus.CLOSED,
        WaitlistStatus.WAITING,
        WaitlistStatus.OFFERED,
        WaitlistStatus.WAITING,
        WaitlistStatus.LEFT,
    ]
    for rank, status in enumerate(statuses, start=3):
        participant = ChildFactory()
        WaitlistEntry.objects.create(
            student=participant.account,
            participant=participant,
            camp_class=full,
            rank=rank,
            status=status,
            offer_expires_at=timezone.now() if status == WaitlistStatus.OFFERED else None,
        )
    WaitlistEntry.objects.create(
        student=UserFactory(), participant=ChildFactory(), camp_class=ClassFactory(), rank=99
    )
    entries = WaitlistEntry.objects.filter(camp_class=full)

    assert waitlist_queue(camp_class_id=full.pk) == Queue(
        last_rank=max(entries.values_list("rank", flat=True)),
        waiting=entries.filter(status=WaitlistStatus.WAITING).count(),
    )
    assert waitlist_queue(camp_class_id=full.pk) == Queue(last_rank=7, waiting=2)
