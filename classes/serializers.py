from rest_framework import serializers


class ClassOutputSerializer(serializers.Serializer):
    """A class as the browser app knows it (spec section 3)."""

    _id = serializers.IntegerField(source="id")
    nameClass = serializers.CharField(source="name")
    image = serializers.CharField()
    # A JSON number (45.5, 19.99), not the string DRF gives a Decimal by default.
    price = serializers.DecimalField(max_digits=8, decimal_places=2, coerce_to_string=False)
    seats = serializers.IntegerField()
    instructorName = serializers.CharField(source="instructor.name")
    instructorEmail = serializers.EmailField(source="instructor.email")
    status = serializers.CharField()
    enroll = serializers.IntegerField()


class ClassWithFeedbackOutputSerializer(ClassOutputSerializer):
    """A class as its instructor (or an admin) sees it, with the admin's latest feedback."""

    feedback = serializers.CharField()
