"""A child's answers to the school's questions, after checkout: the family reads and changes
them until the class's first day (each change kept); the class's instructor reads those the
school marked for them on the roster and its files, an admin every one; every file
spreadsheet-safe."""

import csv
import io
from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.utils import timezone
from openpyxl import load_workbook
from rest_framework import serializers

from core.school_time import school_timezone, school_today
from extras.models import Answer, Question, QuestionKind
from extras.serializers import AnswersInputField
from extras.services import answers_record
from testing.day_camp import a_day_camp, units
from testing.factories import ChildFactory, PaymentFactory, scheduled_class
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return a_season(starts_in_days=20)


@pytest.fixture
def first_day(season):
    return season.starts_on + timedelta(days=7 - season.starts_on.weekday())


@pytest.fixture
def pottery(people, season, first_day):
    return scheduled_class(
        name="Wheel Pottery",
        start=first_day,
        end=first_day + timedelta(days=4),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
        season=season,
    )


@pytest.fixture
def questions(pottery, season):
    sensory = Question.objects.create(
        season=season,
        label="Any sensory needs we should plan for?",
        kind=QuestionKind.YES_NO,
        required=True,
        instructor_sees=True,
    )
    return {
        "wheel": Question.objects.create(
            camp_class=pottery,
            label="Has your child used a pottery wheel?",
            kind=QuestionKind.YES_NO,
            instructor_sees=True,
        ),
        "heard": Question.objects.create(
            camp_class=pottery,
            label="How did you hear of us?",
            kind=QuestionKind.SHORT_TEXT,
            position=1,
        ),
        "sensory": sensory,
        "helps": Question.objects.create(
            season=season,
            label="Tell us what helps",
            kind=QuestionKind.LONG_TEXT,
            required=True,
            show_if_question=sensory,
            show_if_answer="yes",
            instructor_sees=True,
            position=1,
        ),
    }


@pytest.fixture
def family(people, pottery):
    parent = people["student"]
    maya = ChildFactory(account=parent, first_name="Maya", last_name="Silva")
    payment = PaymentFactory(
        student=parent, participant=maya, camp_class=pottery, status="enrolled"
    )
    return {"parent": parent, "maya": maya, "enrolment": payment.enrolment}


def given(questions, **values) -> dict:
    return {str(questions[name].pk): value for name, value in values.items()}


def answered(family, questions, **values):
    answers_record(
        participant=family["maya"],
        answers={questions[name].pk: value for name, value in values.items()},
        by_id=family["parent"].pk,
    )


def url(family) -> str:
    return f"/api/enrolments/{family['enrolment'].pk}/answers"


class TestTheFamily:
    def test_reads_its_answers_with_the_questions_and_until_when(
        self, client_as, family, questions, first_day
    ):
        answered(family, questions, wheel=False, sensory=True, helps="A quiet corner.")

        response = client_as("student").get(url(family))

        assert response.status_code == 200
        body = response.json()
        assert body["enrolmentId"] == family["enrolment"].pk
        assert datetime.fromisoformat(body["editableUntil"]) == datetime.combine(
            first_day, time.min, school_timezone()
        )
        assert [q["id"] for q in body["questions"]] == [
            questions[name].pk for name in ("wheel", "heard", "sensory", "helps")
        ]
        assert body["answers"] == given(
            questions, wheel=False, sensory=True, helps="A quiet corner."
        )
        assert [(h["questionId"], h["value"]) for h in body["history"]] == [
            (questions["wheel"].pk, False),
            (questions["sensory"].pk, True),
            (questions["helps"].pk, "A quiet corner."),
        ]

    def test_changes_them_each_change_kept_as_a_row_of_its_own(self, client_as, family, questions):
        answered(family, questions, wheel=False, sensory=False)

        response = client_as("student").put(
            url(family),
            {"answers": given(questions, wheel=True, sensory=False, heard="A friend")},
            format="json",
        )

        assert response.status_code == 200, response.json()
        assert response.json()["answers"] == given(
            questions, wheel=True, sensory=False, heard="A friend"
        )
        # The unchanged answer wrote nothing; the changed one a row beside the first.
        assert sorted((a.question_id, a.value) for a in Answer.objects.all()) == sorted(
            [
                (questions["wheel"].pk, False),
                (questions["sensory"].pk, False),
                (questions["wheel"].pk, True),
                (questions["heard"].pk, "A friend"),
            ]
        )
        assert len(response.json()["history"]) == 4

    def test_a_change_is_checked_as_at_checkout_a_follow_up_required_once_shown(
        self, client_as, family, questions
    ):
        answered(family, questions, sensory=False)

        response = client_as("student").put(
            url(family), {"answers": given(questions, sensory=True)}, format="json"
        )

        assert response.status_code == 400
        assert response.json()["errors"] == {
            "answers": {
                str(questions["helps"].pk): ["Maya Silva: Please answer “Tell us what helps”."]
            }
        }
        assert Answer.objects.count() == 1

    def test_from_the_class_s_first_day_the_answers_are_closed(
        self, client_as, family, questions, first_day
    ):
        with time_machine.travel(timezone.now() + (first_day - school_today()), tick=False):
            response = client_as("student").put(
                url(family), {"answers": given(questions, wheel=True)}, format="json"
            )

        assert response.status_code == 409
        assert response.json()["code"] == "answers_closed"
        assert not Answer.objects.exists()

    def test_another_family_s_seat_is_not_found(self, client_as, family, questions):
        other = client_as("other student")

        assert other.get(url(family)).status_code == 404
        assert (
            other.put(url(family), {"answers": given(questions, wheel=True)}, format="json")
        ).status_code == 404
        assert not Answer.objects.exists()


