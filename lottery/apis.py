"""A lottery season's API: a family's wishes, and the public draw page."""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from core.openapi import errors
from lottery.selectors import draw_page, wishes_for
from lottery.serializers import (
    DrawOutputSerializer,
    FriendsConfirmInputSerializer,
    FriendsInputSerializer,
    WishesInputSerializer,
    WishesOutputSerializer,
)
from lottery.services import (
    ChildWishes,
    friends_confirm,
    friends_invite,
    friends_leave,
    wishes_put,
)


def _wishes_answer(request, season_id: int) -> Response:
    wishes = wishes_for(family=request.user, season_id=season_id)
    wishes_shown = {
        "season": wishes.season,
        "entry": wishes.entry,
        "maxChoices": settings.LOTTERY_MAX_CHOICES,
        "children": wishes.children,
        "together": wishes.together,
        "result": wishes.result,
        "friends": wishes.friends,
    }
    return Response(WishesOutputSerializer(wishes_shown).data)


class WishesApi(APIView):
    """GET /api/seasons/{id}/wishes: the family's wishes for a lottery season's draw, and once
    it is made, what it gave them; PUT: the wishes, replacing those before, until they close."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="The family's wishes for a season's draw, and its result (students)",
        responses={200: WishesOutputSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, season_id: int):
        return _wishes_answer(request, season_id)

    @extend_schema(
        summary="Rank classes per child for a season's draw, and group children (students)",
        request=WishesInputSerializer,
        responses={200: WishesOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def put(self, request, season_id: int):
        given = WishesInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        given.call_service(
            wishes_put,
            family=request.user,
            season_id=season_id,
            children=[
                ChildWishes(child["participantId"], child["choices"])
                for child in given.validated_data["children"]
            ],
            together=given.validated_data["together"],
        )
        return _wishes_answer(request, season_id)


class FriendsApi(APIView):
    """POST /api/seasons/{id}/friends: ask another family of the draw, by its code, to have some
    of our children placed with some of theirs, together or not at all."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Ask a friend's family to be placed together in a season's draw (students)",
        request=FriendsInputSerializer,
        responses={200: WishesOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, season_id: int):
        given = FriendsInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        given.call_service(
            friends_invite,
            family=request.user,
            season_id=season_id,
            code=given.validated_data["code"],
            child_ids=given.validated_data["childIds"],
        )
        return _wishes_answer(request, season_id)


class FriendsConfirmApi(APIView):
    """POST /api/seasons/{id}/friends/{friendsId}/confirm: the invited family says yes."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Confirm a friend's family's invitation in a season's draw (students)",
        request=FriendsConfirmInputSerializer,
        responses={200: WishesOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, season_id: int, friends_id: int):
        given = FriendsConfirmInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        given.call_service(
            friends_confirm,
            family=request.user,
            season_id=season_id,
            friends_id=friends_id,
            child_ids=given.validated_data["childIds"],
        )
        return _wishes_answer(request, season_id)


class FriendsDetailApi(APIView):
    """DELETE /api/seasons/{id}/friends/{friendsId}: withdraw, or decline an invitation."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Withdraw from, or decline, a pair of friends in a season's draw (students)",
        request=None,
        responses={200: WishesOutputSerializer, **errors(401, 403, 404, 409)},
    )
    def delete(self, request, season_id: int, friends_id: int):
        friends_leave(family=request.user, season_id=season_id, friends_id=friends_id)
        return _wishes_answer(request, season_id)


class DrawApi(APIView):
    """GET /api/seasons/{id}/draw: the draw's public page, for anyone to check."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="A season's draw: its seed's commitment, then the seed, order and allocations",
        responses={200: DrawOutputSerializer, **errors(404)},
    )
    def get(self, request, season_id: int):
        return Response(DrawOutputSerializer(draw_page(season_id=season_id)).data)
