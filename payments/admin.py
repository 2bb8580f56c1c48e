from django.contrib import admin, messages

from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from payments.models import Payment, PaymentStatus
from payments.services import payment_refund

REFUND_REASON = "Refunded by the school."


@admin.register(Payment)
class PaymentAdmin(ViewOnlyAdmin):
    """Read only: what was charged, to whom and for what is Stripe's record; payments come only
    from the card payment flow, and an accounting record is refunded, never deleted. The one
    change an admin makes, a refund, goes through payments.services with the seat given back."""

    list_display = ("transaction_id", "student", "camp_class", "price", "status", "date")
    list_filter = ("status", "date")
    search_fields = ("transaction_id", "student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    date_hierarchy = "date"
    actions = ("refund_selected",)

    def has_refund_permission(self, request):
        return request.user.has_perm("payments.change_payment")

    @admin.action(description="Refund selected enrolled payments", permissions=["refund"])
    def refund_selected(self, request, queryset):
        refunded = 0
        skipped: dict[str, int] = {}
        for payment in queryset.order_by("id"):
            if payment.status == PaymentStatus.REFUNDED:
                skipped["already refunded"] = skipped.get("already refunded", 0) + 1
                continue
            try:
                refunded += payment_refund(payment_id=payment.pk, reason=REFUND_REASON)
            except DomainError as error:
                skipped[str(error)] = skipped.get(str(error), 0) + 1
        self.message_user(request, f"{refunded} refunded; each seat was given back.")
        for reason, count in skipped.items():
            self.message_user(request, f"{count} skipped: {reason}", messages.WARNING)
