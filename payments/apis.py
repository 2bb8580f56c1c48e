"""A family's payments: their history, a payment's receipt, a checkout's one receipt, and what
every payment that waits for the cardholder's bank answers."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_own_email
from accounts.permissions import IsStudent
from core.api import error_body
from core.openapi import ErrorSerializer, errors
from core.pagination import PAGE_PARAMETERS, list_response
from enrolments.serializers import ParticipantQuerySerializer
from payments.access import access_checkout_receipt, access_payment
from payments.selectors import payment_list_for
from payments.serializers import (
    CheckoutReceiptOutputSerializer,
    PaymentOutputSerializer,
    PaymentReceiptOutputSerializer,
)


def _own_email(request, email: str) -> None:
    access_own_email(
        caller=request.user,
        email=email,
        refusal=_("You can only see your own payments and classes."),
    )


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
            **error_body(_("Your bank asks you to confirm this payment.")),
            "requiresAction": True,
            "clientSecret": client_secret,
            "paymentIntentId": payment_intent_id,
        },
        status=status.HTTP_402_PAYMENT_REQUIRED,
    )


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


class CheckoutReceiptApi(APIView):
    """GET /api/checkouts/{id}/receipt: a paid checkout's one receipt (every line, the one card
    charge, its reference), for the family that paid it and for admins; anyone else's, or a
    checkout not paid yet, is not found."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="A paid checkout's one receipt (the family that paid it, and admins)",
        responses={200: CheckoutReceiptOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, checkout_id: int):
        receipt = access_checkout_receipt(viewer=request.user, checkout_id=checkout_id)
        return Response(CheckoutReceiptOutputSerializer(receipt).data)
