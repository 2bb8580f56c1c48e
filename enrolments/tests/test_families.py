"""A parent enrols each of their children: who may take a class is decided for the participant
(age on the first day, their own clashes, registration), siblings each hold their own seat, and
what the family sees before clicking agrees with what selecting says."""

from datetime import date, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of
from classes.models import Class
from enrolments.models import AgeOverride, Enrolment, SeatHold, Selection
from enrolments.rules import enrolment_refusal, family_refusals
from enrolments.services import seat_take
from testing.dates import years_before
from testing.factories import ChildFactory, SelectionFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

LOS_ANGELES = ZoneInfo("America/Los_Angeles")
MON, TUE, WED, THU, FRI = range(5)


def next_monday(weeks_ahead: int = 4) -> date:
    today = timezone.localdate(timezone=LOS_ANGELES)
    return today + timedelta(days=7 * weeks_ahead - today.weekday())


FIRST_DAY = next_monday()


def born_years_before(years: int, *, days_later: int = 0) -> date:
    """A birthday `years` before the first day, moved `days_later` days on."""
    return years_before(FIRST_DAY, years) + timedelta(days=days_later)


def week_class(**details) -> Class:
    """A class meeting in the week of FIRST_DAY, unless told otherwise."""
    details.setdefault("start", FIRST_DAY)
    details.setdefault("end", details["start"] + timedelta(days=6))
    return scheduled_class(**details)


