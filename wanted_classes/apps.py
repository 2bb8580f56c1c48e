"""The classes a family wants, and which of them are full now: what the opening's line tells a
family while it waits."""

from django.apps import AppConfig


class WantedClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "wanted_classes"
