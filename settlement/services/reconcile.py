"""The safety net (`manage.py reconcile_payments`): every charge, attempt and payment that no
request or webhook finished is settled from Stripe's records."""

import logging
from dataclasses import dataclass, field
from datetime import timedelta

from django.utils import timezone

from checkout.services.attempts import attempt_of, attempt_paid_by, attempt_settle
from checkout.services.family_checkout import (
    checkout_charge_settle,
    checkouts_unanswered_settle,
    is_checkout_charge,
)
from checkout.services.fulfilment import payment_fulfil, payment_record
from payments import stripe_client
from payments.models import AttemptStatus, ChargeAttempt, Payment, PaymentStatus
from payments.services.common import is_ours
from plans.services import (
    instalment_charge_settle,
    instalments_unanswered_settle,
    is_instalment_charge,
)

logger = logging.getLogger(__name__)

# How far back reconciliation reads Stripe's charges.
RECONCILE_WINDOW = timedelta(days=3)


@dataclass
class ReconcileReport:
    settled: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def payments_reconcile(*, now=None) -> ReconcileReport:
    """Settle every charge Stripe made for Camp, and every attempt and payment still open,
    exactly once: enrolled, or refunded in full with the reason. One item failing never
    stops the others; each is logged."""
    now = now or timezone.now()
    report = ReconcileReport()

    def settle(label: str, work) -> None:
        try:
            result = work()
        except Exception:
            logger.exception("Reconciliation could not settle %s", label)
            report.failed.append(label)
            return
        if result:
            logger.info("Reconciliation: %s %s", label, result)
            report.settled.append(f"{label}: {result}")

    def settle_charge(charge: stripe_client.Charge) -> str:
        if is_checkout_charge(charge):
            return checkout_charge_settle(charge=charge)
        if is_instalment_charge(charge):
            return instalment_charge_settle(charge=charge)
        attempt = attempt_of(charge)
        already = Payment.objects.filter(transaction_id=charge.id).first()
        if already is not None and already.status != PaymentStatus.ENROLL_PENDING:
            if attempt is not None:
                attempt_paid_by(attempt, already)
            return ""
        payment = payment_record(charge=charge)
        if payment is None:
            return "left alone (not this site's)"
        if attempt is not None:
            attempt_paid_by(attempt, payment)
        return payment_fulfil(payment_id=payment.pk).status

    try:
        charges = [
            charge
            for charge in stripe_client.charges_since(now - RECONCILE_WINDOW)
            if charge.status == "succeeded" and is_ours(charge)
        ]
    except stripe_client.PaymentProviderError:
        logger.exception("Reconciliation could not list Stripe's charges")
        report.failed.append("Stripe's list of charges")
        charges = []
    for charge in charges:
        settle(f"charge {charge.id}", lambda charge=charge: settle_charge(charge))

    open_attempts = ChargeAttempt.objects.filter(
        status__in=(AttemptStatus.CHARGING, AttemptStatus.REQUIRES_ACTION)
    ).order_by("created_at")
    for attempt_id in open_attempts.values_list("id", flat=True):
        settle(
            f"attempt {attempt_id}",
            lambda attempt_id=attempt_id: attempt_settle(attempt_id=attempt_id).status,
        )

    settle(
        "checkouts Stripe did not answer for",
        lambda: checkouts_unanswered_settle(now=now) or "",
    )
    settle(
        "instalments Stripe did not answer for",
        lambda: instalments_unanswered_settle(now=now) or "",
    )

    pending = Payment.objects.filter(status=PaymentStatus.ENROLL_PENDING).order_by("id")
    for payment_id in pending.values_list("id", flat=True):
        settle(
            f"payment {payment_id}",
            lambda payment_id=payment_id: payment_fulfil(payment_id=payment_id).status,
        )
    return report
