"""What health and safety tells by e-mail. Registered with the outbox in health/apps.py; the
templates are in health/templates/notifications/<kind>.*. An incident's e-mails tell a family
what a parent needs of the report, never the school's internal notes or internal addenda."""

from django.db import models


class HealthMessage(models.TextChoices):
    # To each family with a child in a new incident report: one e-mail naming its own children.
    INCIDENT_REPORTED = "incident_reported", "An incident report about a child"
    # To the same families, when the school adds to the report something for them to read.
    INCIDENT_ADDENDUM = "incident_addendum", "Something added to an incident report"
    # To every admin, once per entry: a dose the care record asks for was not given.
    MEDICATION_MISSED = "medication_missed", "A dose of medication missed at camp"
