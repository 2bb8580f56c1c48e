from django.apps import AppConfig


class HealthConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "health"
    verbose_name = "Health and safety"

    def ready(self):
        from core import events
        from health.message_kinds import HealthMessage
        from health.services.incidents import participant_leaving_checked as incidents_kept
        from health.services.medications import participant_leaving_checked as medication_kept
        from notifications import kinds

        kinds.register(HealthMessage, app="health")
        # A child in an incident report, or with medication given on record, is kept as long as
        # the record is (asked after attendance's own check: INSTALLED_APPS lists it first).
        events.subscribe(events.PARTICIPANT_LEAVING, incidents_kept)
        events.subscribe(events.PARTICIPANT_LEAVING, medication_kept)
