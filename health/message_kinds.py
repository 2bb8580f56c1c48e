"""What health and safety tells by e-mail. Registered with the outbox in health/apps.py; the
templates are in health/templates/notifications/<kind>.*."""

from django.db import models


class MedicationMessage(models.TextChoices):
    # To every admin, once per entry: a dose the care record asks for was not given.
    MEDICATION_MISSED = "medication_missed", "A dose of medication missed at camp"
