from django.contrib import admin

from core.admin import ViewOnlyAdmin
from enrolments.models import Enrolment, Selection


@admin.register(Selection)
class SelectionAdmin(ViewOnlyAdmin):
    """Read only: a selection belongs to the student who made it."""

    list_display = ("student", "camp_class", "status", "created_at")
    list_filter = ("status", "created_at")
    search_fields = ("student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    readonly_fields = ("created_at",)


@admin.register(Enrolment)
class EnrolmentAdmin(ViewOnlyAdmin):
    """Read only: a seat is taken by paying and given back by a refund (Payments)."""

    list_display = ("student", "camp_class", "status", "created_at", "ended_at")
    list_filter = ("status", "created_at")
    search_fields = ("student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    readonly_fields = ("created_at", "ended_at", "end_reason")
