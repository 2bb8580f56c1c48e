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
    # Who will take the class: the account holder or one of their children. A child with a
    # selection is not removed from the family (PROTECT), so the choice is never lost.
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.PROTECT, related_name="selections"
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
            # Siblings may each select the same class; one person selects it once.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                name="selection_one_per_participant_and_class",
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
    """A participant's seat in a class, paid for by their account (`student`): taken once,
    given back at most once.

    The payment that bought it points here (payments.Payment.enrolment); a free class's
    enrolment has a payment of $0 on record too, so every seat has its receipt.
    """

    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="enrolments"
    )
    # Who holds the seat. A child's record may be deleted once they hold no seat; their past
    # enrolments then name nobody, and the payments keep the name they were made for.
    participant = models.ForeignKey(
        "accounts.Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="enrolments",
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
            # A participant holds at most one seat in a class; siblings hold one each.
            models.UniqueConstraint(
                fields=["participant", "camp_class"],
                condition=models.Q(status="active"),
                name="enrolment_one_seat_per_participant_and_class",
            ),
            # A seat is always someone's.
            models.CheckConstraint(
                condition=~models.Q(status="active") | models.Q(participant__isnull=False),
                name="enrolment_active_has_participant",
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


class AgeOverride(models.Model):
    """An admin's leave for one participant to take one class outside its ages, and why."""

    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.CASCADE, related_name="age_overrides"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="age_overrides"
    )
    reason = models.TextField(max_length=1000)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="age_overrides_granted",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "camp_class"], name="age_override_once_per_class"
            ),
            models.CheckConstraint(condition=~models.Q(reason=""), name="age_override_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} may take {self.camp_class}"
