from rest_framework import serializers


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
    # A refund is its own line in the history: when, and how much (all of it, so far).
    refundedAt = serializers.DateTimeField(source="refunded_at", allow_null=True)
    refundAmount = serializers.SerializerMethodField()

    def get_refundAmount(self, payment) -> float | None:  # noqa: N802 - the API's field names
        return float(payment.price) if payment.status == "refunded" else None
