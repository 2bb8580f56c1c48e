"""The school's own questions at checkout (localstripe, the real outbox and SMTP sink): a class
gives its questions and its season's, each child's answers are checked on the server (a
follow-up only when shown, a season's once per child per season), refused with the child and
the question named by question id, kept on the item's first line and become the child's answers
as the seat is taken; the receipt lists them, escaped."""

from datetime import date
from decimal import Decimal

import pytest

from checkout.tests.test_family_checkout import card_saved, paid
from extras.models import Answer, Question, QuestionKind
from payments.models import CheckoutLine
from testing.day_camp import a_day_camp, units
from testing.factories import ChildFactory, class_page_answer
from testing.outbox import send_queued
from testing.seasons import a_season_class

pytestmark = pytest.mark.django_db


@pytest.fixture
def children(family):
    return (
        ChildFactory(account=family, first_name="Maya", last_name="Silva"),
        ChildFactory(account=family, first_name="Leo", last_name="Silva"),
    )


@pytest.fixture
def pottery(season):
    return a_season_class(season, "300.00", name="Wheel Pottery")


@pytest.fixture
def painting(season):
    return a_season_class(season, "200.00", name="Watercolour", week=1)


@pytest.fixture
def sensory(season):
    return Question.objects.create(
        season=season,
        label="Any sensory needs we should plan for?",
        kind=QuestionKind.YES_NO,
        required=True,
        instructor_sees=True,
    )


@pytest.fixture
def what_helps(season, sensory):
    return Question.objects.create(
        season=season,
        label="Tell us what helps",
        kind=QuestionKind.LONG_TEXT,
        required=True,
        show_if_question=sensory,
        show_if_answer="yes",
        position=1,
    )


@pytest.fixture
def wheel(pottery):
    return Question.objects.create(
        camp_class=pottery,
        label="Has your child used a pottery wheel?",
        kind=QuestionKind.YES_NO,
        instructor_sees=True,
    )


@pytest.fixture
def hand(pottery):
    return Question.objects.create(
        camp_class=pottery,
        label="Left- or right-handed?",
        kind=QuestionKind.ONE_CHOICE,
        choices=["Left", "Right"],
        required=True,
        position=1,
    )


def item(child, camp_class, answers=None, **more) -> dict:
    body = {"classId": camp_class.pk, "participantId": child.pk, **more}
    if answers is not None:
        body["answers"] = {str(question.pk): value for question, value in answers.items()}
    return body


def checkout(client, *items):
    return client.post("/api/checkouts", {"items": list(items)}, format="json")


def test_a_class_gives_its_own_questions_then_its_season_s(
    api_client, pottery, sensory, what_helps, wheel, hand
):
    response = api_client.get(f"/api/classes/{pottery.pk}")

    assert response.status_code == 200
    assert response.json() == class_page_answer(pottery)
    assert response.json()["questions"] == [
        {
            "id": wheel.pk,
            "label": "Has your child used a pottery wheel?",
            "kind": "yes_no",
            "required": False,
            "help": "",
            "choices": [],
            "showIf": None,
            "instructorSees": True,
        },
        {
            "id": hand.pk,
            "label": "Left- or right-handed?",
            "kind": "one_choice",
            "required": True,
            "help": "",
            "choices": ["Left", "Right"],
            "showIf": None,
            "instructorSees": False,
        },
        {
            "id": sensory.pk,
            "label": "Any sensory needs we should plan for?",
            "kind": "yes_no",
            "required": True,
            "help": "",
            "choices": [],
            "showIf": None,
            "instructorSees": True,
        },
        {
            "id": what_helps.pk,
            "label": "Tell us what helps",
            "kind": "long_text",
            "required": True,
            "help": "",
            "choices": [],
            "showIf": {"questionId": sensory.pk, "answer": "yes"},
            "instructorSees": False,
        },
    ]


def test_a_week_of_a_day_camp_asks_its_series_questions(api_client, season, sensory):
    camp = a_day_camp(season)
    own = Question.objects.create(camp_class=camp, label="Lunch allergies?", kind="short_text")

    for camp_class in (camp, units(camp)[0]):
        response = api_client.get(f"/api/classes/{camp_class.pk}")
        assert [q["id"] for q in response.json()["questions"]] == [own.pk, sensory.pk]


def test_a_missing_answer_is_refused_naming_the_child_and_the_question_and_nothing_is_held(
    as_family, children, pottery, sensory, what_helps, wheel, hand
):
    maya, _ = children

    response = checkout(as_family, item(maya, pottery, {sensory: False}))

    assert response.status_code == 400
    assert response.json() == {
        "message": "Maya Silva: Please answer “Left- or right-handed?”.",
        "errors": {
            "answers": {str(hand.pk): ["Maya Silva: Please answer “Left- or right-handed?”."]}
        },
    }
    assert not CheckoutLine.objects.exists()


def test_a_follow_up_is_required_only_when_shown(
    as_family, children, pottery, sensory, what_helps, hand
):
    maya, leo = children

    # Leo has no sensory needs: the follow-up is not asked, and an answer to it is not kept.
    response = checkout(
        as_family,
        item(maya, pottery, {sensory: True, hand: "Left"}),
        item(leo, pottery, {sensory: False, hand: "Right", what_helps: "Ignored"}),
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "answers": {str(what_helps.pk): ["Maya Silva: Please answer “Tell us what helps”."]}
    }

    response = checkout(
        as_family,
        item(maya, pottery, {sensory: True, hand: "Left", what_helps: "  A quiet corner.  "}),
        item(leo, pottery, {sensory: False, hand: "Right", what_helps: "Ignored"}),
    )

    assert response.status_code == 201, response.json()
    assert [line.answers for line in CheckoutLine.objects.order_by("id")] == [
        {str(sensory.pk): True, str(hand.pk): "Left", str(what_helps.pk): "A quiet corner."},
        {str(sensory.pk): False, str(hand.pk): "Right"},
    ]


