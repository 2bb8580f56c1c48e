"""The family's to-do list over the API (`family_home.selectors.todo_for`)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from core.openapi import errors
from core.school_time import school_timezone
from family_home.selectors import KINDS, ToDo, todo_for


class ToDoOutputSerializer(serializers.Serializer):
    """One thing to do. Which fields speak depends on its kind: a waitlist offer names the
    entry, the participant and the class; a balance the enrolment, the class and the amount due
    now; a care record the participant and what it lacks; a policy its title and the children
    it waits on (none: the family's to accept once); a class's messages the class, how many are
    unread and the newest's subject; a care record taken by phone the participant and when."""

    kind = serializers.ChoiceField(choices=KINDS)
    # By when it must be done; null: no deadline.
    dueAt = serializers.DateTimeField(allow_null=True)  # noqa: N815 - the API's field names
    participantId = serializers.IntegerField(allow_null=True)  # noqa: N815
    participantName = serializers.CharField(allow_blank=True)  # noqa: N815
    classId = serializers.IntegerField(allow_null=True)  # noqa: N815
    className = serializers.CharField(allow_blank=True)  # noqa: N815
    missing = serializers.ListField(child=serializers.CharField())
    policyId = serializers.IntegerField(allow_null=True)  # noqa: N815
    policyTitle = serializers.CharField(allow_blank=True)  # noqa: N815
    childrenNames = serializers.ListField(child=serializers.CharField())  # noqa: N815
    amount = serializers.FloatField(allow_null=True)
    enrolmentId = serializers.IntegerField(allow_null=True)  # noqa: N815
    waitlistEntryId = serializers.IntegerField(allow_null=True)  # noqa: N815
    count = serializers.IntegerField(allow_null=True)
    subject = serializers.CharField(allow_blank=True)
    # A care record taken by phone: when the office took it.
    takenAt = serializers.DateTimeField(allow_null=True, required=False)  # noqa: N815


def _todo_body(todo: ToDo) -> dict:
    return {
        "kind": todo.kind,
        # In the school's time, as the class pages give theirs: the page shows it as it reads.
        "dueAt": todo.due_at.astimezone(school_timezone()).isoformat() if todo.due_at else None,
        "participantId": todo.participant.pk if todo.participant else None,
        "participantName": todo.participant.name if todo.participant else "",
        "classId": todo.camp_class.pk if todo.camp_class else None,
        "className": todo.camp_class.name if todo.camp_class else "",
        "missing": list(todo.missing),
        "policyId": todo.policy_id,
        "policyTitle": todo.policy_title,
        "childrenNames": [child.name for child in todo.participants],
        "amount": None if todo.amount is None else float(todo.amount),
        "enrolmentId": todo.enrolment_id,
        "waitlistEntryId": todo.waitlist_entry_id,
        "count": todo.count,
        "subject": todo.subject,
        "takenAt": todo.taken_at.astimezone(school_timezone()).isoformat()
        if todo.taken_at
        else None,
    }


class ToDoListApi(APIView):
    """GET /api/todo: what the caller's family has to do, the soonest deadline first."""

    permission_classes = [IsStudent]

    @extend_schema(
        summary="What the caller's family has to do, in the order to do it (students)",
        responses={200: ToDoOutputSerializer(many=True), **errors(401, 403, 503)},
    )
    def get(self, request):
        todos = todo_for(family=request.user)
        return Response([_todo_body(todo) for todo in todos])
