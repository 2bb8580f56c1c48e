"""Who may take which class now: the one eligibility check, and the reasons it gives.

Selecting a class, paying for it and taking the seat all ask `enrolment_refusal`; taking the
seat asks again under the database's guard (`enrolments.services.seat_take`), since the answer
can change between the two.
"""

from enum import Enum

from accounts.models import User
from classes.models import Class, ClassStatus
from enrolments.models import Enrolment, EnrolmentStatus


class Refusal(Enum):
    """Why a student cannot have a seat: said when they select the class, before a charge, or
    with the refund after one."""

    CLOSED = (
        "This class is not open for selection.",
        "This class is no longer open for enrolment.",
        "The class closed for enrolment while you were paying; your payment has been refunded.",
    )
    ENROLLED = (
        "You are already enrolled in this class.",
        "You are already enrolled in this class.",
        "You were already enrolled in this class; this payment has been refunded.",
    )
    FULL = (
        "This class has no seats left.",
        "No seats are left in this class.",
        "The last seat went while you were paying; your payment has been refunded.",
    )
    PRICE = (
        "The price of this class has changed. Please reload the page.",
        "The price of this class has changed. Please reload the page.",
        "The price of this class changed while you were paying; your payment has been refunded.",
    )

    def __init__(self, to_select: str, before_paying: str, refund_reason: str):
        self.to_select = to_select
        self.before_paying = before_paying
        self.refund_reason = refund_reason


def is_enrolled(*, student_id: int, camp_class_id: int) -> bool:
    """Whether the student holds a seat in the class (the one "already enrolled" query)."""
    return Enrolment.objects.filter(
        student_id=student_id, camp_class_id=camp_class_id, status=EnrolmentStatus.ACTIVE
    ).exists()


def enrolment_refusal(*, student: User, camp_class: Class) -> Refusal | None:
    """May this student take this class now? None if so; otherwise the reason why not."""
    if camp_class.status != ClassStatus.APPROVED:
        return Refusal.CLOSED
    if is_enrolled(student_id=student.pk, camp_class_id=camp_class.pk):
        return Refusal.ENROLLED
    if camp_class.seats <= 0:
        return Refusal.FULL
    return None
