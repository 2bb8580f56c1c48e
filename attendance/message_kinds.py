"""What attendance tells by e-mail: the school a child still checked in at the end of the day,
a family a child not checked in. Registered with the outbox in attendance/apps.py; the templates
are in attendance/templates/notifications/<kind>.*."""

from django.db import models


class AttendanceMessage(models.TextChoices):
    # To the class's instructor and every admin: a child checked in and never checked out.
    STILL_CHECKED_IN = "still_checked_in", "A child still checked in at the end of the day"
    # To the family, when the school turned it on (ABSENCE_NOTICE_MINUTES).
    NOT_CHECKED_IN = "not_checked_in", "A child not checked in after the start"
