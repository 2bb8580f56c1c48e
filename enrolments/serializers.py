from functools import cached_property

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from classes.schedule import meetings_of
from classes.serializers import ClassOutputSerializer, ClockTimeField, MeetingOutputSerializer
from core.api import ServiceInputSerializer
from enrolments.rules import RefusalKind


class SelectionOutputSerializer(serializers.Serializer):
    """A selected class (spec section 3): the class's fields as they are now, and who chose it."""

    _id = serializers.IntegerField(source="id")
    classId = serializers.IntegerField(source="camp_class_id")
    nameClass = serializers.CharField(source="camp_class.name")
    image = serializers.CharField(source="camp_class.image")
    instructorEmail = serializers.EmailField(source="camp_class.instructor.email")
    instructorName = serializers.CharField(source="camp_class.instructor.name")
    email = serializers.EmailField(source="student.email")
    # Who will take the class: the account holder or one of their children.
    participantId = serializers.IntegerField(source="participant_id")
    participantName = serializers.CharField(source="participant.name")
    price = serializers.DecimalField(
        source="camp_class.price", max_digits=8, decimal_places=2, coerce_to_string=False
    )
    seats = serializers.IntegerField(source="camp_class.seats")
    enroll = serializers.IntegerField(source="camp_class.enroll")
    status = serializers.CharField()
    # The class's meetings, so the page can show a clash with another class before a Select.
    meetings = serializers.SerializerMethodField()

    @extend_schema_field(MeetingOutputSerializer(many=True))
    def get_meetings(self, selection) -> list[dict]:
        return MeetingOutputSerializer(meetings_of(selection.camp_class), many=True).data


class FamilyAttendanceOutputSerializer(serializers.Serializer):
    """One meeting of an enrolled class as the family sees it: arrived, left, who collected."""

    meetingId = serializers.IntegerField()  # noqa: N815 - the API's names
    day = serializers.DateField()
    status = serializers.ChoiceField(choices=["expected", "present", "absent", "left"])
    checkedInAt = serializers.DateTimeField(allow_null=True)  # noqa: N815
    checkedOutAt = serializers.DateTimeField(allow_null=True)  # noqa: N815
    collectedBy = serializers.CharField(allow_null=True)  # noqa: N815
    # Where a child handed over went (from before-care to their class, from their class to
    # after-care), instead of who collected them. Optional in the schema: older stubs lack it.
    handedOverTo = serializers.CharField(allow_null=True, required=False)  # noqa: N815


def family_attendance_answer(attendance) -> list[dict]:
    """`attendance.selectors.family_attendance_of`'s `(meeting, fold)` pairs, as the API says."""
    date_time = serializers.DateTimeField()
    return [
        {
            "meetingId": meeting.pk,
            "day": meeting.day.isoformat(),
            "status": fold.status,
            "checkedInAt": date_time.to_representation(fold.checked_in_at)
            if fold.checked_in_at
            else None,
            "checkedOutAt": date_time.to_representation(fold.checked_out_at)
            if fold.checked_out_at
            else None,
            "collectedBy": fold.collector_name,
            "handedOverTo": fold.handed_over_to,
        }
        for meeting, fold in attendance
    ]


class EnrolledClassOutputSerializer(ClassOutputSerializer):
    """An enrolled class (spec section 3: the class's own fields) for one seat, and whose seat it
    is: two children of one family in one class are two of these."""

    participantId = serializers.IntegerField(source="participant_id", allow_null=True)
    participantName = serializers.CharField(source="participant.name", default="")
    # The seat itself, which the family may cancel (/api/enrolments/{id}/cancellation).
    enrolmentId = serializers.IntegerField(source="id")
    # The child's attendance at the class's meetings that have any, oldest first
    # (attendance.selectors.family_seats_with_attendance, read with the list).
    attendance = FamilyAttendanceOutputSerializer(many=True, source="family_attendance")

    @cached_property
    def _class_answer(self) -> ClassOutputSerializer:
        # One serializer of the class's fields for the whole list, not one per row.
        return ClassOutputSerializer(context=self.context)

    def to_representation(self, enrolment):
        if hasattr(enrolment, "class_seats_free"):
            # Counted with the list (enrolments.selectors.enrolment_list_for), not per row.
            enrolment.camp_class.seats_free = enrolment.class_seats_free
        answer = self._class_answer.to_representation(enrolment.camp_class)
        return {
            **answer,
            "enrolmentId": enrolment.pk,
            "participantId": enrolment.participant_id,
            "participantName": enrolment.participant.name if enrolment.participant else "",
            "attendance": family_attendance_answer(enrolment.family_attendance),
        }


class ParticipantQuerySerializer(serializers.Serializer):
    """`?participant=<id>`: a family's list narrowed to one of them."""

    participant = serializers.IntegerField(min_value=1, required=False)


class ParticipantChanceOutputSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(source="participant.id")  # noqa: N815
    participantName = serializers.CharField(source="participant.name")  # noqa: N815
    isAccountHolder = serializers.BooleanField(source="participant.is_account_holder")  # noqa: N815
    eligible = serializers.SerializerMethodField()
    reason = serializers.CharField(source="refusal.to_select", allow_null=True, default=None)
    # What stops them, in one word the browser can name on the button ("Enrolled").
    kind = serializers.CharField(source="refusal.kind", allow_null=True, default=None)
    # No seat is free, and that alone stops them: they may join the waitlist.
    waitlist = serializers.SerializerMethodField()
    # They wait on the class's waitlist already, or hold its offer.
    onWaitlist = serializers.BooleanField(source="on_waitlist")  # noqa: N815

    def get_eligible(self, chance) -> bool:
        return chance.refusal is None

    def get_waitlist(self, chance) -> bool:
        full = chance.refusal is not None and chance.refusal.kind == RefusalKind.FULL
        return full and not chance.on_waitlist


