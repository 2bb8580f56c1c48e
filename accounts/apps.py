from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        # Registers the access token's scheme with the API schema.
        import accounts.openapi  # noqa: F401
        from camp.public_cache import forget_after_user_change

        # An instructor's name, photo or role shows in the public lists, wherever it changes.
        post_save.connect(forget_after_user_change, sender="accounts.User")
        post_delete.connect(forget_after_user_change, sender="accounts.User")
