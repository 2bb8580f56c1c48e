"""Finish payments left charged but undecided (Stripe unreachable for the refund, a crash)."""

from django.core.management.base import BaseCommand

from payments.models import Payment, PaymentStatus
from payments.services import payment_fulfil


class Command(BaseCommand):
    help = (
        "Give every enrollPending payment its seat or its refund. Safe to run at any time, "
        "for instance from cron: a payment is fulfilled once however often this runs."
    )

    def handle(self, *args, **options):
        pending = Payment.objects.filter(status=PaymentStatus.ENROLL_PENDING).order_by("id")
        for payment_id in pending.values_list("id", flat=True):
            payment = payment_fulfil(payment_id=payment_id)
            self.stdout.write(f"{payment.transaction_id}: {payment.status}")
