"""The back office sets the school's own questions, on a class's page or a season's: a choice
question's answers one per line, a follow-up only of a question of the same class or season and
for one of its answers."""

import pytest

from classes.tests.test_catalog_admin import class_form
from classes.tests.test_season_admin import season_form
from extras.models import Question, QuestionKind
from testing.factories import ClassFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def question_rows(*rows: dict, initial: int = 0) -> dict:
    form = {"questions-TOTAL_FORMS": len(rows), "questions-INITIAL_FORMS": initial}
    for number, row in enumerate(rows):
        for name, value in row.items():
            form[f"questions-{number}-{name}"] = value
    return form


def test_a_class_s_page_adds_a_choice_question_with_its_answers_one_per_line(admin_client):
    camp_class = ClassFactory()

    response = admin_client.post(
        f"/admin/classes/class/{camp_class.pk}/change/",
        {
            **class_form(camp_class),
            **question_rows(
                {
                    "label": "Left- or right-handed?",
                    "kind": QuestionKind.ONE_CHOICE,
                    "required": "on",
                    "choices": "Left\r\n Right \r\n\r\n",
                    "position": 0,
                }
            ),
        },
    )

    assert response.status_code == 302
    [question] = Question.objects.all()
    assert (question.camp_class_id, question.season_id) == (camp_class.pk, None)
    assert (question.label, question.kind, question.choices, question.required) == (
        "Left- or right-handed?",
        "one_choice",
        ["Left", "Right"],
        True,
    )


def test_a_choice_question_offers_its_answers(admin_client):
    camp_class = ClassFactory()

    response = admin_client.post(
        f"/admin/classes/class/{camp_class.pk}/change/",
        {
            **class_form(camp_class),
            **question_rows({"label": "Size?", "kind": QuestionKind.CHOICES, "position": 0}),
        },
    )

    assert response.status_code == 200
    assert "A choice question offers its answers, one per line." in response.content.decode()
    assert not Question.objects.exists()


def test_a_season_s_follow_up_is_asked_for_an_answer_of_its_own_season_s_question(
    back_office,
):
    season = a_season()
    sensory = Question.objects.create(
        season=season, label="Any sensory needs?", kind=QuestionKind.YES_NO, required=True
    )
    sensory_row = {
        "id": sensory.pk,
        "season": season.pk,
        "label": sensory.label,
        "kind": sensory.kind,
        "required": "on",
        "position": 0,
    }
    follow_up = {
        "season": season.pk,
        "label": "Tell us what helps",
        "kind": QuestionKind.LONG_TEXT,
        "show_if_question": sensory.pk,
        "position": 1,
    }
    url = f"/admin/classes/season/{season.pk}/change/"
    form = season_form(name=season.name)

    refused = back_office.post(
        url,
        {**form, **question_rows(sensory_row, {**follow_up, "show_if_answer": "maybe"}, initial=1)},
    )
    made = back_office.post(
        url,
        {**form, **question_rows(sensory_row, {**follow_up, "show_if_answer": "yes"}, initial=1)},
    )

    assert refused.status_code == 200
    assert "Give one of that question&#x27;s answers." in refused.content.decode()
    assert made.status_code == 302
    helps = Question.objects.get(label="Tell us what helps")
    assert (helps.season_id, helps.show_if_question_id, helps.show_if_answer) == (
        season.pk,
        sensory.pk,
        "yes",
    )


def test_a_follow_up_of_another_class_s_question_is_refused(admin_client):
    camp_class, other = ClassFactory(), ClassFactory()
    elsewhere = Question.objects.create(camp_class=other, label="Wheel?", kind=QuestionKind.YES_NO)

    response = admin_client.post(
        f"/admin/classes/class/{camp_class.pk}/change/",
        {
            **class_form(camp_class),
            **question_rows(
                {
                    "label": "Which wheel?",
                    "kind": QuestionKind.SHORT_TEXT,
                    "show_if_question": elsewhere.pk,
                    "show_if_answer": "yes",
                    "position": 0,
                }
            ),
        },
    )

    assert response.status_code == 200
    assert "A follow-up follows a question of its own." in response.content.decode()
    assert Question.objects.count() == 1


def test_every_question_is_listed_to_find(admin_client):
    season = a_season()
    Question.objects.create(season=season, label="Any sensory needs?", kind=QuestionKind.YES_NO)

    response = admin_client.get("/admin/extras/question/")

    assert response.status_code == 200
    assert "Any sensory needs?" in response.content.decode()
