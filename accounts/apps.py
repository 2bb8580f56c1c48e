from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps

from core import events


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        from django.db.models.signals import post_save

        # Registers the access token's scheme with the API schema.
        import accounts.openapi  # noqa: F401
        from accounts.message_kinds import AccountMessage
        from accounts.models import User
        from accounts.selectors import reader_language
        from notifications import kinds

        kinds.register(AccountMessage, app="accounts")
        events.answer_with(events.READER_LANGUAGE, reader_language)

        # Any save that may write a name, whichever path made it (the API, the back office).
        post_save.connect(_person_maybe_renamed, sender=User, dispatch_uid="accounts-renamed")


def _person_maybe_renamed(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    if created or (update_fields is not None and "name" not in update_fields):
        return
    events.publish(events.PERSON_RENAMED, user=instance)


class CampAdminConfig(admin_apps.AdminConfig):
    """Django admin, with the site that lets admins in by their role."""

    # Listed by its path in INSTALLED_APPS; "accounts" alone means AccountsConfig.
    default = False

    default_site = "accounts.admin_site.CampAdminSite"
