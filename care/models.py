"""A child's care record, the school's policies and the families' acceptances of them.

What a school must know before it takes a child: who to call, what they are allergic to, what
medicine they take at camp, who may collect them, whether photos are allowed. The medical part
is encrypted at rest (`care.encryption`); contacts and consents are not medical and stay
readable for the roster. Every saved version, every read by staff (of the record, its history, a
roster's flags), and every acceptance is kept and never edited.
"""

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.models import Participant, User
from care.encryption import SealedJSONField
from core.public_cache import ShownInPublicLists


class Severity(models.TextChoices):
    MILD = "mild", "Mild"
    SEVERE = "severe", "Severe"
    ANAPHYLACTIC = "anaphylactic", "Anaphylactic"


# The medical part of a record, as stored (encrypted) and erased at the end of retention.
EMPTY_MEDICAL = {
    "allergies": [],
    "medications": [],
    "conditions": "",
    "dietary": "",
    "doctor": {"name": "", "phone": ""},
}


def empty_medical() -> dict:
    return {**EMPTY_MEDICAL, "doctor": dict(EMPTY_MEDICAL["doctor"])}


class CareRecord(ShownInPublicLists):
    """One participant's record, kept from year to year: the family confirms it each season
    instead of typing it again.

    Its photo consent is public data: the gallery shows a child's artwork only while it is
    given, so a change of it forgets the public lists' answers (`ShownInPublicLists`), and
    consent withdrawn takes the piece down at once. Nothing else of the record is shown."""

    participant = models.OneToOneField(
        Participant, on_delete=models.CASCADE, related_name="care_record"
    )
    # allergies [{name, severity, action}], medications [{name, dose, schedule, at_camp}],
    # conditions, dietary, doctor {name, phone}.
    medical = SealedJSONField(default=empty_medical)
    # [{name, relationship, phone}], phones in E.164.
    emergency_contacts = models.JSONField(default=list)
    pickups = models.JSONField(default=list)
    may_leave_alone = models.BooleanField(default=False)
    # None until the family answers.
    photo_consent = models.BooleanField(null=True)
    # When the family last saved it or said it is still correct.
    confirmed_at = models.DateTimeField(null=True)
    # Taken by phone at the front desk (by whom, when): the family confirms it at its first
    # sign-in after.
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    medical_erased_at = models.DateTimeField(null=True, blank=True)
    # Whether the record asks for an allergy action plan (an allergy of a severity in
    # `CARE_ACTION_PLAN_FOR`), kept in the clear when the record is saved, so that whether it is
    # complete is read without opening the medical part.
    action_plan_needed = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    public_fields = frozenset({"photo_consent"})

    def __str__(self) -> str:
        return f"Care record of {self.participant}"

    def shows_in_public_lists(self, *, created: bool) -> bool:
        # A child without a record has no consent: a new record matters to the gallery only when
        # it gives it for a child already tagged on a piece, which a new child never is (so the
        # records families write on an opening morning keep the public lists). Artwork sits
        # above care, so its tags are asked for by the app's model name, not imported.
        if not created:
            return True
        tags = apps.get_model("artwork", "ArtworkChild").objects
        return (
            self.photo_consent is True and tags.filter(participant_id=self.participant_id).exists()
        )


class CareChange(models.TextChoices):
    CREATED = "created", "Created"
    CHANGED = "changed", "Changed"
    CONFIRMED = "confirmed", "Confirmed still correct"
    ERASED = "erased", "Medical fields erased"


class CareRecordVersion(models.Model):
    """The record as one change left it, with who made the change: the history the family and
    admins read. The snapshot is encrypted as the record is."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="care_versions"
    )
    change = models.CharField(max_length=20, choices=CareChange.choices)
    fields = models.JSONField(default=list)
    snapshot = SealedJSONField()
    changed_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    changed_by_name = models.CharField(max_length=200, blank=True)
    changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-changed_at", "-id"]
        indexes = [models.Index(fields=["participant", "-changed_at"], name="care_version_idx")]

    def __str__(self) -> str:
        return f"{self.get_change_display()} by {self.changed_by_name or 'the school'}"


class CarePart(models.TextChoices):
    """Where a member of staff read a child's record: the part the access log names."""

    RECORD = "record", "The care record"
    HISTORY = "history", "The record's history"
    ROSTER = "roster", "A class roster"
    ATTENDANCE = "attendance", "A meeting's attendance"
    TODAY = "today", "The Today screen"
    EXPORT = "export", "A roster downloaded"
    DOCUMENT = "document", "A document"
    INCIDENT = "incident", "An incident report"
    MEDICATION = "medication", "The medication log"


