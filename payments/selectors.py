"""Reads of the payments app."""

from django.db.models import QuerySet

from accounts.models import User
from classes.models import Class
from payments.models import Payment, PaymentStatus


def _payments_with_class() -> QuerySet[Payment]:
    # Every payment answer shows the student, the class and its instructor.
    return Payment.objects.select_related("student", "camp_class__instructor")


def payment_get(*, payment_id: int) -> Payment:
    return _payments_with_class().get(pk=payment_id)


def payment_list_for(*, student: User) -> QuerySet[Payment]:
    """A student's payment history, newest first."""
    return _payments_with_class().filter(student=student).order_by("-date", "-id")


def enrolled_class_list_for(*, student: User) -> list[Class]:
    """The classes a student is enrolled in, the latest enrolment first."""
    enrolments = (
        Payment.objects.filter(student=student, status=PaymentStatus.ENROLLED)
        .select_related("camp_class__instructor")
        .order_by("-date", "-id")
    )
    return [enrolment.camp_class for enrolment in enrolments]
