from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from classes.catalog import class_ended
from classes.models import Booking
from classes.registration import registration_shut
from classes.schedule import (
    WEEKDAY_NAMES,
    meetings_of,
    registration_closes_at,
    school_timezone,
    total_hours,
)
from classes.selectors import meeting_ids_of, seats_free_moved, units_of
from core import events
from extras.selectors import question_body, questions_of


@extend_schema_field(
    {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "example": "09:00"}
)
class ClockTimeField(serializers.TimeField):
    """A time of day at the school as a clock shows it, "09:00": hours and minutes, no seconds
    (OpenAPI's own "time" format would promise seconds)."""

    def __init__(self, **kwargs):
        super().__init__(format="%H:%M", **kwargs)


class SchoolTimeField(serializers.DateTimeField):
    """A moment in the school's own offset, as a class's are, so "09:00" reads as its morning."""

    def to_representation(self, value):
        return value.astimezone(school_timezone()).isoformat()


class MeetingOutputSerializer(serializers.Serializer):
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()

    def to_representation(self, meeting):
        # In the school's own offset, so "09:00" reads as the school's morning anywhere.
        zone = school_timezone()
        return {
            "start": meeting.start.astimezone(zone).isoformat(),
            "end": meeting.end.astimezone(zone).isoformat(),
        }


class ClassMeetingOutputSerializer(MeetingOutputSerializer):
    """A meeting of a class as the class's answer gives it: with its row's id, which its
    attendance is taken under (/api/meetings/{id}/attendance)."""

    # Optional in the schema: answers made before meetings had ids, stubbed in the browser
    # app's tests, stay valid; the server always gives it.
    id = serializers.IntegerField(allow_null=True, required=False, help_text="The meeting's id.")

    def to_representation(self, meeting):
        return {
            "id": self.context["meeting_ids"].get(meeting.day),
            **super().to_representation(meeting),
        }


class PlanPartSerializer(serializers.Serializer):
    dueOn = serializers.DateField(source="due_on")  # noqa: N815 - the API's field names
    amount = serializers.FloatField()


class ClassPlanSerializer(serializers.Serializer):
    """A payment plan the class offers today, scheduled on its list price."""

    id = serializers.IntegerField()
    label = serializers.CharField()
    deposit = serializers.FloatField()
    instalments = PlanPartSerializer(many=True)


class UnitCareOutputSerializer(serializers.Serializer):
    optionId = serializers.IntegerField()  # noqa: N815 - the API's field names
    seatsFree = serializers.IntegerField()  # noqa: N815


class _UnitCareField(serializers.ListField):
    def get_attribute(self, unit) -> list:
        free = getattr(unit, "care_free", {})
        return [{"optionId": option, "seatsFree": seats} for option, seats in free.items()]


class UnitOutputSerializer(serializers.Serializer):
    """A week or a day of a series, as a family books it: its own seats and price."""

    id = serializers.IntegerField()
    label = serializers.CharField(source="unit_label")
    startsOn = serializers.DateField(source="start_date")  # noqa: N815 - the API's field names
    endsOn = serializers.DateField(source="end_date")  # noqa: N815
    seats = serializers.IntegerField()
    seatsFree = serializers.IntegerField(source="seats_free")  # noqa: N815
    price = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    # Each of the season's extended care: the fewest seats free on the unit's days. Optional in
    # the schema: the browser app's stubs from before it stay valid.
    extendedCare = _UnitCareField(  # noqa: N815
        child=UnitCareOutputSerializer(), required=False
    )


class _UnitsField(serializers.ListField):
    def get_attribute(self, camp_class) -> list:
        if camp_class.booking == Booking.WHOLE:
            return []
        return units_of(series=camp_class)


