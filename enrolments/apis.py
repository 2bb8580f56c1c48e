"""Enrolment: students' selections and the classes they are enrolled in."""

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_own_email
from accounts.permissions import IsStudent, ReadsRosters
from accounts.selectors import participant_list_for, user_by_calendar_token
from accounts.services import account_holder_of, calendar_token_get_or_make, calendar_token_reset
from attendance.selectors import family_seats_with_attendance
from care.models import CarePart
from classes.access import access_class_for_instructor, access_unit_for_instructor
from classes.calendars import MEDIA_TYPE as CALENDAR_MEDIA_TYPE
from classes.calendars import calendar_document
from classes.models import Class
from classes.selectors import approved_classes_among
from core.errors import NotFound
from core.negotiation import FileAnswerNegotiation
from core.openapi import count_of, errors
from core.pagination import PAGE_PARAMETERS, list_response
from core.spreadsheets import xlsx_bytes
from enrolments.rules import family_refusals
from enrolments.selectors import (
    calendar_meetings_for,
    roster_csv_write,
    roster_for,
    roster_lines,
    roster_table,
    selection_list_for,
    unit_roster_lines,
)
from enrolments.serializers import (
    EligibilityOutputSerializer,
    EnrolledClassOutputSerializer,
    ParticipantQuerySerializer,
    RosterLineOutputSerializer,
    SelectionOutputSerializer,
    UnitRosterLineOutputSerializer,
)
from enrolments.services import selection_create, selection_delete


