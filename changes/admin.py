"""The school calls classes off from the class page of the back office (`class_cancel`)."""

from decimal import Decimal

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse

from changes.services import class_cancel, class_cancellation_preview
from classes.admin import ClassAdmin
from core.errors import DomainError

CANCEL_MESSAGE_MAX_LENGTH = 1000


@admin.action(description="Cancel selected classes, refunding every seat…", permissions=["change"])
def cancel_classes(modeladmin, request, queryset):
    """The school calls classes off. The first press is the dry run: what would be refunded and
    who would be told, with a box for the school's message; confirming does it."""
    classes = list(queryset.order_by("id"))
    if request.POST.get("confirmed") != "yes":
        previews = [class_cancellation_preview(class_id=camp_class.pk) for camp_class in classes]
        return TemplateResponse(
            request,
            "admin/changes/class_cancel_confirm.html",
            {
                **modeladmin.admin_site.each_context(request),
                "title": "Cancel classes",
                "opts": modeladmin.model._meta,
                "previews": previews,
                "refund_total": sum((p.refund_total for p in previews), Decimal("0.00")),
                "seats_total": sum(p.seats_refunded for p in previews),
                "selected_ids": [camp_class.pk for camp_class in classes],
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            },
        )
    message = request.POST.get("message", "")[:CANCEL_MESSAGE_MAX_LENGTH]
    for camp_class in classes:
        try:
            done = class_cancel(class_id=camp_class.pk, message=message)
        except DomainError as error:
            modeladmin.message_user(request, f"{camp_class.name}: {error}", messages.WARNING)
            continue
        modeladmin.message_user(
            request,
            f"{done.class_name} is cancelled: {done.seats_refunded} seats refunded "
            f"(${done.refund_total:,.2f}"
            + (
                f", with {done.care_days_refunded} days of extended care"
                if done.care_days_refunded
                else ""
            )
            + f"), {done.selections_closed} selections and "
            f"{done.waitlist_closed} waitlist places closed.",
        )
        if done.refunds_failed:
            modeladmin.message_user(
                request,
                f"{done.class_name}: {len(done.refunds_failed)} refunds did not go through "
                f"({'; '.join(sorted(set(done.refunds_failed.values())))}). Cancel it again to "
                "retry them; the rest is done.",
                messages.ERROR,
            )
    return None


# The class page's actions live with classes; cancelling one gives seats and money back, so it is
# this app's.
ClassAdmin.actions = (*ClassAdmin.actions, cancel_classes)
