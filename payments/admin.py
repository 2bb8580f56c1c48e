from django import forms
from django.contrib import admin, messages
from django.db.models import Case, Count, IntegerField, Value, When

from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from payments.models import (
    AddOnPurchase,
    CreditEntry,
    EarlyBirdPrice,
    MultiClassDiscount,
    MultiWeekDiscount,
    Payment,
    PaymentStatus,
    PromoCode,
    Refund,
    RefundPolicy,
    RefundStatus,
    Scholarship,
    SiblingDiscount,
)
from payments.refund_policy import RefundTerms
from payments.services import payment_refund, refund_retry
from payments.services.add_ons import add_ons_delivered

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


@admin.register(AddOnPurchase)
class AddOnPurchaseAdmin(ViewOnlyAdmin):
    """The add-ons bought with seats, as their payments bought them: the one change the school
    makes is to mark what it handed out delivered (a kit, a T-shirt), which a refund of one not
    refundable once delivered then keeps."""

    list_display = (
        "label",
        "quantity",
        "amount",
        "payment",
        "participant",
        "class_name",
        "delivered_at",
        "returned_at",
    )
    list_filter = ("add_on", "delivered_at", "returned_at")
    search_fields = ("label", "payment__participant_name", "payment__camp_class__name")
    list_select_related = ("payment", "payment__camp_class")
    actions = ("mark_delivered",)

    @admin.display(description="for")
    def participant(self, purchase: AddOnPurchase) -> str:
        return purchase.payment.participant_name

    @admin.display(description="class")
    def class_name(self, purchase: AddOnPurchase) -> str:
        return purchase.payment.camp_class.name

    def has_deliver_permission(self, request):
        return request.user.has_perm("payments.change_payment")

    @admin.action(description="Mark delivered", permissions=["deliver"])
    def mark_delivered(self, request, queryset):
        delivered = add_ons_delivered(purchase_ids=list(queryset.values_list("pk", flat=True)))
        self.message_user(request, f"{delivered} marked delivered.")


@admin.register(RefundPolicy)
class RefundPolicyAdmin(admin.ModelAdmin):
    """The school's terms for a family's cancellation. A change is a new row, in force from
    then on for new payments; each payment keeps the terms it was made under, and the rows
    before stay as the record of what was in force when."""

    list_display = (
        "created_at",
        "admin_fee",
        "full_refund_days",
        "partial_refund_days",
        "partial_refund_percent",
        "words",
    )
    fields = ("admin_fee", "full_refund_days", "partial_refund_days", "partial_refund_percent")

    @admin.display(description="As families read it")
    def words(self, policy: RefundPolicy) -> str:
        return RefundTerms.of(policy).text

    def has_change_permission(self, request, obj=None):
        # Viewing an old row is fine; rewriting what was in force is not.
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False


