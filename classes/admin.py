from django.contrib import admin, messages
from django.http import HttpResponse

from classes.models import Class
from classes.services import class_approve, class_deny
from core.errors import DomainError
from core.spreadsheets import SafeCsvWriter
from enrolments.selectors import roster_for

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
        # The back office reads across apps through their selectors, as the API's views do.
        enrolled = roster_for(classes=queryset)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="roster.csv"'
        writer = SafeCsvWriter(response)
        writer.writerow(ROSTER_COLUMNS)
        for enrolment in enrolled:
            payment = enrolment.payment
            writer.writerow(
                [
                    enrolment.camp_class.name,
                    enrolment.student.name,
                    enrolment.student.email,
                    payment.transaction_id,
                    f"{payment.price:.2f}",
                    payment.date.isoformat(),
                ]
            )
        return response
