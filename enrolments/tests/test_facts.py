"""enrolments.facts: the rules' facts, read in one query (compiled once) for one participant and
one class, with a hold's counts under its locks, and for a family and a page of classes, each
answer what the ORM reads one fact at a time, on the database the suite runs on (SQLite, and
PostgreSQL in its own pass)."""

from datetime import time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.services import account_holder_of
from classes.models import Class, Meeting
from enrolments.availability import holds_live
from enrolments.facts import FamilyHolds, family_standings, hold_read, standing_read
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


def soonest_clash(participant, camp_class) -> str | None:
    """The clash worked out in Python: the participant's other classes' meetings (selected, or a
    seat held), cancelled ones left out, that overlap one of this class's, the soonest first."""
    theirs = set(
        Selection.objects.filter(participant=participant).values_list("camp_class_id", flat=True)
    ) | set(
        Enrolment.objects.filter(
            participant=participant, status=EnrolmentStatus.ACTIVE
        ).values_list("camp_class_id", flat=True)
    )
    these = list(Meeting.objects.filter(camp_class=camp_class, cancelled=False))
    overlapping = [
        meeting
        for meeting in Meeting.objects.filter(
            camp_class_id__in=theirs - {camp_class.pk}, cancelled=False
        ).select_related("camp_class")
        if any(meeting.start < other.end and meeting.end > other.start for other in these)
    ]
    soonest = min(overlapping, key=lambda meeting: (meeting.start, meeting.pk), default=None)
    return soonest.camp_class.name if soonest else None


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
        return (
            Enrolment.objects.filter(**pair, status=EnrolmentStatus.ACTIVE).exists(),
            Selection.objects.filter(**pair).exists(),
            AgeOverride.objects.filter(**pair).exists(),
            holds_live(**pair, now=now).count(),
            soonest_clash(participant, camp_class),
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
                camp_class, standing = standing_read(
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
                held = hold_read(
                    camp_class_id=pottery.pk,
                    participant_id=participant.pk,
                    family_id=participant.account_id,
                    now=now,
                    paying=True,
                )
            # The standing with the paperwork, then the holds: each short enough for the
            # driver to keep its parse.
            assert len(queries) == 2
            assert columns(held.camp_class) == columns(pottery)
            assert (
                held.standing.enrolled,
                held.standing.selected,
                held.standing.overridden,
                held.standing.held_for_others,
                held.standing.clashing_class_name,
                held.standing.waitlisted,
            ) == self.as_the_rules_read_it(participant, pottery, now)
            # And a family's page of classes reads the same, for every participant at once.
            (family_read,) = family_standings(
                participants=[participant], classes=[pottery], now=now
            ).values()
            assert family_read == standing
        _, standing = standing_read(participant_id=child.pk, camp_class_id=pottery.pk, now=now)
        assert (standing.held_for_others, standing.clashing_class_name) == (2, "Charcoal Figures")

    def test_a_seat_held_and_a_cancelled_meeting(self, pottery):
        student = UserFactory()
        holder = account_holder_of(student)
        weaving = self.clashing(pottery, hours=(time(10), time(11)), name="Loom Weaving")
        EnrolmentFactory(student=student, participant=holder, camp_class=pottery)
        SelectionFactory(student=student, participant=holder, camp_class=weaving)
        now = timezone.now()

        _, standing = standing_read(participant_id=holder.pk, camp_class_id=pottery.pk, now=now)
        assert (standing.enrolled, standing.clashing_class_name) == (True, "Loom Weaving")

        Meeting.objects.filter(camp_class=weaving).update(cancelled=True)
        _, standing = standing_read(participant_id=holder.pk, camp_class_id=pottery.pk, now=now)
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
            _, standing = standing_read(participant_id=asking.pk, camp_class_id=pottery.pk, now=now)
            return standing.held_for_others

        # The moment given in another zone than the database's is the same moment.
        assert held(expires.astimezone(TORONTO) - timedelta(microseconds=1)) == 1
        assert held(expires.astimezone(TORONTO)) == 0

    def test_no_such_class(self):
        assert standing_read(participant_id=ChildFactory().pk, camp_class_id=10**9) is None

    def test_the_class_s_season_comes_with_it(self, pottery):
        summer = a_season("Summer", opens_in=timedelta(days=-1), starts_in_days=200)
        Class.objects.filter(pk=pottery.pk).update(season=summer)
        child = ChildFactory()

        with CaptureQueriesContext(connection) as queries:
            camp_class, _ = standing_read(participant_id=child.pk, camp_class_id=pottery.pk)
            season = camp_class.season
            held = hold_read(
                camp_class_id=pottery.pk,
                participant_id=child.pk,
                family_id=child.account_id,
                now=timezone.now(),
                paying=True,
            )
            season_held = held.camp_class.season
        assert len(queries) == 3
        assert columns(season) == columns(summer) == columns(season_held)

        Class.objects.filter(pk=pottery.pk).update(season=None)
        with CaptureQueriesContext(connection) as queries:
            camp_class, _ = standing_read(participant_id=child.pk, camp_class_id=pottery.pk)
            assert camp_class.season is None
        assert len(queries) == 1


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
            read = hold_read(
                camp_class_id=pottery.pk,
                participant_id=participant.pk,
                family_id=family.pk,
                now=now,
            )
        lapsed = HoldLapse.objects.filter(
            student=family, was_offer=False, lapsed_at__gt=now - timedelta(days=1)
        )
        live = SeatHold.objects.filter(student=family, expires_at__gt=now).exclude(
            participant=participant, camp_class=pottery
        )

        assert len(queries) == 1
        assert columns(read.camp_class) == columns(pottery)
        assert columns(read.own) == columns(expected_own)
        assert (
            read.held_for_others
            == holds_live(camp_class_id=pottery.pk, participant_id=participant.pk, now=now).count()
        )
        assert read.family == FamilyHolds(
            in_class=live.filter(camp_class=pottery).count(),
            anywhere=live.count(),
            lapses=lapsed.count(),
            last_lapse=max(lapsed.values_list("lapsed_at", flat=True)),
        )
    assert (read.held_for_others, read.family.in_class, read.family.anywhere) == (2, 1, 2)
    assert read.family.lapses == 2
    assert (
        hold_read(camp_class_id=10**9, participant_id=child.pk, family_id=family.pk, now=now)
        is None
    )
