from rest_framework import serializers


class InstructorOutputSerializer(serializers.Serializer):
    """What the public may know of an instructor: no role, no account details."""

    name = serializers.CharField()
    photo = serializers.CharField()
    email = serializers.EmailField()
