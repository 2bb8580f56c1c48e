from django.apps import AppConfig


class AttendanceConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "attendance"

    def ready(self):
        from attendance.message_kinds import AttendanceMessage
        from notifications import kinds

        kinds.register(AttendanceMessage, app="attendance")
        from attendance.services import participant_leaving_checked
        from core import events

        # A child's record stays once they have attendance on record. Subscribed after
        # enrolments' own check (INSTALLED_APPS lists enrolments first), so a child with a seat
        # is told of the seat first, as before attendance was an app of its own.
        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)
