from django import forms
from django.contrib import admin, messages
from django.http import HttpResponse
from django.utils.translation import gettext as _

from classes.changes import class_change_noted, class_picture, has_families
from classes.models import Category, Class, ExtendedCare, Meeting, Season
from classes.schedule import WEEKDAY_NAMES, school_timezone
from classes.search import search_vector_refresh
from classes.series import extended_care_days_make
from classes.services import (
    class_approve,
    class_deny,
    early_access_emails,
    season_early_access_replace,
)
from core import events
from core.errors import DomainError, InvalidInput
from core.spreadsheets import SafeCsvWriter
from enrolments.selectors import (
    CSV_COLUMNS,
    roster_answer_cells,
    roster_csv_cells,
    roster_for,
    roster_lines,
    roster_questions,
)
from payments.selectors import payments_of_enrolments

ROSTER_COLUMNS = ("class", *CSV_COLUMNS, "transaction id", "price", "date")


def _review(modeladmin, request, queryset, *, service, verb: str) -> None:
    """Each class goes through the same service as the dashboard: only Pending ones change."""
    changed = 0
    skipped: dict[str, list[str]] = {}
    for camp_class in queryset.order_by("id"):
        try:
            changed += service(class_id=camp_class.pk)
        except DomainError as error:
            skipped.setdefault(str(error), []).append(camp_class.name)
    modeladmin.message_user(request, f"{changed} {_classes(changed)} {verb}.", messages.SUCCESS)
    for reason, names in skipped.items():
        modeladmin.message_user(
            request,
            f"{len(names)} {_classes(len(names))} skipped ({', '.join(names)}): {reason}",
            messages.WARNING,
        )


def _classes(count: int) -> str:
    return "class" if count == 1 else "classes"


def _school_time(moment, form: str = "%a %Y-%m-%d %H:%M") -> str:
    return moment.astimezone(school_timezone()).strftime(form) if moment else "-"


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    """The school's list of categories: the order it is shown in is edited right in the list."""

    list_display = ("name", "slug", "position")
    list_editable = ("position",)
    search_fields = ("name", "slug")
    ordering = ("position", "name")
    prepopulated_fields = {"slug": ("name",)}

    def get_readonly_fields(self, request, obj=None):
        # A slug is in shared filter links (/all-classes?category=pottery-ceramics) and in
        # import files: once made, it stays.
        return ("slug",) if obj else ()

    def get_prepopulated_fields(self, request, obj=None):
        return {} if obj else self.prepopulated_fields

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "name" in form.changed_data:
            # The category's name is in the search document of each of its classes.
            search_vector_refresh(classes=Class.objects.filter(category=obj))


class MeetingInline(admin.TabularInline):
    """The meetings the schedule made, cancelled ones too: shown, never edited here."""

    model = Meeting
    fields = ("day", "starts", "ends", "sequence", "cancelled")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="start (school time)")
    def starts(self, meeting):
        return _school_time(meeting.start, "%H:%M")

    @admin.display(description="end (school time)")
    def ends(self, meeting):
        return _school_time(meeting.end, "%H:%M")


class SeasonAdminForm(forms.ModelForm):
    # Its model and fields are the admin's (`SeasonAdmin.fieldsets`).
    early_access_list = forms.FileField(
        required=False,
        help_text="A text or CSV file of e-mail addresses, one per line (the first column): "
        "it replaces the season's early-access list.",
    )

    def clean_early_access_list(self) -> list[str] | None:
        upload = self.cleaned_data.get("early_access_list")
        if upload is None:
            return None
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("The file is not text: save it as CSV or plain text.")
            ) from None
        try:
            return early_access_emails(text)
        except InvalidInput as invalid:
            raise forms.ValidationError(invalid.problems["emails"]) from None


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """The school's seasons: when each takes registrations, and who may register early."""

    form = SeasonAdminForm
    list_display = ("name", "starts_on", "ends_on", "opens_at", "closes_at", "early_access")
    readonly_fields = ("early_access_count",)
    fieldsets = (
        (None, {"fields": ("name", "starts_on", "ends_on")}),
        ("Registration", {"fields": ("opens_at", "closes_at")}),
        (
            "Early access",
            {
                "fields": (
                    "early_access_opens_at",
                    "early_access_returning",
                    "early_access_list",
                    "early_access_count",
                )
            },
        ),
        ("Allocation", {"fields": ("allocation", "wishes_open_at", "wishes_close_at", "draw_at")}),
    )

    @admin.display(description="Early access opens")
    def early_access(self, season: Season) -> str:
        return _school_time(season.early_access_opens_at)

    @admin.display(description="Addresses on the early-access list")
    def early_access_count(self, season: Season) -> int:
        return season.early_access.count() if season.pk else 0

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        emails = form.cleaned_data.get("early_access_list")
        if emails is not None:
            season_early_access_replace(season=obj, emails=emails)
            self.message_user(
                request, f"{len(emails)} addresses on the early-access list.", messages.SUCCESS
            )
        # Its opening may have moved: the opening-morning line follows it.
        events.publish(events.SEASON_CHANGED, season=obj)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        events.publish(events.SEASON_CHANGED, season=obj)

    def delete_queryset(self, request, queryset):
        seasons = list(queryset)
        super().delete_queryset(request, queryset)
        for season in seasons:
            events.publish(events.SEASON_CHANGED, season=season)