class ClassOutputSerializer(serializers.Serializer):
    """A class as the browser app knows it (spec section 3), with what describes it to a family."""

    _id = serializers.IntegerField(source="id")
    nameClass = serializers.CharField(source="name")
    image = serializers.CharField()
    # A JSON number (45.5, 19.99), not the string DRF gives a Decimal by default.
    price = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    seats = serializers.IntegerField()
    # The seats left less those held for families paying and for waitlist offers.
    seatsFree = serializers.SerializerMethodField()
    instructorName = serializers.CharField(source="instructor.name")
    instructorEmail = serializers.EmailField(source="instructor.email")
    status = serializers.CharField()
    enroll = serializers.IntegerField()
    instructorId = serializers.IntegerField(source="instructor_id")
    description = serializers.CharField()
    category = serializers.CharField(source="category.slug", allow_null=True, default=None)
    categoryName = serializers.CharField(source="category.name", allow_null=True, default=None)
    level = serializers.SerializerMethodField()
    location = serializers.CharField()
    # What a child brings to each meeting, as the instructor wrote it.
    whatToBring = serializers.CharField(source="what_to_bring")
    ageMin = serializers.IntegerField(source="age_min", allow_null=True)
    ageMax = serializers.IntegerField(source="age_max", allow_null=True)
    startDate = serializers.DateField(source="start_date", allow_null=True)
    endDate = serializers.DateField(source="end_date", allow_null=True)
    meetingDays = serializers.SerializerMethodField()
    startTime = ClockTimeField(source="start_time", allow_null=True)
    endTime = ClockTimeField(source="end_time", allow_null=True)
    noMeetingDates = serializers.ListField(source="no_meeting_dates", child=serializers.DateField())
    meetings = serializers.SerializerMethodField()
    totalHours = serializers.SerializerMethodField()
    startsAt = serializers.SerializerMethodField()
    registrationClosesAt = serializers.SerializerMethodField()
    registrationOpen = serializers.SerializerMethodField()
    # When families may register is the season's (GET /api/seasons); null for a class of none.
    seasonId = serializers.IntegerField(source="season_id", allow_null=True)
    # Ways to pay in parts (plans.schedule): a deposit now, the rest in instalments.
    plans = serializers.SerializerMethodField()
    # How it is bought (`classes.models.Booking`), and a series' weeks or days, each booked
    # alone. Optional in the schema, as a meeting's id is: answers stubbed in the browser app's
    # tests before they existed stay valid; the server always gives them.
    booking = serializers.ChoiceField(choices=Booking.values, required=False)
    units = _UnitsField(child=UnitOutputSerializer(), required=False)
    # For a week or a day of a series: the series, and which week or day it is.
    unitOf = serializers.IntegerField(source="unit_of_id", allow_null=True, required=False)  # noqa: N815
    unitLabel = serializers.CharField(source="unit_label", required=False)  # noqa: N815

    def get_seatsFree(self, camp_class) -> int:  # noqa: N802 - the API's field names
        free = getattr(camp_class, "seats_free", None)
        if free is None:
            # A class read without the annotation (through another row, as an enrolment's).
            moved = seats_free_moved({camp_class.pk: camp_class.seats})
            free = moved.get(camp_class.pk, camp_class.seats)
        return free

    @extend_schema_field(ClassPlanSerializer(many=True))
    def get_plans(self, camp_class) -> list[dict]:
        # Payments answers (a lower app asks through core.events).
        return ClassPlanSerializer(
            events.ask(events.CLASS_PLANS, camp_class=camp_class), many=True
        ).data

    def get_level(self, camp_class) -> str | None:
        return camp_class.level or None

    def get_meetingDays(self, camp_class) -> list[str]:  # noqa: N802 - the API's field names
        return [WEEKDAY_NAMES[day] for day in camp_class.meeting_days]

    @extend_schema_field(ClassMeetingOutputSerializer(many=True))
    def get_meetings(self, camp_class) -> list[dict]:
        return ClassMeetingOutputSerializer(
            meetings_of(camp_class),
            many=True,
            context={"meeting_ids": meeting_ids_of(camp_class)},
        ).data

    def get_totalHours(self, camp_class) -> float:  # noqa: N802
        return total_hours(meetings_of(camp_class))

    def get_startsAt(self, camp_class) -> str | None:  # noqa: N802
        return _school_time(camp_class.starts_at)

    def get_registrationClosesAt(self, camp_class) -> str | None:  # noqa: N802
        return _school_time(registration_closes_at(camp_class))

    def get_registrationOpen(self, camp_class) -> bool:  # noqa: N802
        return registration_shut(camp_class=camp_class) is None


def _school_time(moment) -> str | None:
    return moment.astimezone(school_timezone()).isoformat() if moment else None


