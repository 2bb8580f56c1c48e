from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"

    def ready(self):
        from core.public_cache import forget_after_class_change

        # Saves and deletes anywhere, Django admin included; the services' bulk UPDATEs
        # call core.public_cache.public_lists_changed themselves.
        post_save.connect(forget_after_class_change, sender="classes.Class")
        post_delete.connect(forget_after_class_change, sender="classes.Class")
