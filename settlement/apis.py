"""Stripe's webhook: its word that a charge succeeded, believed only with a valid signature."""

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import error_body
from core.openapi import errors
from payments import stripe_client
from settlement.services import stripe_event_handle


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
                error_body(gettext("The webhook signature is not valid.")),
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response({"received": True})
