"""Classes: the public lists, instructors' proposals and admins' reviews."""

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.access import access_person_by_email
from accounts.models import Role
from accounts.permissions import IsAdmin, IsInstructor, IsInstructorOrAdmin
from accounts.selectors import instructor_get
from classes.access import (
    access_class_for_instructor,
    access_class_for_viewer,
    sees_review_of,
)
from classes.calendars import MEDIA_TYPE as CALENDAR_MEDIA_TYPE
from classes.calendars import calendar_document
from classes.catalog import UPCOMING, class_ended
from classes.filters import FILTER_PARAMETERS, ClassFilter, classes_filtered
from classes.images import MAX_UPLOAD_BYTES, class_image_store
from classes.models import (
    DESCRIPTION_MAX_LENGTH,
    MAX_AGE,
    WHAT_TO_BRING_MAX_LENGTH,
    Booking,
    Category,
    ClassStatus,
    Level,
    Season,
)
from classes.schedule import MAX_SCHEDULE_DAYS, WEEKDAY_NAMES, school_timezone
from classes.selectors import (
    SEAT_FIGURES,
    approved_classes_of,
    category_list,
    class_calendar_meetings,
    class_list_by_instructor,
    class_list_for,
    popular_class_list,
    similar_open_classes,
)
from classes.serializers import (
    CategoryOutputSerializer,
    ClassOutputSerializer,
    ClassPageOutputSerializer,
    ClassPageWithFeedbackOutputSerializer,
    ClassWithFeedbackOutputSerializer,
    InstructorPageOutputSerializer,
)
from classes.services import (
    DETAIL_FIELDS,
    class_approve,
    class_create,
    class_deny,
    class_send_feedback,
    class_update,
    class_withdraw,
)
from core.api import ServiceInputSerializer
from core.errors import NotFound
from core.images import ImageRejected, size_refusal
from core.negotiation import FileAnswerNegotiation
from core.openapi import ErrorSerializer, count_of, errors
from core.pagination import (
    PAGE_PARAMETER_NAMES,
    PAGE_PARAMETERS,
    list_answer,
    list_response,
    page_requested,
)
from core.parsers import upload_declared_too_large
from core.public_cache import PublicListApi, SameForEveryVisitor, public_answer
from core.validators import validate_image_url
from extras.selectors import add_ons_shown

# Seats are a PositiveIntegerField: PostgreSQL's integer.
MAX_SEATS = 2_147_483_647
TIME_FORMATS = ["%H:%M", "%H:%M:%S"]


class WeekdayField(serializers.ChoiceField):
    """A weekday by its short English name ("mon"), kept as its number (0 for Monday)."""

    def __init__(self, **kwargs):
        super().__init__(choices=WEEKDAY_NAMES, **kwargs)

    def to_internal_value(self, data):
        return WEEKDAY_NAMES.index(super().to_internal_value(data))


