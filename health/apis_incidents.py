"""Incident reports: written on a meeting's day by its class's instructor (or an admin), read by
the families of the children in them (their own view: no internal notes, no internal addenda,
no other family's children), reviewed and closed by admins, added to by the school, and as a
PDF. Every staff read of a child's report is logged for the family (CarePart.INCIDENT)."""

from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsAdmin, IsInstructorOrAdmin, IsStudentInstructorOrAdmin
from care.models import CarePart
from care.services import care_reads_logged
from classes.serializers import SchoolTimeField
from core.api import ServiceInputSerializer
from core.converters import LARGEST_ROW_ID
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors
from health.access_incidents import (
    STAFF,
    access_incident,
    access_participant_incidents,
)
from health.incidents_pdf import incident_pdf
from health.models import BodyArea, Incident, IncidentAddendum, IncidentKind
from health.selectors.incidents import (
    incident_children,
    incident_get,
    incidents_of_participant,
    incidents_to_review,
)
from health.services.incidents import (
    incident_addendum_add,
    incident_close,
    incident_report,
    incident_update,
)

# A report names the children of one meeting: no roster is longer.
MOST_CHILDREN = 100


def _max_length(field: str, model=Incident) -> int:
    return model._meta.get_field(field).max_length


def _text(field: str, name: str, **more) -> serializers.CharField:
    """An optional text field of the report's, named `name` in the API."""
    if name != field:
        more["source"] = field
    return serializers.CharField(
        required=False, allow_blank=True, default="", max_length=_max_length(field), **more
    )


@extend_schema_serializer(component_name="IncidentChild")
class IncidentChildOutputSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815 - the API's names
    name = serializers.CharField()
    familyEmailedAt = SchoolTimeField(source="family_emailed_at", allow_null=True)  # noqa: N815


@extend_schema_serializer(component_name="IncidentAddendum")
class IncidentAddendumOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    text = serializers.CharField()
    internal = serializers.BooleanField()
    by = serializers.CharField(source="by_name")
    at = SchoolTimeField()


@extend_schema_serializer(component_name="Incident")
class IncidentOutputSerializer(serializers.Serializer):
    """A report as its reader may see it (health.selectors.incidents.incident_shown)."""

    id = serializers.IntegerField()
    meetingId = serializers.IntegerField(source="meeting_id")  # noqa: N815
    classId = serializers.IntegerField(source="meeting.camp_class_id")  # noqa: N815
    className = serializers.CharField(source="meeting.camp_class.name")  # noqa: N815
    at = SchoolTimeField()
    location = serializers.CharField()
    kind = serializers.ChoiceField(choices=IncidentKind.choices)
    bodyArea = serializers.CharField(source="body_area", help_text="An injury's; else empty.")  # noqa: N815
    description = serializers.CharField()
    firstAid = serializers.CharField(source="first_aid")  # noqa: N815
    told = serializers.CharField()
    parentToldAt = SchoolTimeField(source="parent_told_at", allow_null=True)  # noqa: N815
    followUp = serializers.CharField(source="follow_up")  # noqa: N815
    internalNotes = serializers.CharField(  # noqa: N815
        source="internal_notes", required=False, help_text="The school's view only."
    )
    reportedBy = serializers.CharField(source="reported_by_name")  # noqa: N815
    recordedAt = SchoolTimeField(source="recorded_at")  # noqa: N815
    closedAt = SchoolTimeField(source="closed_at", allow_null=True)  # noqa: N815
    closedBy = serializers.CharField(source="closed_by_name")  # noqa: N815
    keepUntil = serializers.DateField(source="keep_until")  # noqa: N815
    children = IncidentChildOutputSerializer(source="shown_children", many=True)
    addenda = IncidentAddendumOutputSerializer(source="shown_addenda", many=True)

    def to_representation(self, incident):
        shown = super().to_representation(incident)
        if not incident.shows_internal:
            del shown["internalNotes"]
        return shown


def _shown(incident: Incident, *, view: str, request) -> dict:
    return IncidentOutputSerializer(
        incident_get(incident_id=incident.pk, view=view, reader=request.user)
    ).data


