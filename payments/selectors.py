"""Reads of the payments app."""

from django.db.models import QuerySet

from accounts.models import User
from payments.models import Payment


def _payments_with_class() -> QuerySet[Payment]:
    # Every payment answer shows the student, the class and its instructor.
    return Payment.objects.select_related("student", "camp_class__instructor")


def payment_get(*, payment_id: int) -> Payment:
    return _payments_with_class().get(pk=payment_id)


def payment_list_for(*, student: User, participant_id: int | None = None) -> QuerySet[Payment]:
    """A family's payment history, newest first; one participant's when asked."""
    payments = _payments_with_class().filter(student=student)
    if participant_id is not None:
        payments = payments.filter(participant_id=participant_id)
    return payments.order_by("-date", "-id")