class ClassInputSerializer(ServiceInputSerializer):
    """What an instructor writes about a class; the rest of the class is the server's to set.

    The spec's four fields are required; every other is optional, and when absent from an edit
    it keeps its value (the spec's client knows none of them). Each names the model's field as
    its source, so validated data goes to the services as it is.
    """

    nameClass = serializers.CharField(max_length=40)  # noqa: N815 - the spec's field names
    # Only a new class says it: weeks or days are made from its schedule, each `seats` seats at
    # `price` (`classes.series`); an edit keeps how it is sold.
    booking = serializers.ChoiceField(choices=Booking.values, required=False)
    seats = serializers.IntegerField(min_value=0, max_value=MAX_SEATS)
    price = serializers.DecimalField(max_digits=8, decimal_places=2, min_value=0)
    image = serializers.CharField(max_length=1000, validators=[validate_image_url])
    description = serializers.CharField(
        max_length=DESCRIPTION_MAX_LENGTH, required=False, allow_blank=True, allow_null=True
    )
    category = serializers.SlugRelatedField(
        slug_field="slug", queryset=Category.objects.all(), required=False, allow_null=True
    )
    level = serializers.ChoiceField(
        choices=Level.values, required=False, allow_blank=True, allow_null=True
    )
    location = serializers.CharField(
        max_length=200, required=False, allow_blank=True, allow_null=True
    )
    whatToBring = serializers.CharField(  # noqa: N815
        source="what_to_bring",
        max_length=WHAT_TO_BRING_MAX_LENGTH,
        required=False,
        allow_blank=True,
        allow_null=True,
    )
    ageMin = serializers.IntegerField(  # noqa: N815
        source="age_min", min_value=0, max_value=MAX_AGE, required=False, allow_null=True
    )
    ageMax = serializers.IntegerField(  # noqa: N815
        source="age_max", min_value=0, max_value=MAX_AGE, required=False, allow_null=True
    )
    startDate = serializers.DateField(source="start_date", required=False, allow_null=True)  # noqa: N815
    endDate = serializers.DateField(source="end_date", required=False, allow_null=True)  # noqa: N815
    meetingDays = serializers.ListField(  # noqa: N815
        source="meeting_days", child=WeekdayField(), required=False, allow_null=True, max_length=7
    )
    startTime = serializers.TimeField(  # noqa: N815
        source="start_time", input_formats=TIME_FORMATS, required=False, allow_null=True
    )
    endTime = serializers.TimeField(  # noqa: N815
        source="end_time", input_formats=TIME_FORMATS, required=False, allow_null=True
    )
    noMeetingDates = serializers.ListField(  # noqa: N815
        source="no_meeting_dates",
        child=serializers.DateField(),
        required=False,
        allow_null=True,
        max_length=MAX_SCHEDULE_DAYS,
    )
    # Without one, a new class joins the season its dates fall in, or the open one.
    seasonId = serializers.IntegerField(  # noqa: N815
        source="season", required=False, allow_null=True, min_value=1
    )
    # A moment without an offset is the school's time, as the instructor reads it.
    registrationClosesAt = serializers.DateTimeField(  # noqa: N815
        source="registration_closes_at",
        required=False,
        allow_null=True,
        default_timezone=school_timezone(),
    )

    def validate_seasonId(self, value: int | None) -> Season | None:  # noqa: N802
        if value is None:
            return None
        season = Season.objects.filter(pk=value).first() if value < 2**63 else None
        if season is None:
            raise serializers.ValidationError(_("No such season."))
        return season


def _class_fields(data: dict) -> dict:
    return {
        "name": data["nameClass"],
        "image": data["image"],
        "price": data["price"],
        "seats": data["seats"],
        **{field: data[field] for field in DETAIL_FIELDS if field in data},
    }


