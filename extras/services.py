"""A child's answers to the school's questions kept: each change a row of its own, never an
update (`extras.models.Answer`), so what a family said and when stays on record. Written as a
seat is taken with the answers given at checkout, and as a family edits them before the class's
first day (`answers_update`)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, User
from classes.models import Class
from core.errors import Conflict, InvalidInput
from extras.models import Answer, Question
from extras.questions import answers_checked
from extras.selectors import (
    answers_current,
    answers_editable_until,
    offer_order,
    questions_of,
)


def answers_record(
    *,
    participant: Participant,
    answers: dict,
    by_id: int,
    questions: list[Question] | None = None,
) -> int:
    """Keep `answers` ({question id: value}, checked already) as the child's answers now: a new
    row for each value that differs from the child's current answer, none for the same one.
    A class's question is kept for its class (a series'), a season's for the season. How many
    rows were written. `by_id`: who answered (the family's account)."""
    wanted = {int(question_id): value for question_id, value in answers.items()}
    if not wanted:
        return 0
    if questions is None:
        questions = list(Question.objects.filter(pk__in=wanted))
    current = answers_current(participant_ids=[participant.pk], question_ids=wanted).get(
        participant.pk, {}
    )
    # In the order the class asks them: its own, then its season's.
    questions = sorted(questions, key=offer_order)
    rows = [
        Answer(
            participant=participant,
            question=question,
            camp_class_id=question.camp_class_id,
            value=wanted[question.pk],
            answered_by_id=by_id,
        )
        for question in questions
        if question.pk in wanted
        and (question.pk not in current or current[question.pk].value != wanted[question.pk])
    ]
    Answer.objects.bulk_create(rows)
    return len(rows)


def answers_update(*, participant: Participant, camp_class: Class, answers: dict, by: User) -> int:
    """A family's answers for the child's seat in the class changed, checked as at checkout
    against the answers the child has now; only the values that changed are written. Refused
    from the class's first day on. How many rows were written."""
    until = answers_editable_until(camp_class)
    if until is not None and timezone.now() >= until:
        raise Conflict(
            _(
                "The answers can no longer be changed: the class has started. Please tell the "
                "school directly."
            ),
            code="answers_closed",
        )
    questions = questions_of(camp_class)
    current = answers_current(
        participant_ids=[participant.pk], question_ids=[q.pk for q in questions]
    ).get(participant.pk, {})
    keep, problems = answers_checked(
        questions=questions,
        given=answers,
        current={question_id: answer.value for question_id, answer in current.items()},
        who=participant.name or "Your child",
        where=camp_class.name,
    )
    if problems:
        raise InvalidInput({"answers": problems})
    with transaction.atomic():
        return answers_record(
            participant=participant, answers=keep, by_id=by.pk, questions=questions
        )
