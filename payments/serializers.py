from decimal import Decimal

from django.db.models import Sum
from rest_framework import serializers

from payments.models import PaymentStatus, RefundStatus


class PaymentOutputSerializer(serializers.Serializer):
    """A payment as the browser app knows it (spec section 3), plus why it was refunded."""

    _id = serializers.IntegerField(source="id")
    email = serializers.EmailField(source="student.email")
    studentName = serializers.CharField(source="student.name")
    # Whom the seat was for, by the name it was bought under (kept if the record is deleted).
    participantId = serializers.IntegerField(source="participant_id", allow_null=True)
    participantName = serializers.CharField(source="participant_name")
    transactionId = serializers.CharField(source="transaction_id")
    # A JSON number, like a class's price.
    price = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    date = serializers.DateTimeField()
    nameClass = serializers.CharField(source="camp_class.name")
    image = serializers.CharField(source="camp_class.image")
    instructorEmail = serializers.EmailField(source="camp_class.instructor.email")
    instructorName = serializers.CharField(source="camp_class.instructor.name")
    payId = serializers.IntegerField(source="selection_id", allow_null=True)
    classId = serializers.IntegerField(source="camp_class_id")
    seats = serializers.IntegerField(source="camp_class.seats")
    enroll = serializers.IntegerField(source="camp_class.enroll")
    status = serializers.CharField()
    refundReason = serializers.CharField(source="refund_reason")
    # A refund is its own line in the history: when, and how much. A refund by the school is
    # the whole price; a family's cancellation gives back what the policy says, once Stripe
    # has made it.
    refundedAt = serializers.DateTimeField(source="refunded_at", allow_null=True)
    refundAmount = serializers.SerializerMethodField()
    # Money owed back and not yet made (Stripe refused or has not answered yet; the school's
    # back office retries it): the payment does not claim to be refunded meanwhile.
    refundPending = serializers.SerializerMethodField()

    def get_refundAmount(self, payment) -> float | None:  # noqa: N802 - the API's field names
        if payment.status == PaymentStatus.REFUNDED:
            return float(payment.price)
        if payment.status != PaymentStatus.CANCELLED:
            return None
        made = _refunds_made(payment)
        return float(made) if made else None

    def get_refundPending(self, payment) -> bool:  # noqa: N802
        # Only a family's cancellation owes part of a payment back; the school's refunds are
        # whole and made at once (payment_refund).
        if payment.status != PaymentStatus.CANCELLED:
            return False
        owed = getattr(payment, "refund_owed", None)
        if owed is None:
            owed = payment.refunds.filter(
                status__in=(RefundStatus.PENDING, RefundStatus.FAILED)
            ).exists()
        return bool(owed)


def _refunds_made(payment) -> Decimal:
    # Read with the payment by payments.selectors; asked here for a payment read otherwise.
    made = getattr(payment, "refunds_made", None)
    if made is None:
        made = payment.refunds.filter(status=RefundStatus.SUCCEEDED).aggregate(total=Sum("amount"))[
            "total"
        ]
    return made or Decimal("0.00")
