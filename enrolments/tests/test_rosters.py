"""The instructor's roster: each enrolled child with their age on the first day, their notes and
whom to call. Children's details are for their family, the instructor of a class they hold a
seat in, and admins; nobody else, through any endpoint."""

import csv
import io
from datetime import date, time, timedelta

import pytest
from django.utils import timezone

from accounts.models import Role
from classes.models import ClassStatus
from enrolments.services import seat_give_back
from payments.models import PaymentStatus
from testing.dates import years_before
from testing.factories import (
    ChildFactory,
    PaymentFactory,
    SelectionFactory,
    UserFactory,
    scheduled_class,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_day():
    today = timezone.localdate()
    return today + timedelta(days=28 - today.weekday())


@pytest.fixture
def watercolour(people, first_day):
    return scheduled_class(
        name="Watercolour for Kids",
        start=first_day,
        end=first_day + timedelta(days=4),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=people["instructor"],
        age_min=6,
        age_max=12,
        status=ClassStatus.APPROVED,
    )


@pytest.fixture
def family(people, watercolour, first_day):
    parent = UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")
    mia = ChildFactory(
        account=parent,
        first_name="Mia",
        last_name="Lopez",
        date_of_birth=years_before(first_day, 9),
        notes="Allergic to peanuts.",
        emergency_contact_name="Rosa Lopez",
        emergency_contact_phone="+1 415 555 0134",
    )
    leo = ChildFactory(
        account=parent,
        first_name='=HYPERLINK("http://evil.test")',
        last_name="Lopez",
        date_of_birth=years_before(first_day, 7) + timedelta(days=1),
    )
    for child in (mia, leo):
        PaymentFactory(student=parent, participant=child, camp_class=watercolour, status="enrolled")
    return {"parent": parent, "mia": mia, "leo": leo}


def roster(client, camp_class):
    return client.get(f"/api/classes/{camp_class.pk}/roster")


def test_the_instructor_sees_each_enrolled_child_with_what_to_know(client_as, watercolour, family):
    response = roster(client_as("instructor"), watercolour)

    assert response.status_code == 200
    lines = response.json()
    assert [line["participantName"] for line in lines] == [
        '=HYPERLINK("http://evil.test") Lopez',
        "Mia Lopez",
    ]
    mia = lines[1]
    assert mia | {"enrolledAt": None} == {
        "participantId": family["mia"].pk,
        "participantName": "Mia Lopez",
        "dateOfBirth": family["mia"].date_of_birth.isoformat(),
        "age": 9,
        "notes": "Allergic to peanuts.",
        "accountName": "Ana Lopez",
        "accountEmail": "ana@camp.test",
        "emergencyContactName": "Rosa Lopez",
        "emergencyContactPhone": "+1 415 555 0134",
        "enrolledAt": None,
        # Her care record is done, with nothing to flag (enrolments/tests/test_care.py).
        "careFlags": {
            "allergy": None,
            "allergies": [],
            "medicationAtCamp": False,
            "photoConsent": True,
            "pickups": [],
            "mayLeaveAlone": False,
            "complete": True,
            "missing": [],
            "actionPlanOnFile": False,
        },
        # The school asks no questions of this class (enrolments/tests/test_answers.py).
        "answers": [],
    }
    assert lines[0]["age"] == 6


def test_a_child_who_only_selected_or_gave_the_seat_back_is_not_on_it(
    client_as, watercolour, family
):
    selected_only = ChildFactory(account=family["parent"], first_name="Noa")
    SelectionFactory(student=family["parent"], participant=selected_only, camp_class=watercolour)
    seat = family["mia"].enrolments.get()
    seat_give_back(enrolment_id=seat.pk, reason="Refunded by the school.")

    names = [line["participantName"] for line in roster(client_as("admin"), watercolour).json()]

    assert names == ['=HYPERLINK("http://evil.test") Lopez']


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("anonymous", 401),
        ("student", 403),
        ("other student", 403),
        ("other instructor", 403),
        ("instructor", 200),
        ("admin", 200),
    ],
)
def test_only_the_classs_instructor_and_admins_read_the_roster(
    client_as, watercolour, family, who, status
):
    for path in ("roster", "roster.csv"):
        response = client_as(who).get(f"/api/classes/{watercolour.pk}/{path}")
        assert response.status_code == status, (who, path)
        if status != 200:
            assert "Mia" not in response.content.decode()


def test_the_family_itself_cannot_read_the_roster(api_client_for, watercolour, family):
    response = roster(api_client_for(family["parent"]), watercolour)

    assert response.status_code == 403


def test_the_csv_carries_the_roster_and_no_live_formula(client_as, watercolour, family):
    response = client_as("instructor").get(f"/api/classes/{watercolour.pk}/roster.csv")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="roster-{watercolour.pk}.csv"'
    )
    assert "no-store" in response["Cache-Control"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "participant",
        "age on the first day",
        "date of birth",
        "notes",
        "family contact",
        "family e-mail",
        "emergency contact",
        "emergency phone",
        "enrolled at",
        "allergies",
        "medication at camp",
        "photo consent",
        "pick-up",
        "care record",
    ]
    assert rows[1][0] == '\'=HYPERLINK("http://evil.test") Lopez'
    assert rows[2][:8] == [
        "Mia Lopez",
        "9",
        family["mia"].date_of_birth.isoformat(),
        "Allergic to peanuts.",
        "Ana Lopez",
        "ana@camp.test",
        "Rosa Lopez",
        # A leading + starts a formula in a spreadsheet: kept as text, shown as the number.
        "'+1 415 555 0134",
    ]


def test_a_missing_class_is_not_found(client_as):
    assert client_as("admin").get("/api/classes/999999/roster").status_code == 404


def test_the_roster_costs_the_same_queries_for_two_or_ten_children(
    client_as, watercolour, family, django_assert_max_num_queries
):
    client = client_as("instructor")
    with django_assert_max_num_queries(8) as two:
        roster(client, watercolour)
    for n in range(8):
        child = ChildFactory(account=family["parent"], date_of_birth=date(2016, 1, n + 1))
        PaymentFactory(
            student=family["parent"],
            participant=child,
            camp_class=watercolour,
            status=PaymentStatus.ENROLLED,
        )
    with django_assert_max_num_queries(len(two)) as ten:
        lines = roster(client, watercolour).json()
    assert len(lines) == 10
    assert len(ten) == len(two)