class EligibilityOutputSerializer(serializers.Serializer):
    """Keyed by class id (as a string, JSON's keys), each of the family in order."""

    classes = serializers.DictField(child=ParticipantChanceOutputSerializer(many=True))


class CareFlagsOutputSerializer(serializers.Serializer):
    """What a roster shows of a child's care record (care.selectors.CareFlags)."""

    # The most severe allergy: "anaphylactic" is the EpiPen flag.
    allergy = serializers.CharField(allow_null=True)
    allergies = serializers.ListField(child=serializers.CharField())
    medicationAtCamp = serializers.BooleanField(source="medication_at_camp")  # noqa: N815
    photoConsent = serializers.BooleanField(source="photo_consent", allow_null=True)  # noqa: N815
    pickups = serializers.ListField(child=serializers.CharField())
    mayLeaveAlone = serializers.BooleanField(source="may_leave_alone")  # noqa: N815
    complete = serializers.BooleanField()
    missing = serializers.ListField(child=serializers.CharField())
    # A current allergy action plan is on file (GET /api/participants/{id}/documents has it).
    actionPlanOnFile = serializers.BooleanField(  # noqa: N815
        source="action_plan_on_file", required=False
    )


class RosterAnswerOutputSerializer(serializers.Serializer):
    """A child's answer now to one of the school's questions (`selectors.AnswerShown`)."""

    questionId = serializers.IntegerField(source="question.pk")  # noqa: N815
    label = serializers.CharField(source="question.label")
    kind = serializers.CharField(source="question.kind")
    # The answer as kept (by kind: text, a choice, a list of choices, true/false, a date, a
    # number), and as people read it.
    value = serializers.JSONField()
    text = serializers.CharField()


class RosterLineOutputSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    participantName = serializers.CharField(source="participant_name")  # noqa: N815
    dateOfBirth = serializers.DateField(source="date_of_birth", allow_null=True)  # noqa: N815
    age = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField()
    accountName = serializers.CharField(source="account_name")  # noqa: N815
    accountEmail = serializers.EmailField(source="account_email")  # noqa: N815
    emergencyContactName = serializers.CharField(source="emergency_contact_name")  # noqa: N815
    emergencyContactPhone = serializers.CharField(source="emergency_contact_phone")  # noqa: N815
    enrolledAt = serializers.DateTimeField(source="enrolled_at")  # noqa: N815
    careFlags = CareFlagsOutputSerializer(source="care")  # noqa: N815
    # What the family answered to the school's questions: an instructor reads those marked
    # for them, an admin every one. Optional in the schema: stubs from before it stay valid.
    answers = RosterAnswerOutputSerializer(many=True, required=False)


class CareBookedOutputSerializer(serializers.Serializer):
    """A child's days of one extended-care option in a week or on a day of camp, and who looks
    after them (enrolments.selectors.CareBooked)."""

    optionId = serializers.IntegerField(source="option.pk")  # noqa: N815
    kind = serializers.CharField(source="option.kind")
    label = serializers.CharField(source="option.label")
    startTime = ClockTimeField(source="option.start_time")  # noqa: N815
    endTime = ClockTimeField(source="option.end_time")  # noqa: N815
    ledBy = serializers.CharField(source="option.led_by.name")  # noqa: N815
    days = serializers.ListField(child=serializers.DateField())


class UnitRosterLineOutputSerializer(RosterLineOutputSerializer):
    """A line of a week's or a day's roster: the class roster's, with the extended care."""

    extendedCare = CareBookedOutputSerializer(source="extended_care", many=True)  # noqa: N815


class WaitlistEntryOutputSerializer(serializers.Serializer):
    """A family's place on a class's waitlist, or what became of it."""

    _id = serializers.IntegerField(source="id")
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    image = serializers.CharField(source="camp_class.image")
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    participantName = serializers.CharField(source="participant.name")  # noqa: N815
    status = serializers.CharField()
    # 1 is next for a seat; null unless waiting.
    position = serializers.IntegerField(allow_null=True)
    offerExpiresAt = serializers.DateTimeField(source="offer_expires_at", allow_null=True)  # noqa: N815
    # The selection an accepted offer is paid through (the payment page's id).
    selectionId = serializers.IntegerField(source="selection_id", allow_null=True)  # noqa: N815
    closedReason = serializers.CharField(source="closed_reason")  # noqa: N815
    createdAt = serializers.DateTimeField(source="created_at")  # noqa: N815


class ClassWaitlistEntryOutputSerializer(WaitlistEntryOutputSerializer):
    """An entry as the class's instructor and admins read it: whose family, and any move."""

    accountName = serializers.CharField(source="student.name")  # noqa: N815
    moveReason = serializers.CharField(source="move_reason")  # noqa: N815


class WaitlistJoinInputSerializer(ServiceInputSerializer):
    classId = serializers.IntegerField(source="class_id", min_value=1)  # noqa: N815
    # Whom the place is for; the account holder when left out.
    participantId = serializers.IntegerField(  # noqa: N815
        source="participant_id", min_value=1, required=False
    )
