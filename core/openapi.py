"""Pieces the views share to describe themselves in the OpenAPI schema (drf-spectacular)."""

from functools import cache

from drf_spectacular.utils import OpenApiResponse, extend_schema_field, inline_serializer
from rest_framework import serializers


@extend_schema_field(
    {
        "oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        ]
    }
)
class _FieldMessages(serializers.JSONField):
    """A field's messages: a list, or for a field keyed by id an object of lists."""


class ErrorSerializer(serializers.Serializer):
    """core.api's one error shape."""

    message = serializers.CharField()
    errors = serializers.DictField(
        child=_FieldMessages(),
        required=False,
        help_text="For bad input: the messages of each field that was refused; for a field "
        "keyed by id (`answers`, core.api.KEYED_FIELDS), an object of each id's messages.",
    )
    code = serializers.CharField(
        required=False,
        help_text="For some refusals: the reason's name, for the app to tell it apart.",
    )
    # What a refusal's code needs to be acted on (core.errors.DomainError.details).
    participantId = serializers.IntegerField(  # noqa: N815 - the API's names
        required=False, help_text="care_incomplete: whose care record or policies are missing."
    )
    missing = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="care_incomplete: what is missing (record, confirmation, emergencyContacts, "
        "photoConsent, policy:<slug>).",
    )
    opensAt = serializers.DateTimeField(  # noqa: N815
        required=False,
        help_text="registration_not_open: when the caller may register, in the school's time.",
    )
    limit = serializers.IntegerField(
        required=False,
        help_text="class_messages_per_day: how many messages a class may send in a school day.",
    )
    resetsAt = serializers.DateTimeField(  # noqa: N815
        required=False,
        help_text="class_messages_per_day: when the class may send again (the school's midnight).",
    )


ERROR_MEANINGS = {
    400: "Bad input: errors names each refused field.",
    401: "No valid access token (or, for sign-in, no valid ID token).",
    402: "The card was declined.",
    403: "The caller's role or identity does not allow this.",
    404: "No such row, or one that belongs to someone else.",
    409: "The request conflicts with the current state.",
    429: "Too many of these calls lately (by this caller, or for this class: the message says); "
    "Retry-After says when to ask again.",
    503: "An outside service (the database, Stripe) is not answering.",
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """Error responses for @extend_schema(responses=...), all in the one error shape."""
    return {
        code: OpenApiResponse(response=ErrorSerializer, description=ERROR_MEANINGS[code])
        for code in codes
    }


WAITING_ROOM_REFUSAL = (
    "Registration has just opened and the caller has no admission from the line "
    '(`"code": "waiting_room"`, Camp-Admission missing or spent): it waits its turn at '
    "/api/waitingRoom; or too many of these calls lately. Retry-After says when to ask again."
)


def waiting_room_refusals(result, generator, request, public):
    """A postprocessing hook: the registration writes the waiting room gates may answer 429
    (waiting_room.gate), before their view and its own description run."""
    for path, _, method, view in generator.endpoints:
        if method in ("GET", "HEAD", "OPTIONS") or not getattr(
            getattr(view, "cls", None), "waiting_room_gated", False
        ):
            continue
        operation = result["paths"].get(path, {}).get(method.lower())
        if operation is not None:
            operation["responses"].setdefault(
                "429",
                {
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                    },
                    "description": WAITING_ROOM_REFUSAL,
                },
            )
    return result


@cache
def count_of(name: str, key: str) -> serializers.Serializer:
    """The spec's write answers: {"modifiedCount": 1}, {"deletedCount": 1}, {"insertedId": 7}.

    One serializer per name, however many views answer with it: the schema needs one identity.
    """
    return inline_serializer(name=name, fields={key: serializers.IntegerField()})
