from django.contrib.admin.apps import AdminConfig


class CampAdminConfig(AdminConfig):
    """Django admin, with the site that lets admins in by their role."""

    default_site = "camp.admin_site.CampAdminSite"