class ClassListCreateApi(PublicListApi, APIView):
    """GET /api/classes: approved classes (every class for admins), those that have ended only
    when `when=past` asks (`classes.catalog`). POST: propose a class."""

    InputSerializer = ClassInputSerializer
    public_name = "classes"
    public_params = frozenset({"status", *PAGE_PARAMETER_NAMES, *ClassFilter.base_filters})
    # A class leaves the catalog for its archive the day after its last meeting.
    follows_the_day = True

    def follows_figures(self, query_params) -> bool:
        # Which classes have seats left, and which have the most families enrolled.
        return "hasSeats" in query_params or query_params.get("ordering") == "popular"

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsInstructor()]
        return [AllowAny()]

    @extend_schema_serializer(component_name="ClassListQuery")
    class QuerySerializer(serializers.Serializer):
        status = serializers.ChoiceField(choices=ClassStatus.values, required=False)

    @extend_schema(
        summary="Approved classes; every class for admins; searched, filtered and sorted",
        parameters=[QuerySerializer, *FILTER_PARAMETERS, *PAGE_PARAMETERS],
        responses={200: ClassOutputSerializer(many=True), **errors(400)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        status_asked = query.validated_data.get("status")
        page = page_requested(request.query_params)

        admin = request.user.is_authenticated and request.user.role == Role.ADMIN
        # The catalog is the approved classes, as everyone but an admin gets them, and as an
        # admin asks for them on the public pages; an admin's list of every class, or of a
        # review state, is the back office's, ended classes and all.
        catalog = not admin or status_asked == ClassStatus.APPROVED

        def answer():
            classes = classes_filtered(
                class_list_for(user=request.user, status=status_asked),
                request.query_params,
                when=UPCOMING if catalog else None,
            )
            return list_answer(request, classes, ClassOutputSerializer, page)

        if admin:
            # An admin's list holds every review state and changes with each decision.
            data, headers = answer()
            return Response(data, headers=headers)
        return public_answer(self.public_key(request), answer, live=SEAT_FIGURES)

    @extend_schema(
        summary="Propose a class (instructors); it waits for an admin's review",
        request=ClassInputSerializer,
        responses={201: count_of("ClassCreated", "insertedId"), **errors(400, 401, 403)},
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # Name, e-mail, status and enrolment in the body are ignored: the caller is the
        # instructor, and a new class is Pending with nobody enrolled.
        camp_class = data.call_service(
            class_create,
            instructor=request.user,
            booking=data.validated_data.get("booking", Booking.WHOLE),
            **_class_fields(data.validated_data),
        )
        return Response({"insertedId": camp_class.pk}, status=status.HTTP_201_CREATED)


class ClassUpdateApi(SameForEveryVisitor, APIView):
    """GET /api/classes/{id}: the class's page, for whoever may see it (`access_class_for_viewer`).
    PUT: the class's own instructor edits it, or an admin (who may also move its meetings at
    short notice).

    A visitor's answer is the same for all, so the class's page carries it; it is not cached,
    as the lists are: its `seatsFree` follows the clock to the second, a hold counting no more
    once it runs out, with no write to forget the cache by."""

    InputSerializer = ClassInputSerializer

    def get_permissions(self):
        if self.request.method == "GET":
            return [AllowAny()]
        return [IsInstructorOrAdmin()]

    @extend_schema(
        summary="One class (approved: anyone; any status: its instructor and admins)",
        responses={
            200: OpenApiResponse(
                ClassPageOutputSerializer,
                description="The class. Its instructor and admins also get `feedback`, the "
                "admin's latest note. A class that has ended says so, with open classes like it. "
                "Its add-ons (`addOns`), each option with what it has left.",
            ),
            **errors(401, 404),
        },
    )
    def get(self, request, class_id: int):
        camp_class = access_class_for_viewer(user=request.user, class_id=class_id)
        # Asked only of a class that has ended: every other page costs no query more.
        similar = similar_open_classes(camp_class=camp_class) if class_ended(camp_class) else ()
        serializer = (
            ClassPageWithFeedbackOutputSerializer
            if sees_review_of(user=request.user, camp_class=camp_class)
            else ClassPageOutputSerializer
        )
        context = {"similar": similar, "addOns": add_ons_shown(camp_class=camp_class)}
        return Response(serializer(camp_class, context=context).data)

    @extend_schema(
        summary="Edit a class (its instructor, or an admin)",
        request=ClassInputSerializer,
        responses={
            200: count_of("ClassModified", "modifiedCount"),
            **errors(400, 401, 403, 404),
        },
    )
    def put(self, request, class_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        modified = data.call_service(
            class_update,
            class_id=class_id,
            editor=request.user,
            **_class_fields(data.validated_data),
        )
        return Response({"modifiedCount": modified})


class ClassApproveApi(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Approve a pending class (admins)",
        request=None,
        responses={
            200: count_of("ClassModified", "modifiedCount"),
            **errors(401, 403, 404, 409),
        },
    )
    def patch(self, request, class_id: int):
        return Response({"modifiedCount": class_approve(class_id=class_id)})


class ClassDenyApi(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Deny a pending class (admins)",
        request=None,
        responses={
            200: count_of("ClassModified", "modifiedCount"),
            **errors(401, 403, 404, 409),
        },
    )
    def patch(self, request, class_id: int):
        return Response({"modifiedCount": class_deny(class_id=class_id)})


class ClassWithdrawApi(APIView):
    """POST /api/classes/{id}/withdraw: an instructor takes back their class before it is
    approved; an approved one only the school cancels."""

    permission_classes = [IsInstructor]

    @extend_schema(
        summary="Withdraw one's own class while it waits for review (instructors)",
        request=None,
        responses={
            200: count_of("ClassModified", "modifiedCount"),
            **errors(401, 403, 404, 409),
        },
    )
    def post(self, request, class_id: int):
        return Response(
            {"modifiedCount": class_withdraw(class_id=class_id, instructor=request.user)}
        )


class ClassSendFeedbackApi(APIView):
    """PATCH /api/classes/feedback/{id}: an admin tells the instructor what to change."""

    permission_classes = [IsAdmin]

    @extend_schema_serializer(component_name="FeedbackInput")
    class InputSerializer(serializers.Serializer):
        feedback = serializers.CharField(max_length=1000)

    @extend_schema(
        summary="Tell a class's instructor what to change (admins)",
        request=InputSerializer,
        responses={
            200: count_of("ClassModified", "modifiedCount"),
            **errors(400, 401, 403, 404),
        },
    )
    def patch(self, request, class_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        sent = class_send_feedback(class_id=class_id, feedback=data.validated_data["feedback"])
        return Response({"modifiedCount": sent})


class InstructorClassListApi(APIView):
    """GET /api/myClasses/{email}: an instructor's own classes, with feedback; admins see any."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="An instructor's own classes with feedback (that instructor, or admins)",
        parameters=PAGE_PARAMETERS,
        responses={200: ClassWithFeedbackOutputSerializer(many=True), **errors(400, 401, 403)},
    )
    def get(self, request, email: str):
        asked = access_person_by_email(
            caller=request.user, email=email, refusal=_("You can only see your own classes.")
        )
        classes = class_list_by_instructor(email=asked)
        return list_response(request, classes, ClassWithFeedbackOutputSerializer)


class InstructorClassDetailApi(APIView):
    """GET /api/myClass/{id}: one class with feedback, for its instructor or an admin."""

    permission_classes = [IsInstructorOrAdmin]

    @extend_schema(
        summary="One class with feedback (its instructor, or admins)",
        responses={200: ClassWithFeedbackOutputSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, class_id: int):
        camp_class = access_class_for_instructor(user=request.user, class_id=class_id)
        return Response(ClassWithFeedbackOutputSerializer(camp_class).data)


class UploadRefusedSerializer(ErrorSerializer):
    """A refused upload, in the image host's shape as well as ours."""

    success = serializers.BooleanField()
    error = serializers.CharField()


def _upload_refused(problem: str) -> Response:
    # The image host's answer shape, which the add-class form reads, plus our own error shape
    # so the API client and the form's image field show the same sentence.
    return Response(
        {"success": False, "error": problem, "message": problem, "errors": {"image": [problem]}},
        status=status.HTTP_400_BAD_REQUEST,
    )


class ClassImageUploadApi(APIView):
    """POST /api/images: a class banner or a person's photo, checked and re-encoded, answered
    like an image host. Anyone signed in may upload (a student's photo too); the `uploads`
    throttle bounds how much each person stores."""

    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser]
    throttle_scope = "uploads"

    @extend_schema(
        summary="Upload an image: a class banner or a profile photo (anyone signed in)",
        request={
            "multipart/form-data": inline_serializer(
                "ClassImageUpload", {"image": serializers.ImageField()}
            )
        },
        responses={
            200: inline_serializer(
                "ClassImageStored",
                {
                    "success": serializers.BooleanField(),
                    "data": inline_serializer(
                        "ClassImageUrl", {"display_url": serializers.CharField()}
                    ),
                },
            ),
            400: OpenApiResponse(
                UploadRefusedSerializer, description="The image was refused; error says why."
            ),
            **errors(401, 403),
        },
    )
    def post(self, request):
        if upload_declared_too_large(request, file_bytes=MAX_UPLOAD_BYTES):
            return _upload_refused(size_refusal(MAX_UPLOAD_BYTES))
        try:
            upload = request.FILES.get("image")
        except (exceptions.ParseError, exceptions.UnsupportedMediaType):
            return _upload_refused(
                _("Send the image as multipart/form-data, in a field named image.")
            )
        if upload is None:
            return _upload_refused(_("Choose an image to upload, in a field named image."))
        try:
            url = class_image_store(upload=upload)
        except ImageRejected as problem:
            return _upload_refused(str(problem))
        # The storage's own address: a path on this site (whatever host the page is served
        # under), or the bucket's or CDN's URL. Never the host this upload came through.
        return Response({"success": True, "data": {"display_url": url}})


class PopularClassListApi(PublicListApi, APIView):
    permission_classes = [AllowAny]
    public_name = "popularClasses"
    # An ended class leaves the list the day after its last meeting.
    follows_the_day = True

    def follows_figures(self, query_params) -> bool:
        # The classes with the most families enrolled, in that order.
        return True

    @extend_schema(
        summary="The approved classes with the most enrolments",
        responses=ClassOutputSerializer(many=True),
    )
    def get(self, request):
        return public_answer(
            self.public_key(request),
            lambda: (ClassOutputSerializer(popular_class_list(), many=True).data, {}),
            live=SEAT_FIGURES,
        )


class ClassCalendarApi(APIView):
    """GET /api/classes/{id}/calendar.ics: the class's meetings as an iCalendar file, to add to a
    calendar; cancelled ones stay, marked cancelled. A schedule to be announced is an empty
    calendar. Whoever may see the class may have it (`access_class_for_viewer`)."""

    permission_classes = [AllowAny]
    content_negotiation_class = FileAnswerNegotiation

    @extend_schema(
        operation_id="classes_calendar_retrieve",
        summary="A class's meetings as an iCalendar file (approved classes; any for its "
        "instructor and admins)",
        responses={
            (200, "text/calendar"): OpenApiResponse(
                OpenApiTypes.STR, description="An RFC 5545 calendar, one VEVENT per meeting."
            ),
            **errors(401, 404),
        },
    )
    def get(self, request, class_id: int):
        camp_class = access_class_for_viewer(user=request.user, class_id=class_id)
        document = calendar_document(
            name=camp_class.name, meetings=class_calendar_meetings(class_id=camp_class.pk)
        )
        filename = f"{slugify(camp_class.name) or f'class-{camp_class.pk}'}.ics"
        response = HttpResponse(
            document,
            content_type=CALENDAR_MEDIA_TYPE,
            headers={"Content-Disposition": content_disposition_header(True, filename)},
        )
        # Always asked again: an instructor who edits the schedule downloads the new one.
        patch_cache_control(response, private=True, no_cache=True)
        return response


class CategoryListApi(PublicListApi, APIView):
    """GET /api/categories: the school's categories, in its order, for the filters and forms."""

    permission_classes = [AllowAny]
    public_name = "categories"

    @extend_schema(
        summary="The school's class categories, in its order",
        responses=CategoryOutputSerializer(many=True),
    )
    def get(self, request):
        return public_answer(
            self.public_key(request),
            lambda: (CategoryOutputSerializer(category_list(), many=True).data, {}),
        )


class InstructorDetailApi(PublicListApi, APIView):
    """GET /api/instructors/{id}: an instructor's page with their approved classes, the same for
    everyone, so cached like the lists.

    Here rather than with the instructors list in accounts: the page shows classes, and accounts
    sits below classes."""

    permission_classes = [AllowAny]
    public_name = "instructors/{instructor_id}"

    @extend_schema(
        summary="An instructor's page: name, photo, bio and approved classes, soonest first",
        responses={200: InstructorPageOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, instructor_id: int):
        instructor = instructor_get(user_id=instructor_id)
        if instructor is None:
            raise NotFound(_("No such instructor."))

        def answer():
            classes = approved_classes_of(instructor_id=instructor.pk)
            page = InstructorPageOutputSerializer(instructor, context={"classes": classes})
            return page.data, {}

        return public_answer(self.public_key(request), answer, live=SEAT_FIGURES)
