from django.apps import AppConfig
from django.db.models.signals import post_save


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"

    def ready(self):
        from accounts.models import User
        from classes.search import instructor_renamed

        # The one signal classes listens to: an instructor's name is part of their classes'
        # search documents, and accounts, which sits below classes, cannot call up into it.
        post_save.connect(instructor_renamed, sender=User, dispatch_uid="classes-search-instructor")