EVIL = '=HYPERLINK("http://evil.test","Click")'


class TestTheRoster:
    def test_an_instructor_sees_only_the_questions_marked_for_them_an_admin_every_one(
        self, client_as, family, questions, pottery
    ):
        answered(family, questions, wheel=True, heard="A friend", sensory=True, helps="Ear muffs")

        seen = {
            who: client_as(who).get(f"/api/classes/{pottery.pk}/roster").json()[0]["answers"]
            for who in ("instructor", "admin")
        }

        assert [(a["label"], a["text"]) for a in seen["instructor"]] == [
            ("Has your child used a pottery wheel?", "Yes"),
            ("Any sensory needs we should plan for?", "Yes"),
            ("Tell us what helps", "Ear muffs"),
        ]
        assert [(a["label"], a["value"]) for a in seen["admin"]] == [
            ("Has your child used a pottery wheel?", True),
            ("How did you hear of us?", "A friend"),
            ("Any sensory needs we should plan for?", True),
            ("Tell us what helps", "Ear muffs"),
        ]

    def test_a_follow_up_no_longer_shown_is_not_on_the_roster(
        self, client_as, family, questions, pottery
    ):
        answered(family, questions, sensory=True, helps="Ear muffs")
        answered(family, questions, sensory=False)

        [line] = client_as("admin").get(f"/api/classes/{pottery.pk}/roster").json()

        assert [(a["label"], a["text"]) for a in line["answers"]] == [
            ("Any sensory needs we should plan for?", "No")
        ]

    def test_the_csv_has_a_column_for_each_question_and_is_spreadsheet_safe(
        self, client_as, family, questions, pottery
    ):
        answered(family, questions, wheel=True, heard=EVIL, sensory=False)

        instructor = client_as("instructor").get(f"/api/classes/{pottery.pk}/roster.csv")
        admin = client_as("admin").get(f"/api/classes/{pottery.pk}/roster.csv")

        def table(response):
            header, row = list(csv.reader(io.StringIO(response.content.decode())))
            return dict(zip(header, row, strict=True))

        mine = table(instructor)
        assert mine["Has your child used a pottery wheel?"] == "Yes"
        assert mine["Any sensory needs we should plan for?"] == "No"
        assert "How did you hear of us?" not in mine
        assert table(admin)["How did you hear of us?"] == "'" + EVIL

    def test_the_workbook_is_the_roster_with_its_answers_spreadsheet_safe(
        self, client_as, family, questions, pottery
    ):
        answered(family, questions, wheel=True, heard=EVIL)

        response = client_as("admin").get(f"/api/classes/{pottery.pk}/roster.xlsx")

        assert response.status_code == 200
        assert response["Content-Disposition"] == (
            f'attachment; filename="roster-{pottery.pk}.xlsx"'
        )
        sheet = load_workbook(io.BytesIO(response.content)).active
        header, row = ([cell.value for cell in line] for line in sheet.iter_rows())
        cells = dict(zip(header, row, strict=True))
        assert cells["participant"] == "Maya Silva"
        assert cells["How did you hear of us?"] == "'" + EVIL
        assert cells["Has your child used a pottery wheel?"] == "Yes"
        assert all(cell.data_type != "f" for line in sheet.iter_rows() for cell in line)

    def test_the_back_office_export_has_every_answer_spreadsheet_safe(
        self, back_office, family, questions, pottery
    ):
        answered(family, questions, wheel=False, heard=EVIL)

        response = back_office.post(
            "/admin/classes/class/",
            {"action": "export_roster", "_selected_action": [pottery.pk]},
        )

        header, row = list(csv.reader(io.StringIO(response.content.decode())))
        cells = dict(zip(header, row, strict=True))
        assert cells["Has your child used a pottery wheel?"] == "No"
        assert cells["How did you hear of us?"] == "'" + EVIL


def test_a_week_s_roster_shows_the_series_answers_and_the_season_s(
    client_as, people, season, questions
):
    camp = a_day_camp(season, instructor=people["instructor"])
    lunch = Question.objects.create(
        camp_class=camp, label="Lunch allergies?", kind="short_text", instructor_sees=True
    )
    week = units(camp)[0]
    leo = ChildFactory(account=people["student"], first_name="Leo", last_name="Silva")
    PaymentFactory(student=people["student"], participant=leo, camp_class=week, status="enrolled")
    answers_record(
        participant=leo,
        answers={lunch.pk: "Sesame", questions["sensory"].pk: False},
        by_id=people["student"].pk,
    )

    [line] = client_as("instructor").get(f"/api/classes/{camp.pk}/units/{week.pk}/roster").json()

    assert [(a["label"], a["text"]) for a in line["answers"]] == [
        ("Lunch allergies?", "Sesame"),
        ("Any sensory needs we should plan for?", "No"),
    ]


def test_answers_keyed_by_what_is_no_question_s_id_are_refused():
    field = AnswersInputField()

    for key in ("²", "x", "1" * 12):
        with pytest.raises(serializers.ValidationError):
            field.run_validation({key: "yes"})
    assert field.run_validation({"12": "yes"}) == {12: "yes"}
