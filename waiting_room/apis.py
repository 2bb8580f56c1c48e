"""The opening-morning waiting room: a family's place in the line (GET and POST
/api/waitingRoom), and the room as admins watch and pause it.

A family's calls read no database and no account (no authentication, no throttle): thousands of
them poll at once at an opening, and each is one Redis call (waiting_room.line), which also
counts the new places taken without signing in by network address (read as the throttles read
it, `core.throttling`): past WAITING_ROOM_JOINS_PER_MINUTE a join answers 429. Their CPU
is the site's at its busiest moment, so they are answered without serializer instances: building
one (its fields copied, then each read and checked) cost more than the Redis call. The serializers
still describe the calls in the schema, and a test holds the answers to them.
"""

import re
from collections.abc import Mapping

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework_simplejwt.settings import api_settings as jwt_settings

from accounts.permissions import IsAdmin
from classes.serializers import SchoolTimeField
from core.openapi import errors
from core.throttling import WriteThrottles
from waiting_room.line import (
    Standing,
    line_join,
    line_standing,
    waiting_room_live,
    waiting_room_pause,
)


class LineSerializer(serializers.Serializer):
    line = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        max_length=200,
        help_text="The line token the family was given when it joined (kept by the browser).",
    )


class WaitingRoomSeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="season_id")
    name = serializers.CharField(source="season_name")


@extend_schema_serializer(component_name="WaitingRoomStanding")
class StandingOutputSerializer(serializers.Serializer):
    active = serializers.BooleanField(help_text="Whether a line is kept now.")
    season = WaitingRoomSeasonSerializer(source="opening", allow_null=True)
    opensAt = SchoolTimeField(source="opening.opens_at", allow_null=True)  # noqa: N815
    paused = serializers.BooleanField()
    line = serializers.CharField(allow_null=True, help_text="The family's line token.")
    position = serializers.IntegerField(
        allow_null=True, help_text="1 for the next family let in; null when not waiting."
    )
    admitted = serializers.BooleanField(help_text="Whether the family may register now.")
    admission = serializers.CharField(
        allow_null=True, help_text="Sent as the Camp-Admission header of registration writes."
    )
    admissionExpiresAt = SchoolTimeField(source="admission_expires_at", allow_null=True)  # noqa: N815
    estimatedWaitSeconds = serializers.IntegerField(  # noqa: N815
        source="estimated_wait_seconds", allow_null=True
    )
    pollSeconds = serializers.IntegerField(source="poll_seconds")  # noqa: N815


@extend_schema_serializer(component_name="WaitingRoomLive")
class LiveOutputSerializer(serializers.Serializer):
    active = serializers.BooleanField()
    paused = serializers.BooleanField()
    season = WaitingRoomSeasonSerializer(source="opening", allow_null=True)
    opensAt = SchoolTimeField(source="opening.opens_at", allow_null=True)  # noqa: N815
    inLine = serializers.IntegerField(source="in_line")  # noqa: N815
    admitted = serializers.IntegerField()
    waiting = serializers.IntegerField()
    arrivedBeforeOpening = serializers.IntegerField(source="arrived_before_opening")  # noqa: N815
    admitPerMinute = serializers.IntegerField(source="admit_per_minute")  # noqa: N815
    currentPerMinute = serializers.IntegerField(source="current_per_minute")  # noqa: N815
    recentRequests = serializers.IntegerField(source="recent_requests")  # noqa: N815
    recentSlowShare = serializers.FloatField(source="recent_slow_share")  # noqa: N815


# What a line token is made of (`line_token_new`): no space to trim, no character the serializer
# refuses, within its length. Anything else is read by LineSerializer, which answers it as before.
LINE_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_:-]{1,200}")
SCHOOL_TIME = SchoolTimeField()


def line_sent(data) -> str | None:
    """The line token a family sent (the query or the body), exactly as LineSerializer reads it."""
    if isinstance(data, Mapping):
        if "line" not in data:
            return None
        line = data.get("line")
        if isinstance(line, str) and LINE_TOKEN_SHAPE.fullmatch(line):
            return line
    checked = LineSerializer(data=data)
    checked.is_valid(raise_exception=True)
    return checked.validated_data.get("line") or None


def standing_answer(standing: Standing) -> dict:
    """StandingOutputSerializer's answer, field for field and in its order."""
    opening = standing.opening
    expires = standing.admission_expires_at
    return {
        "active": standing.active,
        "season": (
            None if opening is None else {"id": opening.season_id, "name": opening.season_name}
        ),
        "opensAt": None if opening is None else SCHOOL_TIME.to_representation(opening.opens_at),
        "paused": standing.paused,
        "line": standing.line,
        "position": standing.position,
        "admitted": standing.admitted,
        "admission": standing.admission,
        "admissionExpiresAt": None if expires is None else SCHOOL_TIME.to_representation(expires),
        "estimatedWaitSeconds": standing.estimated_wait_seconds,
        "pollSeconds": standing.poll_seconds,
    }


def _bearer(request) -> str | None:
    kind, _, raw = request.headers.get("Authorization", "").partition(" ")
    return raw.strip() or None if kind in jwt_settings.AUTH_HEADER_TYPES else None


class WaitingRoomApi(APIView):
    """GET /api/waitingRoom?line=: where the family stands; POST: it takes (or keeps) a place."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(
        summary="Where the family holding this line token stands in the opening's line",
        parameters=[LineSerializer],
        responses={200: StandingOutputSerializer, **errors(400)},
    )
    def get(self, request):
        standing = line_standing(line_token=line_sent(request.query_params))
        return Response(standing_answer(standing))

    @extend_schema(
        summary="Take a place in the opening's line, or keep the one held (a signed-in family "
        "holds one place on every device)",
        request=LineSerializer,
        responses={200: StandingOutputSerializer, **errors(400, 429)},
    )
    def post(self, request):
        standing = line_join(
            line_token=line_sent(request.data),
            access_token=_bearer(request),
            address=WriteThrottles().get_ident(request),
        )
        return Response(standing_answer(standing))


class WaitingRoomLiveApi(APIView):
    """GET /api/waitingRoom/live: the line as it stands (admins)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="The opening's line as it stands: how many wait, how fast they are let in (admins)",
        responses={200: LiveOutputSerializer, **errors(401, 403, 503)},
    )
    def get(self, request):
        return Response(LiveOutputSerializer(waiting_room_live()).data)


class WaitingRoomPauseApi(APIView):
    """POST /api/waitingRoom/pause: hold the line, or let it move again (admins)."""

    permission_classes = [IsAdmin]

    class InputSerializer(serializers.Serializer):
        paused = serializers.BooleanField()

    @extend_schema(
        summary="Hold the opening's line (nobody more let in) or let it move again (admins)",
        request=InputSerializer,
        responses={200: LiveOutputSerializer, **errors(400, 401, 403, 409, 503)},
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        live = waiting_room_pause(paused=data.validated_data["paused"])
        return Response(LiveOutputSerializer(live).data)
