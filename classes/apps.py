from django.apps import AppConfig


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"

    def ready(self):
        from classes.message_kinds import ClassMessage
        from notifications import kinds

        kinds.register(ClassMessage, app="classes")
        from classes.search import instructor_renamed
        from core import events

        # An instructor's name is part of their classes' search documents.
        events.subscribe(events.PERSON_RENAMED, instructor_renamed)
