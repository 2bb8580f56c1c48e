"""The school's own questions, asked per child: which of them are shown (a follow-up only for its
given answer), and whether an answer will do (which a class asks: `extras.selectors`). One
engine for checkout, the family's own edits, the roster and the receipt: none judges an answer
by itself.

A class asks its own questions (a week's or a day's: its series') then its season's. A value is
JSON, by kind: text a string, one choice one of `choices`, several choices a list of them, yes
or no a boolean, a date "YYYY-MM-DD", a number a JSON number.
"""

import math
from datetime import date

from django.utils.translation import gettext

from extras.models import Question, QuestionKind

# The longest answer a text question takes, by kind.
TEXT_LIMITS = {QuestionKind.SHORT_TEXT: 200, QuestionKind.LONG_TEXT: 2000}


def is_blank(value) -> bool:
    if isinstance(value, str):
        return not value.strip()
    return value is None or value == []


def _gives(question: Question, value, wanted: str) -> bool:
    """Whether `value`, an answer to `question`, is the answer `wanted` that asks a follow-up."""
    if question.kind == QuestionKind.YES_NO:
        return isinstance(value, bool) and value == (wanted.strip().lower() in ("yes", "true"))
    if question.kind == QuestionKind.CHOICES:
        return isinstance(value, list) and wanted in value
    return not is_blank(value) and str(value) == wanted


def shown_questions(questions: list[Question], values: dict[int, object]) -> list[Question]:
    """The questions a child is asked given their answers `values` (by question id): a follow-up
    only while the question it follows is shown and answered as it says."""
    by_id = {question.pk: question for question in questions}
    shown: dict[int, bool] = {}

    def is_shown(question: Question, depth: int = 0) -> bool:
        if question.pk not in shown:
            parent = by_id.get(question.show_if_question_id)
            if question.show_if_question_id is None:
                shown[question.pk] = True
            elif parent is None or depth > len(questions):
                shown[question.pk] = False
            else:
                shown[question.pk] = is_shown(parent, depth + 1) and _gives(
                    parent, values.get(parent.pk), question.show_if_answer
                )
        return shown[question.pk]

    return [question for question in questions if is_shown(question)]


def _date_problem(value) -> str | None:
    if not isinstance(value, str):
        return gettext("give a date")
    try:
        date.fromisoformat(value)
    except ValueError:
        return gettext("give a date as YYYY-MM-DD")
    return None if len(value) == 10 else "give a date as YYYY-MM-DD"


def value_problem(question: Question, value) -> str | None:
    """Why `value` (not blank) will not do as an answer to `question`; None when it will."""
    kind = question.kind
    if kind in TEXT_LIMITS:
        if not isinstance(value, str):
            return gettext("write it as text")
        limit = TEXT_LIMITS[kind]
        return (
            gettext("at most %(limit)s characters, please") % {"limit": limit}
            if len(value.strip()) > limit
            else None
        )
    if kind == QuestionKind.ONE_CHOICE:
        return (
            None if isinstance(value, str) and value in question.choices else gettext("choose one")
        )
    if kind == QuestionKind.CHOICES:
        fits = isinstance(value, list) and all(
            isinstance(each, str) and each in question.choices for each in value
        )
        if not fits or len(set(value)) != len(value):
            return gettext("choose among the answers offered")
        return None
    if kind == QuestionKind.YES_NO:
        return None if isinstance(value, bool) else gettext("answer yes or no")
    if kind == QuestionKind.DATE:
        return _date_problem(value)
    if kind == QuestionKind.NUMBER:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return None if number and math.isfinite(value) else gettext("give a number")
    return gettext("this question cannot be answered")


def cleaned(question: Question, value):
    """An answer as it is kept: text without the spaces around it."""
    return value.strip() if isinstance(value, str) and question.kind in TEXT_LIMITS else value


def answers_checked(
    *,
    questions: list[Question],
    given: dict[int, object],
    current: dict[int, object],
    who: str,
    where: str,
) -> tuple[dict[int, object], dict[str, list[str]]]:
    """The answers `given` (by question id) for a child (`who`) to the `questions` a class
    (`where`) asks, checked: what to keep (the shown questions' answers, cleaned) and the
    problems by question id. A question the child answered already (`current`, by question id:
    a season's, answered for another class) needs no answer again; a given one replaces it."""
    problems: dict[str, list[str]] = {}
    asked = {question.pk for question in questions}
    for question_id in given:
        if question_id not in asked:
            problems[str(question_id)] = [
                gettext("%(who)s: this is not a question %(where)s asks.")
                % {"who": who, "where": where}
            ]
    values = {**current, **{k: v for k, v in given.items() if not is_blank(v)}}
    keep: dict[int, object] = {}
    for question in shown_questions(questions, values):
        value = given.get(question.pk)
        if is_blank(value):
            if question.required and is_blank(current.get(question.pk)):
                problems[str(question.pk)] = [
                    gettext("%(who)s: Please answer “%(label)s”.")
                    % {"who": who, "label": question.label}
                ]
            continue
        problem = value_problem(question, value)
        if problem is not None:
            problems[str(question.pk)] = [
                gettext("%(who)s: “%(label)s”: %(problem)s.")
                % {"who": who, "label": question.label, "problem": problem}
            ]
            continue
        keep[question.pk] = cleaned(question, value)
    return keep, problems


def answer_text(question: Question, value) -> str:
    """An answer as people read it (a roster, a receipt, a spreadsheet)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, list):
        return ", ".join(str(each) for each in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)
