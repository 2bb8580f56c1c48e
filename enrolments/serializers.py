from functools import cached_property

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from classes.schedule import meetings_of
from classes.serializers import ClassOutputSerializer, MeetingOutputSerializer


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


class EnrolledClassOutputSerializer(ClassOutputSerializer):
    """An enrolled class (spec section 3: the class's own fields) for one seat, and whose seat it
    is: two children of one family in one class are two of these."""

    participantId = serializers.IntegerField(source="participant_id", allow_null=True)
    participantName = serializers.CharField(source="participant.name", default="")

    @cached_property
    def _class_answer(self) -> ClassOutputSerializer:
        # One serializer of the class's fields for the whole list, not one per row.
        return ClassOutputSerializer(context=self.context)

    def to_representation(self, enrolment):
        answer = self._class_answer.to_representation(enrolment.camp_class)
        return {
            **answer,
            "participantId": enrolment.participant_id,
            "participantName": enrolment.participant.name if enrolment.participant else "",
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

    def get_eligible(self, chance) -> bool:
        return chance.refusal is None


class EligibilityOutputSerializer(serializers.Serializer):
    """Keyed by class id (as a string, JSON's keys), each of the family in order."""

    classes = serializers.DictField(child=ParticipantChanceOutputSerializer(many=True))


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
