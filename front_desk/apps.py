from django.apps import AppConfig


class FrontDeskConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "front_desk"
    verbose_name = "Front desk"
