"""Seats held while a family pays, and the waitlist: joining it, its offers, leaving it, and a
class's list as its instructor and admins read it."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsInstructorOrAdmin, IsStudent
from classes.access import access_class_for_instructor
from core.openapi import errors
from core.pagination import PAGE_PARAMETERS, list_response
from enrolments.selectors import waitlist_entry_for, waitlist_list_for, waitlist_list_for_class
from enrolments.serializers import (
    ClassWaitlistEntryOutputSerializer,
    WaitlistEntryOutputSerializer,
    WaitlistJoinInputSerializer,
)
from enrolments.services import (
    hold_extend,
    waitlist_accept,
    waitlist_decline,
    waitlist_join,
    waitlist_leave,
)

HOLD_ANSWER = inline_serializer(
    "SeatHoldExtended",
    {"holdExpiresAt": serializers.DateTimeField(), "extended": serializers.BooleanField()},
)


class HoldExtendApi(APIView):
    """POST /api/holds/{selectionId}/extend: once, before the hold runs out, more time to pay."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    # Keeps a seat from the families in line a while longer: behind the line too.
    waiting_room_gated = True

    @extend_schema(
        summary="Hold the seat being paid for a little longer, once (students)",
        request=None,
        responses={200: HOLD_ANSWER, **errors(401, 403, 404, 409)},
    )
    def post(self, request, selection_id: int):
        hold = hold_extend(student=request.user, selection_id=selection_id)
        return Response(
            {
                "holdExpiresAt": serializers.DateTimeField().to_representation(hold.expires_at),
                "extended": hold.extended,
            }
        )


def _entry_answer(entry) -> Response:
    # Read again for its place in the queue, which the write may have changed.
    entry = waitlist_entry_for(entry_id=entry.pk)
    return Response(WaitlistEntryOutputSerializer(entry).data)


class WaitlistListCreateApi(APIView):
    """GET /api/waitlist: the family's entries; POST: join a full class's list."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    # Not behind the opening's line, so a family in it joins the lists of its full classes while
    # it waits (wanted_classes tells it which): a join takes no seat (refused while one is free)
    # and the seat a later offer holds is accepted in line (WaitlistAcceptApi).

    @extend_schema(
        summary="The family's waitlist entries, with their places (students)",
        parameters=PAGE_PARAMETERS,
        responses={200: WaitlistEntryOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        return list_response(
            request, waitlist_list_for(student=request.user), WaitlistEntryOutputSerializer
        )

    @extend_schema(
        summary="Join a full class's waitlist for one of the family (students)",
        request=WaitlistJoinInputSerializer,
        responses={201: WaitlistEntryOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request):
        data = WaitlistJoinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = data.call_service(
            waitlist_join,
            student=request.user,
            class_id=data.validated_data["class_id"],
            participant_id=data.validated_data.get("participant_id"),
        )
        # Its place was counted as it joined, under the class's lock: nothing to read again.
        return Response(WaitlistEntryOutputSerializer(entry).data, status=status.HTTP_201_CREATED)


class WaitlistEntryApi(APIView):
    """DELETE /api/waitlist/{id}: leave the list (an offered seat goes to the next)."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Leave a waitlist (students)",
        responses={200: WaitlistEntryOutputSerializer, **errors(401, 403, 404, 409)},
    )
    def delete(self, request, entry_id: int):
        return _entry_answer(waitlist_leave(student=request.user, entry_id=entry_id))


class WaitlistAcceptApi(APIView):
    """POST /api/waitlist/{id}/accept: take the offered seat, and go on to pay for it."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"
    waiting_room_gated = True

    @extend_schema(
        summary="Accept a waitlist offer (students)",
        request=None,
        responses={
            200: inline_serializer(
                "WaitlistAccepted",
                {
                    "entry": WaitlistEntryOutputSerializer(),
                    "selectionId": serializers.IntegerField(),
                },
            ),
            **errors(401, 403, 404, 409),
        },
    )
    def post(self, request, entry_id: int):
        entry = waitlist_accept(student=request.user, entry_id=entry_id)
        entry = waitlist_entry_for(entry_id=entry.pk)
        return Response(
            {
                "entry": WaitlistEntryOutputSerializer(entry).data,
                "selectionId": entry.selection_id,
            }
        )


class WaitlistDeclineApi(APIView):
    """POST /api/waitlist/{id}/decline: say no to an offer; the seat goes to the next."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Decline a waitlist offer (students)",
        request=None,
        responses={200: WaitlistEntryOutputSerializer, **errors(401, 403, 404, 409)},
    )
    def post(self, request, entry_id: int):
        return _entry_answer(waitlist_decline(student=request.user, entry_id=entry_id))


class ClassWaitlistApi(APIView):
    """GET /api/classes/{id}/waitlist: the class's list, for its instructor and admins."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="A class's waitlist (its instructor, and admins)",
        responses={200: ClassWaitlistEntryOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, class_id: int):
        camp_class = access_class_for_instructor(user=request.user, class_id=class_id)
        entries = waitlist_list_for_class(class_id=camp_class.pk)
        return Response(ClassWaitlistEntryOutputSerializer(entries, many=True).data)
