"""A family's answers to the school's questions for one of its seats: read, and changed until the
class's first day, each change kept (`extras.services.answers_update`)."""

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from classes.serializers import QuestionOutputSerializer
from core.openapi import errors
from enrolments.selectors import seat_of_family
from extras.selectors import answer_history, answers_editable_until, question_body, questions_of
from extras.serializers import AnswersInputField
from extras.services import answers_update


class AnswerHistoryOutputSerializer(serializers.Serializer):
    questionId = serializers.IntegerField()  # noqa: N815
    value = serializers.JSONField()
    answeredAt = serializers.DateTimeField()  # noqa: N815


class EnrolmentAnswersOutputSerializer(serializers.Serializer):
    enrolmentId = serializers.IntegerField()  # noqa: N815
    # From then on the answers are the school's to change: the start of the class's first day.
    editableUntil = serializers.DateTimeField(allow_null=True)  # noqa: N815
    questions = QuestionOutputSerializer(many=True)
    # The answer now to each question answered, by question id.
    answers = serializers.DictField(child=serializers.JSONField())
    # Every answer given, the first first: each change is kept.
    history = AnswerHistoryOutputSerializer(many=True)


def _answers_body(enrolment) -> dict:
    questions = questions_of(enrolment.camp_class)
    history = answer_history(
        participant_id=enrolment.participant_id, question_ids=[q.pk for q in questions]
    )
    return {
        "enrolmentId": enrolment.pk,
        "editableUntil": answers_editable_until(enrolment.camp_class),
        "questions": [question_body(question) for question in questions],
        "answers": {str(answer.question_id): answer.value for answer in history},
        "history": [
            {
                "questionId": answer.question_id,
                "value": answer.value,
                "answeredAt": answer.answered_at,
            }
            for answer in history
        ],
    }


class EnrolmentAnswersApi(APIView):
    """GET /api/enrolments/{id}/answers: the family's answers for one of its seats, with the
    questions and every change. PUT: change them, checked as at checkout, until the class's
    first day (then 409 `answers_closed`). Another family's seat is not found."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema_serializer(component_name="EnrolmentAnswersInput")
    class InputSerializer(serializers.Serializer):
        answers = AnswersInputField()

    @extend_schema(
        summary="The family's answers to the school's questions for one of its seats (students)",
        responses={200: EnrolmentAnswersOutputSerializer, **errors(401, 403, 404)},
    )
    def get(self, request, enrolment_id: int):
        enrolment = seat_of_family(family=request.user, enrolment_id=enrolment_id)
        return Response(EnrolmentAnswersOutputSerializer(_answers_body(enrolment)).data)

    @extend_schema(
        summary="Change the family's answers for one of its seats, until the class's first day "
        "(students)",
        request=InputSerializer,
        responses={200: EnrolmentAnswersOutputSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def put(self, request, enrolment_id: int):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        enrolment = seat_of_family(family=request.user, enrolment_id=enrolment_id)
        answers_update(
            participant=enrolment.participant,
            camp_class=enrolment.camp_class,
            answers=data.validated_data["answers"],
            by=request.user,
        )
        return Response(EnrolmentAnswersOutputSerializer(_answers_body(enrolment)).data)
