from django.apps import AppConfig


class HealthConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "health"
    verbose_name = "Health and safety"

    def ready(self):
        from core import events
        from health.message_kinds import HealthMessage
        from health.services.incidents import participant_leaving_checked
        from notifications import kinds

        kinds.register(HealthMessage, app="health")
        # A child in an incident report is kept as long as the report is (subscribed after
        # attendance's check: INSTALLED_APPS lists attendance first).
        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)
