from decimal import Decimal

from django.conf import settings
from django.db.models import Sum
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import SkipField

from classes.schedule import WEEKDAY_NAMES, meetings_of
from classes.serializers import ClockTimeField, MeetingOutputSerializer
from core.school_time import school_timezone
from payments.models import (
    InstalmentKind,
    InstalmentStatus,
    LedgerKind,
    PaidBy,
    PaymentStatus,
    RefundStatus,
    checkout_reference,
)
from payments.refund_policy import refund_policy_text_of
from payments.selectors import MONEY_BACK_MADE, seat_given_back


class InstalmentOutputSerializer(serializers.Serializer):
    """A part of a seat's price paid after its first charge: a plan's instalment, a transfer's
    difference."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=InstalmentKind.values)
    dueOn = serializers.DateField(source="due_on")  # noqa: N815 - the API's field names
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    status = serializers.ChoiceField(choices=InstalmentStatus.values)
    paidBy = serializers.CharField(source="paid_by")  # noqa: N815


class RefundPartOutputSerializer(serializers.Serializer):
    """Where part of a seat refunded whole went: to a card charge (the payment's first, or an
    instalment's) or to the family's account credit."""

    way = serializers.ChoiceField(choices=[PaidBy.CARD, PaidBy.CREDIT])
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    instalmentId = serializers.IntegerField(source="instalment_id", allow_null=True)  # noqa: N815


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
    nameClass = serializers.CharField(source="camp_class.title")
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
    # Paid by a plan: its name ("" for none), and the parts after this payment's own charge
    # (its deposit); a transfer's difference too.
    planLabel = serializers.CharField(source="plan_label")  # noqa: N815
    instalments = serializers.SerializerMethodField()
    # Refunded whole: each card charge given back and the account credit, adding up to
    # everything the seat was paid, as refundAmount alone (the first charge's) cannot say.
    refundParts = serializers.SerializerMethodField()  # noqa: N815
    # One line of a family's checkout: the checkout its one card charge and one receipt belong
    # to, and the reference the family reads it by (null and "" for a payment of its own).
    checkoutId = serializers.SerializerMethodField()  # noqa: N815
    checkoutReference = serializers.SerializerMethodField()  # noqa: N815

    def get_checkoutId(self, payment) -> int | None:  # noqa: N802
        return checkout_id_of(payment)

    def get_checkoutReference(self, payment) -> str:  # noqa: N802
        checkout_id = checkout_id_of(payment)
        return checkout_reference(checkout_id) if checkout_id else ""

    @extend_schema_field(InstalmentOutputSerializer(many=True))
    def get_instalments(self, payment) -> list[dict]:
        # Read only for a payment that has parts (a plan's, or after a transfer): a history
        # without plans costs no query more.
        if not payment.plan_label and not payment.plan_total:
            return []
        return InstalmentOutputSerializer(payment.instalments.all(), many=True).data

    @extend_schema_field(RefundPartOutputSerializer(many=True))
    def get_refundParts(self, payment) -> list[dict]:  # noqa: N802
        # Read only for a payment refunded whole: a history without one costs no query more.
        return RefundPartOutputSerializer(seat_given_back(payment), many=True).data

    def get_refundAmount(self, payment) -> float | None:  # noqa: N802 - the API's field names
        if payment.status not in (PaymentStatus.REFUNDED, PaymentStatus.CANCELLED):
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


def checkout_id_of(payment) -> int | None:
    """The checkout a payment is a line of; read with the payment by payments.selectors, asked
    here only of a checkout's line read otherwise."""
    if not payment.is_checkout_line:
        return None
    line = getattr(payment, "checkout_line", None)
    return line.checkout_id if line is not None else None


def _refunds_made(payment) -> Decimal:
    # Read with the payment by payments.selectors; asked here for a payment read otherwise.
    made = getattr(payment, "refunds_made", None)
    if made is None:
        made = (
            payment.ledger_entries.filter(kind=LedgerKind.REFUND)
            .filter(MONEY_BACK_MADE)
            .aggregate(total=Sum("amount"))["total"]
        )
    return made or Decimal("0.00")


class ReceiptSchoolSerializer(serializers.Serializer):
    name = serializers.CharField()
    replyTo = serializers.EmailField()  # noqa: N815 - the API's field names


class PaymentReceiptOutputSerializer(PaymentOutputSerializer):
    """One payment's receipt: the payment as the history shows it, with the school that was
    paid, the class's dates and the refund policy the payment was made under."""

    receiptNumber = serializers.SerializerMethodField()  # noqa: N815
    # The zone the receipt's dates are read in: the school's, wherever the family is.
    timeZone = serializers.SerializerMethodField()  # noqa: N815
    school = serializers.SerializerMethodField()
    # When the class meets, in the fields a class's own answer names them.
    location = serializers.CharField(source="camp_class.location")
    meetingDays = serializers.SerializerMethodField()  # noqa: N815
    startTime = ClockTimeField(source="camp_class.start_time", allow_null=True)  # noqa: N815
    endTime = ClockTimeField(source="camp_class.end_time", allow_null=True)  # noqa: N815
    meetings = serializers.SerializerMethodField()
    refundPolicy = serializers.SerializerMethodField()  # noqa: N815

    def get_receiptNumber(self, payment) -> str:  # noqa: N802
        return receipt_number(payment)

    def get_timeZone(self, payment) -> str:  # noqa: N802
        return settings.SCHOOL_TIMEZONE

    @extend_schema_field(ReceiptSchoolSerializer)
    def get_school(self, payment) -> dict:
        return {"name": settings.SCHOOL_NAME, "replyTo": settings.SCHOOL_REPLY_TO}

    def get_meetingDays(self, payment) -> list[str]:  # noqa: N802
        return [WEEKDAY_NAMES[day] for day in payment.camp_class.meeting_days]

    @extend_schema_field(MeetingOutputSerializer(many=True))
    def get_meetings(self, payment) -> list[dict]:
        return MeetingOutputSerializer(meetings_of(payment.camp_class), many=True).data

    def get_refundPolicy(self, payment) -> str:  # noqa: N802
        return refund_policy_text_of(payment)


def receipt_number(payment) -> str:
    """The number a family quotes to the office: the year it was paid (at the school) and the
    payment's own id, which never changes."""
    paid = payment.date.astimezone(school_timezone())
    return f"{paid:%Y}-{payment.pk:06d}"


class _AddOnPart(serializers.IntegerField):
    """A part of an add-on's adjustment (`Adjustment.add_on`); left out of any other kind."""

    def get_attribute(self, adjustment):
        if getattr(adjustment, "add_on", None) is None:
            raise SkipField()
        return super().get_attribute(adjustment)


class AdjustmentOutputSerializer(serializers.Serializer):
    """One change to a list price (`checkout.pricing.Adjustment`): negative for a discount."""

    kind = serializers.ChoiceField(
        choices=[
            "early_bird",
            "scholarship",
            "sibling",
            "multi_class",
            "multi_week",
            "weekly_care",
            "code",
            "add_on",
            "credit",
            "other",
        ]
    )
    label = serializers.CharField()
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    # An add-on's: which was bought, in which option, how many (absent on any other kind).
    addOnId = _AddOnPart(source="add_on.add_on_id", required=False)  # noqa: N815
    optionId = _AddOnPart(source="add_on.option_id", required=False, allow_null=True)  # noqa: N815
    quantity = _AddOnPart(source="add_on.quantity", required=False)


class CheckoutReceiptLineSerializer(serializers.Serializer):
    """One line of a checkout's receipt, read from the payment it became: whom for, the class
    it bought (when and where, in the fields a class's own answer names them) and its price."""

    id = serializers.IntegerField()
    paymentId = serializers.IntegerField(source="payment.pk")  # noqa: N815
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    participantName = serializers.SerializerMethodField()  # noqa: N815
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    # A week or a day of a class named with it: "Art Explorers — Week 2: Jun 28–Jul 2".
    nameClass = serializers.CharField(source="camp_class.title")  # noqa: N815
    instructorName = serializers.CharField(source="camp_class.instructor.name")  # noqa: N815
    location = serializers.CharField(source="camp_class.location")
    meetingDays = serializers.SerializerMethodField()  # noqa: N815
    startTime = ClockTimeField(source="camp_class.start_time", allow_null=True)  # noqa: N815
    endTime = ClockTimeField(source="camp_class.end_time", allow_null=True)  # noqa: N815
    meetings = serializers.SerializerMethodField()
    listPrice = serializers.DecimalField(  # noqa: N815
        source="payment.list_price",
        max_digits=8,
        decimal_places=2,
        coerce_to_string=False,
        allow_null=True,
    )
    adjustments = AdjustmentOutputSerializer(source="payment.adjustments", many=True)
    # What this line paid of the checkout: its price, or a plan's deposit.
    price = serializers.DecimalField(
        source="payment.price", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    planLabel = serializers.CharField(source="payment.plan_label")  # noqa: N815
    instalments = InstalmentOutputSerializer(source="payment.plan_instalments", many=True)
    # Enrolled, or refunded when its seat could not be taken after the charge (with why).
    status = serializers.CharField(source="payment.status")
    refundReason = serializers.CharField(source="payment.refund_reason")  # noqa: N815

    def get_participantName(self, line) -> str:  # noqa: N802
        return line.payment.participant_name or line.participant.name

    def get_meetingDays(self, line) -> list[str]:  # noqa: N802
        return [WEEKDAY_NAMES[day] for day in line.camp_class.meeting_days]

    @extend_schema_field(MeetingOutputSerializer(many=True))
    def get_meetings(self, line) -> list[dict]:
        return MeetingOutputSerializer(meetings_of(line.camp_class), many=True).data


class CareWeekOutputSerializer(serializers.Serializer):
    """A participant's days of one option of extended care in one week of a checkout, together:
    the option, the week ("Week 2", or the days' span without a week booked with them), each day,
    the hours, who looks after the children, and what the days cost together (the weekly rate
    among the adjustments)."""

    participantId = serializers.IntegerField(source="first.participant_id")  # noqa: N815
    participantName = serializers.SerializerMethodField()  # noqa: N815
    optionId = serializers.IntegerField(source="first.camp_class.extended_care_id")  # noqa: N815
    label = serializers.CharField(source="first.camp_class.name")
    week = serializers.CharField()
    days = serializers.ListField(child=serializers.DateField())
    startTime = ClockTimeField(source="first.camp_class.start_time")  # noqa: N815
    endTime = ClockTimeField(source="first.camp_class.end_time")  # noqa: N815
    ledBy = serializers.CharField(source="first.camp_class.instructor.name")  # noqa: N815
    # Each day's line and payment, as the history and a payment's receipt name them.
    lineIds = serializers.SerializerMethodField()  # noqa: N815
    paymentIds = serializers.SerializerMethodField()  # noqa: N815
    listPrice = serializers.DecimalField(  # noqa: N815
        source="list_price", max_digits=9, decimal_places=2, coerce_to_string=False
    )
    adjustments = AdjustmentOutputSerializer(many=True)
    price = serializers.DecimalField(max_digits=9, decimal_places=2, coerce_to_string=False)
    # Taken, or refunded when the days' seats could not be taken after the charge (with why).
    status = serializers.CharField(source="first.payment.status")
    refundReason = serializers.CharField(source="first.payment.refund_reason")  # noqa: N815

    def get_participantName(self, week) -> str:  # noqa: N802
        return week.first.payment.participant_name or week.first.participant.name

    def get_lineIds(self, week) -> list[int]:  # noqa: N802
        return [line.pk for line in week.lines]

    def get_paymentIds(self, week) -> list[int]:  # noqa: N802
        return [line.payment.pk for line in week.lines]


class CheckoutReceiptOutputSerializer(serializers.Serializer):
    """A family's checkout's one receipt: every line, the one amount charged to the card (as
    the bank statement shows it), the credit spent, and the reference the family reads."""

    id = serializers.IntegerField(source="checkout.pk")
    reference = serializers.CharField(source="checkout.reference")
    paidAt = serializers.DateTimeField(source="checkout.paid_at")  # noqa: N815
    # Charged to the card, once for every line (0 when discounts and credit paid it all).
    total = serializers.DecimalField(
        source="checkout.total", max_digits=9, decimal_places=2, coerce_to_string=False
    )
    credit = serializers.DecimalField(
        source="checkout.credit", max_digits=9, decimal_places=2, coerce_to_string=False
    )
    email = serializers.EmailField(source="checkout.family.email")
    studentName = serializers.CharField(source="checkout.family.name")  # noqa: N815
    timeZone = serializers.SerializerMethodField()  # noqa: N815
    school = serializers.SerializerMethodField()
    lines = serializers.SerializerMethodField()
    # The days of extended care, together by child, option and week (none among `lines`).
    # Optional in the schema, as the class's units are: the server always gives it.
    extendedCare = CareWeekOutputSerializer(source="care_weeks", many=True, required=False)  # noqa: N815
    refundPolicy = serializers.SerializerMethodField()  # noqa: N815

    def get_timeZone(self, receipt) -> str:  # noqa: N802
        return settings.SCHOOL_TIMEZONE

    @extend_schema_field(ReceiptSchoolSerializer)
    def get_school(self, receipt) -> dict:
        return {"name": settings.SCHOOL_NAME, "replyTo": settings.SCHOOL_REPLY_TO}

    @extend_schema_field(CheckoutReceiptLineSerializer(many=True))
    def get_lines(self, receipt) -> list[dict]:
        return CheckoutReceiptLineSerializer(receipt.class_lines, many=True).data

    def get_refundPolicy(self, receipt) -> str:  # noqa: N802
        first = receipt.first_payment
        return refund_policy_text_of(first) if first else ""
