"""A paid seat changed: cancelled by the family or the school, or moved."""

from django.apps import AppConfig


class ChangesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "changes"
