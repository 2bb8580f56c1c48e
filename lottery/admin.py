from django.contrib import admin

from lottery.models import Draw, Entry, Friends


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    """The families in each season's draw. The school sets a family's tier (scholarship, staff
    children) before the wishes close; a returning family is found at its first wish."""

    list_display = ("code", "season", "family", "tier")
    list_filter = ("season", "tier")
    list_editable = ("tier",)
    search_fields = ("code", "family__email")
    readonly_fields = ("season", "family", "code", "created_at", "updated_at")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Draw)
class DrawAdmin(admin.ModelAdmin):
    """Each season's commitment and draw, made by `manage.py draw_commit` and `draw_run`."""

    list_display = ("season", "seed_hash", "committed_at", "drawn_at")
    readonly_fields = ("season", "seed_hash", "committed_at", "seed", "drawn_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Friends)
class FriendsAdmin(admin.ModelAdmin):
    """Each pair of families asking to be placed together, for the office to answer a family's
    question; made and ended by the families on their wishes page."""

    list_display = ("season", "inviting", "invited", "confirmed_at")
    list_filter = ("season",)
    search_fields = ("inviting__code", "invited__code")
    readonly_fields = ("season", "inviting", "invited", "confirmed_at", "created_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
