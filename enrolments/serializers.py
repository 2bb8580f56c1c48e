from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from classes.schedule import meetings_of
from classes.serializers import MeetingOutputSerializer


class SelectionOutputSerializer(serializers.Serializer):
    """A selected class (spec section 3): the class's fields as they are now, and who chose it."""

    _id = serializers.IntegerField(source="id")
    classId = serializers.IntegerField(source="camp_class_id")
    nameClass = serializers.CharField(source="camp_class.name")
    image = serializers.CharField(source="camp_class.image")
    instructorEmail = serializers.EmailField(source="camp_class.instructor.email")
    instructorName = serializers.CharField(source="camp_class.instructor.name")
    email = serializers.EmailField(source="student.email")
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
