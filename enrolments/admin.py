from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.utils import timezone

from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from enrolments.models import (
    AgeOverride,
    Enrolment,
    SeatHold,
    Selection,
    WaitlistEntry,
)
from enrolments.services import hold_release, waitlist_move_up

MOVE_REASON_MAX_LENGTH = 500


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


@admin.register(SeatHold)
class SeatHoldAdmin(ViewOnlyAdmin):
    """Who holds what now: the live holds of payment pages and the open waitlist offers, by
    family. Holds are taken by the product's flows and run out by themselves; the one change an
    admin makes, releasing one, goes through enrolments.services, so its seat goes to the
    waitlist as it would when the hold ran out."""

    list_display = ("student", "participant", "camp_class", "expires_at", "is_offer", "extended")
    list_filter = ("extended", "camp_class")
    search_fields = ("student__email", "participant__first_name", "camp_class__name")
    list_select_related = ("student", "participant", "camp_class")
    ordering = ("student", "camp_class", "expires_at")
    actions = ("release",)

    def get_queryset(self, request):
        # Held rows that ran out hold nothing; the minute's round removes them.
        return super().get_queryset(request).filter(expires_at__gt=timezone.now())

    @admin.display(boolean=True, description="waitlist offer")
    def is_offer(self, hold):
        return hold.waitlist_entry_id is not None

    def has_release_permission(self, request):
        return request.user.has_perm("enrolments.view_seathold") and request.user.is_staff

    @admin.action(description="Release the selected holds", permissions=["release"])
    def release(self, request, queryset):
        """Each seat goes to the class's waitlist, as it would when its hold ran out."""
        for hold in queryset.select_related("participant", "camp_class"):
            try:
                released = hold_release(hold_id=hold.pk)
            except DomainError as error:
                self.message_user(request, f"{hold.participant}: {error}", messages.WARNING)
                continue
            if released:
                self.message_user(
                    request, f"Released {hold.participant}'s seat in {hold.camp_class}."
                )


@admin.register(WaitlistEntry)
class WaitlistEntryAdmin(ViewOnlyAdmin):
    """Each class's queue. The one change an admin makes, moving an entry up, goes through
    enrolments.services with the reason recorded; offers are made by the services alone."""

    list_display = (
        "camp_class",
        "participant",
        "student",
        "status",
        "rank",
        "offer_expires_at",
        "move_reason",
        "created_at",
    )
    list_filter = ("status", "camp_class")
    search_fields = ("student__email", "participant__first_name", "camp_class__name")
    list_select_related = ("camp_class", "participant", "student")
    ordering = ("camp_class", "status", "rank")
    actions = ("move_up",)

    def has_move_permission(self, request):
        return request.user.has_perm("enrolments.view_waitlistentry") and request.user.is_staff

    @admin.action(description="Move selected entries one place up…", permissions=["move"])
    def move_up(self, request, queryset):
        """Asks why first; each entry then swaps places with the one ahead of it."""
        entries = list(queryset.select_related("participant", "camp_class").order_by("rank"))
        reason = request.POST.get("reason", "").strip()[:MOVE_REASON_MAX_LENGTH]
        if request.POST.get("confirmed") != "yes" or not reason:
            return TemplateResponse(
                request,
                "admin/enrolments/waitlist_move_up.html",
                {
                    **self.admin_site.each_context(request),
                    "title": "Move up on the waitlist",
                    "opts": self.model._meta,
                    "entries": entries,
                    "asked_again": request.POST.get("confirmed") == "yes",
                    "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                },
            )
        for entry in entries:
            try:
                waitlist_move_up(entry_id=entry.pk, reason=reason, by=request.user)
            except DomainError as error:
                self.message_user(request, f"{entry.participant}: {error}", messages.WARNING)
                continue
            self.message_user(request, f"{entry.participant} moved up on {entry.camp_class}.")