# A day no year has, in this year's form.
NO_SUCH_DAY = f"{date.today().year}-02-30"


@pytest.mark.parametrize(
    ("kind", "choices", "value", "why"),
    [
        ("short_text", [], "x" * 201, "at most 200 characters, please"),
        ("long_text", [], 12, "write it as text"),
        ("one_choice", ["Left", "Right"], "Both", "choose one"),
        ("choices", ["Clay", "Paint"], ["Clay", "Wood"], "choose among the answers offered"),
        ("yes_no", [], "yes", "answer yes or no"),
        ("date", [], NO_SUCH_DAY, "give a date as YYYY-MM-DD"),
        ("number", [], "7", "give a number"),
    ],
)
def test_each_kind_of_answer_is_checked_on_the_server(
    as_family, children, pottery, kind, choices, value, why
):
    question = Question.objects.create(
        camp_class=pottery, label="Tell us", kind=kind, choices=choices
    )

    response = checkout(as_family, item(children[0], pottery, {question: value}))

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "answers": {str(question.pk): [f"Maya Silva: “Tell us”: {why}."]}
    }


def test_an_answer_to_a_question_the_class_does_not_ask_is_refused(
    as_family, children, pottery, painting
):
    elsewhere = Question.objects.create(camp_class=painting, label="Brushes?", kind="yes_no")

    response = checkout(as_family, item(children[0], pottery, {elsewhere: True}))

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "answers": {str(elsewhere.pk): ["Maya Silva: this is not a question Wheel Pottery asks."]}
    }


def test_the_quote_does_not_check_answers(as_family, children, pottery, sensory, hand):
    response = as_family.post(
        "/api/checkouts/quote", {"items": [item(children[0], pottery, {})]}, format="json"
    )

    assert response.status_code == 200


def test_a_season_question_is_answered_once_per_child_per_season(
    as_family, family, children, pottery, painting, sensory, what_helps
):
    maya, _ = children

    # One item's answer serves the child's other item of the season.
    response = checkout(
        as_family,
        item(maya, pottery, {sensory: True, what_helps: "Ear defenders."}),
        item(maya, painting, {}),
    )

    assert response.status_code == 201, response.json()
    opened = response.json()
    assert paid(as_family, opened, card_saved(opened, family)).status_code == 201
    assert [(a.question_id, a.camp_class_id, a.value) for a in Answer.objects.order_by("id")] == [
        (sensory.pk, None, True),
        (what_helps.pk, None, "Ear defenders."),
    ]

    # A child with an answer now is not asked again in the season.
    later = a_season_class(pottery.season, "100.00", name="Printmaking", week=2)
    response = checkout(as_family, item(maya, later, {}))

    assert response.status_code == 201, response.json()


def test_the_answers_become_the_child_s_as_the_seat_is_taken_and_the_receipt_lists_them_escaped(
    as_family, family, children, pottery, sensory, what_helps, hand, smtp_sink
):
    maya, _ = children
    opened = checkout(
        as_family,
        item(maya, pottery, {sensory: True, hand: "Left", what_helps: "<b>Quiet</b> & =calm"}),
    ).json()
    assert not Answer.objects.exists()

    assert paid(as_family, opened, card_saved(opened, family)).status_code == 201

    assert {(a.question_id, a.value, a.answered_by_id) for a in Answer.objects.all()} == {
        (sensory.pk, True, family.pk),
        (hand.pk, "Left", family.pk),
        (what_helps.pk, "<b>Quiet</b> & =calm", family.pk),
    }
    assert Answer.objects.get(question=hand).camp_class_id == pottery.pk
    send_queued()
    [receipt] = smtp_sink.messages()
    html = receipt.get_body(preferencelist=("html",)).get_content()
    text = receipt.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert "&lt;b&gt;Quiet&lt;/b&gt; &amp; =calm" in html
    assert "<b>Quiet</b>" not in html
    assert (
        "What you told us about Maya Silva:\n"
        "Left- or right-handed?: Left\n"
        "Any sensory needs we should plan for?: Yes\n"
        "Tell us what helps: <b>Quiet</b> & =calm"
    ) in text


def test_a_week_s_answers_are_kept_on_the_item_s_first_week_for_the_series(
    as_family, family, children, season
):
    camp = a_day_camp(season, "100.00")
    first, second, third = units(camp)[:3]
    lunch = Question.objects.create(
        camp_class=camp, label="Lunch allergies?", kind="short_text", required=True
    )
    maya, _ = children

    opened = checkout(
        as_family, item(maya, camp, {lunch: "Sesame"}, units=[first.pk, second.pk])
    ).json()
    assert [line.answers for line in CheckoutLine.objects.order_by("id")] == [
        {str(lunch.pk): "Sesame"},
        {},
    ]
    assert paid(as_family, opened, card_saved(opened, family)).status_code == 201

    [answer] = Answer.objects.all()
    assert (answer.question_id, answer.camp_class_id, answer.value) == (lunch.pk, camp.pk, "Sesame")
    assert Decimal(opened["total"]) > 0

    # Another week of the series later: answered already, not asked again.
    response = checkout(as_family, item(maya, camp, units=[third.pk]))
    assert response.status_code == 201, response.json()
    # Another child is asked.
    response = checkout(as_family, item(children[1], camp, units=[third.pk]))
    assert response.json()["errors"] == {
        "answers": {str(lunch.pk): ["Leo Silva: Please answer “Lunch allergies?”."]}
    }