class SelectionListCreateApi(APIView):
    """GET /api/selectClass?email=: the caller's selections. POST: a student selects a class."""

    throttle_scope = "selections"
    waiting_room_gated = True

    @extend_schema_serializer(component_name="SelectionQuery")
    class QuerySerializer(ParticipantQuerySerializer):
        email = serializers.EmailField()

    @extend_schema_serializer(component_name="SelectionInput")
    class InputSerializer(serializers.Serializer):
        classId = serializers.IntegerField(min_value=1)  # noqa: N815 - the spec's field name
        # Whom the class is for; the account holder when left out, as the spec's client does.
        participantId = serializers.IntegerField(min_value=1, required=False)  # noqa: N815

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsStudent()]
        return [IsAuthenticated()]

    @extend_schema(
        summary="The caller's selected classes",
        parameters=[QuerySerializer, *PAGE_PARAMETERS],
        responses={200: SelectionOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        access_own_email(
            caller=request.user,
            email=query.validated_data["email"],
            refusal=_("You can only see your own selected classes."),
        )
        selections = selection_list_for(
            student=request.user, participant_id=query.validated_data.get("participant")
        )
        return list_response(request, selections, SelectionOutputSerializer)

    @extend_schema(
        summary="Select an approved class to pay for later (students)",
        request=InputSerializer,
        responses={
            201: count_of("SelectionCreated", "insertedId"),
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request):
        # Only the class is read from the body: the student is the caller, and the class's
        # name, price and seats come from our database, not from what the browser claims.
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        selection = selection_create(
            student=request.user,
            class_id=data.validated_data["classId"],
            participant_id=data.validated_data.get("participantId"),
        )
        return Response({"insertedId": selection.pk}, status=status.HTTP_201_CREATED)


class SelectionDeleteApi(APIView):
    """DELETE /api/selectClass/{id}: drop one of the caller's own selections."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Drop one of the caller's own selections",
        responses={200: count_of("SelectionDeleted", "deletedCount"), **errors(401, 404)},
    )
    def delete(self, request, selection_id: int):
        # Someone else's selection answers 404 like a missing one, so ids reveal nothing.
        deleted = selection_delete(selection_id=selection_id, student=request.user)
        return Response({"deletedCount": deleted})


class EnrolledClassListApi(APIView):
    """GET /api/enrolledStudent/{email}: the classes the caller is enrolled in."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="The classes the caller's family is enrolled in, a row per seat (students)",
        parameters=[ParticipantQuerySerializer, *PAGE_PARAMETERS],
        responses={200: EnrolledClassOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request, email: str):
        access_own_email(
            caller=request.user,
            email=email,
            refusal=_("You can only see your own payments and classes."),
        )
        query = ParticipantQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        enrolments = family_seats_with_attendance(
            student=request.user, participant_id=query.validated_data.get("participant")
        )
        return list_response(request, enrolments, EnrolledClassOutputSerializer)


# How long a calendar app may keep a copy of a feed before asking again; only its own copy.
CALENDAR_FEED_MAX_AGE = 5 * 60

CALENDAR_FEED_ADDRESS = inline_serializer("CalendarFeedAddress", {"url": serializers.URLField()})


def _feed_address(request, token: str) -> Response:
    url = request.build_absolute_uri(reverse("calendar-feed", kwargs={"token": token}))
    response = Response({"url": url})
    # The address is the feed's only key: no copy of it anywhere but the person's browser.
    patch_cache_control(response, no_store=True)
    return response


class CalendarFeedAddressApi(APIView):
    """GET /api/calendarFeed: the address of the caller's own calendar feed, made on first ask."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The address of the caller's calendar feed of their enrolled classes",
        responses={200: CALENDAR_FEED_ADDRESS, **errors(401)},
    )
    def get(self, request):
        return _feed_address(request, calendar_token_get_or_make(user=request.user))


class CalendarFeedResetApi(APIView):
    """POST /api/calendarFeed/reset: a new address for the caller's feed; the old one is gone."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Replace the address of the caller's calendar feed (the old one answers 404)",
        request=None,
        responses={200: CALENDAR_FEED_ADDRESS, **errors(401)},
    )
    def post(self, request):
        return _feed_address(request, calendar_token_reset(user=request.user))


class CalendarFeedApi(APIView):
    """GET /api/calendar/{token}.ics: the meetings of the classes a person holds a seat in, for
    their calendar app to subscribe to. The token in the address is the only key: calendar apps
    send no sign-in, and an unknown token answers 404 like any missing page."""

    # An access token the calendar app happens to send changes nothing, and cannot refuse.
    authentication_classes: list = []
    permission_classes = [AllowAny]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="calendar_feed_retrieve",
        summary="A person's calendar feed of their enrolled classes' meetings (the token is "
        "the key)",
        responses={
            (200, "text/calendar"): OpenApiResponse(
                OpenApiTypes.STR, description="An RFC 5545 calendar, one VEVENT per meeting."
            ),
            **errors(404),
        },
    )
    def get(self, request, token: str):
        person = user_by_calendar_token(token=token)
        if person is None:
            raise NotFound(_("No such calendar."))
        document = calendar_document(
            name=f"My {settings.SITE_NAME} classes",
            meetings=calendar_meetings_for(student=person),
        )
        response = HttpResponse(
            document,
            content_type=CALENDAR_MEDIA_TYPE,
            headers={
                # The address is the secret: never sent on as a referrer, never indexed.
                "Referrer-Policy": "no-referrer",
                "X-Robots-Tag": "noindex, nofollow",
            },
        )
        patch_cache_control(response, private=True, max_age=CALENDAR_FEED_MAX_AGE)
        return response


MAX_CLASSES_ASKED = 100


class EligibilityApi(APIView):
    """GET /api/eligibility?classIds=3,7: for each class, whether each of the caller's family may
    take it and why not, before anyone clicks Select."""

    permission_classes = [IsStudent]

    @extend_schema_serializer(component_name="EligibilityQuery")
    class QuerySerializer(serializers.Serializer):
        classIds = serializers.CharField(  # noqa: N815
            help_text=f"Class ids separated by commas, 1 to {MAX_CLASSES_ASKED}."
        )

        def validate_classIds(self, value: str) -> list[int]:  # noqa: N802 - the API's name
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not parts or not all(part.isdigit() and len(part) < 12 for part in parts):
                raise serializers.ValidationError(_("Give class ids as numbers, like 3,7,9."))
            if len(parts) > MAX_CLASSES_ASKED:
                raise serializers.ValidationError(
                    _("Ask about %(MAX_CLASSES_ASKED)s classes at most at once.")
                    % {"MAX_CLASSES_ASKED": MAX_CLASSES_ASKED}
                )
            return list(dict.fromkeys(int(part) for part in parts))

    @extend_schema(
        summary="Whether each of the caller's family may take each class, and why not (students)",
        parameters=[QuerySerializer],
        responses={200: EligibilityOutputSerializer, **errors(400, 401, 403)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        account_holder_of(request.user)
        chances = family_refusals(
            participants=list(participant_list_for(account=request.user)),
            classes=list(approved_classes_among(class_ids=query.validated_data["classIds"])),
        )
        return Response(EligibilityOutputSerializer({"classes": chances}).data)


def _roster_of(request, class_id: int, *, part: CarePart):
    """The class, read for its own instructor, the office or an admin (refused to anyone else),
    and its
    roster's lines, their care flags' read logged as `part`."""
    camp_class = access_class_for_instructor(user=request.user, class_id=class_id, roster=True)
    enrolments = roster_for(classes=Class.objects.filter(pk=camp_class.pk))
    return camp_class, roster_lines(enrolments, reader=request.user, part=part)


class ClassRosterApi(APIView):
    """GET /api/classes/{id}/roster: who is enrolled, with what to know about them and whom to
    call. The class's own instructor, the office and admins only: children's details go nowhere
    else."""

    permission_classes = [ReadsRosters]

    @extend_schema(
        summary="A class's roster (its instructor, the office and admins)",
        responses={200: RosterLineOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, class_id: int):
        _, lines = _roster_of(request, class_id, part=CarePart.ROSTER)
        return Response(RosterLineOutputSerializer(lines, many=True).data)


class UnitRosterApi(APIView):
    """GET /api/classes/{id}/units/{unitId}/roster: who is booked on one week or day of a class
    sold by the week or the day, as the class roster shows them, each with the extended care
    booked on its days and who looks after them. The series' instructor, the office and admins."""

    permission_classes = [ReadsRosters]

    @extend_schema(
        summary="A week's or a day's roster, with extended care (the class's instructor, the "
        "office and admins)",
        responses={200: UnitRosterLineOutputSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, class_id: int, unit_id: int):
        unit = access_unit_for_instructor(
            user=request.user, class_id=class_id, unit_id=unit_id, roster=True
        )
        lines = unit_roster_lines(unit, reader=request.user, part=CarePart.ROSTER)
        return Response(UnitRosterLineOutputSerializer(lines, many=True).data)


class ClassRosterCsvApi(APIView):
    """GET /api/classes/{id}/roster.csv: the same roster as a spreadsheet-safe CSV download."""

    permission_classes = [ReadsRosters]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="class_roster_csv",
        summary="A class's roster as CSV (its instructor, the office and admins)",
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The roster."),
            **errors(401, 403, 404),
        },
    )
    def get(self, request, class_id: int):
        camp_class, lines = _roster_of(request, class_id, part=CarePart.EXPORT)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="roster-{camp_class.pk}.csv"'
        # Children's details: never kept by a shared cache.
        patch_cache_control(response, private=True, no_store=True)
        roster_csv_write(lines, response)
        return response


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class ClassRosterXlsxApi(APIView):
    """GET /api/classes/{id}/roster.xlsx: the same roster as an Excel workbook, every text cell
    spreadsheet-safe."""

    permission_classes = [ReadsRosters]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="class_roster_xlsx",
        summary="A class's roster as an Excel workbook (its instructor, the office, admins)",
        responses={
            (200, XLSX): OpenApiResponse(OpenApiTypes.BINARY, description="The roster."),
            **errors(401, 403, 404),
        },
    )
    def get(self, request, class_id: int):
        camp_class, lines = _roster_of(request, class_id, part=CarePart.EXPORT)
        headings, rows = roster_table(lines)
        response = HttpResponse(xlsx_bytes(headings, rows, title="Roster"), content_type=XLSX)
        response["Content-Disposition"] = f'attachment; filename="roster-{camp_class.pk}.xlsx"'
        # Children's details: never kept by a shared cache.
        patch_cache_control(response, private=True, no_store=True)
        return response
