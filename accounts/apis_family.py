"""A family's participants: the account holder and their children, each their own to manage."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_participant
from accounts.models import Participant
from accounts.selectors import participant_list_for
from accounts.services import (
    NOTES_MAX_LENGTH,
    PARTICIPANT_NAME_MAX_LENGTH,
    account_holder_of,
    participant_create,
    participant_delete,
    participant_update,
)
from core.api import ServiceInputSerializer
from core.openapi import count_of, errors


class ParticipantOutputSerializer(serializers.ModelSerializer):
    _id = serializers.IntegerField(source="id")
    firstName = serializers.CharField(source="first_name")  # noqa: N815 - the API's names
    lastName = serializers.CharField(source="last_name")  # noqa: N815
    dateOfBirth = serializers.DateField(source="date_of_birth", allow_null=True)  # noqa: N815
    emergencyContactName = serializers.CharField(source="emergency_contact_name")  # noqa: N815
    emergencyContactPhone = serializers.CharField(source="emergency_contact_phone")  # noqa: N815
    isAccountHolder = serializers.BooleanField(source="is_account_holder")  # noqa: N815

    class Meta:
        model = Participant
        fields = [
            "_id",
            "firstName",
            "lastName",
            "dateOfBirth",
            "notes",
            "emergencyContactName",
            "emergencyContactPhone",
            "isAccountHolder",
        ]


@extend_schema_serializer(component_name="ParticipantInput")
class ParticipantInputSerializer(ServiceInputSerializer):
    """What a family says of a participant; the checks that need the family are the service's."""

    firstName = serializers.CharField(  # noqa: N815
        source="first_name", max_length=PARTICIPANT_NAME_MAX_LENGTH, allow_blank=True
    )
    lastName = serializers.CharField(  # noqa: N815
        source="last_name", max_length=PARTICIPANT_NAME_MAX_LENGTH, allow_blank=True
    )
    dateOfBirth = serializers.DateField(source="date_of_birth", allow_null=True)  # noqa: N815
    notes = serializers.CharField(
        max_length=NOTES_MAX_LENGTH, required=False, allow_blank=True, trim_whitespace=False
    )
    emergencyContactName = serializers.CharField(  # noqa: N815
        source="emergency_contact_name", max_length=120, required=False, allow_blank=True
    )
    emergencyContactPhone = serializers.CharField(  # noqa: N815
        source="emergency_contact_phone", max_length=40, required=False, allow_blank=True
    )


class ParticipantListCreateApi(APIView):
    """GET /api/participants: the caller's family. POST: add a child."""

    permission_classes = [IsAuthenticated]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="The caller's family: themself first, then their children",
        responses={200: ParticipantOutputSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        # Someone made before families (or in the back office) gets their "Myself" here.
        account_holder_of(request.user)
        participants = participant_list_for(account=request.user)
        return Response(ParticipantOutputSerializer(participants, many=True).data)

    @extend_schema(
        summary="Add a child to the caller's family",
        request=ParticipantInputSerializer,
        responses={201: ParticipantOutputSerializer, **errors(400, 401)},
    )
    def post(self, request):
        data = ParticipantInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant = data.call_service(
            participant_create, account=request.user, **data.validated_data
        )
        return Response(
            ParticipantOutputSerializer(participant).data, status=status.HTTP_201_CREATED
        )


class ParticipantDetailApi(APIView):
    """GET, PUT and DELETE /api/participants/{id}: one of the caller's own family; anyone
    else's answers 404, like a missing one."""

    permission_classes = [IsAuthenticated]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="One of the caller's family",
        responses={200: ParticipantOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, participant_id: int):
        participant = access_participant(account=request.user, participant_id=participant_id)
        return Response(ParticipantOutputSerializer(participant).data)

    @extend_schema(
        summary="Change one of the caller's family (optional fields left out are kept)",
        request=ParticipantInputSerializer,
        responses={200: ParticipantOutputSerializer, **errors(400, 401, 404)},
    )
    def put(self, request, participant_id: int):
        data = ParticipantInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant = data.call_service(
            participant_update,
            account=request.user,
            participant_id=participant_id,
            **data.validated_data,
        )
        return Response(ParticipantOutputSerializer(participant).data)

    @extend_schema(
        summary="Remove a child's record (not while they hold a seat or a selection)",
        responses={200: count_of("ParticipantDeleted", "deletedCount"), **errors(401, 404, 409)},
    )
    def delete(self, request, participant_id: int):
        # Answered like the spec's other removals (a selection's): the count of rows removed.
        participant_delete(account=request.user, participant_id=participant_id)
        return Response({"deletedCount": 1})
