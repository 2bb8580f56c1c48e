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


def enrolled_class_list_for(*, student: User) -> QuerySet[Class]:
    """The classes a student is enrolled in, the latest enrolment first.

    One row per class: a student holds at most one enrolment per class (a unique constraint).
    """
    return (
        Class.objects.filter(payments__student=student, payments__status=PaymentStatus.ENROLLED)
        .select_related("instructor")
        .order_by("-payments__date", "-payments__id")
    )
