from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        # Registers the access token's scheme with the API schema.
        import accounts.openapi  # noqa: F401


class CampAdminConfig(admin_apps.AdminConfig):
    """Django admin, with the site that lets admins in by their role."""

    # Listed by its path in INSTALLED_APPS; "accounts" alone means AccountsConfig.
    default = False

    default_site = "accounts.admin_site.CampAdminSite"
