"""What the back office's pages share, whatever app they show."""

from django.contrib import admin


class ViewOnlyAdmin(admin.ModelAdmin):
    """Rows that only the product's own flows write: the back office looks, and acts through
    the services (admin actions), never by adding, editing or deleting a row."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