@extend_schema_serializer(component_name="IncidentEdit")
class IncidentEditInputSerializer(ServiceInputSerializer):
    """What an admin may change of an open report (all optional in a PATCH)."""

    kind = serializers.ChoiceField(
        choices=IncidentKind.choices,
        error_messages={
            "invalid_choice": gettext_lazy("Choose injury, illness, behaviour or other.")
        },
    )
    bodyArea = serializers.ChoiceField(  # noqa: N815
        source="body_area",
        choices=BodyArea.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Where on the body: required for an injury.",
    )
    location = _text("location", "location", help_text="Where, when not the class's room.")
    description = serializers.CharField(max_length=_max_length("description"))
    firstAid = _text("first_aid", "firstAid")  # noqa: N815
    told = _text("told", "told", help_text="Who was told (a parent by phone, the director...).")
    parentToldAt = serializers.DateTimeField(  # noqa: N815
        source="parent_told_at", required=False, allow_null=True, default=None
    )
    followUp = _text("follow_up", "followUp")  # noqa: N815
    internalNotes = _text("internal_notes", "internalNotes", help_text="Never shown to the family.")  # noqa: N815


@extend_schema_serializer(component_name="IncidentInput")
class IncidentInputSerializer(IncidentEditInputSerializer):
    clientId = serializers.CharField(  # noqa: N815
        source="client_id",
        required=False,
        allow_blank=True,
        default="",
        max_length=_max_length("client_id"),
        help_text="The device's id for the report: sent again, it answers the same report.",
    )
    meetingId = serializers.IntegerField(  # noqa: N815
        source="meeting_id", min_value=1, max_value=LARGEST_ROW_ID
    )
    participantIds = serializers.ListField(  # noqa: N815
        source="participant_ids",
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_ROW_ID),
        min_length=1,
        max_length=MOST_CHILDREN,
    )
    at = serializers.DateTimeField(help_text="When it happened, on the device.")


@extend_schema_serializer(component_name="IncidentQuery")
class IncidentQuerySerializer(serializers.Serializer):
    open = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="true: the open reports, oldest first; false: the closed, newest first.",
    )


