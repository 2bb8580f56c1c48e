from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "E-mail outbox"

    def ready(self) -> None:
        # Connects the provider's bounce and complaint events to the mailboxes.
        from notifications import receivers  # noqa: F401
