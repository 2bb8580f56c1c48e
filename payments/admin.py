from datetime import timedelta
from decimal import Decimal

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Case, Count, IntegerField, Value, When
from django.template.response import TemplateResponse

from classes.admin import ClassAdmin
from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from payments.models import (
    CreditEntry,
    EarlyBirdPrice,
    Instalment,
    MultiClassDiscount,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    PlanChange,
    PromoCode,
    Refund,
    RefundPolicy,
    RefundStatus,
    Scholarship,
    SiblingDiscount,
)
from payments.refund_policy import RefundTerms
from payments.services import (
    class_cancel,
    class_cancellation_preview,
    payment_refund,
    refund_retry,
)
from payments.services.instalments import (
    instalment_amount_change,
    instalment_move,
    instalment_paid_offline,
    instalments_cancel_future,
    release_extend,
)

REFUND_REASON = "Refunded by the school."
CANCEL_MESSAGE_MAX_LENGTH = 1000


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


@admin.action(description="Cancel selected classes, refunding every seat…", permissions=["change"])
def cancel_classes(modeladmin, request, queryset):
    """The school calls classes off. The first press is the dry run: what would be refunded and
    who would be told, with a box for the school's message; confirming does it."""
    classes = list(queryset.order_by("id"))
    if request.POST.get("confirmed") != "yes":
        previews = [class_cancellation_preview(class_id=camp_class.pk) for camp_class in classes]
        return TemplateResponse(
            request,
            "admin/payments/class_cancel_confirm.html",
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
            f"(${done.refund_total:,.2f}), {done.selections_closed} selections and "
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


# The class page's actions live with classes; cancelling one moves money, so it is this app's.
ClassAdmin.actions = (*ClassAdmin.actions, cancel_classes)


# The season's price rules (`payments.pricing` applies them, in its order).


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


class PaymentPlanDueInline(admin.TabularInline):
    model = PaymentPlanDue
    extra = 2


@admin.register(PaymentPlan)
class PaymentPlanAdmin(admin.ModelAdmin):
    """A class's plans, or a season's for its classes that have none of their own. A change
    applies to checkouts from then on; plans already chosen keep their instalments."""

    list_display = ("label", "camp_class", "season", "deposit_percent", "deposit_amount")
    list_filter = ("season",)
    autocomplete_fields = ("camp_class",)
    inlines = (PaymentPlanDueInline,)


class InstalmentForm(forms.ModelForm):
    paid_offline = forms.BooleanField(
        required=False, label="Paid offline", help_text="Cash or cheque taken by the office."
    )
    change_note = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Why (a cheque's number, the family's request): kept with the change.",
    )

    class Meta:
        model = Instalment
        fields = ("due_on", "amount")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("paid_offline") and not (cleaned.get("change_note") or "").strip():
            self.add_error("change_note", "Say how it was paid (cash, cheque number).")
        return cleaned


@admin.register(Instalment)
class InstalmentAdmin(admin.ModelAdmin):
    """The school's view of every instalment (the failed ones first to see), and its changes:
    each goes through payments.services.instalments, which keeps a PlanChange of it."""

    form = InstalmentForm
    list_display = ("payment", "kind", "due_on", "amount", "status", "paid_by", "declines")
    list_filter = ("status", "kind", "due_on")
    search_fields = ("payment__student__email", "payment__camp_class__name")
    list_select_related = ("payment__camp_class", "payment__student")
    readonly_fields = ("payment", "kind", "status", "paid_by", "tries", "declines", "message")
    actions = ("cancel_remaining", "keep_seat_a_week")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        note = form.cleaned_data.get("change_note", "")
        try:
            if "due_on" in form.changed_data:
                instalment_move(instalment_id=obj.pk, due_on=obj.due_on, by=request.user, note=note)
            if "amount" in form.changed_data:
                instalment_amount_change(
                    instalment_id=obj.pk, amount=obj.amount, by=request.user, note=note
                )
            if form.cleaned_data.get("paid_offline"):
                instalment_paid_offline(instalment_id=obj.pk, by=request.user, note=note)
        except DomainError as error:
            self.message_user(request, str(error), messages.ERROR)

    @admin.action(description="Cancel the remaining instalments of their payments")
    def cancel_remaining(self, request, queryset):
        payments = set(queryset.values_list("payment_id", flat=True))
        cancelled = sum(
            instalments_cancel_future(payment_id=payment_id, by=request.user)
            for payment_id in payments
        )
        self.message_user(request, f"{cancelled} instalments cancelled.")

    @admin.action(description="Keep their overdue seats seven days more")
    def keep_seat_a_week(self, request, queryset):
        kept = 0
        for payment_id in set(queryset.values_list("payment_id", flat=True)):
            payment = Payment.objects.get(pk=payment_id)
            if payment.release_on is None:
                continue
            release_extend(
                payment_id=payment_id,
                release_on=payment.release_on + timedelta(days=7),
                by=request.user,
            )
            kept += 1
        self.message_user(request, f"{kept} seats kept seven days more.")


@admin.register(PlanChange)
class PlanChangeAdmin(ViewOnlyAdmin):
    list_display = ("at", "payment", "what", "by")
    search_fields = ("payment__student__email", "what")
    list_select_related = ("payment", "by")