class ClassWithFeedbackOutputSerializer(ClassOutputSerializer):
    """A class as its instructor (or an admin) sees it, with the admin's latest feedback."""

    feedback = serializers.CharField()


class _EndedField(serializers.BooleanField):
    def get_attribute(self, camp_class) -> bool:
        return class_ended(camp_class)


class _SimilarClassesField(serializers.ListField):
    def get_attribute(self, camp_class) -> list:
        return list(self.parent.context.get("similar", ()))


class _AddOnsField(serializers.ListField):
    def get_attribute(self, camp_class) -> list:
        return list(self.parent.context.get("addOns", ()))


class AddOnOptionOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField()
    # What is left to buy now; null: no limit.
    left = serializers.IntegerField(allow_null=True)


class AddOnOutputSerializer(serializers.Serializer):
    """Something a family buys with the class: a materials fee, a T-shirt, lunch."""

    id = serializers.IntegerField()
    label = serializers.CharField()
    price = serializers.FloatField()
    # Charged with every seat, whatever the family chooses.
    required = serializers.BooleanField()
    # Bought for each week or day booked.
    perDay = serializers.BooleanField()  # noqa: N815 - the API's field names
    options = AddOnOptionOutputSerializer(many=True)
    maxQuantity = serializers.IntegerField()  # noqa: N815


class QuestionShowIfOutputSerializer(serializers.Serializer):
    questionId = serializers.IntegerField()  # noqa: N815 - the API's field names
    answer = serializers.CharField()


class QuestionOutputSerializer(serializers.Serializer):
    """One of the school's questions, as a class asks it (`extras.selectors.question_body`)."""

    id = serializers.IntegerField()
    label = serializers.CharField()
    kind = serializers.CharField()
    required = serializers.BooleanField()
    help = serializers.CharField(allow_blank=True)
    choices = serializers.ListField(child=serializers.CharField())
    # A follow-up: asked only when the question named has this answer.
    showIf = QuestionShowIfOutputSerializer(allow_null=True)  # noqa: N815
    instructorSees = serializers.BooleanField(required=False)  # noqa: N815


class _QuestionsField(serializers.ListField):
    def get_attribute(self, camp_class) -> list:
        return [question_body(question) for question in questions_of(camp_class)]


class ClassPageOutputSerializer(ClassOutputSerializer):
    """A class as its own page shows it: whether it has ended (`classes.catalog.class_ended`)
    and, for one that has, the open classes like it (in the context: `similar`).

    Both optional in the schema, as a meeting's id is: the lists' answers, and the class pages
    stubbed in the browser app's tests before they existed, stay valid; the server always gives
    them here."""

    ended = _EndedField(
        required=False,
        help_text="Its last meeting was before today (school time): it can no longer be booked.",
    )
    similarClasses = _SimilarClassesField(  # noqa: N815 - the API's field names
        child=ClassOutputSerializer(),
        required=False,
        help_text="For a class that has ended, a few open classes of its category or by its "
        "instructor; otherwise empty.",
    )
    addOns = _AddOnsField(  # noqa: N815
        child=AddOnOutputSerializer(),
        required=False,
        help_text="What a family may buy with the class (in the context: `addOns`): the "
        "class's own (a week's or a day's: its series'), then its season's.",
    )
    # The school's questions a family answers per child at checkout: the class's own (a
    # series': its weeks and days share them), then its season's.
    questions = _QuestionsField(child=QuestionOutputSerializer(), required=False)


class ClassPageWithFeedbackOutputSerializer(ClassPageOutputSerializer):
    """A class's page as its instructor (or an admin) sees it, with the admin's latest feedback."""

    feedback = serializers.CharField()


class CategoryOutputSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()


class InstructorPageOutputSerializer(serializers.Serializer):
    """An instructor's public page: who they are, in their own words, and what they teach.

    Given the person, and their classes in the context (`classes`), already in order."""

    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    photo = serializers.CharField()
    bio = serializers.CharField()
    classes = serializers.SerializerMethodField()

    @extend_schema_field(ClassOutputSerializer(many=True))
    def get_classes(self, instructor) -> list[dict]:
        return ClassOutputSerializer(self.context["classes"], many=True).data
