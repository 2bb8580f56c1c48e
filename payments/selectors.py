"""Reads of the payments app."""

from decimal import Decimal
from functools import partial

from django.db.models import (
    DecimalField,
    Exists,
    OuterRef,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from accounts.models import User
from core.prepared import PreparedList
from core.public_cache import current_generation
from core.school_time import school_today
from payments.models import CreditEntry, Payment, Refund, RefundPolicy, RefundStatus
from payments.prepared import family_payments
from payments.refund_policy import RefundTerms

# A refund owed and not yet made: on record, not yet made at Stripe, or refused there.
OWED_REFUND_STATUSES = (RefundStatus.PENDING, RefundStatus.FAILED)


def _payments_with_class(payments: QuerySet[Payment] | None = None) -> QuerySet[Payment]:
    # Every payment answer shows the student, the class and its instructor, and what of it went
    # back or is still owed (read in the same query, however long the history). One person's
    # payments, read through `student.payments`, know their student without a join.
    if payments is None:
        payments = Payment.objects.select_related("student")
    succeeded = (
        Refund.objects.filter(payment=OuterRef("pk"), status=RefundStatus.SUCCEEDED)
        .values("payment")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return payments.select_related("camp_class__instructor").annotate(
        refunds_made=Coalesce(
            Subquery(succeeded, output_field=DecimalField(max_digits=8, decimal_places=2)),
            Value(Decimal("0.00")),
            output_field=DecimalField(max_digits=8, decimal_places=2),
        ),
        refund_owed=Exists(
            Refund.objects.filter(payment=OuterRef("pk"), status__in=OWED_REFUND_STATUSES)
        ),
    )


def payment_get(*, payment_id: int) -> Payment:
    return _payments_with_class().get(pk=payment_id)


def payment_find(*, payment_id: int) -> Payment | None:
    """One payment as its receipt shows it, or None; who may see it is `payments.access`'s."""
    return _payments_with_class().filter(pk=payment_id).first()


def _payment_list(*, student: User, participant_id: int | None) -> QuerySet[Payment]:
    payments = _payments_with_class(student.payments.all())
    if participant_id is not None:
        payments = payments.filter(participant_id=participant_id)
    return payments.order_by("-date", "-id")


def payment_list_for(*, student: User, participant_id: int | None = None) -> PreparedList[Payment]:
    """A family's payment history, newest first; one participant's when asked. Read whole at
    every visit to its page, by the prepared statement (payments.prepared); a page or a count of
    it, by its queryset."""
    return PreparedList(
        read=partial(
            family_payments,
            student=student,
            participant_id=participant_id,
            made=RefundStatus.SUCCEEDED,
            owed=OWED_REFUND_STATUSES,
        ),
        queryset=partial(_payment_list, student=student, participant_id=participant_id),
    )


def refund_policy_in_force() -> RefundTerms:
    """The school's refund terms now: the newest policy the back office saved, else the
    defaults. The words a family reads are its `text`."""
    return refund_terms_of(RefundPolicy.objects.order_by("-created_at", "-id").first())


def refund_terms_of(policy: RefundPolicy | None) -> RefundTerms:
    """A saved refund policy's terms; the defaults where none was saved."""
    return RefundTerms() if policy is None else RefundTerms.of(policy)


def payments_of_enrolments(*, enrolments) -> dict[int, Payment]:
    """The payment that bought each of these seats (a queryset of enrolments, or their ids),
    by enrolment id: what the back office's roster export shows beside each seat."""
    return {
        payment.enrolment_id: payment
        for payment in Payment.objects.filter(enrolment__in=enrolments).order_by()
    }


def credit_balance(family_id: int) -> Decimal:
    """The family's account credit: the sum of its ledger."""
    total = CreditEntry.objects.filter(family_id=family_id).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0.00")


def credit_entries_of(family: User) -> QuerySet[CreditEntry]:
    """The family's credit ledger, newest first (`credit_family_idx`)."""
    return CreditEntry.objects.filter(family_id=family.pk).order_by("-at", "-id")


# Every plan the school has, with the public lists' generation and the school's day it was read
# under: a plan's change replaces the generation (PaymentPlan is shown in the public lists), and
# a new day may close a plan.
_plan_table_read: tuple = (None, None, None)


def class_plans(*, camp_class) -> list[dict]:
    """The payment plans a class offers a checkout today, scheduled on its list price (a
    family's own price, after its discounts, is the checkout's to schedule): what the class
    JSON's `plans` says (`core.events.CLASS_PLANS`, asked by classes). Every class of an
    answer asks, so the plans are read once per change and day, not once per class."""
    global _plan_table_read
    from payments.plans import plan_table, plans_open

    generation, today = current_generation(), school_today()
    read_under, read_on, table = _plan_table_read
    if (read_under, read_on) != (generation, today):
        table = plan_table()
        _plan_table_read = (generation, today, table)
    return [
        {
            "id": schedule.plan.pk,
            "label": schedule.plan.label,
            "deposit": schedule.deposit,
            "instalments": [
                {"due_on": part.due_on, "amount": part.amount} for part in schedule.instalments
            ],
        }
        for schedule in plans_open(camp_class, camp_class.price, plans=table.of(camp_class))
    ]
