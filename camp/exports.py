"""A family's own data, gathered from every app: what the site holds about them, as JSON."""

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.apis_family import ParticipantOutputSerializer
from accounts.selectors import participant_list_for
from accounts.services import account_holder_of
from care.apis import PolicyAcceptanceOutputSerializer, care_exports
from care.selectors import policy_acceptances_of
from core.openapi import errors
from enrolments.selectors import enrolment_history_for, selection_list_for
from enrolments.serializers import SelectionOutputSerializer
from extras.selectors import answers_of_family
from front_desk.selectors import desk_log_for
from payments.selectors import payment_list_for
from payments.serializers import PaymentOutputSerializer


def _enrolment(enrolment) -> dict:
    return {
        "_id": enrolment.pk,
        "classId": enrolment.camp_class_id,
        "nameClass": enrolment.camp_class.name,
        "participantId": enrolment.participant_id,
        "participantName": enrolment.participant.name if enrolment.participant else "",
        "status": enrolment.status,
        "enrolledAt": enrolment.created_at.isoformat(),
        "endedAt": enrolment.ended_at.isoformat() if enrolment.ended_at else None,
        "endReason": enrolment.end_reason,
    }


def family_data(account) -> dict:
    """Everything about the account and its family: the person, their participants, choices,
    seats (given back ones too), payments, care records with their history and who read them,
    the policies they accepted, their answers to the school's questions and what the front desk
    did for them."""
    account_holder_of(account)
    participants = list(participant_list_for(account=account))
    return {
        "exportedAt": timezone.now().isoformat(),
        "account": {
            "_id": account.pk,
            "email": account.email,
            "name": account.name,
            "photo": account.photo,
            "role": account.role,
            "bio": account.bio,
            "phone": account.phone,
            "joinedAt": account.date_joined.isoformat(),
            "registeredAt": account.registered_at.isoformat() if account.registered_at else None,
        },
        "participants": ParticipantOutputSerializer(participants, many=True).data,
        "careRecords": care_exports(participants),
        "policyAcceptances": PolicyAcceptanceOutputSerializer(
            policy_acceptances_of(family=account), many=True
        ).data,
        "selections": SelectionOutputSerializer(
            selection_list_for(student=account), many=True
        ).data,
        "enrolments": [_enrolment(row) for row in enrolment_history_for(student=account)],
        "payments": PaymentOutputSerializer(payment_list_for(student=account), many=True).data,
        # The answers to the school's questions, every change as it was given.
        "answers": [
            {
                "participantId": answer.participant_id,
                "questionId": answer.question_id,
                "question": answer.question.label,
                "classId": answer.camp_class_id,
                "value": answer.value,
                "answeredAt": answer.answered_at.isoformat(),
            }
            for answer in answers_of_family(participant_ids=[p.pk for p in participants])
        ],
        # What the front desk did for the family, as the family reads it.
        "frontDeskLog": [
            {"at": entry.at.isoformat(), "kind": entry.kind, "summary": entry.summary}
            for entry in desk_log_for(viewer=account)
        ],
    }


class AccountExportApi(APIView):
    """GET /api/account/export: the caller's own data as a JSON file; nobody else's, ever."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Everything the site holds about the caller and their family, as JSON",
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT), **errors(401)},
    )
    def get(self, request):
        response = Response(family_data(request.user))
        response["Content-Disposition"] = 'attachment; filename="camp-my-data.json"'
        response["Cache-Control"] = "private, no-store"
        return response
