"""A child's answers to the school's questions kept: each change a row of its own, never an
update (`enrolments.models.Answer`), so what a family said and when stays on record. Written as
a seat is taken with the answers given at checkout, and as a family edits them before the class's
first day."""

from datetime import datetime, time

from django.db import transaction
from django.utils import timezone

from accounts.models import Participant, User
from classes.models import Class, Question
from classes.questions import answers_checked, questions_of
from core.errors import Conflict, InvalidInput
from core.school_time import school_timezone
from enrolments.models import Answer, Enrolment
from enrolments.selectors import answers_current


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
    questions = sorted(questions, key=lambda q: (q.season_id is not None, q.position, q.pk))
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


def answers_editable_until(camp_class: Class) -> datetime | None:
    """Until when a family may change their answers for a seat: the start of the class's first
    day, school time (a week's or a day's own first day). None for a class with no dates yet."""
    if camp_class.start_date is None:
        return None
    return datetime.combine(camp_class.start_date, time.min, tzinfo=school_timezone())


def enrolment_answers_update(*, enrolment: Enrolment, answers: dict, by: User) -> int:
    """A family's answers for its seat changed, checked as at checkout against the answers the
    child has now; only the values that changed are written. Refused from the class's first day
    on. How many rows were written."""
    camp_class = enrolment.camp_class
    until = answers_editable_until(camp_class)
    if until is not None and timezone.now() >= until:
        raise Conflict(
            "The answers can no longer be changed: the class has started. Please tell the "
            "school directly.",
            code="answers_closed",
        )
    questions = questions_of(camp_class)
    participant = enrolment.participant
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
