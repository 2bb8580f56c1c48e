from django.apps import AppConfig


class ArtworkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "artwork"
    verbose_name = "Artwork"
