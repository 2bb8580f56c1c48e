"""Reads of the payments app."""

from decimal import Decimal

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
from core.compiled import CompiledList
from payments.models import Payment, Refund, RefundPolicy, RefundStatus
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


# Compiled once per process: a family's history is read at every visit to its page.
_payment_lists = CompiledList(_payment_list)


def payment_list_for(*, student: User, participant_id: int | None = None) -> QuerySet[Payment]:
    """A family's payment history, newest first; one participant's when asked."""
    return _payment_lists(student=student, participant_id=participant_id)


def refund_policy_in_force() -> RefundTerms:
    """The school's refund terms now: the newest policy the back office saved, else the
    defaults. The words a family reads are its `text`."""
    policy = RefundPolicy.objects.order_by("-created_at", "-id").first()
    return RefundTerms() if policy is None else RefundTerms.of(policy)
