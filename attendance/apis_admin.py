"""The school's view of attendance: a day's counts per meeting, the children still here, and a
day's record as CSV. Children's details: admins and the office, who read them and change
nothing here (an instructor takes their own classes' attendance through
GET /api/meetings/{id}/attendance)."""

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsOfficeOrAdmin
from attendance.selectors import (
    attendance_counts_on,
    attendance_csv_write,
    still_here_today,
)
from core.converters import LARGEST_ROW_ID
from core.negotiation import FileAnswerNegotiation
from core.openapi import errors
from core.school_time import school_today


@extend_schema_serializer(component_name="AttendanceDayQuery")
class AttendanceDayQuerySerializer(serializers.Serializer):
    # The school's day; today there when left out.
    day = serializers.DateField(required=False, input_formats=["iso-8601"])
    classId = serializers.IntegerField(  # noqa: N815
        min_value=1, max_value=LARGEST_ROW_ID, required=False
    )


def _day_asked(request) -> tuple:
    query = AttendanceDayQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("day") or school_today(), query.validated_data.get("classId")


class MeetingCountsOutputSerializer(serializers.Serializer):
    meetingId = serializers.IntegerField(source="meeting.pk")  # noqa: N815 - the API's names
    classId = serializers.IntegerField(source="meeting.camp_class_id")  # noqa: N815
    className = serializers.CharField(source="meeting.camp_class.name")  # noqa: N815
    day = serializers.DateField(source="meeting.day")
    start = serializers.DateTimeField(source="meeting.start")
    end = serializers.DateTimeField(source="meeting.end")
    expected = serializers.IntegerField()
    present = serializers.IntegerField()
    absent = serializers.IntegerField()
    left = serializers.IntegerField()
    stillHere = serializers.IntegerField(source="still_here")  # noqa: N815


class AttendanceDayApi(APIView):
    """GET /api/attendance?day=YYYY-MM-DD[&classId=]: each meeting of the day, by start, with how
    many children are expected yet, present, absent, gone home and still here (the office and
    admins)."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="A day's attendance per meeting (the office and admins)",
        parameters=[AttendanceDayQuerySerializer],
        responses={200: MeetingCountsOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        day, class_id = _day_asked(request)
        counts = attendance_counts_on(day=day, class_id=class_id)
        return Response(MeetingCountsOutputSerializer(counts, many=True).data)


class EmergencyContactOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    relationship = serializers.CharField()
    phone = serializers.CharField()


class StillHereOutputSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(source="participant.pk")  # noqa: N815
    name = serializers.CharField()
    classId = serializers.IntegerField(source="meeting.camp_class_id")  # noqa: N815
    className = serializers.CharField(source="meeting.camp_class.name")  # noqa: N815
    meetingId = serializers.IntegerField(source="meeting.pk")  # noqa: N815
    checkedInAt = serializers.DateTimeField(source="checked_in_at")  # noqa: N815
    emergencyContacts = EmergencyContactOutputSerializer(  # noqa: N815
        many=True, source="emergency_contacts"
    )


class StillHereListApi(APIView):
    """GET /api/attendance/still-here: the children checked in and not checked out today, across
    classes, with whom to call (the office and admins; the page asks again every few seconds)."""

    permission_classes = [IsOfficeOrAdmin]

    @extend_schema(
        summary="Children checked in and not checked out today (the office and admins)",
        responses={200: StillHereOutputSerializer(many=True), **errors(401, 403)},
    )
    def get(self, request):
        response = Response(StillHereOutputSerializer(still_here_today(), many=True).data)
        # Children's details: never kept by a shared cache.
        patch_cache_control(response, private=True, no_store=True)
        return response


class AttendanceCsvApi(APIView):
    """GET /api/attendance.csv?day=YYYY-MM-DD[&classId=]: a day's attendance, a row per child per
    meeting, as a spreadsheet-safe CSV download (the office and admins)."""

    permission_classes = [IsOfficeOrAdmin]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="attendance_csv",
        summary="A day's attendance as CSV (the office and admins)",
        parameters=[AttendanceDayQuerySerializer],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The attendance."),
            **errors(400, 401, 403),
        },
    )
    def get(self, request):
        day, class_id = _day_asked(request)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        name = f"attendance-{day.isoformat()}" + (f"-class-{class_id}" if class_id else "")
        response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
        patch_cache_control(response, private=True, no_store=True)
        attendance_csv_write(day=day, class_id=class_id, target=response)
        return response
