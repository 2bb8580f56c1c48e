"""The medication log: the doses due at a meeting with what was recorded of each (the class's
instructor and admins), a dose recorded
(`health.services.medications.medication_administration_record`), and a child's whole log (the
family and admins). Every staff read is in the family's access log."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsInstructorOrAdmin, IsStudentOrAdmin
from attendance.access import access_meeting_for_attendance
from care.access import access_care_of_family_or_admin
from care.models import CarePart
from care.services import care_reads_logged
from classes.serializers import SchoolTimeField
from core.api import ServiceInputSerializer
from core.converters import LARGEST_ROW_ID
from core.openapi import errors
from health.models import MedicationAdministration, MedicationOutcome
from health.selectors.medications import DOSE_STATUSES, doses_due, medication_log_of
from health.services.medications import medication_administration_record

CLIENT_ID_MAX_LENGTH = MedicationAdministration._meta.get_field("client_id").max_length
MEDICATION_MAX_LENGTH = MedicationAdministration._meta.get_field("medication").max_length
NOTE_MAX_LENGTH = MedicationAdministration._meta.get_field("note").max_length


class DoseEntryOutputSerializer(serializers.Serializer):
    """One entry of a dose: what was recorded, when and by whom; `corrects` the entry it puts
    right, `correctedBy` the entry that put it right (it then counts for nothing)."""

    id = serializers.IntegerField(source="pk")
    outcome = serializers.ChoiceField(choices=MedicationOutcome.choices)
    at = SchoolTimeField()
    note = serializers.CharField()
    by = serializers.CharField(source="by_name")
    corrects = serializers.IntegerField(source="corrects_id", allow_null=True)
    correctedBy = serializers.IntegerField(source="corrected_by_id", allow_null=True)  # noqa: N815


@extend_schema_serializer(component_name="DoseDue")
class DoseDueOutputSerializer(serializers.Serializer):
    """One medication of one child at a meeting (health.selectors.medications.DoseDue)."""

    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815 - the API's names
    name = serializers.CharField()
    medication = serializers.CharField()
    dose = serializers.CharField()
    schedule = serializers.CharField(help_text="The family's words: the instructions.")
    time = serializers.CharField(
        allow_null=True, help_text='The time the schedule names, "HH:MM"; null for none.'
    )
    status = serializers.ChoiceField(
        choices=DOSE_STATUSES,
        help_text="The outcome of the latest entry not corrected; due while there is none.",
    )
    entries = DoseEntryOutputSerializer(many=True)


@extend_schema_serializer(component_name="MedicationAdministration")
class AdministrationOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    meetingId = serializers.IntegerField(source="meeting_id")  # noqa: N815
    medication = serializers.CharField()
    dose = serializers.CharField()
    outcome = serializers.ChoiceField(choices=MedicationOutcome.choices)
    at = SchoolTimeField()
    note = serializers.CharField()
    by = serializers.CharField(source="by_name")
    corrects = serializers.IntegerField(source="corrects_id", allow_null=True)
    recordedAt = SchoolTimeField(source="recorded_at")  # noqa: N815


class MeetingMedicationsApi(APIView):
    """GET /api/meetings/{id}/medications: the doses due at the meeting, by time then name."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="The doses due at a meeting, with what was recorded of each (the class's "
        "instructor, and admins)",
        responses={200: DoseDueOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, meeting_id: int):
        meeting = access_meeting_for_attendance(user=request.user, meeting_id=meeting_id)
        doses = doses_due(meeting, reader=request.user)
        return Response(DoseDueOutputSerializer(doses, many=True).data)


class MedicationAdministrationCreateApi(APIView):
    """POST /api/medications/administrations: a dose given, refused or missed, or a correction
    of an entry; a `clientId` sent before answers the first entry again, 200 instead of 201."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema_serializer(component_name="MedicationAdministrationInput")
    class InputSerializer(ServiceInputSerializer):
        clientId = serializers.CharField(  # noqa: N815
            source="client_id", required=False, max_length=CLIENT_ID_MAX_LENGTH
        )
        participantId = serializers.IntegerField(  # noqa: N815
            source="participant_id", min_value=1, max_value=LARGEST_ROW_ID
        )
        meetingId = serializers.IntegerField(  # noqa: N815
            source="meeting_id", min_value=1, max_value=LARGEST_ROW_ID
        )
        medication = serializers.CharField(max_length=MEDICATION_MAX_LENGTH)
        outcome = serializers.ChoiceField(
            choices=MedicationOutcome.choices,
            error_messages={"invalid_choice": gettext_lazy("Choose given, refused or missed.")},
        )
        at = serializers.DateTimeField(help_text="When the dose was given, on the device.")
        note = serializers.CharField(
            required=False, allow_blank=True, default="", max_length=NOTE_MAX_LENGTH
        )
        corrects = serializers.IntegerField(
            source="corrects_id",
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=LARGEST_ROW_ID,
            help_text="The entry this one corrects (a note then says why).",
        )

    @extend_schema(
        summary="Record a dose given, refused or missed (the class's instructor, and admins); "
        "a repeated clientId answers the first entry again",
        request=InputSerializer,
        responses={
            201: AdministrationOutputSerializer,
            200: AdministrationOutputSerializer,
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry, created = data.call_service(
            medication_administration_record, actor=request.user, **data.validated_data
        )
        return Response(
            AdministrationOutputSerializer(entry).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


@extend_schema_serializer(component_name="MedicationLogEntry")
class LogEntryOutputSerializer(DoseEntryOutputSerializer):
    meetingId = serializers.IntegerField(source="meeting_id")  # noqa: N815
    classId = serializers.IntegerField(source="meeting.camp_class_id")  # noqa: N815
    className = serializers.CharField(source="meeting.camp_class.name")  # noqa: N815
    day = serializers.DateField(source="meeting.day", help_text="The meeting's day.")
    medication = serializers.CharField()
    dose = serializers.CharField()
    recordedAt = SchoolTimeField(source="recorded_at")  # noqa: N815


class ParticipantMedicationsApi(APIView):
    """GET /api/participants/{id}/medications: the child's medication log, newest first."""

    permission_classes = [IsStudentOrAdmin]

    @extend_schema(
        summary="A child's medication log, newest first (the family, and admins)",
        responses={200: LogEntryOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, participant_id: int):
        participant = access_care_of_family_or_admin(
            reader=request.user, participant_id=participant_id
        )
        care_reads_logged(participants=[participant], reader=request.user, part=CarePart.MEDICATION)
        entries = medication_log_of(participant_id=participant.pk)
        return Response(LogEntryOutputSerializer(entries, many=True).data)
