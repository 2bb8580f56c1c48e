from django.apps import AppConfig


class EnrolmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "enrolments"

    def ready(self):
        from enrolments.message_kinds import EnrolmentMessage
        from notifications import kinds

        kinds.register(EnrolmentMessage, app="enrolments")
        from core import events
        from enrolments.services.waitlists import seats_added_offered

        # More seats in a class are offered to its waitlist, in the transaction that added them.
        events.subscribe(events.SEATS_ADDED, seats_added_offered)
