"""A class's messages to its families: its instructor or an admin writes one, and the class's
families read those that reached them (`class_messages.services`)."""

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsInstructorOrAdmin
from class_messages.access import access_class_messages, access_class_to_write_to
from class_messages.models import ClassMessage, ClassMessageAudience
from class_messages.selectors import class_message_list_for
from class_messages.services import AUDIENCE_UNKNOWN, class_message_send, class_messages_seen
from core.openapi import errors

SUBJECT_MAX_LENGTH = ClassMessage._meta.get_field("subject").max_length
BODY_MAX_LENGTH = ClassMessage._meta.get_field("body").max_length


class FamilyClassMessageOutputSerializer(serializers.Serializer):
    """A message as the class's families read it: who wrote it by name, never their address."""

    id = serializers.IntegerField()
    subject = serializers.CharField()
    body = serializers.CharField()
    audience = serializers.ChoiceField(choices=ClassMessageAudience.choices)
    announcement = serializers.BooleanField()
    sentAt = serializers.DateTimeField(source="sent_at")  # noqa: N815 - the API's names
    senderName = serializers.SerializerMethodField()  # noqa: N815

    def get_senderName(self, message) -> str:  # noqa: N802
        return message.sender.name if message.sender else ""


@extend_schema_serializer(component_name="ClassMessage")
class ClassMessageOutputSerializer(FamilyClassMessageOutputSerializer):
    """The same, for the class's instructor and admins, with how many families it went to."""

    recipients = serializers.IntegerField(
        required=False, help_text="The families it was sent to; the class's staff only."
    )


def _text_field(asked: str, named: str, max_length: int) -> serializers.CharField:
    """A text the writer must give, with the form's own words when it is missing or too long."""
    missing = f"Please write {asked}."
    return serializers.CharField(
        max_length=max_length,
        error_messages={
            "required": missing,
            "blank": missing,
            "null": missing,
            "max_length": gettext("%(named)s must be at most %(max_length)s characters.")
            % {"named": named, "max_length": max_length},
        },
    )


SENT = inline_serializer(
    "ClassMessageSent", {"id": serializers.IntegerField(), "recipients": serializers.IntegerField()}
)


class ClassMessageListCreateApi(APIView):
    """GET /api/classes/{id}/messages: what the class's families were written, newest first.
    POST: its instructor or an admin writes to its enrolled or waitlisted families, or both."""

    @extend_schema_serializer(component_name="ClassMessageInput")
    class InputSerializer(serializers.Serializer):
        subject = _text_field("a subject", "The subject", SUBJECT_MAX_LENGTH)
        body = _text_field("your message", "The message", BODY_MAX_LENGTH)
        audience = serializers.ChoiceField(
            choices=ClassMessageAudience.choices,
            error_messages={
                "required": AUDIENCE_UNKNOWN,
                "null": AUDIENCE_UNKNOWN,
                "invalid_choice": AUDIENCE_UNKNOWN,
            },
        )
        # An announcement goes only to families who want announcements; anything else is
        # about their enrolment and always goes.
        announcement = serializers.BooleanField(default=False)

    def get_permissions(self):
        if self.request.method == "POST":
            return [IsInstructorOrAdmin()]
        return [IsAuthenticated()]

    @extend_schema(
        summary="A class's messages to its families, newest first (its instructor and admins "
        "all; a family those that reached it, without recipients)",
        responses={200: ClassMessageOutputSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request, class_id: int):
        reader = access_class_messages(user=request.user, class_id=class_id)
        messages = list(
            class_message_list_for(class_id=reader.class_id, audiences=reader.audiences)
        )
        if not reader.is_staff:
            # A family reading them here has read them: its to-do list stops asking it to.
            class_messages_seen(family=request.user, class_id=reader.class_id)
        shape = (
            ClassMessageOutputSerializer if reader.is_staff else FamilyClassMessageOutputSerializer
        )
        return Response(shape(messages, many=True).data)

    @extend_schema(
        summary="Write to a class's families, one e-mail each (its instructor, and admins)",
        request=InputSerializer,
        responses={201: SENT, **errors(400, 401, 403, 404, 409, 429)},
    )
    def post(self, request, class_id: int):
        camp_class = access_class_to_write_to(user=request.user, class_id=class_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = class_message_send(
            sender=request.user, class_id=camp_class.pk, **data.validated_data
        )
        return Response(
            {"id": message.pk, "recipients": message.recipients}, status=status.HTTP_201_CREATED
        )