class IncidentListApi(APIView):
    """GET /api/incidents?open=: the admins' list of reports to review. POST: a new report (the
    meeting's class's instructor, and admins); a `clientId` sent before answers its report
    again, 200 instead of 201, nothing e-mailed again."""

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsInstructorOrAdmin()]
        return [IsAdmin()]

    @extend_schema(
        summary="The incident reports to review (admins): open ones oldest first",
        parameters=[IncidentQuerySerializer],
        responses={200: IncidentOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = IncidentQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        incidents = incidents_to_review(open_only=query.validated_data["open"], reader=request.user)
        care_reads_logged(
            participants=incident_children(incidents), reader=request.user, part=CarePart.INCIDENT
        )
        return Response(IncidentOutputSerializer(incidents, many=True).data)

    @extend_schema(
        summary="Report an incident at a meeting (its class's instructor, and admins); each "
        "child's family is e-mailed once",
        request=IncidentInputSerializer,
        responses={
            201: IncidentOutputSerializer,
            200: IncidentOutputSerializer,
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request):
        data = IncidentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        incident, created = data.call_service(
            incident_report, actor=request.user, **data.validated_data
        )
        return Response(
            _shown(incident, view=STAFF, request=request),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class IncidentDetailApi(APIView):
    """GET /api/incidents/{id}: the report as the caller may see it. PATCH: an admin's edit of
    an open report (409 `incident_closed` once closed)."""

    def get_permissions(self):
        if self.request.method == "PATCH":
            return [IsAdmin()]
        return [IsStudentInstructorOrAdmin()]

    @extend_schema(
        summary="An incident report: the school's view for admins and the class's instructor, "
        "the family's (no internal notes or addenda, its own children) for a family",
        responses={200: IncidentOutputSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, incident_id: int):
        incident, view = access_incident(user=request.user, incident_id=incident_id)
        incident = incident_get(incident_id=incident.pk, view=view, reader=request.user)
        if view == STAFF:
            care_reads_logged(
                participants=incident_children([incident]),
                reader=request.user,
                part=CarePart.INCIDENT,
            )
        return Response(IncidentOutputSerializer(incident).data)

    @extend_schema(
        summary="Edit an open incident report (admins)",
        request=IncidentEditInputSerializer(partial=True),
        responses={200: IncidentOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def patch(self, request, incident_id: int):
        data = IncidentEditInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        incident = data.call_service(
            incident_update, actor=request.user, incident_id=incident_id, **data.validated_data
        )
        return Response(_shown(incident, view=STAFF, request=request))


class IncidentPdfApi(APIView):
    """GET /api/incidents/{id}.pdf: the report as the caller may see it, as a PDF."""

    permission_classes = [IsStudentInstructorOrAdmin]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="incident_pdf",
        summary="An incident report as PDF: the family's view for a family, the school's "
        "(internal notes marked Internal) for admins and the class's instructor",
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY),
            **errors(401, 403, 404),
        },
    )
    def get(self, request, incident_id: int):
        incident, view = access_incident(user=request.user, incident_id=incident_id)
        incident = incident_get(incident_id=incident.pk, view=view, reader=request.user)
        if view == STAFF:
            care_reads_logged(
                participants=incident_children([incident]),
                reader=request.user,
                part=CarePart.INCIDENT,
            )
        # In the reader's own language, whatever language the request asked in.
        with translation.override(request.user.reading_language):
            document = incident_pdf(incident)
        response = HttpResponse(
            document,
            content_type="application/pdf",
            headers={
                "Content-Disposition": content_disposition_header(
                    True, f"incident-{incident.pk}.pdf"
                )
            },
        )
        # A child's health: kept by no shared cache, nor the browser's.
        patch_cache_control(response, private=True, no_store=True)
        return response


class IncidentClosingApi(APIView):
    """POST /api/incidents/{id}/closing: an admin closes a report they reviewed."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Close an incident report (admins); 409 if closed already",
        request=None,
        responses={200: IncidentOutputSerializer, **errors(401, 403, 404, 409)},
    )
    def post(self, request, incident_id: int):
        incident = incident_close(actor=request.user, incident_id=incident_id)
        return Response(_shown(incident, view=STAFF, request=request))


class IncidentAddendumListApi(APIView):
    """POST /api/incidents/{id}/addenda: something added to a report, open or closed, by its
    class's instructor or an admin; one not internal is e-mailed to the families."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema_serializer(component_name="IncidentAddendumInput")
    class InputSerializer(ServiceInputSerializer):
        text = serializers.CharField(max_length=_max_length("text", IncidentAddendum))
        internal = serializers.BooleanField(
            required=False, default=False, help_text="Kept from the family."
        )

    @extend_schema(
        summary="Add to an incident report (its class's instructor, and admins)",
        request=InputSerializer,
        responses={201: IncidentAddendumOutputSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, incident_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        addendum = incident_addendum_add(
            actor=request.user, incident_id=incident_id, **data.validated_data
        )
        return Response(
            IncidentAddendumOutputSerializer(addendum).data, status=status.HTTP_201_CREATED
        )


class ParticipantIncidentListApi(APIView):
    """GET /api/participants/{id}/incidents: a child's reports, newest first: the family's
    view for the family; admins every report, an instructor those at the classes they teach."""

    permission_classes = [IsStudentInstructorOrAdmin]

    @extend_schema(
        summary="A child's incident reports (the family, admins, and instructors: those at "
        "their classes), newest first",
        responses={200: IncidentOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, participant_id: int):
        participant, view = access_participant_incidents(
            user=request.user, participant_id=participant_id
        )
        incidents = incidents_of_participant(
            participant=participant, view=view, reader=request.user
        )
        if view == STAFF:
            care_reads_logged(
                participants=[participant, *incident_children(incidents)],
                reader=request.user,
                part=CarePart.INCIDENT,
            )
        return Response(IncidentOutputSerializer(incidents, many=True).data)
