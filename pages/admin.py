from django.contrib import admin

from core.admin import ViewOnlyAdmin
from pages.models import ContactMessage, PageSlug, SitePage


@admin.register(SitePage)
class SitePageAdmin(admin.ModelAdmin):
    """The text of the school's pages. Each page has its route and footer link, so none is
    removed; a missing one (the site then shows its first text) may be added back."""

    list_display = ("title", "slug", "updated_at")
    readonly_fields = ("updated_at",)

    def get_readonly_fields(self, request, obj=None):
        # A page's address is fixed once it exists: the footer links to it.
        return ("slug", "updated_at") if obj else ("updated_at",)

    def has_add_permission(self, request):
        present = set(SitePage.objects.values_list("slug", flat=True))
        return super().has_add_permission(request) and bool(set(PageSlug.values) - present)

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ContactMessage)
class ContactMessageAdmin(ViewOnlyAdmin):
    """What visitors wrote through the Contact page, as the office also got it by e-mail."""

    list_display = ("created_at", "name", "email")
    search_fields = ("name", "email", "message")
    date_hierarchy = "created_at"
    readonly_fields = ("created_at", "name", "email", "message")
