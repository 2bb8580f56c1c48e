from django.apps import AppConfig


class FrontDeskConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "front_desk"
    verbose_name = "Front desk"

    def ready(self):
        from front_desk.message_kinds import DeskMessage
        from notifications import kinds

        kinds.register(DeskMessage, app="front_desk")
