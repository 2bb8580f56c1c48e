"""An announcement's unsubscribe link: one click turns announcements off, without signing in."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from core.openapi import errors
from notifications.mailboxes import mailbox_unsubscribe
from notifications.models import Mailbox


class UnsubscribeOutputSerializer(serializers.Serializer):
    # The address, partly hidden: the link may be forwarded, the address is the family's.
    address = serializers.CharField()
    announcements = serializers.BooleanField()


def _hidden(address: str) -> str:
    local, _, domain = address.partition("@")
    return f"{local[:1]}…@{domain}"


def _body(mailbox: Mailbox) -> dict:
    return {"address": _hidden(mailbox.address), "announcements": mailbox.announcements}


class UnsubscribeApi(APIView):
    """GET /api/unsubscribe/{token}: whose link it is and whether announcements are on.
    POST: turn them off (RFC 8058's one-click POST from a mail program, or the page's button).
    The token in the link is the only key: it was sent only to that address."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_scope = "unsubscribe"

    @extend_schema(
        summary="Whether an unsubscribe link's address gets announcements (anyone with the link)",
        responses={200: UnsubscribeOutputSerializer, **errors(404)},
    )
    def get(self, request, token: str):
        mailbox = Mailbox.objects.filter(token=token).first()
        if mailbox is None:
            raise NotFound(_("This unsubscribe link is not known."))
        return Response(_body(mailbox))

    @extend_schema(
        summary="Turn announcements off for an unsubscribe link's address (anyone with the link)",
        request=None,
        responses={200: UnsubscribeOutputSerializer, **errors(404, 429)},
    )
    def post(self, request, token: str):
        return Response(_body(mailbox_unsubscribe(token=token)))
