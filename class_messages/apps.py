from django.apps import AppConfig


class ClassMessagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "class_messages"

    def ready(self):
        from class_messages.message_kinds import ClassMessageKind
        from notifications import kinds

        kinds.register(ClassMessageKind, app="class_messages")
