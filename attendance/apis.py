"""Attendance on the days of camp: a meeting's roster with each child's status, an action taken
on it (`services.attendance_record`), and an instructor's Today. A class's instructor and admins
only: who is at the school, and who collected them, goes nowhere else."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsInstructorOrAdmin
from attendance.access import access_meeting_for_attendance
from attendance.lines import (
    ATTENDANCE_STATUSES,
    attendance_line_of,
    attendance_lines,
    attendance_today,
)
from attendance.models import AttendanceAction, AttendanceActionKind, CollectorKind
from attendance.services import HAND_OVER_CHECK_IN, attendance_hand_over, attendance_record
from classes.models import CareKind
from classes.serializers import SchoolTimeField
from core.api import ServiceInputSerializer
from core.converters import LARGEST_ROW_ID
from core.openapi import errors
from enrolments.serializers import CareFlagsOutputSerializer, RosterAnswerOutputSerializer

CLIENT_ID_MIN_LENGTH = 8
CLIENT_ID_MAX_LENGTH = AttendanceAction._meta.get_field("client_id").max_length
NAME_MAX_LENGTH = AttendanceAction._meta.get_field("collected_by_name").max_length
REASON_MAX_LENGTH = AttendanceAction._meta.get_field("override_reason").max_length

COLLECTED_BY = inline_serializer(
    "AttendanceCollectedBy",
    {
        "kind": serializers.ChoiceField(choices=CollectorKind.choices),
        "id": serializers.CharField(allow_null=True),
        "name": serializers.CharField(),
    },
    allow_null=True,
)


class CollectorOutputSerializer(serializers.Serializer):
    """Someone who may collect a child (attendance.lines.Collector)."""

    kind = serializers.ChoiceField(choices=CollectorKind.choices)
    id = serializers.CharField()
    name = serializers.CharField()
    relationship = serializers.CharField()
    phone = serializers.CharField()


class SameDayCareOutputSerializer(serializers.Serializer):
    """A day of extended care a child has on a meeting's day, and who looks after them."""

    meetingId = serializers.IntegerField(source="pk")  # noqa: N815
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    kind = serializers.CharField(source="camp_class.extended_care.kind")
    label = serializers.CharField(source="camp_class.extended_care.label")
    start = SchoolTimeField()
    end = SchoolTimeField()
    ledBy = serializers.CharField(source="camp_class.extended_care.led_by.name")  # noqa: N815


class SameDayClassOutputSerializer(serializers.Serializer):
    """Another class a child has on a meeting's day: on a day of care, the class they are
    handed to or come from."""

    meetingId = serializers.IntegerField(source="pk")  # noqa: N815
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    unitLabel = serializers.CharField(source="camp_class.unit_label")  # noqa: N815
    start = SchoolTimeField()
    end = SchoolTimeField()


@extend_schema_serializer(component_name="AttendanceLine")
class AttendanceLineOutputSerializer(serializers.Serializer):
    """One child on one meeting's roster (attendance.lines.AttendanceLine): the roster's
    care flags, who may collect them, where they stand, and the rest of their day: their
    before- and after-care and their other classes."""

    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815 - the API's names
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=ATTENDANCE_STATUSES, source="fold.status")
    checkedInAt = SchoolTimeField(source="fold.checked_in_at", allow_null=True)  # noqa: N815
    checkedOutAt = SchoolTimeField(source="fold.checked_out_at", allow_null=True)  # noqa: N815
    late = serializers.BooleanField(source="fold.late", help_text="Checked in after the start.")
    early = serializers.BooleanField(source="fold.early", help_text="Checked out before the end.")
    collectedBy = serializers.SerializerMethodField()  # noqa: N815
    flags = CareFlagsOutputSerializer()
    collectors = CollectorOutputSerializer(many=True)
    mayLeaveAlone = serializers.BooleanField(source="may_leave_alone")  # noqa: N815
    lastActionId = serializers.SerializerMethodField()  # noqa: N815
    lastActionBy = serializers.SerializerMethodField()  # noqa: N815
    extendedCare = SameDayCareOutputSerializer(source="extended_care", many=True)  # noqa: N815
    classesToday = SameDayClassOutputSerializer(source="classes", many=True)  # noqa: N815
    # The family's answers to the school's questions marked for the instructor (an admin:
    # every one), as the roster shows them. Optional in the schema: older stubs stay valid.
    answers = RosterAnswerOutputSerializer(source="roster.answers", many=True, required=False)

    @extend_schema_field(COLLECTED_BY)
    def get_collectedBy(self, line) -> dict | None:  # noqa: N802
        return line.fold.collected_by

    def get_lastActionId(self, line) -> int | None:  # noqa: N802
        return line.fold.last_action.pk if line.fold.last_action else None

    def get_lastActionBy(self, line) -> str | None:  # noqa: N802
        return line.fold.last_action.by_name if line.fold.last_action else None


class CollectedByInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=CollectorKind.choices,
        error_messages={
            "invalid_choice": gettext_lazy("Choose a guardian, a pick-up, alone or someone else.")
        },
    )
    # A guardian's or a pick-up's id, from the line's `collectors`.
    id = serializers.CharField(required=False, allow_blank=True, allow_null=True, max_length=64)
    # Someone else's name (admins only), or the chosen collector's, to name them in a refusal.
    name = serializers.CharField(
        required=False, allow_blank=True, allow_null=True, max_length=NAME_MAX_LENGTH
    )


@extend_schema_serializer(component_name="AttendanceActionRecorded")
class AttendanceActionOutputSerializer(serializers.Serializer):
    clientId = serializers.CharField(source="client_id")  # noqa: N815
    action = serializers.ChoiceField(choices=AttendanceActionKind.choices)
    at = SchoolTimeField()
    recordedAt = SchoolTimeField(source="recorded_at")  # noqa: N815
    by = serializers.CharField(source="by_name")
    line = AttendanceLineOutputSerializer(
        allow_null=True, help_text="The child's line now; null if they no longer hold a seat."
    )


class MeetingAttendanceApi(APIView):
    """GET /api/meetings/{id}/attendance: the meeting's roster, by name, with each child's
    status. POST: record one action (check in, absent, check out, undo); a `clientId` sent
    before answers the first action again, 200 instead of 201."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema_serializer(component_name="AttendanceActionInput")
    class InputSerializer(ServiceInputSerializer):
        clientId = serializers.CharField(  # noqa: N815
            source="client_id", min_length=CLIENT_ID_MIN_LENGTH, max_length=CLIENT_ID_MAX_LENGTH
        )
        participantId = serializers.IntegerField(source="participant_id", min_value=1)  # noqa: N815
        action = serializers.ChoiceField(
            choices=AttendanceActionKind.choices,
            error_messages={
                "invalid_choice": gettext_lazy("Choose check in, check out, absent or undo.")
            },
        )
        at = serializers.DateTimeField(help_text="When it was taken, on the device.")
        collectedBy = CollectedByInputSerializer(  # noqa: N815
            source="collected_by", required=False, allow_null=True
        )
        overrideReason = serializers.CharField(  # noqa: N815
            source="override_reason",
            required=False,
            allow_blank=True,
            default="",
            max_length=REASON_MAX_LENGTH,
        )

    @extend_schema(
        summary="A meeting's attendance, one line per child (the class's instructor, and admins)",
        responses={200: AttendanceLineOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, meeting_id: int):
        meeting = access_meeting_for_attendance(user=request.user, meeting_id=meeting_id)
        lines = attendance_lines(meeting, reader=request.user)
        return Response(AttendanceLineOutputSerializer(lines, many=True).data)

    @extend_schema(
        summary="Record an attendance action (the class's instructor on the meeting's day, and "
        "admins); a repeated clientId answers the first action again",
        request=InputSerializer,
        responses={
            201: AttendanceActionOutputSerializer,
            200: AttendanceActionOutputSerializer,
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request, meeting_id: int):
        meeting = access_meeting_for_attendance(user=request.user, meeting_id=meeting_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action, created = data.call_service(
            attendance_record, actor=request.user, meeting_id=meeting.pk, **data.validated_data
        )
        action.line = attendance_line_of(meeting, action.participant_id, reader=request.user)
        return Response(
            AttendanceActionOutputSerializer(action).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


TODAY_CARE = inline_serializer(
    "TodayExtendedCare",
    {
        "kind": serializers.ChoiceField(choices=CareKind.choices),
        "label": serializers.CharField(),
        "ledBy": serializers.CharField(),
    },
    allow_null=True,
)


@extend_schema_serializer(component_name="AttendanceHandOver")
class HandOverOutputSerializer(serializers.Serializer):
    checkedOut = AttendanceActionOutputSerializer(  # noqa: N815
        source="check_out", help_text="The check-out of the meeting the child left."
    )
    checkedIn = AttendanceActionOutputSerializer(  # noqa: N815
        source="check_in", help_text="The check-in to the meeting they went to."
    )


class MeetingHandOverApi(APIView):
    """POST /api/meetings/{id}/handOver: a child handed from this meeting's before-care to their
    class, or from this class to after-care: checked out of this meeting and into the other
    in one step. A `clientId` sent before answers the first hand-over again, 200 not 201."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema_serializer(component_name="AttendanceHandOverInput")
    class InputSerializer(ServiceInputSerializer):
        clientId = serializers.CharField(  # noqa: N815
            source="client_id",
            min_length=CLIENT_ID_MIN_LENGTH,
            max_length=CLIENT_ID_MAX_LENGTH - len(HAND_OVER_CHECK_IN),
        )
        participantId = serializers.IntegerField(  # noqa: N815
            source="participant_id", min_value=1, max_value=LARGEST_ROW_ID
        )
        toMeetingId = serializers.IntegerField(  # noqa: N815
            source="to_meeting_id", min_value=1, max_value=LARGEST_ROW_ID
        )
        at = serializers.DateTimeField(help_text="When it was taken, on the device.")

    @extend_schema(
        summary="Hand a child over from before-care to their class, or from their class to "
        "after-care (the meeting's instructor or care leader on its day, and admins)",
        request=InputSerializer,
        responses={
            201: HandOverOutputSerializer,
            200: HandOverOutputSerializer,
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request, meeting_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        check_out, check_in, created = data.call_service(
            attendance_hand_over, actor=request.user, meeting_id=meeting_id, **data.validated_data
        )
        for action in (check_out, check_in):
            action.line = attendance_line_of(
                action.meeting, action.participant_id, reader=request.user
            )
        return Response(
            HandOverOutputSerializer({"check_out": check_out, "check_in": check_in}).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class TodayMeetingOutputSerializer(serializers.Serializer):
    meetingId = serializers.IntegerField(source="meeting.pk")  # noqa: N815
    classId = serializers.IntegerField(source="meeting.camp_class_id")  # noqa: N815
    className = serializers.CharField(source="meeting.camp_class.name")  # noqa: N815
    unitLabel = serializers.CharField(  # noqa: N815
        source="meeting.camp_class.unit_label", help_text="The week or day; empty for a class."
    )
    extendedCare = serializers.SerializerMethodField(  # noqa: N815
        help_text="On a day of before- or after-care: its option; null for a class."
    )
    location = serializers.CharField(source="meeting.camp_class.location")
    start = SchoolTimeField(source="meeting.start")
    end = SchoolTimeField(source="meeting.end")
    opensAt = SchoolTimeField(  # noqa: N815
        source="opens_at", help_text="When the class's instructor may start taking attendance."
    )
    attendance = AttendanceLineOutputSerializer(source="lines", many=True)

    @extend_schema_field(TODAY_CARE)
    def get_extendedCare(self, today) -> dict | None:  # noqa: N802
        option = today.meeting.camp_class.extended_care
        if option is None:
            return None
        return {"kind": option.kind, "label": option.label, "ledBy": option.led_by.name}


class AttendanceTodayApi(APIView):
    """GET /api/attendance/today: the caller's classes meeting today at the school (every class's
    for an admin), by start time, each with its attendance."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="Today's meetings of the caller's classes with their attendance (instructors; "
        "admins: every class)",
        responses={200: TodayMeetingOutputSerializer(many=True), **errors(401, 403)},
    )
    def get(self, request):
        return Response(
            TodayMeetingOutputSerializer(attendance_today(request.user), many=True).data
        )
