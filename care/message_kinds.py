"""What the care app tells families by e-mail. Registered with the outbox in care/apps.py; the
templates are in care/templates/notifications/<kind>.*. None of them carries a word of a
child's record: only what is still to be given, by name of the item."""

from django.db import models


class CareMessage(models.TextChoices):
    CARE_REMINDER = "care_reminder", "Care record reminder"
    # A document of the child's (an allergy action plan...) expires soon: give a new one.
    CARE_DOCUMENT_REMINDER = "care_document_reminder", "A child's document expiring"
