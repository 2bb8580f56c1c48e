from rest_framework import serializers


class InstructorOutputSerializer(serializers.Serializer):
    """What the public may know of an instructor: no role, no account details."""

    # The spec's three fields, and the id that links to the instructor's page.
    _id = serializers.IntegerField(source="id")
    name = serializers.CharField()
    photo = serializers.CharField()
    email = serializers.EmailField()
