"""Card payments, enrolments and Stripe's webhook."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_own_email
from accounts.permissions import IsStudent
from core.api import error_body
from core.errors import InvalidInput
from core.openapi import ErrorSerializer, errors
from core.pagination import PAGE_PARAMETERS, list_response
from enrolments.serializers import ParticipantQuerySerializer
from payments import stripe_client
from payments.access import access_payment
from payments.models import Payment, PaymentStatus
from payments.selectors import payment_get, payment_list_for
from payments.serializers import (
    AdjustmentOutputSerializer,
    PaymentOutputSerializer,
    PaymentReceiptOutputSerializer,
)
from payments.services import (
    PriceChanged,
    attempt_get_for,
    attempt_settle,
    payment_create,
    payment_setup_create,
    stripe_event_handle,
)

# The services' names for what they could not use, as this API's fields.
API_FIELDS = {"setup_intent": "setupIntentId", "payment_intent": "paymentIntentId"}


def _own_email(request, email: str) -> None:
    access_own_email(
        caller=request.user, email=email, refusal="You can only see your own payments and classes."
    )


class PaymentSetupCreateApi(APIView):
    """POST /api/createPaymentIntent: holds a seat while the family pays, and answers until
    when with a SetupIntent's client secret, for Stripe.js to save the card into, and the amount
    due. The name is the spec's; the amount is charged later, from our database."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="PaymentSetupInput")
    class InputSerializer(serializers.Serializer):
        # A spec client may send "price" too; it is never read here: the charge is confirmed
        # with the payment (POST /api/payments), at the amount due (payments.pricing).
        payId = serializers.IntegerField(min_value=1)  # noqa: N815 - the spec's field name

    @extend_schema(
        summary="A Stripe SetupIntent to save the card for a selected class (students)",
        request=InputSerializer,
        responses={
            200: inline_serializer(
                "PaymentSetup",
                {
                    "clientSecret": serializers.CharField(),
                    # Until when the seat is held for the family while they pay.
                    "holdExpiresAt": serializers.DateTimeField(),
                    # What the card will be charged (payments.pricing.price_for): the amount the
                    # family confirms by paying.
                    "amountDue": serializers.DecimalField(
                        max_digits=8, decimal_places=2, coerce_to_string=False
                    ),
                    # How it was reached: the class's list price and each adjustment, by name.
                    "listPrice": serializers.DecimalField(
                        max_digits=8, decimal_places=2, coerce_to_string=False
                    ),
                    "adjustments": AdjustmentOutputSerializer(many=True),
                },
            ),
            **errors(400, 401, 403, 404, 409, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        opened = payment_setup_create(
            student=request.user, selection_id=data.validated_data["payId"]
        )
        return Response(
            {
                "clientSecret": opened.client_secret,
                "holdExpiresAt": serializers.DateTimeField().to_representation(
                    opened.hold_expires_at
                ),
                "amountDue": float(opened.quote.amount_due),
                "listPrice": float(opened.quote.list_price),
                "adjustments": AdjustmentOutputSerializer(opened.quote.adjustments, many=True).data,
            }
        )


class PaymentAnswerSerializer(PaymentOutputSerializer):
    """A payment made: the spec's {"result": {"insertedId"}} beside the payment itself."""

    result = inline_serializer("PaymentInserted", {"insertedId": serializers.IntegerField()})


class RefundedPaymentSerializer(PaymentAnswerSerializer):
    message = serializers.CharField()


class PaymentActionSerializer(ErrorSerializer):
    """A declined card (message only), or the bank's request for 3-D Secure."""

    requiresAction = serializers.BooleanField(required=False)  # noqa: N815
    clientSecret = serializers.CharField(required=False)  # noqa: N815
    paymentIntentId = serializers.CharField(required=False)  # noqa: N815


def bank_confirmation_asked(client_secret: str, payment_intent_id: str) -> Response:
    """The 402 of every payment that waits for the cardholder's bank (3-D Secure): Stripe.js
    confirms it with the secret, then the same request names the PaymentIntent."""
    return Response(
        {
            **error_body("Your bank asks you to confirm this payment."),
            "requiresAction": True,
            "clientSecret": client_secret,
            "paymentIntentId": payment_intent_id,
        },
        status=status.HTTP_402_PAYMENT_REQUIRED,
    )


class PriceChangedSerializer(ErrorSerializer):
    """The class's price changed since the page showed it: nothing was charged."""

    currentPrice = serializers.CharField()  # noqa: N815


class PaymentConfirmingSerializer(serializers.Serializer):
    """Where a payment stands while Stripe's answer is awaited."""

    attemptId = serializers.IntegerField()  # noqa: N815
    status = serializers.ChoiceField(
        choices=["confirming", "enrolled", "refunded", "declined", "notCharged", "requiresAction"]
    )
    message = serializers.CharField()
    payment = PaymentOutputSerializer(allow_null=True)


ATTEMPT_WORDS = {
    "confirming": "Your payment is being confirmed with the bank. This page updates by itself.",
    "enrolled": "Payment confirmed: you are enrolled.",
    "notCharged": "The payment did not reach the bank; nothing was charged. Please try again.",
    "requiresAction": "Your bank asks you to confirm this payment.",
}


def _attempt_body(attempt) -> dict:
    payment = attempt.payment
    if payment is not None:
        state = {
            PaymentStatus.ENROLLED: "enrolled",
            PaymentStatus.REFUNDED: "refunded",
            # The charge enrolled; the family cancelled the seat later, which the payment's
            # own history tells.
            PaymentStatus.CANCELLED: "enrolled",
        }.get(payment.status, "confirming")
    else:
        state = {
            "charging": "confirming",
            "declined": "declined",
            "notCharged": "notCharged",
            "requiresAction": "requiresAction",
        }.get(attempt.status, "confirming")
    message = ATTEMPT_WORDS.get(state, "")
    if state == "refunded":
        message = payment.refund_reason
    elif state == "declined":
        message = attempt.message or "Your card was declined."
    return {
        "attemptId": attempt.pk,
        "status": state,
        "message": message,
        "payment": PaymentOutputSerializer(payment).data if payment is not None else None,
    }


class PaymentCreateApi(APIView):
    """POST /api/payments: charge the saved card (or enrol in a free class) and take the seat.

    201 enrolled; 200 for a retry of a payment already made; 409 with the reason when the
    payment was refunded; 402 when the card was declined, or with requiresAction when the
    bank wants the cardholder to confirm (3-D Secure) before the browser posts again with
    the paymentIntentId.
    """

    permission_classes = [IsStudent]
    throttle_scope = "payments"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="PaymentInput")
    class InputSerializer(serializers.Serializer):
        # The spec's payment fields may come along; only these are read.
        payId = serializers.IntegerField(min_value=1)  # noqa: N815
        setupIntentId = serializers.RegexField(  # noqa: N815
            r"^seti_[A-Za-z0-9]+$", max_length=255, required=False
        )
        paymentIntentId = serializers.RegexField(  # noqa: N815
            r"^pi_[A-Za-z0-9]+$", max_length=255, required=False
        )
        # The price the payment page showed and the student confirmed: the only amount charged.
        price = serializers.DecimalField(
            max_digits=8, decimal_places=2, min_value=0, required=False
        )

        def validate(self, attrs):
            if "setupIntentId" in attrs and "paymentIntentId" in attrs:
                raise serializers.ValidationError(
                    {"paymentIntentId": ["Send either setupIntentId or paymentIntentId."]}
                )
            return attrs

    @extend_schema(
        summary="Pay for a selected class with the saved card, and take the seat (students)",
        request=InputSerializer,
        responses={
            201: PaymentAnswerSerializer,
            200: OpenApiResponse(PaymentAnswerSerializer, description="A retry, already paid."),
            402: OpenApiResponse(
                PaymentActionSerializer,
                description="Declined, or with requiresAction the bank asks for 3-D Secure.",
            ),
            202: OpenApiResponse(
                PaymentConfirmingSerializer,
                description="Stripe has not answered yet: poll the attempt until it ends.",
            ),
            409: OpenApiResponse(
                PolymorphicProxySerializer(
                    component_name="PaymentRefusal",
                    serializers=[
                        RefundedPaymentSerializer,
                        PriceChangedSerializer,
                        ErrorSerializer,
                    ],
                    resource_type_field_name=None,
                ),
                description=(
                    "Paid but refunded (no seat left, class closed...): message says why. "
                    "Or, with currentPrice, the price changed and nothing was charged. "
                    "Or nothing was charged and message says why."
                ),
            ),
            **errors(400, 401, 403, 404, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            outcome = payment_create(
                student=request.user,
                selection_id=data.validated_data["payId"],
                setup_intent_id=data.validated_data.get("setupIntentId", ""),
                payment_intent_id=data.validated_data.get("paymentIntentId", ""),
                confirmed_price=data.validated_data.get("price"),
            )
        except InvalidInput as problem:
            raise exceptions.ValidationError(
                {API_FIELDS.get(name, name): said for name, said in problem.problems.items()}
            ) from problem
        except PriceChanged as change:
            return Response(
                {**error_body(change.message), "currentPrice": f"{change.current_price:.2f}"},
                status=status.HTTP_409_CONFLICT,
            )
        if outcome.confirming is not None:
            return Response(_attempt_body(outcome.confirming), status=status.HTTP_202_ACCEPTED)
        if outcome.payment is None:
            return bank_confirmation_asked(outcome.action_client_secret, outcome.payment_intent_id)
        # A payment enrolled by this very request is known whole; any other is read afresh.
        payment = (
            outcome.payment if outcome.fulfilled else payment_get(payment_id=outcome.payment.pk)
        )
        return _payment_answer(payment, created=outcome.created)


class PaymentAttemptDetailApi(APIView):
    """GET /api/payments/attempts/{id}: where the caller's own payment stands; asks Stripe for
    an answer that has not come yet."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="Where the caller's own payment attempt stands (students)",
        responses={200: PaymentConfirmingSerializer, **errors(401, 403, 404, 503)},
    )
    def get(self, request, attempt_id: int):
        attempt = attempt_get_for(student=request.user, attempt_id=attempt_id)
        attempt = attempt_settle(attempt_id=attempt.pk)
        attempt = attempt_get_for(student=request.user, attempt_id=attempt.pk)
        return Response(_attempt_body(attempt))


def _payment_answer(payment: Payment, *, created: bool) -> Response:
    body = {"result": {"insertedId": payment.pk}, **PaymentOutputSerializer(payment).data}
    if payment.status == PaymentStatus.REFUNDED:
        return Response(
            {**error_body(payment.refund_reason), **body}, status=status.HTTP_409_CONFLICT
        )
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class PaymentListApi(APIView):
    """GET /api/payments/{email}: the caller's payment history, newest first."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The caller's family's payment history, newest first (students)",
        parameters=[ParticipantQuerySerializer, *PAGE_PARAMETERS],
        responses={200: PaymentOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request, email: str):
        _own_email(request, email)
        query = ParticipantQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        payments = payment_list_for(
            student=request.user, participant_id=query.validated_data.get("participant")
        )
        return list_response(request, payments, PaymentOutputSerializer)


class PaymentReceiptApi(APIView):
    """GET /api/payments/{id}/receipt: one payment's receipt, for the account that paid it and
    for admins; anyone else's is not found, so nobody learns it exists."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="One payment's receipt (the account that paid it, and admins)",
        responses={200: PaymentReceiptOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, payment_id: int):
        payment = access_payment(viewer=request.user, payment_id=payment_id)
        return Response(PaymentReceiptOutputSerializer(payment).data)


class StripeWebhookApi(APIView):
    """POST /api/stripe/webhook: events from Stripe, believed only with a valid signature."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Stripe's events, signed with the webhook secret",
        request={"application/json": OpenApiTypes.OBJECT},
        parameters=[
            OpenApiParameter(
                "Stripe-Signature", OpenApiTypes.STR, OpenApiParameter.HEADER, required=True
            )
        ],
        responses={
            200: inline_serializer("WebhookReceived", {"received": serializers.BooleanField()}),
            **errors(400, 503),
        },
    )
    def post(self, request):
        try:
            stripe_event_handle(
                payload=request.body, signature=request.headers.get("Stripe-Signature", "")
            )
        except stripe_client.InvalidSignature:
            return Response(
                error_body("The webhook signature is not valid."),
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response({"received": True})
