"""What a class offers and asks, and what families answered: the reads of `extras`."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, time

from django.db.models import Q
from django.utils import timezone

from classes.models import Class
from core import events
from core.school_time import school_timezone
from extras.models import AddOn, Answer, Question
from extras.questions import answer_text, shown_questions


def series_id_of(camp_class: Class) -> int:
    """The class whose questions a class asks: a week's or a day's series, else itself."""
    return camp_class.unit_of_id or camp_class.pk


def questions_of_classes(classes: Iterable[Class]) -> dict[int, list[Question]]:
    """Each class's questions (by class id), its own (its series') then its season's, each in
    the school's order; a day of extended care asks none. One query for them all."""
    classes = [c for c in classes if c.extended_care_id is None]
    series_ids = {series_id_of(c) for c in classes}
    season_ids = {c.season_id for c in classes if c.season_id is not None}
    if not classes:
        return {}
    rows = list(
        Question.objects.filter(Q(camp_class_id__in=series_ids) | Q(season_id__in=season_ids))
    )
    asked = {}
    for camp_class in classes:
        own = [q for q in rows if q.camp_class_id == series_id_of(camp_class)]
        season = [q for q in rows if q.season_id and q.season_id == camp_class.season_id]
        asked[camp_class.pk] = own + season
    return asked


def questions_of(camp_class: Class) -> list[Question]:
    return questions_of_classes([camp_class]).get(camp_class.pk, [])


def question_body(question: Question) -> dict:
    """A question as the API gives it (the class's JSON, a family's answers)."""
    return {
        "id": question.pk,
        "label": question.label,
        "kind": question.kind,
        "required": question.required,
        "help": question.help,
        "choices": list(question.choices or []),
        "showIf": {
            "questionId": question.show_if_question_id,
            "answer": question.show_if_answer,
        }
        if question.show_if_question_id
        else None,
        "instructorSees": question.instructor_sees,
    }


def offer_order(row: AddOn | Question) -> tuple:
    """Where an add-on or a question comes in a class's list: the class's own, then its
    season's, each in the school's order."""
    return (row.season_id is not None, row.position, row.pk)


def add_ons_offered(classes: Iterable[Class], *, with_options: bool = False) -> list[AddOn]:
    """The add-ons of these classes (a week's or a day's are its series') and their seasons, in
    `offer_order`; with their options read too when asked. One query (two with options)."""
    classes = list(classes)
    owners = {series_id_of(camp_class) for camp_class in classes}
    seasons = {camp_class.season_id for camp_class in classes} - {None}
    offered = AddOn.objects.filter(Q(camp_class_id__in=owners) | Q(season_id__in=seasons))
    if with_options:
        offered = offered.prefetch_related("options")
    return sorted(offered, key=offer_order)


def add_ons_shown(*, camp_class: Class) -> list[dict]:
    """The add-ons a family may buy with the class (a week's or a day's are its series'): the
    class's own, then its season's, each option with what it has left now (None: no limit),
    its stock less its sold and those held with seats (`core.events.ADD_ON_OPTIONS_HELD`)."""
    add_ons = add_ons_offered([camp_class], with_options=True)
    counted = [o.pk for a in add_ons for o in a.options.all() if o.stock is not None]
    held = (
        events.ask(events.ADD_ON_OPTIONS_HELD, option_ids=counted, now=timezone.now())
        if counted
        else {}
    )
    return [
        {
            "id": add_on.pk,
            "label": add_on.label,
            "price": float(add_on.price),
            "required": add_on.required,
            "perDay": add_on.per_day,
            "maxQuantity": add_on.max_quantity,
            "options": [
                {
                    "id": option.pk,
                    "label": option.label,
                    "left": None
                    if option.stock is None
                    else max(option.stock - option.sold - held.get(option.pk, 0), 0),
                }
                for option in add_on.options.all()
            ],
        }
        for add_on in add_ons
    ]


def answers_current(
    *, participant_ids: Iterable[int], question_ids: Iterable[int]
) -> dict[int, dict[int, Answer]]:
    """Each child's answer now to each of these questions, by child and question: the newest
    row of each (a change is a row of its own). One query (`answer_newest_idx`)."""
    current: dict[int, dict[int, Answer]] = {}
    rows = Answer.objects.filter(
        participant_id__in=list(participant_ids), question_id__in=list(question_ids)
    ).order_by("id")
    for answer in rows:
        current.setdefault(answer.participant_id, {})[answer.question_id] = answer
    return current


def answer_history(*, participant_id: int, question_ids: Iterable[int]) -> list[Answer]:
    """Every answer a child gave to these questions, the first first."""
    return list(
        Answer.objects.filter(
            participant_id=participant_id, question_id__in=list(question_ids)
        ).order_by("id")
    )


def answers_of_family(*, participant_ids: Iterable[int]) -> list[Answer]:
    """Every answer a family gave to the school's questions, each change too, with its question:
    their data export. One query."""
    return list(
        Answer.objects.filter(participant_id__in=list(participant_ids))
        .select_related("question")
        .order_by("id")
    )


@dataclass(frozen=True)
class AnswerShown:
    """A child's answer now to one of the school's questions, as a roster shows it."""

    question: Question
    value: object

    @property
    def text(self) -> str:
        return answer_text(self.question, self.value)


def roster_answers(enrolments: list, *, everything: bool) -> dict[int, tuple[AnswerShown, ...]]:
    """What each seat's child answered to its class's questions (a week's or day's: its
    series'), and its season's, by seat id (`enrolments`, a roster's seats): `everything` for an
    admin, else (the class's instructor) those the school marked `instructor_sees`. A
    follow-up's answer only while its question is shown. One query."""
    if not enrolments:
        return {}
    classes = {enrolment.camp_class for enrolment in enrolments}
    series_ids = {series_id_of(camp_class) for camp_class in classes}
    season_ids = {camp_class.season_id for camp_class in classes if camp_class.season_id}
    rows = (
        Answer.objects.filter(
            participant_id__in={enrolment.participant_id for enrolment in enrolments}
        )
        .filter(Q(question__camp_class_id__in=series_ids) | Q(question__season_id__in=season_ids))
        .select_related("question")
        .order_by("id")
    )
    current: dict[int, dict[int, Answer]] = {}
    for answer in rows:
        current.setdefault(answer.participant_id, {})[answer.question_id] = answer
    shown_to_reader: dict[int, tuple[AnswerShown, ...]] = {}
    for enrolment in enrolments:
        camp_class = enrolment.camp_class
        if camp_class.extended_care_id is not None:
            shown_to_reader[enrolment.pk] = ()
            continue
        mine = [
            answer
            for answer in current.get(enrolment.participant_id, {}).values()
            if answer.question.camp_class_id == series_id_of(camp_class)
            or (answer.question.season_id and answer.question.season_id == camp_class.season_id)
        ]
        questions = sorted((answer.question for answer in mine), key=offer_order)
        values = {answer.question_id: answer.value for answer in mine}
        shown_to_reader[enrolment.pk] = tuple(
            AnswerShown(question=question, value=values[question.pk])
            for question in shown_questions(questions, values)
            if everything or question.instructor_sees
        )
    return shown_to_reader


def answers_editable_until(camp_class: Class) -> datetime | None:
    """Until when a family may change their answers for a seat: the start of the class's first
    day, school time (a week's or a day's own first day). None for a class with no dates yet."""
    if camp_class.start_date is None:
        return None
    return datetime.combine(camp_class.start_date, time.min, tzinfo=school_timezone())
