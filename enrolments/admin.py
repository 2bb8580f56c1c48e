from django.contrib import admin

from core.admin import ViewOnlyAdmin
from enrolments.models import AgeOverride, Enrolment, Selection


@admin.register(Selection)
class SelectionAdmin(ViewOnlyAdmin):
    """Read only: a selection belongs to the student who made it."""

    list_display = ("student", "participant", "camp_class", "status", "created_at")
    list_filter = ("status", "created_at")
    search_fields = (
        "student__email",
        "student__name",
        "participant__first_name",
        "participant__last_name",
        "camp_class__name",
    )
    list_select_related = ("student", "participant", "camp_class")
    readonly_fields = ("created_at",)


@admin.register(Enrolment)
class EnrolmentAdmin(ViewOnlyAdmin):
    """Read only: a seat is taken by paying and given back by a refund (Payments)."""

    list_display = ("student", "participant", "camp_class", "status", "created_at", "ended_at")
    list_filter = ("status", "created_at")
    search_fields = (
        "student__email",
        "student__name",
        "participant__first_name",
        "participant__last_name",
        "camp_class__name",
    )
    list_select_related = ("student", "participant", "camp_class")
    readonly_fields = ("created_at", "ended_at", "end_reason")


@admin.register(AgeOverride)
class AgeOverrideAdmin(admin.ModelAdmin):
    """An admin lets one participant take one class outside its ages, and says why. Who granted
    it and when is recorded, never typed; an override is given or taken away, never rewritten."""

    list_display = ("participant", "camp_class", "reason", "granted_by", "created_at")
    search_fields = (
        "participant__first_name",
        "participant__last_name",
        "participant__account__email",
        "camp_class__name",
    )
    list_select_related = ("participant", "camp_class", "granted_by")
    autocomplete_fields = ("participant", "camp_class")
    fields = ("participant", "camp_class", "reason", "granted_by", "created_at")
    readonly_fields = ("granted_by", "created_at")

    def has_change_permission(self, request, obj=None):
        # The list and the detail page are for reading; a new reason is a new override.
        return obj is None and super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change):
        obj.granted_by = request.user
        super().save_model(request, obj, form, change)
