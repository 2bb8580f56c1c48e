from django.apps import AppConfig
from django.urls import register_converter


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Cross-cutting pieces"

    def ready(self):
        from core.converters import RowIdConverter

        # Registered once, before any URLconf is read: every path with a row id says <id:...>.
        register_converter(RowIdConverter, "id")