@admin.register(ExtendedCare)
class ExtendedCareAdmin(admin.ModelAdmin):
    """A season's before- and after-care. Saving makes a day of it for each day the season's
    weeks and days meet (`classes.series.extended_care_days_make`); a day already made keeps its
    seats and price, as families may have booked it."""

    list_display = ("label", "season", "kind", "start_time", "end_time", "price_per_day", "seats")
    list_filter = ("season", "kind")
    autocomplete_fields = ("led_by",)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        made = extended_care_days_make(option=obj)
        if made:
            self.message_user(
                request, f"{len(made)} days of {obj.label} offered.", messages.SUCCESS
            )


@admin.register(Class)
class ClassAdmin(admin.ModelAdmin):
    """Classes and their review. The schedule is read-only here: it is the instructor's to set,
    through classes.services, which keeps the meetings in step (a moved meeting's sequence, a
    dropped one kept as cancelled, the first start and last end) and e-mails everyone holding a
    seat. A form saving the fields directly would skip all of that."""

    list_display = (
        "name",
        "instructor",
        "category",
        "status",
        "price",
        "seats",
        "enroll",
        "created_at",
    )
    list_filter = ("status", "season", "category", "created_at")
    search_fields = ("name", "instructor__email", "instructor__name")
    list_select_related = ("instructor", "category")
    autocomplete_fields = ("instructor",)
    fieldsets = (
        (None, {"fields": ("name", "instructor", "status", "feedback", "season")}),
        (
            "What it is",
            {
                "fields": (
                    "description",
                    "category",
                    "level",
                    "location",
                    "what_to_bring",
                    "age_min",
                    "age_max",
                )
            },
        ),
        ("Care records", {"fields": ("care_full_record",)}),
        ("Picture, price and seats", {"fields": ("image", "price", "seats", "enroll")}),
        (
            "Schedule",
            {
                "description": "Set by the instructor in the dashboard, so that meetings, "
                "calendars and the e-mails to enrolled students stay in step.",
                "fields": (
                    "start_date",
                    "end_date",
                    "weekdays",
                    "start_time",
                    "end_time",
                    "no_meeting_dates",
                    "registration_closes_at",
                    "first_meeting",
                    "last_meeting",
                ),
            },
        ),
        ("Record", {"fields": ("created_at", "updated_at")}),
    )
    readonly_fields = (
        "start_date",
        "end_date",
        "weekdays",
        "start_time",
        "end_time",
        "no_meeting_dates",
        "registration_closes_at",
        "first_meeting",
        "last_meeting",
        "created_at",
        "updated_at",
    )
    # The add-ons and questions it offers and asks follow (`extras.admin`).
    inlines = (MeetingInline,)
    date_hierarchy = "created_at"
    actions = ("approve_selected", "deny_selected", "export_roster")

    @admin.display(description="meets on")
    def weekdays(self, camp_class):
        return ", ".join(WEEKDAY_NAMES[day] for day in camp_class.meeting_days) or "-"

    @admin.display(description="first meeting starts (school time)")
    def first_meeting(self, camp_class):
        return _school_time(camp_class.starts_at)

    @admin.display(description="last meeting ends (school time)")
    def last_meeting(self, camp_class):
        return _school_time(camp_class.ends_at)

    def save_model(self, request, obj, form, change):
        # The class as its families knew it: a new instructor is told to them like a new time.
        before = None
        if change and "instructor" in form.changed_data:
            known = Class.objects.select_related("instructor").get(pk=obj.pk)
            before = class_picture(known) if has_families(known) else None
        super().save_model(request, obj, form, change)
        if before is not None:
            class_change_noted(obj, before=before)
        # Name, description, category and instructor make the class's search document, which
        # classes.services writes for the dashboard's edits.
        search_vector_refresh(classes=Class.objects.filter(pk=obj.pk))
        if change and "seats" in form.changed_data and obj.seats > form.initial["seats"]:
            locked = Class.objects.select_for_update().get(pk=obj.pk)
            events.publish(events.SEATS_ADDED, camp_class=locked)

    @admin.action(description="Approve selected classes", permissions=["change"])
    def approve_selected(self, request, queryset):
        _review(self, request, queryset, service=class_approve, verb="approved")

    @admin.action(description="Deny selected classes", permissions=["change"])
    def deny_selected(self, request, queryset):
        _review(self, request, queryset, service=class_deny, verb="denied")

    @admin.action(description="Export roster as CSV", permissions=["view"])
    def export_roster(self, request, queryset):
        # The back office reads across apps through their selectors, as the API's views do.
        enrolled = roster_for(classes=queryset)
        paid_by = payments_of_enrolments(enrolments=enrolled)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="roster.csv"'
        writer = SafeCsvWriter(response)
        # Allergies and pick-ups, read by an admin: logged for each child's family as a download.
        lines = roster_lines(enrolled, reader=request.user, part="export")
        # Every answer to the school's questions, a column for each question answered.
        questions = roster_questions(lines)
        writer.writerow([*ROSTER_COLUMNS, *(question.label for question in questions)])
        for line in lines:
            payment = paid_by[line.enrolment.pk]
            writer.writerow(
                [
                    line.enrolment.camp_class.name,
                    *roster_csv_cells(line),
                    payment.transaction_id,
                    payment.price,
                    payment.date.isoformat(),
                    *roster_answer_cells(line, questions),
                ]
            )
        return response
