"""enrolments.prepared: each statement answers what the ORM answers for the same data, on the
database the suite runs on (SQLite, and PostgreSQL in its own pass)."""

from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import account_holder_of
from classes.models import Category, Class, Meeting
from enrolments.availability import holds_live
from enrolments.models import (
    OPEN_WAITLIST_STATUSES,
    AgeOverride,
    Enrolment,
    EnrolmentStatus,
    HoldLapse,
    SeatHold,
    Selection,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.prepared import Queue, class_lock, hold_standing, waitlist_queue
from enrolments.rules import class_with_standing, family_holds, soonest_clashing_class
from enrolments.selectors import enrolment_list_for, selection_list_for
from testing.factories import (
    ChildFactory,
    ClassFactory,
    EnrolmentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)
from testing.seasons import a_season

pytestmark = pytest.mark.django_db

TORONTO = ZoneInfo("America/Toronto")
WED = 2


def columns(instance) -> dict | None:
    """Every column's value as the model holds it; a decimal by its digits too (12.50, not 12.5)."""
    if instance is None:
        return None
    values = {
        field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields
    }
    return {
        name: str(value) if isinstance(value, Decimal) else value for name, value in values.items()
    }


def read_whole(answer) -> tuple[list, int]:
    """The list as its endpoint reads it, and the queries it took, related objects included."""
    with CaptureQueriesContext(connection) as queries:
        rows = list(answer)
        for row in rows:
            row.student, row.participant, row.camp_class.instructor  # noqa: B018
    return rows, len(queries)


def a_season_of_classes() -> list:
    """Classes with every kind of column filled: a schedule in days and hours, its meetings as
    aware datetimes, a closing time given in another zone than the school's, a price in cents,
    a category or none."""
    start = timezone.localdate() + timedelta(days=30)
    painting = Category.objects.order_by("position").first()
    return [
        scheduled_class(
            name="Watercolour Landscapes",
            start=start,
            end=start + timedelta(days=11),
            days=(0, WED, 4),
            hours=(time(9, 15), time(11, 45)),
            price=Decimal("12.50"),
            category=painting,
            registration_closes_at=datetime(
                start.year, start.month, start.day, 7, 30, 15, 123456, tzinfo=TORONTO
            ),
            age_min=8,
            age_max=12,
        ),
        ClassFactory(price=Decimal("100"), seats=3),
    ]


class TestSelections:
    def test_the_rows_and_their_related_objects_are_the_queryset_s(self):
        student = UserFactory()
        child = ChildFactory(account=student)
        scheduled, unscheduled = a_season_of_classes()
        SelectionFactory(student=student, camp_class=scheduled)
        SelectionFactory(student=student, camp_class=unscheduled, participant=child)
        SelectionFactory(student=student, camp_class=scheduled, participant=child)
        SelectionFactory(camp_class=scheduled)

        for participant_id in (None, child.pk, account_holder_of(student).pk):
            answer = selection_list_for(student=student, participant_id=participant_id)
            rows, queries = read_whole(answer)
            ordinary = list(answer.queryset)

            assert queries == 1
            assert [columns(row) for row in rows] == [columns(row) for row in ordinary]
            for row, expected in zip(rows, ordinary, strict=True):
                assert row.student is student
                assert columns(row.participant) == columns(expected.participant)
                assert columns(row.camp_class) == columns(expected.camp_class)
                assert columns(row.camp_class.instructor) == columns(expected.camp_class.instructor)
        assert len(list(selection_list_for(student=student))) == 3
        assert len(list(selection_list_for(student=student, participant_id=child.pk))) == 2

    def test_a_page_a_count_and_a_filter_are_the_queryset_s(self):
        student = UserFactory()
        ids = [SelectionFactory(student=student).pk for _ in range(3)]
        SelectionFactory()

        answer = selection_list_for(student=student)

        assert answer.count() == 3
        assert [selection.pk for selection in answer[1:3]] == ids[1:3]
        assert list(answer.filter(pk=ids[0]).values_list("pk", flat=True)) == [ids[0]]
        assert answer.exists()
        assert [selection.pk for selection in answer] == ids
        assert answer[0].pk == ids[0]
        assert len(answer) == 3


class TestSeats:
    def test_the_rows_related_objects_and_seats_free_are_the_queryset_s(self):
        student = UserFactory()
        child = ChildFactory(account=student)
        scheduled, unscheduled = a_season_of_classes()
        now = timezone.now()
        # Two holds live on the class of 3 seats (one of them the family's own), one run out: the
        # list counts every live hold, and never fewer than no seat.
        for participant, minutes in ((ChildFactory(), 10), (child, 5), (ChildFactory(), -1)):
            SeatHold.objects.create(
                student=participant.account,
                participant=participant,
                camp_class=unscheduled,
                expires_at=now + timedelta(minutes=minutes),
            )
        crowded = ClassFactory(seats=1)
        for _ in range(2):
            participant = ChildFactory()
            SeatHold.objects.create(
                student=participant.account,
                participant=participant,
                camp_class=crowded,
                expires_at=now + timedelta(minutes=10),
            )
        EnrolmentFactory(student=student, camp_class=scheduled)
        EnrolmentFactory(student=student, participant=child, camp_class=unscheduled)
        EnrolmentFactory(student=student, participant=child, camp_class=crowded)
        EnrolmentFactory(
            student=student,
            participant=child,
            camp_class=scheduled,
            status=EnrolmentStatus.CANCELLED,
            ended_at=now,
        )
        EnrolmentFactory(camp_class=scheduled)

        for participant_id in (None, child.pk):
            answer = enrolment_list_for(student=student, participant_id=participant_id)
            rows, queries = read_whole(answer)
            ordinary = list(answer.queryset)

            assert queries == 1
            assert [columns(row) for row in rows] == [columns(row) for row in ordinary]
            assert [row.class_seats_free for row in rows] == [
                row.class_seats_free for row in ordinary
            ]
            for row, expected in zip(rows, ordinary, strict=True):
                assert row.student is student
                assert columns(row.participant) == columns(expected.participant)
                assert columns(row.camp_class) == columns(expected.camp_class)
                assert columns(row.camp_class.instructor) == columns(expected.camp_class.instructor)
                assert columns(row.camp_class.category) == columns(expected.camp_class.category)
        seats_free = {
            row.camp_class: row.class_seats_free for row in enrolment_list_for(student=student)
        }
        assert seats_free == {crowded: 0, unscheduled: 1, scheduled: 10}

    def test_the_holds_are_counted_at_the_moment_of_each_call(self):
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


class TestStanding:
    @pytest.fixture
    def pottery(self):
        start = timezone.localdate() + timedelta(days=30)
        start += timedelta(days=-start.weekday())
        return scheduled_class(
            name="Wheel-Thrown Pottery",
            start=start,
            end=start + timedelta(days=4),
            days=(0, WED, 4),
            hours=(time(9), time(12)),
            seats=4,
        )

    def clashing(self, pottery, *, hours, name):
        return scheduled_class(
            name=name, start=pottery.start_date, end=pottery.end_date, days=(WED,), hours=hours
        )

    def as_the_rules_read_it(self, participant, camp_class, now) -> tuple:
        pair = {"participant_id": participant.pk, "camp_class_id": camp_class.pk}
        clash = soonest_clashing_class(**pair)
        return (
            Enrolment.objects.filter(**pair, status=EnrolmentStatus.ACTIVE).exists(),
            Selection.objects.filter(**pair).exists(),
            AgeOverride.objects.filter(**pair).exists(),
            holds_live(**pair, now=now).count(),
            clash.name if clash else None,
            WaitlistEntry.objects.filter(**pair, status__in=OPEN_WAITLIST_STATUSES).exists(),
        )

    def test_the_standing_is_what_the_rules_read_one_by_one(self, pottery):
        student = UserFactory()
        holder, child = account_holder_of(student), ChildFactory(account=student)
        now = timezone.now()
        # Others hold two seats, one hold ran out, and the child's own hold is theirs.
        for participant, minutes in ((ChildFactory(), 10), (ChildFactory(), 1), (child, 10)):
            SeatHold.objects.create(
                student=participant.account,
                participant=participant,
                camp_class=pottery,
                expires_at=now + timedelta(minutes=minutes),
            )
        SeatHold.objects.create(
            student=student,
            participant=ChildFactory(),
            camp_class=pottery,
            expires_at=now - timedelta(seconds=1),
        )
        # The child selected a class that clashes on Wednesday, holds a seat in one that clashes
        # earlier that day, and selected one that only touches; the holder selected pottery and
        # may take it whatever their age.
        SelectionFactory(
            student=student,
            participant=child,
            camp_class=self.clashing(pottery, hours=(time(11), time(13)), name="Loom Weaving"),
        )
        EnrolmentFactory(
            student=student,
            participant=child,
            camp_class=self.clashing(pottery, hours=(time(8), time(10)), name="Charcoal Figures"),
        )
        SelectionFactory(
            student=student,
            participant=child,
            camp_class=self.clashing(pottery, hours=(time(12), time(14)), name="Ink Comics"),
        )
        SelectionFactory(student=student, participant=holder, camp_class=pottery)
        AgeOverride.objects.create(participant=holder, camp_class=pottery, reason="Keen")
        EnrolmentFactory(student=student, participant=holder, camp_class=ClassFactory())
        # The child waits on pottery's waitlist; the holder's place on it was closed.
        for participant, status in (
            (child, WaitlistStatus.WAITING),
            (holder, WaitlistStatus.CLOSED),
        ):
            WaitlistEntry.objects.create(
                student=student, participant=participant, camp_class=pottery, status=status, rank=1
            )

        for participant in (holder, child, ChildFactory()):
            with CaptureQueriesContext(connection) as queries:
                camp_class, standing = class_with_standing(
                    participant_id=participant.pk, camp_class_id=pottery.pk, now=now
                )
            assert len(queries) == 1
            assert columns(camp_class) == columns(pottery)
            assert (
                standing.enrolled,
                standing.selected,
                standing.overridden,
                standing.held_for_others,
                standing.clashing_class_name,
                standing.waitlisted,
            ) == self.as_the_rules_read_it(participant, pottery, now)
            # A hold for a family about to pay reads the same standing with its own counts.
            with CaptureQueriesContext(connection) as queries:
                held = hold_standing(
                    camp_class_id=pottery.pk,
                    participant_id=participant.pk,
                    family_id=participant.account_id,
                    now=now,
                    paying=True,
                )
            assert len(queries) == 1
            assert held.paying.camp_class is held.camp_class
            assert columns(held.camp_class) == columns(pottery)
            assert (
                held.paying.enrolled,
                held.paying.selected,
                held.paying.overridden,
                held.paying.held_for_others,
                held.paying.clashing_class_name,
                held.paying.waitlisted,
            ) == self.as_the_rules_read_it(participant, pottery, now)
        _, standing = class_with_standing(
            participant_id=child.pk, camp_class_id=pottery.pk, now=now
        )
        assert (standing.held_for_others, standing.clashing_class_name) == (2, "Charcoal Figures")

    def test_a_seat_held_and_a_cancelled_meeting(self, pottery):
        student = UserFactory()
        holder = account_holder_of(student)
        weaving = self.clashing(pottery, hours=(time(10), time(11)), name="Loom Weaving")
        EnrolmentFactory(student=student, participant=holder, camp_class=pottery)
        SelectionFactory(student=student, participant=holder, camp_class=weaving)
        now = timezone.now()

        _, standing = class_with_standing(
            participant_id=holder.pk, camp_class_id=pottery.pk, now=now
        )
        assert (standing.enrolled, standing.clashing_class_name) == (True, "Loom Weaving")

        Meeting.objects.filter(camp_class=weaving).update(cancelled=True)
        _, standing = class_with_standing(
            participant_id=holder.pk, camp_class_id=pottery.pk, now=now
        )
        assert standing.clashing_class_name is None
        assert standing.clashing_class_name == self.as_the_rules_read_it(holder, pottery, now)[4]

    def test_a_hold_counts_until_the_moment_it_runs_out(self, pottery):
        participant = ChildFactory()
        expires = timezone.now() + timedelta(minutes=10)
        SeatHold.objects.create(
            student=participant.account,
            participant=participant,
            camp_class=pottery,
            expires_at=expires,
        )
        asking = ChildFactory()

        def held(now) -> int:
            _, standing = class_with_standing(
                participant_id=asking.pk, camp_class_id=pottery.pk, now=now
            )
            return standing.held_for_others

        # The moment given in another zone than the database's is the same moment.
        assert held(expires.astimezone(TORONTO) - timedelta(microseconds=1)) == 1
        assert held(expires.astimezone(TORONTO)) == 0

    def test_no_such_class(self):
        assert class_with_standing(participant_id=ChildFactory().pk, camp_class_id=10**9) is None

    def test_the_class_s_season_comes_with_it(self, pottery):
        summer = a_season("Summer", opens_in=timedelta(days=-1), starts_in_days=200)
        Class.objects.filter(pk=pottery.pk).update(season=summer)
        child = ChildFactory()

        with CaptureQueriesContext(connection) as queries:
            camp_class, _ = class_with_standing(participant_id=child.pk, camp_class_id=pottery.pk)
            season = camp_class.season
            held = hold_standing(
                camp_class_id=pottery.pk,
                participant_id=child.pk,
                family_id=child.account_id,
                now=timezone.now(),
                paying=True,
            )
            season_held = held.camp_class.season
        assert len(queries) == 2
        assert columns(season) == columns(summer) == columns(season_held)

        Class.objects.filter(pk=pottery.pk).update(season=None)
        with CaptureQueriesContext(connection) as queries:
            camp_class, _ = class_with_standing(participant_id=child.pk, camp_class_id=pottery.pk)
            assert camp_class.season is None
        assert len(queries) == 1


def test_a_class_is_locked_when_there_is_one():
    camp_class = ClassFactory()

    assert class_lock(camp_class_id=camp_class.pk) is True
    assert class_lock(camp_class_id=camp_class.pk + 1000) is False
    assert class_lock(camp_class_id=2**63) is False


def test_the_waitlist_s_back_and_its_waiting_entries_are_the_orm_s():
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


def test_what_a_hold_reads_is_what_the_rules_read_one_by_one():
    pottery, weaving = ClassFactory(seats=6), ClassFactory()
    pottery.refresh_from_db()
    family = UserFactory()
    child, sibling = ChildFactory(account=family), ChildFactory(account=family)
    now = timezone.now()

    def hold(participant, camp_class, minutes):
        return SeatHold.objects.create(
            student=participant.account,
            participant=participant,
            camp_class=camp_class,
            expires_at=now + timedelta(minutes=minutes),
        )

    # The child's own hold ran out; the sibling holds pottery and weaving; another family holds
    # pottery twice, once run out.
    own = hold(child, pottery, -5)
    hold(sibling, pottery, 10)
    hold(sibling, weaving, 10)
    hold(ChildFactory(), pottery, 10)
    hold(ChildFactory(), pottery, -1)
    # Lapses within the day count, an offer's and an older one do not.
    for hours, was_offer in ((2, False), (5, False), (1, True), (30, False)):
        HoldLapse.objects.create(
            student=family,
            camp_class=ClassFactory(),
            was_offer=was_offer,
            lapsed_at=now - timedelta(hours=hours),
        )

    for participant, expected_own in ((child, own), (ChildFactory(account=family), None)):
        with CaptureQueriesContext(connection) as queries:
            read = hold_standing(
                camp_class_id=pottery.pk,
                participant_id=participant.pk,
                family_id=family.pk,
                now=now,
            )
        family_holds_read = family_holds(
            family_id=family.pk, participant_id=participant.pk, camp_class_id=pottery.pk, now=now
        )

        assert len(queries) == 1
        assert columns(read.camp_class) == columns(pottery)
        assert columns(read.own) == columns(expected_own)
        assert (
            read.held_for_others
            == holds_live(camp_class_id=pottery.pk, participant_id=participant.pk, now=now).count()
        )
        assert (
            read.family_in_class,
            read.family_anywhere,
            read.lapses,
            read.last_lapse,
        ) == (
            family_holds_read.in_class,
            family_holds_read.anywhere,
            family_holds_read.lapses,
            family_holds_read.last_lapse,
        )
    assert (read.held_for_others, read.family_in_class, read.family_anywhere, read.lapses) == (
        2,
        1,
        2,
        2,
    )
    assert (
        hold_standing(camp_class_id=10**9, participant_id=child.pk, family_id=family.pk, now=now)
        is None
    )
