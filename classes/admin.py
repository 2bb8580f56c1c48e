from django.contrib import admin, messages
from django.http import HttpResponse

from classes.models import Class, Selection
from classes.services import class_approve, class_deny
from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from core.spreadsheets import SafeCsvWriter
from payments.models import Payment, PaymentStatus

ROSTER_COLUMNS = ("class", "student name", "student e-mail", "transaction id", "price", "date")


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


@admin.register(Class)
class ClassAdmin(admin.ModelAdmin):
    list_display = ("name", "instructor", "status", "price", "seats", "enroll", "created_at")
    list_filter = ("status", "created_at")
    search_fields = ("name", "instructor__email", "instructor__name")
    list_select_related = ("instructor",)
    autocomplete_fields = ("instructor",)
    readonly_fields = ("created_at", "updated_at")
    date_hierarchy = "created_at"
    actions = ("approve_selected", "deny_selected", "export_roster")

    @admin.action(description="Approve selected classes", permissions=["change"])
    def approve_selected(self, request, queryset):
        _review(self, request, queryset, service=class_approve, verb="approved")

    @admin.action(description="Deny selected classes", permissions=["change"])
    def deny_selected(self, request, queryset):
        _review(self, request, queryset, service=class_deny, verb="denied")

    @admin.action(description="Export roster as CSV", permissions=["view"])
    def export_roster(self, request, queryset):
        enrolled = (
            Payment.objects.filter(camp_class__in=queryset, status=PaymentStatus.ENROLLED)
            .select_related("camp_class", "student")
            .order_by("camp_class__name", "camp_class_id", "student__name", "id")
        )
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="roster.csv"'
        writer = SafeCsvWriter(response)
        writer.writerow(ROSTER_COLUMNS)
        for payment in enrolled:
            writer.writerow(
                [
                    payment.camp_class.name,
                    payment.student.name,
                    payment.student.email,
                    payment.transaction_id,
                    f"{payment.price:.2f}",
                    payment.date.isoformat(),
                ]
            )
        return response


@admin.register(Selection)
class SelectionAdmin(ViewOnlyAdmin):
    """Read only: a selection belongs to the student who made it."""

    list_display = ("student", "camp_class", "status", "created_at")
    list_filter = ("status", "created_at")
    search_fields = ("student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    readonly_fields = ("created_at",)
