"""The school's questions answered at checkout, per child and item, checked before anything is
held (`extras.questions` judges each answer): a missing or bad answer refuses the checkout, by
question id, naming the child and the question. An item's answers are kept on its first line
(`payments.models.CheckoutLine.answers`) and become the child's answers as its seat is taken
(`checkout.services.fulfilment`).

A season's questions are answered once per child per season: not asked again of a child who has
an answer now, and one item's answer serves the child's other items of the season. A series'
questions, answered with some of its weeks or days, are not asked again with others.
"""

from accounts.models import Participant
from classes.models import Class
from core.errors import InvalidInput
from extras.questions import answers_checked
from extras.selectors import answers_current, questions_of_classes, series_id_of


def item_first_lines(pairs: list[tuple[Participant, Class]]) -> dict[int, tuple[int, int]]:
    """The checkout's items as their lines show them, by the index of each item's first line:
    (series id, participant id). A class bought whole is an item; a series' weeks or days for
    one child are one; a day of extended care belongs to none (its item's weeks or days ask)."""
    firsts: dict[int, tuple[int, int]] = {}
    seen = set()
    for index, (participant, camp_class) in enumerate(pairs):
        if camp_class.extended_care_id is not None:
            continue
        item = (series_id_of(camp_class), participant.pk)
        if item not in seen:
            seen.add(item)
            firsts[index] = item
    return firsts


def checkout_answers(
    pairs: list[tuple[Participant, Class]], given: dict[tuple[int, int], dict]
) -> list[dict]:
    """What each line keeps of the answers `given` ({question id: value} by (item's class id,
    participant id)), checked: the item's first line the answers to its class's questions and
    its season's, the other lines none. Raises InvalidInput with `answers` by question id."""
    firsts = item_first_lines(pairs)
    classes = {index: pairs[index][1] for index in firsts}
    asked = questions_of_classes(classes.values())
    season_questions = {
        question.pk for questions in asked.values() for question in questions if question.season_id
    }
    # What each child answered before: a season's question in another class, a series'
    # question with another of its weeks or days.
    current = answers_current(
        participant_ids={participant.pk for participant, _ in pairs},
        question_ids={question.pk for questions in asked.values() for question in questions},
    )
    # A child's answers to a season's questions, given with any item: they serve every item.
    seasons: dict[int, dict[int, object]] = {}
    for (_, participant_id), answers in given.items():
        for question_id, value in answers.items():
            if int(question_id) in season_questions:
                seasons.setdefault(participant_id, {}).setdefault(int(question_id), value)
    kept: list[dict] = [{} for _ in pairs]
    problems: dict[str, list[str]] = {}
    for index, (series_id, participant_id) in firsts.items():
        participant, camp_class = pairs[index]
        asked_of = given.get((series_id, participant_id), {})
        answers = {int(key): value for key, value in asked_of.items()}
        questions = asked.get(camp_class.pk, [])
        for question in questions:
            if question.season_id and question.pk in seasons.get(participant_id, {}):
                answers.setdefault(question.pk, seasons[participant_id][question.pk])
        keep, found = answers_checked(
            questions=questions,
            given=answers,
            current={
                question_id: answer.value
                for question_id, answer in current.get(participant_id, {}).items()
            },
            who=participant.name or "You",
            where=camp_class.name,
        )
        for question_id, messages in found.items():
            problems.setdefault(question_id, []).extend(
                message for message in messages if message not in problems.get(question_id, [])
            )
        kept[index] = {str(question_id): value for question_id, value in keep.items()}
    if problems:
        raise InvalidInput({"answers": problems})
    return kept
