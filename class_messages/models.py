"""What a class's instructor or an admin wrote to its families."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class ClassMessageAudience(models.TextChoices):
    ENROLLED = "enrolled", "Enrolled families"
    WAITLISTED = "waitlisted", "Waitlisted families"
    BOTH = "both", "Enrolled and waitlisted families"


class ClassMessage(models.Model):
    """What a class's instructor or an admin wrote to its families, kept for the families to
    read on the class's page: one e-mail went to each family of the audience
    (`class_messages.services`), and `recipients` says how many."""

    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="messages"
    )
    # Who wrote it; families read their name only. A person's account removed later leaves the
    # message, from nobody.
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="class_messages_sent",
    )
    audience = models.CharField(max_length=10, choices=ClassMessageAudience.choices)
    # Families may turn announcements off; a message about their enrolment always goes.
    announcement = models.BooleanField(default=False)
    subject = models.CharField(max_length=150)
    body = models.TextField(max_length=5000)
    sent_at = models.DateTimeField(default=timezone.now)
    # The families an e-mail was queued for (an announcement skips those who turned them off).
    recipients = models.PositiveIntegerField(default=0)

    class Meta:
        # The table it had when it was part of enrolments: moving the model moved no rows.
        db_table = "enrolments_classmessage"
        ordering = ["-sent_at", "-id"]
        # What each index serves: docs/indexes.md, checked by camp/tests/test_indexes.py.
        indexes = [
            models.Index(fields=["camp_class", "-sent_at", "-id"], name="class_message_class_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(audience__in=ClassMessageAudience.values),
                name="class_message_audience_valid",
            ),
            models.CheckConstraint(
                condition=~models.Q(subject="") & ~models.Q(body=""),
                name="class_message_has_subject_and_body",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.subject} to {self.camp_class}'s {self.audience} families"


class ClassMessagesSeen(models.Model):
    """When a family last read a class's messages (its page asks for them): those sent since
    are new to it, and its to-do list says so."""

    family = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_messages_seen"
    )
    camp_class = models.ForeignKey(
        "classes.Class", on_delete=models.CASCADE, related_name="messages_seen"
    )
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            # One moment per family and class, moved on at each reading.
            models.UniqueConstraint(
                fields=["family", "camp_class"], name="class_messages_seen_once_per_family"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.family} read {self.camp_class}'s messages at {self.seen_at}"
