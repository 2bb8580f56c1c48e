"""The school's refund policy, and a family's cancellation of one enrolment."""

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from changes.services import RefundChanged, enrolment_cancel, enrolment_cancellation_preview
from core.api import error_body
from core.openapi import ErrorSerializer, errors
from payments.selectors import refund_policy_in_force

REFUND_TO = ["card", "credit"]


class RefundPolicyOutputSerializer(serializers.Serializer):
    adminFee = serializers.DecimalField(  # noqa: N815 - the API's field names
        source="admin_fee", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    fullRefundDays = serializers.IntegerField(source="full_refund_days")  # noqa: N815
    partialRefundDays = serializers.IntegerField(source="partial_refund_days")  # noqa: N815
    partialRefundPercent = serializers.IntegerField(source="partial_refund_percent")  # noqa: N815
    # The policy in one sentence, as checkout, the receipt and the cancellation show it.
    text = serializers.CharField()


class RefundPolicyDetailApi(APIView):
    """GET /api/refundPolicy: the school's refund policy in force, shown at checkout."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The school's refund policy in force for a family's cancellation",
        responses={200: RefundPolicyOutputSerializer},
    )
    def get(self, request):
        return Response(RefundPolicyOutputSerializer(refund_policy_in_force()).data)


class CareDayQuoteOutputSerializer(serializers.Serializer):
    """A day of extended care cancelled with the seat, by the seat's tier."""

    enrolmentId = serializers.IntegerField(source="enrolment_id")  # noqa: N815
    classId = serializers.IntegerField(source="class_id")  # noqa: N815
    label = serializers.CharField(source="class_name")
    day = serializers.CharField(source="unit_label")
    paid = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    refundAmount = serializers.DecimalField(  # noqa: N815
        source="refund", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    creditAmount = serializers.DecimalField(  # noqa: N815
        source="credit_amount", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    creditReturned = serializers.DecimalField(  # noqa: N815
        source="credit_returned", max_digits=8, decimal_places=2, coerce_to_string=False
    )


class CancellationQuoteOutputSerializer(serializers.Serializer):
    enrolmentId = serializers.IntegerField(source="enrolment_id")  # noqa: N815
    classId = serializers.IntegerField(source="class_id")  # noqa: N815
    className = serializers.CharField(source="class_name")  # noqa: N815
    participantName = serializers.CharField(source="participant_name")  # noqa: N815
    paid = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    refundAmount = serializers.DecimalField(  # noqa: N815
        source="refund", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    tier = serializers.ChoiceField(choices=["full", "partial", "none"])
    tierLabel = serializers.CharField(source="tier_label")  # noqa: N815
    # Why that tier, in a sentence: how many days before the first meeting, counted from the
    # dates the family enrolled under when those give more, or the full-refund window a move
    # of the first meeting opened.
    why = serializers.CharField(source="why_now")
    # The policy the enrolment was paid under, which is the one that applies.
    policyText = serializers.CharField(source="policy_text")  # noqa: N815
    # A discount another of the family's classes loses with this one cancelled, kept from the
    # refund (never charged); refundAmount is net of it.
    withheldDiscount = serializers.DecimalField(  # noqa: N815
        source="withheld", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    refundTo = serializers.ChoiceField(source="refund_to", choices=REFUND_TO)  # noqa: N815
    # What the refund becomes as account credit, with the school's bonus.
    creditAmount = serializers.DecimalField(  # noqa: N815
        source="credit_amount", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    creditBonusPercent = serializers.DecimalField(  # noqa: N815
        source="credit_bonus_percent", max_digits=5, decimal_places=2, coerce_to_string=False
    )
    # Account credit spent on the seat at checkout, which goes back as credit (by the tier).
    creditReturned = serializers.DecimalField(  # noqa: N815
        source="credit_returned", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    # The days of extended care on the seat's days (a week's, a day's), cancelled with it, and
    # what they give back together, to the card or (refundTo credit) as credit. Optional in the
    # schema: the browser app's stubs from before them stay valid; the server always gives them.
    extendedCare = CareDayQuoteOutputSerializer(  # noqa: N815
        source="care_days", many=True, required=False
    )
    extendedCareRefund = serializers.DecimalField(  # noqa: N815
        source="care_refund", max_digits=8, decimal_places=2, coerce_to_string=False, required=False
    )


class EnrolmentCancellationOutputSerializer(serializers.Serializer):
    enrolmentId = serializers.IntegerField(source="enrolment_id")  # noqa: N815
    status = serializers.ChoiceField(choices=["cancelled"])
    refundAmount = serializers.DecimalField(  # noqa: N815
        source="refund", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    refundStatus = serializers.ChoiceField(  # noqa: N815
        source="refund_status", choices=["none", "succeeded", "pending", "credited"]
    )
    message = serializers.CharField()
    refundTo = serializers.ChoiceField(source="refund_to", choices=REFUND_TO)  # noqa: N815
    creditAmount = serializers.DecimalField(  # noqa: N815
        source="credit_amount", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    # What the days of extended care cancelled with the seat gave back (optional in the schema,
    # as above).
    extendedCareRefund = serializers.DecimalField(  # noqa: N815
        source="care_refund", max_digits=8, decimal_places=2, coerce_to_string=False, required=False
    )


class RefundChangedSerializer(ErrorSerializer):
    """The refund is no longer what the family saw: nothing was cancelled."""

    refundAmount = serializers.DecimalField(  # noqa: N815
        max_digits=8, decimal_places=2, coerce_to_string=False, required=False
    )


class EnrolmentCancellationApi(APIView):
    """GET /api/enrolments/{id}/cancellation: what cancelling would refund, by the policy the
    enrolment was paid under. POST: cancel it; the answer says what was refunded.

    Only the account that paid for the enrolment; anyone else's answers 404.
    """

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    throttle_scope = "payments"

    @extend_schema_serializer(component_name="EnrolmentCancellationInput")
    class InputSerializer(serializers.Serializer):
        # The refund the family saw in the preview, when the client sends it: if the policy's
        # tier moved since (midnight passed), nothing is cancelled and the new amount is said.
        refundAmount = serializers.DecimalField(  # noqa: N815
            max_digits=8, decimal_places=2, min_value=0, required=False
        )
        # Back to the card (the default), or as account credit with the school's bonus.
        refundTo = serializers.ChoiceField(choices=REFUND_TO, default="card")  # noqa: N815

    @extend_schema_serializer(component_name="EnrolmentCancellationQuery")
    class QuerySerializer(serializers.Serializer):
        refundTo = serializers.ChoiceField(choices=REFUND_TO, default="card")  # noqa: N815

    @extend_schema(
        operation_id="enrolments_cancellation_preview",
        summary="What cancelling one's own enrolment would refund (students)",
        parameters=[QuerySerializer],
        responses={200: CancellationQuoteOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def get(self, request, enrolment_id: int):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        quote = enrolment_cancellation_preview(
            student=request.user,
            enrolment_id=enrolment_id,
            refund_to=query.validated_data["refundTo"],
        )
        return Response(CancellationQuoteOutputSerializer(quote).data)

    @extend_schema(
        operation_id="enrolments_cancellation_create",
        summary="Cancel one's own enrolment; the refund follows the policy it was paid under "
        "(students)",
        request=InputSerializer,
        responses={
            200: EnrolmentCancellationOutputSerializer,
            409: OpenApiResponse(
                RefundChangedSerializer,
                description="It cannot be cancelled (message says why), or, with refundAmount, "
                "the refund is no longer the one sent and nothing was cancelled.",
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request, enrolment_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            done = enrolment_cancel(
                student=request.user,
                enrolment_id=enrolment_id,
                expected_refund=data.validated_data.get("refundAmount"),
                refund_to=data.validated_data["refundTo"],
            )
        except RefundChanged as change:
            return Response(
                # A JSON number, like the preview's.
                {**error_body(change.message), "refundAmount": float(change.current_refund)},
                status=status.HTTP_409_CONFLICT,
            )
        return Response(EnrolmentCancellationOutputSerializer(done).data)
