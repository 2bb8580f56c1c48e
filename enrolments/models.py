"""Who has chosen which class, and who holds a seat in it."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class SelectionStatus(models.TextChoices):
    SELECTED = "Selected", "Selected"


class Selection(models.Model):
    """A student's choice of a class, kept until it is paid for or removed."""

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="selections"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="selections"
    )
    status = models.CharField(
        max_length=10, choices=SelectionStatus.choices, default=SelectionStatus.SELECTED
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["student", "id"], name="selection_student_idx"),
            models.Index(fields=["created_at"], name="selection_created_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["student", "camp_class"], name="selection_one_per_student_and_class"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=SelectionStatus.values),
                name="selection_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} selected {self.camp_class}"


class EnrolmentStatus(models.TextChoices):
    # Holds a seat in the class.
    ACTIVE = "active", "Active"
    # Gave its seat back (a refund by the school).
    CANCELLED = "cancelled", "Cancelled"


class Enrolment(models.Model):
    """A student's seat in a class: taken once, given back at most once.

    The payment that bought it points here (payments.Payment.enrolment); a free class's
    enrolment has a payment of $0 on record too, so every seat has its receipt.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="enrolments"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.PROTECT, related_name="enrolments"
    )
    status = models.CharField(
        max_length=20, choices=EnrolmentStatus.choices, default=EnrolmentStatus.ACTIVE
    )
    created_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(
                fields=["student", "status", "-created_at", "-id"],
                name="enrolment_student_idx",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=EnrolmentStatus.values),
                name="enrolment_status_valid",
            ),
            # A student holds at most one seat in a class.
            models.UniqueConstraint(
                fields=["student", "camp_class"],
                condition=models.Q(status="active"),
                name="enrolment_one_seat_per_student_and_class",
            ),
            # Only a cancelled enrolment has an end.
            models.CheckConstraint(
                condition=models.Q(status="active", ended_at__isnull=True)
                | models.Q(status="cancelled", ended_at__isnull=False),
                name="enrolment_ended_when_cancelled",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.camp_class} ({self.status})"
