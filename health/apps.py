from django.apps import AppConfig


class HealthConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "health"
    verbose_name = "Health and safety"

    def ready(self):
        from core import events
        from health.medications import participant_leaving_checked
        from health.message_kinds import MedicationMessage
        from notifications import kinds

        kinds.register(MedicationMessage, app="health")
        # A child with medication given on record stays; asked after attendance's own check
        # (INSTALLED_APPS lists attendance first).
        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)
