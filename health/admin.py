"""The back office's incident reports. Reports are written in the app (by a class's instructor
or an admin), never added or deleted here; an open one's text may be corrected, a closed one is
only read (the database refuses any change: an addendum is added in the app). Every look at a
report here is logged for the families of its children, as in the app."""

from django.contrib import admin, messages

from care.models import CarePart
from care.services import care_reads_logged
from core.admin import ViewOnlyAdmin
from health.models import Incident, IncidentAddendum, IncidentChild

EDITABLE_WHILE_OPEN = (
    "location",
    "description",
    "first_aid",
    "told",
    "parent_told_at",
    "follow_up",
    "internal_notes",
)


class IncidentChildInline(admin.TabularInline):
    model = IncidentChild
    fields = ("participant", "family_emailed_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class IncidentAddendumInline(IncidentChildInline):
    model = IncidentAddendum
    fields = ("at", "by_name", "internal", "text")
    readonly_fields = fields


@admin.register(Incident)
class IncidentAdmin(ViewOnlyAdmin):
    list_display = ("at", "kind", "meeting", "reported_by_name", "closed_at", "keep_until")
    list_filter = ("kind", ("closed_at", admin.EmptyFieldListFilter), "at")
    search_fields = ("description", "reported_by_name", "client_id", "meeting__camp_class__name")
    list_select_related = ("meeting__camp_class",)
    date_hierarchy = "at"
    inlines = (IncidentChildInline, IncidentAddendumInline)
    fields = (
        "meeting",
        "at",
        "kind",
        "body_area",
        *EDITABLE_WHILE_OPEN,
        "reported_by_name",
        "recorded_at",
        "closed_at",
        "closed_by_name",
        "keep_until",
        "client_id",
    )

    def has_change_permission(self, request, obj=None):
        # Open: an admin corrects its text. Closed: never changed again.
        return super(ViewOnlyAdmin, self).has_change_permission(request, obj) and (
            obj is None or obj.closed_at is None
        )

    def get_readonly_fields(self, request, obj=None):
        return [field for field in self.fields if field not in EDITABLE_WHILE_OPEN]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        incident = self.get_object(request, object_id)
        if incident is not None and request.method == "GET":
            care_reads_logged(
                participants=[
                    child.participant for child in incident.children.select_related("participant")
                ],
                reader=request.user,
                part=CarePart.INCIDENT,
            )
        return super().change_view(request, object_id, form_url, extra_context)

    def save_model(self, request, obj, form, change):
        if not form.changed_data:
            return
        # Only while still open: a report closed meanwhile is left as it was.
        written = Incident.objects.filter(pk=obj.pk, closed_at__isnull=True).update(
            **{field: getattr(obj, field) for field in form.changed_data}
        )
        if not written:
            messages.error(request, "This report was closed meanwhile: nothing was changed.")
