"""The back office's payment plans: the plans a class or season offers, and each family's
instalments, moved, changed, cancelled or marked paid by hand (`plans.services`)."""

from datetime import timedelta

from django import forms
from django.contrib import admin, messages

from core.admin import ViewOnlyAdmin
from core.errors import DomainError
from payments.models import Instalment, Payment, PaymentPlan, PaymentPlanDue, PlanChange
from plans.services import (
    instalment_amount_change,
    instalment_move,
    instalment_paid_offline,
    instalments_cancel_future,
    release_extend,
)


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
    each goes through plans.services, which keeps a PlanChange of it."""

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
