"""A family moves an enrolment to another class (`changes.services.transfers`)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from changes.services.transfers import SettleWith, transfer_make, transfer_preview
from core.converters import LARGEST_ROW_ID
from core.errors import InvalidInput
from core.openapi import ErrorSerializer, errors
from payments.apis import PaymentActionSerializer, bank_confirmation_asked

SETTLE_WITH = [SettleWith.CARD, SettleWith.CREDIT]
# The service's names for what it could not use, as this API's fields.
API_FIELDS = {
    "class_id": "classId",
    "settle_with": "settleWith",
    "setup_intent": "setupIntentId",
    "payment_intent": "paymentIntentId",
}


def _renamed(problem: InvalidInput) -> exceptions.ValidationError:
    return exceptions.ValidationError(
        {API_FIELDS.get(name, name): said for name, said in problem.problems.items()}
    )


def _money(**more) -> serializers.DecimalField:
    # A JSON number, as the cancellation's preview gives its amounts.
    return serializers.DecimalField(max_digits=9, decimal_places=2, coerce_to_string=False, **more)


class TransferRefusalSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class CareDayOutputSerializer(serializers.Serializer):
    """A day of extended care the move gives back."""

    enrolmentId = serializers.IntegerField(source="enrolment_id")  # noqa: N815
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    label = serializers.CharField(source="camp_class.name")
    day = serializers.CharField(source="camp_class.unit_label")


class TransferQuoteOutputSerializer(serializers.Serializer):
    classId = serializers.IntegerField(source="class_id")  # noqa: N815 - the API's names
    className = serializers.CharField(source="class_name")  # noqa: N815
    participantName = serializers.CharField(source="participant_name")  # noqa: N815
    # What the seat cost (before account credit), and what the new class costs now.
    currentPrice = _money(source="current_price")  # noqa: N815
    newPrice = _money(source="new_price")  # noqa: N815
    # newPrice less currentPrice; total adds the fee and the withheld discount: positive is
    # paid, negative given back.
    difference = _money()
    fee = _money()
    # A discount the family's other classes no longer earn once this seat moves, kept from what
    # would go back (as cancelling keeps it); 0 when none.
    withheldDiscount = _money(source="withheld")  # noqa: N815
    total = _money()
    # The last day (at the school) a move between the two classes is taken; null without dates.
    cutoffOn = serializers.DateField(source="cutoff_on", allow_null=True)  # noqa: N815
    # Empty when the move may be made.
    refusals = TransferRefusalSerializer(many=True)
    # Where Stripe.js saves a new card to pay the total with; null when nothing is paid by card.
    clientSecret = serializers.CharField(source="client_secret", allow_null=True)  # noqa: N815
    # The days of extended care on the seat's days that the new class does not meet: moving
    # cancels them and gives them back whole, beside the total. Optional in the schema: the
    # browser app's stubs from before them stay valid; the server always gives them.
    extendedCare = CareDayOutputSerializer(  # noqa: N815
        source="care_days", many=True, required=False
    )
    extendedCareRefund = _money(source="care_refund", required=False)  # noqa: N815


class TransferMadeOutputSerializer(serializers.Serializer):
    # The seat's enrolment in the new class: the old one has ended.
    enrolmentId = serializers.IntegerField(source="transfer.to_enrolment_id")  # noqa: N815
    classId = serializers.IntegerField(source="transfer.to_class_id")  # noqa: N815
    message = serializers.CharField()
    difference = _money(source="transfer.difference")
    fee = _money(source="transfer.fee")
    # Null when there was nothing to pay or give back.
    settledWith = serializers.ChoiceField(  # noqa: N815
        source="transfer.settled_with", choices=SETTLE_WITH, allow_null=True
    )

    def to_representation(self, instance):
        body = super().to_representation(instance)
        body["settledWith"] = body["settledWith"] or None
        return body


class TransferRefusedSerializer(ErrorSerializer):
    """Nothing was moved or charged: code says why (a refusal the preview lists, or
    total_changed with the new total)."""

    total = serializers.FloatField(required=False)
    enrolmentId = serializers.IntegerField(  # noqa: N815
        required=False, help_text="not_active, for an enrolment moved before: where it went."
    )


class EnrolmentTransferApi(APIView):
    """GET /api/enrolments/{id}/transfer?classId=: what moving the enrolment to that class would
    cost, and what stops it. POST: move it; the answer says what was charged or given back.

    Only the family that paid for the enrolment; anyone else's answers 404.
    """

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    throttle_scope = "payments"
    # Takes a seat in the new class: behind the opening's line (waiting_room.gate).
    waiting_room_gated = True

    @extend_schema_serializer(component_name="EnrolmentTransferQuery")
    class QuerySerializer(serializers.Serializer):
        classId = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)  # noqa: N815

    @extend_schema_serializer(component_name="EnrolmentTransferInput")
    class InputSerializer(serializers.Serializer):
        classId = serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID)  # noqa: N815
        # How a difference is paid (card or account credit) or given back (to the cards that
        # paid, or as account credit).
        settleWith = serializers.ChoiceField(choices=SETTLE_WITH)  # noqa: N815
        # The total the preview showed and the family confirmed: nothing else is charged or
        # given back.
        total = serializers.DecimalField(max_digits=9, decimal_places=2)
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )

    @extend_schema(
        operation_id="enrolments_transfer_preview",
        summary="What moving one's own enrolment to another class would cost (students)",
        parameters=[QuerySerializer],
        responses={
            200: TransferQuoteOutputSerializer,
            409: OpenApiResponse(
                TransferRefusedSerializer, description="The enrolment cannot move at all."
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def get(self, request, enrolment_id: int):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        try:
            quote = transfer_preview(
                family=request.user,
                enrolment_id=enrolment_id,
                class_id=query.validated_data["classId"],
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        return Response(TransferQuoteOutputSerializer(quote).data)

    @extend_schema(
        operation_id="enrolments_transfer_create",
        summary="Move one's own enrolment to another class, settling the difference (students)",
        request=InputSerializer,
        responses={
            201: TransferMadeOutputSerializer,
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure: "
                "post again with paymentIntentId once confirmed.",
            ),
            409: OpenApiResponse(
                TransferRefusedSerializer,
                description="Nothing was moved; code names the refusal (transfer_closed, "
                "class_full, balance_unpaid, total_changed, credit_short, ...).",
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request, enrolment_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            made = transfer_make(
                family=request.user,
                enrolment_id=enrolment_id,
                class_id=data.validated_data["classId"],
                settle_with=data.validated_data["settleWith"],
                expected_total=data.validated_data["total"],
                setup_intent_id=data.validated_data.get("setupIntentId", ""),
                payment_intent_id=data.validated_data.get("paymentIntentId", ""),
            )
        except InvalidInput as problem:
            raise _renamed(problem) from problem
        if made.action_client_secret:
            return bank_confirmation_asked(made.action_client_secret, made.payment_intent_id)
        return Response(TransferMadeOutputSerializer(made).data, status=status.HTTP_201_CREATED)
