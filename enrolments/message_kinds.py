"""What enrolment tells by e-mail: families the waitlist's news, reminders, what a class's
instructor writes to them and a child not checked in; the school a child still checked in at the
end of the day. Registered with the outbox in enrolments/apps.py; the templates are in
enrolments/templates/notifications/<kind>.*."""

from django.db import models


class EnrolmentMessage(models.TextChoices):
    WAITLIST_OFFER = "waitlist_offer", "Waitlist offer"
    WAITLIST_CLOSED = "waitlist_closed", "Waitlist entry closed"
    CLASS_REMINDER = "class_reminder", "Reminder before the first meeting"
    CLASS_MESSAGE = "class_message", "A message to a class's families"
    # To the class's instructor and every admin: a child checked in and never checked out.
    STILL_CHECKED_IN = "still_checked_in", "A child still checked in at the end of the day"
    # To the family, when the school turned it on (ABSENCE_NOTICE_MINUTES).
    NOT_CHECKED_IN = "not_checked_in", "A child not checked in after the start"
