from django.apps import AppConfig


class CareConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "care"

    def ready(self):
        from care.message_kinds import CareMessage
        from notifications import kinds

        kinds.register(CareMessage, app="care")
