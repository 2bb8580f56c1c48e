"""The back office for the school's policies. A policy's text is changed by publishing a new
version (families accept it again); a version, once saved, is never edited. Acceptances are
read-only: they are signatures. Care records are not shown here: admins read them through the
app, where each read is logged for the family."""

from django.contrib import admin

from care.models import Policy, PolicyAcceptance, PolicyVersion


class PolicyVersionInline(admin.StackedInline):
    model = PolicyVersion
    extra = 0
    fields = ("number", "text", "published_at")
    ordering = ("-number",)

    def has_change_permission(self, request, obj=None):
        # A version's text stays as families accepted it; publish a new one instead.
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Policy)
class PolicyAdmin(admin.ModelAdmin):
    list_display = ("title", "slug", "per_child", "position")
    prepopulated_fields = {"slug": ("title",)}
    inlines = (PolicyVersionInline,)


@admin.register(PolicyAcceptance)
class PolicyAcceptanceAdmin(admin.ModelAdmin):
    list_display = ("version", "account", "participant", "signed_name", "accepted_at")
    list_select_related = ("version__policy", "account", "participant")
    search_fields = ("account__email", "signed_name")
    list_filter = ("version__policy",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
