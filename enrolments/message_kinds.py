"""What enrolment tells by e-mail: families the waitlist's news and reminders. Registered with
the outbox in enrolments/apps.py; the templates are in
enrolments/templates/notifications/<kind>.*."""

from django.db import models


class EnrolmentMessage(models.TextChoices):
    WAITLIST_OFFER = "waitlist_offer", "Waitlist offer"
    WAITLIST_CLOSED = "waitlist_closed", "Waitlist entry closed"
    CLASS_REMINDER = "class_reminder", "Reminder before the first meeting"
