from django.apps import AppConfig


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"

    def ready(self):
        from classes.message_kinds import ClassMessage
        from notifications import kinds

        kinds.register(ClassMessage, app="classes")
        from classes.search import instructor_renamed
        from classes.selectors import SEAT_FIGURES, seat_figures_moved
        from core import events, public_cache

        # An instructor's name is part of their classes' search documents.
        events.subscribe(events.PERSON_RENAMED, instructor_renamed)
        # The class lists stay cached while families hold and take seats: their seats move live.
        public_cache.figures_from(SEAT_FIGURES.source, seat_figures_moved)
