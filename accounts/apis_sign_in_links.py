"""Signing in with a one-time link e-mailed to the address (families who forgot a password)."""

from django.conf import settings
from django.utils.translation import ngettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import sign_in_link_redeem, sign_in_link_send
from core.api import ServiceInputSerializer
from core.openapi import errors


def link_sent(minutes: int) -> str:
    return ngettext(
        "If a Camp account uses this address, a sign-in link is on its way to it. "
        "It works once, within %(minutes)d minute.",
        "If a Camp account uses this address, a sign-in link is on its way to it. "
        "It works once, within %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class SignInLinkCreateApi(APIView):
    """POST /api/sign-in-links: e-mail a one-time sign-in link to an address. The answer is the
    same whether an account uses the address or not."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_scope = "sign_in"
    # Each call may send an e-mail: counted by network address too, however it signs in.
    address_throttle_scope = "sign_in_links"

    @extend_schema_serializer(component_name="SignInLinkInput")
    class InputSerializer(serializers.Serializer):
        email = serializers.EmailField(max_length=254)

    @extend_schema(
        summary="E-mail a one-time sign-in link",
        request=InputSerializer,
        responses={
            202: inline_serializer(
                "SignInLinkSent",
                {
                    "message": serializers.CharField(),
                    "email": serializers.EmailField(),
                    "minutes": serializers.IntegerField(),
                },
            ),
            **errors(400, 429, 503),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        email = data.validated_data["email"].strip().lower()
        sign_in_link_send(email=email)
        minutes = settings.SIGN_IN_LINK_MINUTES
        return Response(
            {"message": link_sent(minutes), "email": email, "minutes": minutes},
            status=status.HTTP_202_ACCEPTED,
        )


class SignInLinkRedeemApi(APIView):
    """POST /api/sign-in-links/redeem: the ticket of an e-mailed link, and the address it went
    to, for the Firebase sign-in link the browser completes; once only, before it expires."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_scope = "sign_in"

    @extend_schema_serializer(component_name="SignInLinkRedeemInput")
    class InputSerializer(ServiceInputSerializer):
        ticket = serializers.CharField(max_length=128)
        email = serializers.EmailField(max_length=254)

    @extend_schema(
        summary="Spend an e-mailed sign-in link's ticket for its Firebase sign-in link",
        request=InputSerializer,
        responses={
            200: inline_serializer("SignInLinkRedeemed", {"link": serializers.CharField()}),
            **errors(400, 409, 429),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        link = data.call_service(sign_in_link_redeem, **data.validated_data)
        return Response({"link": link})
