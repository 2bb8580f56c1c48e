from django.contrib import admin

from attendance.models import AttendanceAction
from core.admin import ViewOnlyAdmin


@admin.register(AttendanceAction)
class AttendanceActionAdmin(ViewOnlyAdmin):
    """Read only: attendance is taken on the Today screen and never changed (the database
    refuses to); a correction is a new action there."""

    list_display = (
        "at",
        "participant",
        "meeting",
        "action",
        "collected_by_name",
        "by_name",
        "recorded_at",
    )
    list_filter = ("action", "collected_by_kind", "at")
    search_fields = (
        "participant__first_name",
        "participant__last_name",
        "meeting__camp_class__name",
        "by_name",
        "collected_by_name",
        "client_id",
    )
    list_select_related = ("participant", "meeting__camp_class")
    date_hierarchy = "at"
