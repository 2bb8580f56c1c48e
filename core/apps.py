from django.apps import AppConfig
from django.core.signals import request_started
from django.urls import register_converter


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Cross-cutting pieces"

    def ready(self):
        from camp.server_render import start_v8
        from core.converters import RowIdConverter
        from core.kept_connections import kept_connections_checked

        # Registered once, before any URLconf is read: every path with a row id says <id:...>.
        register_converter(RowIdConverter, "id")
        # After Django's own `close_old_connections`, connected when `django.db` was imported.
        request_started.connect(kept_connections_checked, dispatch_uid="kept_connections_checked")
        start_v8()
