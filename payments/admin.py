from django.contrib import admin

from payments.models import Payment


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    list_display = ("transaction_id", "student", "camp_class", "price", "status", "date")
    list_filter = ("status", "date")
    search_fields = ("transaction_id", "student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    # What was charged, to whom and for what is Stripe's record; only the enrolment
    # state and a refund note may be corrected here.
    readonly_fields = (
        "transaction_id",
        "setup_intent_id",
        "student",
        "camp_class",
        "price",
        "currency",
        "selection_id",
        "refund_id",
        "date",
    )
    date_hierarchy = "date"

    def has_add_permission(self, request):
        # Payments come only from the card payment flow, keyed by Stripe's PaymentIntent.
        return False

    def has_delete_permission(self, request, obj=None):
        # An accounting record is refunded, never deleted.
        return False