def said_day(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


@pytest.fixture
def parent():
    return UserFactory(role=Role.STUDENT, name="Ana Lopez", email="ana@camp.test")


@pytest.fixture
def mia(parent):
    return ChildFactory(account=parent, first_name="Mia", date_of_birth=born_years_before(9))


@pytest.fixture
def leo(parent):
    return ChildFactory(account=parent, first_name="Leo", date_of_birth=born_years_before(11))


@pytest.fixture
def watercolour():
    return week_class(
        name="Watercolour for Kids",
        start=FIRST_DAY,
        end=FIRST_DAY + timedelta(days=4),
        days=(MON, WED),
        hours=(time(9), time(12)),
        age_min=8,
        age_max=12,
        seats=5,
    )


@pytest.fixture
def as_parent(api_client_for, parent):
    return api_client_for(parent)


def select(client, camp_class: Class, participant=None):
    body = {"classId": camp_class.pk}
    if participant is not None:
        body["participantId"] = participant.pk
    return client.post("/api/selectClass", body, format="json")


class TestAges:
    @pytest.mark.parametrize(
        ("born", "allowed"),
        [
            pytest.param(born_years_before(8), True, id="turns 8 on the first day"),
            pytest.param(born_years_before(8, days_later=1), False, id="turns 8 a day later"),
            pytest.param(born_years_before(12, days_later=1), True, id="turns 13 a day later"),
            pytest.param(born_years_before(13), False, id="turns 13 on the first day"),
        ],
    )
    def test_the_age_counts_on_the_first_day_birthday_included(
        self, as_parent, parent, watercolour, born, allowed
    ):
        child = ChildFactory(account=parent, first_name="Mia", date_of_birth=born)

        response = select(as_parent, watercolour, child)

        assert (response.status_code == 201) is allowed, response.json()
        assert Selection.objects.filter(participant=child).exists() is allowed

    def test_the_refusal_says_the_ages_and_the_childs_age_then(
        self, as_parent, parent, watercolour
    ):
        child = ChildFactory(
            account=parent, first_name="Mia", date_of_birth=born_years_before(8, days_later=1)
        )

        response = select(as_parent, watercolour, child)

        assert response.status_code == 409
        assert response.json()["message"] == (f"Ages 8–12: Mia will be 7 on {said_day(FIRST_DAY)}.")

    def test_an_account_holder_without_a_birth_date_is_an_adult(self, as_parent, parent):
        adults = week_class(
            name="Evening Ceramics",
            start=FIRST_DAY,
            days=(TUE,),
            hours=(time(18), time(20)),
            age_min=18,
        )
        kids = week_class(name="Clay for Kids", start=FIRST_DAY, days=(THU,), age_min=5, age_max=9)

        assert select(as_parent, adults).status_code == 201
        refused = select(as_parent, kids)
        assert refused.status_code == 409
        assert refused.json()["message"] == "Ages 5–9: this class is for children."

    def test_an_admins_override_lets_one_child_take_one_class(
        self, as_parent, parent, watercolour, people
    ):
        young = ChildFactory(account=parent, first_name="Mia", date_of_birth=born_years_before(7))
        AgeOverride.objects.create(
            participant=young,
            camp_class=watercolour,
            reason="Her older sister is in the class; the instructor agreed.",
            granted_by=people["admin"],
        )
        other_class = week_class(
            name="Watercolour Again", start=FIRST_DAY, days=(TUE,), age_min=8, age_max=12
        )

        assert select(as_parent, watercolour, young).status_code == 201
        assert select(as_parent, other_class, young).status_code == 409


class TestSiblings:
    def test_two_siblings_each_select_and_hold_a_seat_in_one_class(
        self, as_parent, parent, mia, leo, watercolour
    ):
        assert select(as_parent, watercolour, mia).status_code == 201
        assert select(as_parent, watercolour, leo).status_code == 201

        for child in (mia, leo):
            seat_take(
                student_id=parent.pk,
                participant=child,
                camp_class_id=watercolour.pk,
            )

        seats = Enrolment.objects.filter(camp_class=watercolour).order_by("id")
        assert [(seat.student_id, seat.participant_id) for seat in seats] == [
            (parent.pk, mia.pk),
            (parent.pk, leo.pk),
        ]
        watercolour.refresh_from_db()
        assert (watercolour.seats, watercolour.enroll) == (3, 2)
        enrolled = as_parent.get("/api/enrolledStudent/ana@camp.test").json()
        assert sorted(row["participantName"] for row in enrolled) == [leo.name, mia.name]

    def test_one_child_selects_a_class_once(self, as_parent, mia, watercolour):
        select(as_parent, watercolour, mia)

        response = select(as_parent, watercolour, mia)

        assert response.status_code == 409
        assert response.json()["message"] == "Mia has already selected this class."

    def test_a_clash_is_the_childs_own_not_a_siblings(
        self, as_parent, parent, mia, leo, watercolour
    ):
        same_time = week_class(
            name="Loom Weaving",
            start=FIRST_DAY,
            days=(WED,),
            hours=(time(10), time(11)),
            age_min=8,
            age_max=12,
        )
        select(as_parent, watercolour, mia)

        refused = select(as_parent, same_time, mia)
        allowed = select(as_parent, same_time, leo)

        assert refused.status_code == 409
        assert refused.json()["message"] == (
            "This class meets at the same time as Watercolour for Kids, which Mia is taking."
        )
        assert allowed.status_code == 201

    def test_registration_closed_is_said_for_a_child_too(self, as_parent, mia):
        closed = week_class(
            name="Early Bird Printmaking",
            start=FIRST_DAY,
            days=(FRI,),
            registration_closes_at=timezone.now() - timedelta(hours=1),
        )

        response = select(as_parent, closed, mia)

        assert response.status_code == 409
        assert response.json()["message"].startswith("Registration for this class closed on")

    def test_a_participant_of_another_family_is_not_found(self, api_client_for, mia, watercolour):
        stranger = api_client_for(UserFactory())

        response = select(stranger, watercolour, mia)

        assert response.status_code == 404
        assert not Selection.objects.exists()

    def test_without_a_participant_the_account_holder_selects_as_the_spec_says(
        self, as_parent, parent
    ):
        adults = week_class(name="Evening Ceramics", start=FIRST_DAY, days=(TUE,))

        response = select(as_parent, adults)

        assert response.status_code == 201
        assert Selection.objects.get().participant == account_holder_of(parent)


class TestListsByParticipant:
    def test_each_list_narrows_to_one_participant(self, as_parent, parent, mia, leo):
        first = SelectionFactory(student=parent, participant=mia)
        SelectionFactory(student=parent, participant=leo)

        mine = as_parent.get(f"/api/selectClass?email=ana@camp.test&participant={mia.pk}")

        assert [row["_id"] for row in mine.json()] == [first.pk]
        assert mine.json()[0]["participantName"] == mia.name
        for path in (
            "/api/selectClass?email=ana@camp.test&participant=mia",
            "/api/enrolledStudent/ana@camp.test?participant=0",
            "/api/payments/ana@camp.test?participant=x",
        ):
            bad = as_parent.get(path)
            assert bad.status_code == 400, path
            assert "participant" in bad.json()["errors"], path


class TestBeforeAnyoneClicks:
    def test_each_participant_sees_whether_and_why_not(
        self, as_parent, parent, mia, leo, watercolour
    ):
        toddler = ChildFactory(account=parent, first_name="Noa", date_of_birth=born_years_before(4))
        SelectionFactory(student=parent, participant=leo, camp_class=watercolour)

        response = as_parent.get(f"/api/eligibility?classIds={watercolour.pk}")

        assert response.status_code == 200
        chances = response.json()["classes"][str(watercolour.pk)]
        assert [
            (row["participantName"], row["eligible"], row["kind"], row["reason"]) for row in chances
        ] == [
            ("Ana Lopez", False, "age", "Ages 8–12: this class is for children."),
            (mia.name, True, None, None),
            (leo.name, False, "selected", "Leo has already selected this class."),
            (toddler.name, False, "age", f"Ages 8–12: Noa will be 4 on {said_day(FIRST_DAY)}."),
        ]

    def test_what_is_shown_agrees_with_what_selecting_says(self, parent, mia, leo, watercolour):
        full = week_class(name="Full Class", start=FIRST_DAY, days=(TUE,), seats=0)
        clash = week_class(
            name="Loom Weaving", start=FIRST_DAY, days=(WED,), hours=(time(10), time(11))
        )
        started = week_class(
            name="Started Class",
            start=timezone.localdate(timezone=LOS_ANGELES) - timedelta(days=1),
            days=tuple(range(7)),
        )
        # Its one seat held for Mia while her parent pays: free to her, to nobody else.
        held = week_class(name="Held Class", start=FIRST_DAY, days=(TUE,), seats=1)
        SeatHold.objects.create(
            student=parent,
            participant=mia,
            camp_class=held,
            expires_at=timezone.now() + timedelta(minutes=10),
        )
        SelectionFactory(student=parent, participant=mia, camp_class=watercolour)
        classes = [watercolour, full, clash, started, held]
        participants = [account_holder_of(parent), mia, leo]

        shown = family_refusals(participants=participants, classes=classes)

        assert [chance.refusal and chance.refusal.kind for chance in shown[held.pk]] == [
            "full",
            None,
            "full",
        ]
        for camp_class in classes:
            for chance, participant in zip(shown[camp_class.pk], participants, strict=True):
                asked = enrolment_refusal(participant=participant, camp_class=camp_class)
                if asked is None and chance.refusal is not None:
                    # Selecting says "already selected" after the rules (selection_create).
                    assert chance.refusal.kind == "selected"
                else:
                    assert chance.refusal == asked, (camp_class.name, participant.first_name)

    def test_the_queries_stay_flat_with_the_family_and_the_page(self, as_parent, parent):
        account_holder_of(parent)

        def queries(children: int, classes: int) -> int:
            for _ in range(children):
                ChildFactory(account=parent)
            ids = [
                week_class(
                    name=f"Class {n}", start=FIRST_DAY, days=(n % 5,), age_min=6, age_max=12
                ).pk
                for n in range(classes)
            ]
            for child in parent.participants.filter(is_account_holder=False)[:1]:
                SelectionFactory(student=parent, participant=child, camp_class_id=ids[0])
            with CaptureQueriesContext(connection) as captured:
                response = as_parent.get(f"/api/eligibility?classIds={','.join(map(str, ids))}")
            assert response.status_code == 200
            return len(captured)

        assert queries(children=1, classes=2) == queries(children=4, classes=8)

    @pytest.mark.parametrize("asked", ["", "a,b", "1," * 101, "-3"])
    def test_bad_class_ids_are_a_400_naming_them(self, as_parent, asked):
        response = as_parent.get(f"/api/eligibility?classIds={asked}")

        assert response.status_code == 400
        assert "classIds" in response.json()["errors"]

    def test_only_students_ask(self, client_as):
        assert client_as("anonymous").get("/api/eligibility?classIds=1").status_code == 401
        assert client_as("instructor").get("/api/eligibility?classIds=1").status_code == 403
