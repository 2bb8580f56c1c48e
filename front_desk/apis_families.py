"""The front desk's families: find one, register one, add a child, take a care record by phone
(the office and admins)."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.apis_family import ParticipantInputSerializer
from accounts.permissions import IsOfficeOrAdmin
from care.apis import CareRecordInputSerializer
from core.api import ServiceInputSerializer
from core.errors import InvalidInput
from core.openapi import errors
from front_desk.selectors_families import (
    DeskFamily,
    desk_family,
    desk_participant,
    families_found,
)
from front_desk.services.families import (
    family_child_add,
    family_register,
    participant_care_take,
)


class DeskParticipantOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="participant.pk")
    firstName = serializers.CharField(source="participant.first_name")  # noqa: N815
    lastName = serializers.CharField(source="participant.last_name")  # noqa: N815
    name = serializers.CharField(source="participant.name")
    dateOfBirth = serializers.DateField(source="participant.date_of_birth", allow_null=True)  # noqa: N815
    isAccountHolder = serializers.BooleanField(source="participant.is_account_holder")  # noqa: N815
    # What the paperwork lacks, in the care record's words (`missing` of its API).
    careMissing = serializers.ListField(child=serializers.CharField(), source="care_missing")  # noqa: N815
    # A record taken by phone the family has not confirmed yet.
    careToConfirm = serializers.BooleanField(source="care_to_confirm")  # noqa: N815


class DeskFamilyOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="family.pk")
    name = serializers.CharField(source="family.name")
    email = serializers.EmailField(source="family.email")
    phone = serializers.CharField(source="family.phone")
    # The family's account credit, a number as checkout's credit is.
    credit = serializers.FloatField()
    participants = DeskParticipantOutputSerializer(many=True)


class FamilySearchQuerySerializer(serializers.Serializer):
    q = serializers.CharField(min_length=2, max_length=200)


@extend_schema_serializer(component_name="DeskFamilyInput")
class FamilyInputSerializer(ServiceInputSerializer):
    email = serializers.EmailField(max_length=254)
    name = serializers.CharField(max_length=200)
    phone = serializers.CharField(max_length=40, required=False, allow_blank=True)


def _family_body(family: DeskFamily) -> dict:
    return DeskFamilyOutputSerializer(family).data


class FamilyListCreateApi(APIView):
    """GET /api/frontDesk/families?q=: families found by name, e-mail, telephone or a child's
    name. POST: register a family (its account, a link e-mailed to set the password)."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="Families found by name, e-mail, phone or a child's name (office, admins)",
        parameters=[FamilySearchQuerySerializer],
        responses={200: DeskFamilyOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = FamilySearchQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = families_found(q=query.validated_data["q"])
        return Response(DeskFamilyOutputSerializer(found, many=True).data)

    @extend_schema(
        summary="Register a family at the desk (office, admins)",
        request=FamilyInputSerializer,
        responses={201: DeskFamilyOutputSerializer, **errors(400, 401, 403, 409, 503)},
    )
    def post(self, request):
        data = FamilyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        family = data.call_service(family_register, by=request.user, **data.validated_data)
        body = _family_body(desk_family(family_id=family.pk))
        return Response(body, status=status.HTTP_201_CREATED)


@extend_schema_serializer(component_name="DeskChildInput")
class ChildInputSerializer(ParticipantInputSerializer):
    """A child as `POST /api/participants` takes one, and their care record if the family gave
    it on the phone (as `PUT /api/participants/{id}/care` takes it)."""

    care = CareRecordInputSerializer(required=False)


def _api_problems(invalid: InvalidInput) -> dict:
    """The services' names of the child's and the record's fields as this API's."""
    problems = dict(invalid.problems)
    care = problems.pop("care", None)
    named = ParticipantInputSerializer().api_names(problems)
    if isinstance(care, dict):
        named["care"] = CareRecordInputSerializer().api_names(care)
    return named


class FamilyChildCreateApi(APIView):
    """POST /api/frontDesk/families/{id}/participants: a child added to a family at the desk,
    with the care record taken by phone if given."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="Add a child to a family, with their care record taken by phone (office, admins)",
        request=ChildInputSerializer,
        responses={201: DeskParticipantOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, family_id: int):
        data = ChildInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        try:
            child = family_child_add(by=request.user, family_id=family_id, **fields)
        except InvalidInput as invalid:
            raise InvalidInput(_api_problems(invalid)) from invalid
        body = DeskParticipantOutputSerializer(desk_participant(participant_id=child.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class ParticipantCareTakeApi(APIView):
    """PUT /api/frontDesk/participants/{id}/care: a family's child's care record, taken by phone
    (the family confirms it at their next sign-in)."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="Take a child's care record by phone (office, admins)",
        request=CareRecordInputSerializer,
        responses={200: DeskParticipantOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def put(self, request, participant_id: int):
        data = CareRecordInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        data.call_service(
            participant_care_take,
            by=request.user,
            participant_id=participant_id,
            care=data.validated_data,
        )
        body = DeskParticipantOutputSerializer(desk_participant(participant_id=participant_id))
        return Response(body.data)
