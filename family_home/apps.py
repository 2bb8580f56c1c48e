"""The family's home in the dashboard: one list of what it has to do, gathered from each app."""

from django.apps import AppConfig


class FamilyHomeConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "family_home"
