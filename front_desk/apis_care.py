"""The admins' view of care records still missing for upcoming classes, and their reminder to
a family."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsAdmin
from core.api import ServiceInputSerializer
from core.openapi import errors
from enrolments.selectors import care_gaps
from enrolments.services import care_family_remind


class CareGapOutputSerializer(serializers.Serializer):
    classId = serializers.IntegerField(source="camp_class.pk")  # noqa: N815 - the API's names
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    firstMeetingAt = serializers.DateTimeField(source="camp_class.starts_at")  # noqa: N815
    daysToFirstMeeting = serializers.IntegerField(source="days_to_first_meeting")  # noqa: N815
    participantId = serializers.IntegerField(source="participant.pk")  # noqa: N815
    participantName = serializers.CharField(source="participant.name")  # noqa: N815
    accountId = serializers.IntegerField(source="family.pk")  # noqa: N815
    familyName = serializers.CharField(source="family.name")  # noqa: N815
    familyEmail = serializers.EmailField(source="family.email")  # noqa: N815
    missing = serializers.ListField(child=serializers.CharField())


class CareGapListApi(APIView):
    """GET /api/care/missing: children enrolled in upcoming classes whose care record or
    policies are incomplete, soonest class first (admins)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Care records missing for upcoming classes (admins)",
        responses={200: CareGapOutputSerializer(many=True), **errors(401, 403)},
    )
    def get(self, request):
        return Response(CareGapOutputSerializer(care_gaps(), many=True).data)


@extend_schema_serializer(component_name="CareReminderInput")
class CareReminderInputSerializer(ServiceInputSerializer):
    accountId = serializers.IntegerField(source="family_id")  # noqa: N815


class CareReminderCreateApi(APIView):
    """POST /api/care/reminders: an admin reminds a family of what is missing; one e-mail a
    day at most (`sent` false when it went already)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Remind a family of missing care records (admins; once a day per family)",
        request=CareReminderInputSerializer,
        responses={
            202: inline_serializer(
                name="CareReminderSent", fields={"sent": serializers.BooleanField()}
            ),
            **errors(400, 401, 403, 404),
        },
    )
    def post(self, request):
        data = CareReminderInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sent = data.call_service(care_family_remind, **data.validated_data)
        return Response({"sent": sent}, status=status.HTTP_202_ACCEPTED)