class CareRead(models.Model):
    """A member of staff read a child's record, or the part of it a roster shows: the access
    log the family can read, with who, when and where."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="care_reads"
    )
    reader = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    reader_name = models.CharField(max_length=200)
    reader_role = models.CharField(max_length=20)
    read_at = models.DateTimeField(default=timezone.now)
    # Every read logged before the part was kept was of the record itself.
    part = models.CharField(max_length=20, choices=CarePart.choices, default=CarePart.RECORD)

    class Meta:
        ordering = ["-read_at", "-id"]
        indexes = [models.Index(fields=["participant", "-read_at"], name="care_read_idx")]

    def __str__(self) -> str:
        return f"Read by {self.reader_name}"


class Policy(models.Model):
    """One of the school's policies (the liability waiver, the photo policy...), accepted by
    each family, or for each child where `per_child` says so."""

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=120)
    per_child = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]
        verbose_name_plural = "policies"

    def __str__(self) -> str:
        return self.title


class PolicyVersion(models.Model):
    """A policy's text as published; a new version asks every family to accept again. A version
    is never changed once saved: a correction is a new version."""

    policy = models.ForeignKey(Policy, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()
    published_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["policy", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["policy", "number"], name="policy_version_once"),
        ]

    def __str__(self) -> str:
        return f"{self.policy.title}, version {self.number}"


class PolicyAcceptance(models.Model):
    """A parent accepted one version of a policy, for the family or for one child, by typing
    their full name. Never edited (a database trigger refuses an UPDATE)."""

    version = models.ForeignKey(PolicyVersion, on_delete=models.PROTECT, related_name="acceptances")
    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="policy_acceptances")
    participant = models.ForeignKey(
        Participant, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    signed_name = models.CharField(max_length=200)
    accepted_at = models.DateTimeField(default=timezone.now)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-accepted_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["version", "account"],
                condition=models.Q(participant__isnull=True),
                name="policy_accepted_once_per_family",
            ),
            models.UniqueConstraint(
                fields=["version", "participant"],
                condition=models.Q(participant__isnull=False),
                name="policy_accepted_once_per_child",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.version} accepted by {self.signed_name}"


class CareReminder(models.Model):
    """One reminder to complete a record, sent once: `key` names what it was for (a class's
    first meeting and the days before it, or an admin's reminder on one day)."""

    key = models.CharField(max_length=120, unique=True)
    account = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.key


class DocumentKind(models.TextChoices):
    IMMUNISATION = "immunisation", gettext_lazy("Immunisation record")
    ACTION_PLAN = "action_plan", gettext_lazy("Allergy action plan")
    DOCTOR_NOTE = "doctor_note", gettext_lazy("Doctor's note")
    OTHER = "other", gettext_lazy("Other document")


class CareDocument(models.Model):
    """A document a family gave the school for one child: a PDF or an image, its kind checked
    by its content, stored encrypted (`care.encryption`) through Django's storage API under
    `storage_name`; readable by the family and admins, an action plan by the child's
    instructors too (each staff read logged)."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="care_documents"
    )
    kind = models.CharField(max_length=20, choices=DocumentKind.choices)
    # The name the family's file had, for the download; never a path.
    file_name = models.CharField(max_length=200)
    # What the content is (application/pdf, image/png, image/jpeg), read from the bytes.
    content_type = models.CharField(max_length=60)
    size = models.PositiveIntegerField()
    storage_name = models.CharField(max_length=300, unique=True)
    expires_on = models.DateField(null=True, blank=True)
    uploaded_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-uploaded_at", "-id"]
        indexes = [
            models.Index(fields=["participant", "kind", "expires_on"], name="care_document_idx"),
            models.Index(fields=["expires_on"], name="care_document_expiry_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=DocumentKind.values), name="care_document_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.participant}"
