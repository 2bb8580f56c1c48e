"""Who may take which class now: the one eligibility check, and the reasons it gives.

Selecting a class, paying for it and taking the seat all ask `enrolment_refusal`; taking the
seat asks again under the database's guard (`enrolments.services.seat_take`), since the answer
can change between the two.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import ClassVar

from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from accounts.models import User
from classes.models import Class, ClassStatus, Meeting
from classes.schedule import registration_closes_at, school_timezone
from enrolments.models import Enrolment, EnrolmentStatus, Selection


class RefusalKind(StrEnum):
    NOT_OPEN = "not-open"
    ENROLLED = "enrolled"
    FULL = "full"
    PRICE = "price"
    STARTED = "started"
    REGISTRATION_CLOSED = "registration-closed"
    SCHEDULE_CONFLICT = "schedule-conflict"


@dataclass(frozen=True)
class Refusal:
    """Why a student cannot have a seat: said when they select the class, before a charge, or
    with the refund after one. Most reasons are fixed sentences; a closed registration and a
    clash carry what they name (the date, the other class)."""

    kind: RefusalKind
    to_select: str
    before_paying: str
    refund_reason: str

    CLOSED: ClassVar["Refusal"]
    ENROLLED: ClassVar["Refusal"]
    FULL: ClassVar["Refusal"]
    PRICE: ClassVar["Refusal"]
    STARTED: ClassVar["Refusal"]

    @classmethod
    def registration_closed(cls, closed_at: datetime) -> "Refusal":
        day = closed_at.astimezone(school_timezone())
        said = f"Registration for this class closed on {day:%A, %B} {day.day}, {day.year}."
        return cls(
            RefusalKind.REGISTRATION_CLOSED,
            said,
            said,
            "Registration for this class closed while you were paying; "
            "your payment has been refunded.",
        )

    @classmethod
    def schedule_conflict(cls, other_class_name: str) -> "Refusal":
        said = f"This class meets at the same time as {other_class_name}."
        return cls(
            RefusalKind.SCHEDULE_CONFLICT,
            said,
            said,
            f"This class meets at the same time as {other_class_name}; "
            "your payment has been refunded.",
        )


Refusal.CLOSED = Refusal(
    RefusalKind.NOT_OPEN,
    "This class is not open for selection.",
    "This class is no longer open for enrolment.",
    "The class closed for enrolment while you were paying; your payment has been refunded.",
)
Refusal.ENROLLED = Refusal(
    RefusalKind.ENROLLED,
    "You are already enrolled in this class.",
    "You are already enrolled in this class.",
    "You were already enrolled in this class; this payment has been refunded.",
)
Refusal.FULL = Refusal(
    RefusalKind.FULL,
    "This class has no seats left.",
    "No seats are left in this class.",
    "The last seat went while you were paying; your payment has been refunded.",
)
Refusal.PRICE = Refusal(
    RefusalKind.PRICE,
    "The price of this class has changed. Please reload the page.",
    "The price of this class has changed. Please reload the page.",
    "The price of this class changed while you were paying; your payment has been refunded.",
)
Refusal.STARTED = Refusal(
    RefusalKind.STARTED,
    "This class has already started.",
    "This class has already started.",
    "The class started while you were paying; your payment has been refunded.",
)


def is_enrolled(*, student_id: int, camp_class_id: int) -> bool:
    """Whether the student holds a seat in the class (the one "already enrolled" query)."""
    return Enrolment.objects.filter(
        student_id=student_id, camp_class_id=camp_class_id, status=EnrolmentStatus.ACTIVE
    ).exists()


def clashing_meetings(*, student_id: int, camp_class_id: int) -> QuerySet[Meeting]:
    """The meetings of the student's other classes (selected, or holding a seat) that overlap
    a meeting of this class. Meetings that only touch, one ending as the other starts, do not,
    nor do cancelled ones.

    Driven by the student's few classes: their meetings (by `meeting_class_start_idx`), each
    kept if an EXISTS on the same index finds one of this class's meetings at that time.
    """
    students_classes = (
        Selection.objects.filter(student_id=student_id)
        .order_by()
        .values("camp_class_id")
        .union(
            Enrolment.objects.filter(student_id=student_id, status=EnrolmentStatus.ACTIVE)
            .order_by()
            .values("camp_class_id")
        )
    )
    overlaps_this_class = Meeting.objects.filter(
        camp_class_id=camp_class_id,
        cancelled=False,
        start__lt=OuterRef("end"),
        end__gt=OuterRef("start"),
    )
    return (
        Meeting.objects.filter(camp_class_id__in=students_classes, cancelled=False)
        .exclude(camp_class_id=camp_class_id)
        .filter(Exists(overlaps_this_class))
    )


def clashing_class(*, student: User, camp_class: Class) -> Class | None:
    """Another class the student selected or holds a seat in that meets at the same time as
    this one, in one query; none for a class whose schedule is to be announced."""
    if camp_class.starts_at is None:
        return None
    return soonest_clashing_class(student_id=student.pk, camp_class_id=camp_class.pk)


def soonest_clashing_class(*, student_id: int, camp_class_id: int) -> Class | None:
    """Of the student's classes that clash with this one, the one that clashes first."""
    clash = (
        clashing_meetings(student_id=student_id, camp_class_id=camp_class_id)
        .select_related("camp_class")
        .order_by("start", "id")
        .first()
    )
    return clash.camp_class if clash else None


def registration_refusal(camp_class: Class, *, now: datetime | None = None) -> Refusal | None:
    """Whether the class's time to register is over: it has started, or registration closed
    (classes.schedule.registration_open says the same for the class's answer)."""
    now = now or timezone.now()
    if camp_class.starts_at is not None and camp_class.starts_at <= now:
        return Refusal.STARTED
    closes_at = registration_closes_at(camp_class)
    if closes_at is not None and closes_at <= now:
        return Refusal.registration_closed(closes_at)
    return None


def enrolment_refusal(*, student: User, camp_class: Class) -> Refusal | None:
    """May this student take this class now? None if so; otherwise the reason why not."""
    if camp_class.status != ClassStatus.APPROVED:
        return Refusal.CLOSED
    if is_enrolled(student_id=student.pk, camp_class_id=camp_class.pk):
        return Refusal.ENROLLED
    too_late = registration_refusal(camp_class)
    if too_late is not None:
        return too_late
    if camp_class.seats <= 0:
        return Refusal.FULL
    other = clashing_class(student=student, camp_class=camp_class)
    if other is not None:
        return Refusal.schedule_conflict(other.name)
    return None
