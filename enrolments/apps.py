from django.apps import AppConfig


class EnrolmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "enrolments"
