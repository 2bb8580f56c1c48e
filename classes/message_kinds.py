"""What the catalog tells instructors, admins and families by e-mail. Registered with the
outbox in classes/apps.py; the templates are in classes/templates/notifications/<kind>.*."""

from django.db import models


class ClassMessage(models.TextChoices):
    CLASS_APPROVED = "class_approved", "Class approved"
    CLASS_DENIED = "class_denied", "Class denied"
    REVIEW_DIGEST = "review_digest", "Classes waiting for review"
    SCHEDULE_CHANGED = "schedule_changed", "Class changed"
