from django.apps import AppConfig


class PagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "pages"
    verbose_name = "School pages and messages"

    def ready(self):
        from notifications import kinds
        from pages.message_kinds import PageMessage

        kinds.register(PageMessage, app="pages")
