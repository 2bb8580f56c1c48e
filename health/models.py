"""Health and safety on the days of camp: incident reports and the medication given.

Both are the school's record of what happened to a child, kept for years and never rewritten:
an incident is reviewed and closed by an admin, after which it is only added to (an addendum); a
dose given, refused or missed is only ever added to (a correction is a new entry naming the one
it corrects). Database triggers hold both (migrations/0002_records_never_edited.py).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy


class IncidentKind(models.TextChoices):
    INJURY = "injury", gettext_lazy("Injury")
    ILLNESS = "illness", gettext_lazy("Illness")
    BEHAVIOUR = "behaviour", gettext_lazy("Behaviour")
    OTHER = "other", gettext_lazy("Other")


class BodyArea(models.TextChoices):
    """Where an injury is, as the report's body diagram draws it."""

    HEAD = "head", "Head"
    FACE = "face", "Face"
    NECK = "neck", "Neck"
    CHEST = "chest", "Chest"
    BACK = "back", "Back"
    ABDOMEN = "abdomen", "Abdomen"
    LEFT_ARM = "left_arm", "Left arm"
    RIGHT_ARM = "right_arm", "Right arm"
    LEFT_HAND = "left_hand", "Left hand"
    RIGHT_HAND = "right_hand", "Right hand"
    LEFT_LEG = "left_leg", "Left leg"
    RIGHT_LEG = "right_leg", "Right leg"
    LEFT_FOOT = "left_foot", "Left foot"
    RIGHT_FOOT = "right_foot", "Right foot"


class Incident(models.Model):
    """What happened to one or more children at one meeting, as the class's instructor or an
    admin wrote it down. Open until an admin has reviewed and closed it; closed, it is never
    changed again (a trigger refuses), only added to by an addendum, and kept until `keep_until`
    (`INCIDENT_RETENTION_YEARS` after it happened) before it may be deleted."""

    meeting = models.ForeignKey(
        "classes.Meeting", on_delete=models.PROTECT, related_name="incidents"
    )
    # When it happened (on the device that recorded it); where, when not the class's room.
    at = models.DateTimeField()
    location = models.CharField(max_length=200, blank=True)
    kind = models.CharField(max_length=12, choices=IncidentKind.choices)
    # An injury's place on the body; blank for anything else.
    body_area = models.CharField(max_length=12, choices=BodyArea.choices, blank=True)
    description = models.TextField(max_length=4000)
    first_aid = models.TextField(max_length=2000, blank=True)
    # Who was told (a parent by phone, the director...) and when a parent was.
    told = models.CharField(max_length=300, blank=True)
    parent_told_at = models.DateTimeField(null=True, blank=True)
    follow_up = models.TextField(max_length=2000, blank=True)
    # For the school only: never in the family's e-mail, the family's view or its PDF.
    internal_notes = models.TextField(max_length=4000, blank=True)
    # The device's id for the report: sent again from an offline queue, it is the same report.
    client_id = models.CharField(max_length=64, unique=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    reported_by_name = models.CharField(max_length=200)
    recorded_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    closed_by_name = models.CharField(max_length=200, blank=True)
    # The day after which the report may be deleted (the retention task's), set when it is made.
    keep_until = models.DateField()

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["closed_at", "at"], name="incident_open_idx"),
            models.Index(fields=["keep_until"], name="incident_kept_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=IncidentKind.values), name="incident_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(body_area__in=["", *BodyArea.values]),
                name="incident_body_area_valid",
            ),
            # Closed says by whom; open says nothing of it.
            models.CheckConstraint(
                condition=models.Q(closed_at__isnull=True, closed_by__isnull=True)
                | models.Q(closed_at__isnull=False, closed_by__isnull=False),
                name="incident_closed_by_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.at:%Y-%m-%d %H:%M}"


class IncidentChild(models.Model):
    """One child an incident report is about, and when their family was e-mailed about it."""

    incident = models.ForeignKey(Incident, on_delete=models.CASCADE, related_name="children")
    # A child with an incident report is kept as long as the report is.
    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.PROTECT, related_name="incidents"
    )
    family_emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["incident", "participant"], name="incident_child_once"),
        ]
        indexes = [models.Index(fields=["participant", "incident"], name="incident_child_idx")]

    def __str__(self) -> str:
        return f"{self.participant} in {self.incident}"


class IncidentAddendum(models.Model):
    """Something added to a report after it was written, or after it was closed: never edited
    or removed (a trigger refuses). `internal` keeps it from the family."""

    incident = models.ForeignKey(Incident, on_delete=models.CASCADE, related_name="addenda")
    text = models.TextField(max_length=4000)
    internal = models.BooleanField(default=False)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    by_name = models.CharField(max_length=200)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"Addendum by {self.by_name}"


class MedicationOutcome(models.TextChoices):
    GIVEN = "given", "Given"
    REFUSED = "refused", "Refused"
    MISSED = "missed", "Missed"


class MedicationAdministration(models.Model):
    """One dose of a medication the care record says is given at camp, at one meeting: given,
    refused or missed, when and by whom. Only ever added (triggers refuse an UPDATE and a
    DELETE): a correction is a new entry naming the one it corrects (`corrects`), which then
    counts for nothing."""

    participant = models.ForeignKey(
        "accounts.Participant", on_delete=models.PROTECT, related_name="medication_given"
    )
    meeting = models.ForeignKey(
        "classes.Meeting", on_delete=models.PROTECT, related_name="medication_given"
    )
    # The medication and its dose as the care record named them then.
    medication = models.CharField(max_length=200)
    dose = models.CharField(max_length=200, blank=True)
    outcome = models.CharField(max_length=8, choices=MedicationOutcome.choices)
    at = models.DateTimeField()
    note = models.TextField(max_length=2000, blank=True)
    corrects = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="corrected_by"
    )
    client_id = models.CharField(max_length=64, unique=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    by_name = models.CharField(max_length=200)
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        indexes = [
            models.Index(fields=["meeting", "participant", "at"], name="medication_given_idx"),
            models.Index(fields=["participant", "at"], name="medication_log_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(outcome__in=MedicationOutcome.values),
                name="medication_outcome_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.medication}: {self.get_outcome_display()}"