# The queue's order: what needs someone first.
QUEUE_ORDER = Case(
    When(status=RefundStatus.FAILED, then=Value(0)),
    When(status=RefundStatus.PENDING, then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)


@admin.register(Refund)
class RefundAdmin(ViewOnlyAdmin):
    """Money owed back to families who cancelled, refused or failed ones first: Stripe's
    words say why, and *Retry selected refunds* asks Stripe again with each refund's own
    idempotency key, so none is made twice."""

    list_display = (
        "id",
        "payment",
        "family",
        "class_name",
        "amount",
        "status",
        "failure_message",
        "created_at",
        "updated_at",
    )
    list_filter = ("status", "created_at")
    search_fields = ("payment__transaction_id", "payment__student__email", "stripe_refund_id")
    list_select_related = ("payment__student", "payment__camp_class")
    actions = ("retry_selected",)

    def get_ordering(self, request):
        return (QUEUE_ORDER.asc(), "-created_at", "-id")

    @admin.display(description="Family", ordering="payment__student__email")
    def family(self, refund: Refund) -> str:
        return refund.payment.student.email

    @admin.display(description="Class", ordering="payment__camp_class__name")
    def class_name(self, refund: Refund) -> str:
        return refund.payment.camp_class.name

    def has_retry_permission(self, request):
        return request.user.has_perm("payments.change_refund")

    @admin.action(description="Retry selected refunds", permissions=["retry"])
    def retry_selected(self, request, queryset):
        made, still_failing, skipped = 0, {}, {}
        for refund in queryset.order_by("id"):
            try:
                refund = refund_retry(refund_id=refund.pk)
            except DomainError as error:
                skipped[str(error)] = skipped.get(str(error), 0) + 1
                continue
            if refund.status == RefundStatus.SUCCEEDED:
                made += 1
            else:
                still_failing[refund.failure_message] = (
                    still_failing.get(refund.failure_message, 0) + 1
                )
        self.message_user(request, f"{made} refunded; each family is told by e-mail.")
        for reason, count in still_failing.items():
            self.message_user(request, f"{count} still not made: {reason}", messages.ERROR)
        for reason, count in skipped.items():
            self.message_user(request, f"{count} skipped: {reason}", messages.WARNING)


# The season's price rules (`checkout.pricing` applies them, in its order).


@admin.register(EarlyBirdPrice)
class EarlyBirdPriceAdmin(admin.ModelAdmin):
    list_display = ("camp_class", "price", "until")
    list_select_related = ("camp_class",)
    search_fields = ("camp_class__name",)
    autocomplete_fields = ("camp_class",)


@admin.register(SiblingDiscount)
class SiblingDiscountAdmin(admin.ModelAdmin):
    list_display = ("season", "second_percent", "second_amount", "third_percent", "third_amount")


@admin.register(MultiClassDiscount)
class MultiClassDiscountAdmin(admin.ModelAdmin):
    list_display = ("season", "nth", "percent", "amount")
    list_filter = ("season",)


@admin.register(MultiWeekDiscount)
class MultiWeekDiscountAdmin(admin.ModelAdmin):
    list_display = ("season", "weeks", "percent")
    list_filter = ("season",)


@admin.register(Scholarship)
class ScholarshipAdmin(admin.ModelAdmin):
    """Grants to families; private: shown to the family it is for, and here."""

    list_display = ("family", "season", "percent", "amount", "cap", "granted_by", "granted_at")
    list_filter = ("season",)
    search_fields = ("family__email", "family__name")
    autocomplete_fields = ("family",)
    readonly_fields = ("granted_by", "granted_at")

    def save_model(self, request, obj, form, change):
        if not change:
            obj.granted_by = request.user
        super().save_model(request, obj, form, change)


class PromoCodeForm(forms.ModelForm):
    class Meta:
        model = PromoCode
        fields = (
            "season",
            "code",
            "percent",
            "amount",
            "valid_from",
            "valid_until",
            "classes",
            "categories",
            "uses_limit",
            "uses_per_family",
            "includes_add_ons",
        )

    def clean_code(self) -> str:
        # Typed in any case at checkout, kept in one.
        return self.cleaned_data["code"].strip().upper()


@admin.register(PromoCode)
class PromoCodeAdmin(admin.ModelAdmin):
    list_display = ("code", "season", "percent", "amount", "valid_until", "uses_limit", "used")
    list_filter = ("season",)
    search_fields = ("code",)
    filter_horizontal = ("classes", "categories")
    readonly_fields = ("used",)
    form = PromoCodeForm

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(use_count=Count("uses"))

    @admin.display(description="Uses", ordering="use_count")
    def used(self, code: PromoCode) -> int:
        return getattr(code, "use_count", None) or code.uses.count()


@admin.register(CreditEntry)
class CreditEntryAdmin(admin.ModelAdmin):
    """A family's credit, entry by entry. An admin grants credit here; an entry is never
    changed or removed (a mistake is undone by another entry)."""

    list_display = ("family", "amount", "reason", "by", "at")
    search_fields = ("family__email", "family__name", "reason")
    autocomplete_fields = ("family",)
    fields = ("family", "amount", "reason")

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        obj.by = request.user
        super().save_model(request, obj, form, change)
