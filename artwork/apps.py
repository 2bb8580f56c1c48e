from django.apps import AppConfig


class ArtworkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "artwork"
    verbose_name = "Artwork"

    def ready(self):
        from artwork.message_kinds import ArtworkMessage
        from notifications import kinds

        kinds.register(ArtworkMessage, app="artwork")
