"""Seasons: a class's season says when families may register for it (`season` rule of
enrolments.rules, enrolments.seasons), and GET /api/seasons says it to the browser.

Every moment here is counted from the test's own now, and the clock is moved across an opening
with time-machine, so the tests hold on any day."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Role
from accounts.services import account_holder_of
from classes.models import ClassStatus, Season, SeasonEarlyAccess
from classes.schedule import WEEKDAY_NAMES, school_timezone
from enrolments.models import Selection
from enrolments.rules import enrolment_refusal
from testing.factories import ClassFactory, EnrolmentFactory, UserFactory
from testing.seasons import a_season

pytestmark = pytest.mark.django_db


def season_of(name: str, *, opens_in: timedelta, early_by: timedelta | None = None, **fields):
    return a_season(name, opens_in=opens_in, early_by=early_by, starts_in_days=200, **fields)


@pytest.fixture
def family():
    return UserFactory(role=Role.STUDENT, name="Ana Silva", email="Ana.Silva@camp.test")


@pytest.fixture
def as_family(api_client_for, family):
    return api_client_for(family)


def select(client, camp_class):
    return client.post("/api/selectClass", {"classId": camp_class.pk}, format="json")


def in_school_time(moment) -> str:
    return moment.astimezone(school_timezone()).isoformat()


def returning(family, earlier: Season) -> None:
    """The family was enrolled in a class of an earlier season."""
    EnrolmentFactory(
        student=family, camp_class=ClassFactory(status=ClassStatus.APPROVED, season=earlier)
    )


class TestBeforeTheOpening:
    def test_selecting_answers_409_registration_not_open_with_the_moment(self, as_family):
        summer = season_of("Summer next year", opens_in=timedelta(days=3))
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        response = select(as_family, pottery)

        assert response.status_code == 409
        body = response.json()
        assert body["code"] == "registration_not_open"
        assert body["opensAt"] == in_school_time(summer.opens_at)
        assert body["message"].startswith("Registration for Summer next year opens on ")
        assert not Selection.objects.exists()

    def test_the_moment_it_opens_the_same_family_selects(self, as_family):
        summer = season_of("Summer next year", opens_in=timedelta(minutes=3))
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)
        assert select(as_family, pottery).status_code == 409

        with time_machine.travel(summer.opens_at + timedelta(seconds=1)):
            assert select(as_family, pottery).status_code == 201

    def test_holding_a_seat_is_refused_too(self, as_family, family):
        summer = season_of("Summer next year", opens_in=timedelta(days=1))
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)
        # Selected before the school moved the opening later: the payment page still says no.
        selection = Selection.objects.create(
            student=family, participant=account_holder_of(family), camp_class=pottery
        )

        response = as_family.post(
            "/api/createPaymentIntent", {"payId": selection.pk}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["code"] == "registration_not_open"

    def test_the_eligibility_answer_names_the_reason_for_the_cards(self, as_family):
        summer = season_of("Summer next year", opens_in=timedelta(days=3))
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)
        open_now = ClassFactory(status=ClassStatus.APPROVED)

        response = as_family.get(f"/api/eligibility?classIds={pottery.pk},{open_now.pk}")

        chances = response.json()["classes"]
        assert chances[str(pottery.pk)][0]["kind"] == "registration-not-open"
        assert chances[str(pottery.pk)][0]["eligible"] is False
        assert chances[str(open_now.pk)][0]["eligible"] is True

    def test_a_class_of_no_season_registers_as_before(self, as_family):
        assert select(as_family, ClassFactory(status=ClassStatus.APPROVED)).status_code == 201


def returning_families_early():
    """Opens in two days; returning families may register from yesterday."""
    return season_of(
        "Summer next year",
        opens_in=timedelta(days=2),
        early_by=timedelta(days=3),
        early_access_returning=True,
    )


class TestEarlyAccess:
    def test_a_returning_family_registers_in_the_early_window(self, as_family, family):
        last_summer = season_of(
            "Last summer",
            opens_in=-timedelta(days=300),
            starts_on=timezone.localdate() - timedelta(days=150),
            ends_on=timezone.localdate() - timedelta(days=100),
        )
        returning(family, last_summer)
        summer = returning_families_early()
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        assert select(as_family, pottery).status_code == 201

    def test_a_new_family_waits_for_the_opening(self, as_family):
        summer = returning_families_early()
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        response = select(as_family, pottery)

        assert response.status_code == 409
        assert response.json()["opensAt"] == in_school_time(summer.opens_at)

    def test_a_family_on_the_uploaded_list_registers_early_whatever_the_case(self, as_family):
        summer = season_of(
            "Summer next year", opens_in=timedelta(days=2), early_by=timedelta(days=3)
        )
        SeasonEarlyAccess.objects.create(season=summer, email="ana.silva@camp.test")
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        assert select(as_family, pottery).status_code == 201

    def test_before_the_early_window_the_family_is_told_its_own_opening(self, as_family):
        summer = season_of(
            "Summer next year", opens_in=timedelta(days=5), early_by=timedelta(days=3)
        )
        SeasonEarlyAccess.objects.create(season=summer, email="ana.silva@camp.test")
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        response = select(as_family, pottery)

        assert response.status_code == 409
        assert response.json()["opensAt"] == in_school_time(summer.early_access_opens_at)

    def test_an_enrolment_in_the_same_season_does_not_make_a_family_returning(
        self, as_family, family
    ):
        summer = returning_families_early()
        returning(family, summer)
        pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

        assert select(as_family, pottery).status_code == 409


def test_after_the_season_closes_registration_is_closed(as_family):
    summer = season_of(
        "This summer", opens_in=-timedelta(days=10), closes_at=timezone.now() - timedelta(hours=1)
    )
    pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)

    response = select(as_family, pottery)

    assert response.status_code == 409
    assert response.json()["message"].startswith("Registration for this class closed on ")


class TestSeasonList:
    def test_a_visitor_sees_every_season_and_when_it_opens(self, api_client):
        summer = season_of(
            "Summer next year", opens_in=timedelta(days=2), early_by=timedelta(days=3)
        )
        past = season_of(
            "Last summer",
            opens_in=-timedelta(days=300),
            closes_at=timezone.now() - timedelta(days=150),
            starts_on=timezone.localdate() - timedelta(days=150),
            ends_on=timezone.localdate() - timedelta(days=100),
        )

        response = api_client.get("/api/seasons")

        assert response.status_code == 200
        assert [season["id"] for season in response.json()] == [past.pk, summer.pk]
        shown = response.json()[1]
        assert shown["name"] == "Summer next year"
        assert shown["hasEarlyAccess"] is False
        assert shown["registrationOpen"] is False
        # In the school's own offset, as a class's moments are.
        assert shown["opensAt"] == in_school_time(summer.opens_at)
        assert shown["opensForYouAt"] == shown["opensAt"]
        assert shown["earlyAccessOpensAt"] is not None
        # Last summer's registration closed long ago.
        assert response.json()[0]["registrationOpen"] is False

    def test_a_family_with_early_access_sees_its_own_opening(self, as_family):
        summer = season_of(
            "Summer next year", opens_in=timedelta(days=2), early_by=timedelta(days=3)
        )
        SeasonEarlyAccess.objects.create(season=summer, email="ana.silva@camp.test")

        shown = as_family.get("/api/seasons").json()[0]

        assert shown["hasEarlyAccess"] is True
        assert shown["registrationOpen"] is True
        assert shown["opensForYouAt"] == shown["earlyAccessOpensAt"]


def season_id_of(client_as, created) -> int | None:
    """The class's `seasonId` as its page answers it to its instructor."""
    class_id = created.json()["insertedId"]
    return client_as("instructor").get(f"/api/classes/{class_id}").json()["seasonId"]


def propose(client_as, **more):
    """An instructor proposes a class (POST /api/classes) with the spec's four fields and more."""
    body = {
        "nameClass": "Plein air",
        "image": "https://images.camp.test/p.jpg",
        "price": "40.00",
        "seats": 8,
        **more,
    }
    return client_as("instructor").post("/api/classes", body, format="json")


class TestANewClassJoinsASeason:
    def test_by_its_first_day(self, client_as):
        summer = season_of("Summer next year", opens_in=timedelta(days=2))
        day = summer.starts_on + timedelta(days=7)

        response = propose(
            client_as,
            startDate=day.isoformat(),
            endDate=day.isoformat(),
            meetingDays=[WEEKDAY_NAMES[day.weekday()]],
            startTime="09:00",
            endTime="12:00",
        )

        assert response.status_code == 201, response.json()
        assert season_id_of(client_as, response) == summer.pk

    def test_without_dates_it_joins_the_open_season(self, client_as):
        season_of("Summer next year", opens_in=timedelta(days=2))
        open_one = season_of("This summer", opens_in=-timedelta(days=2))
        response = propose(client_as)

        assert season_id_of(client_as, response) == open_one.pk

    def test_with_no_season_open_or_matching_it_has_none(self, client_as):
        response = propose(client_as)

        assert season_id_of(client_as, response) is None

    def test_a_season_named_that_does_not_exist_is_a_400_naming_the_field(self, client_as):
        response = propose(client_as, seasonId=987654)

        assert response.status_code == 400
        assert response.json()["errors"] == {"seasonId": ["No such season."]}


def test_the_cards_read_every_season_and_the_early_access_at_once(as_family):
    seasons = [
        season_of(f"Season {n}", opens_in=timedelta(days=2 + n), early_by=timedelta(days=1))
        for n in range(3)
    ]
    classes = [
        ClassFactory(status=ClassStatus.APPROVED, season=s) for s in seasons for _ in range(3)
    ]

    def asked(of) -> tuple[int, dict]:
        ids = ",".join(str(c.pk) for c in of)
        with CaptureQueriesContext(connection) as queries:
            response = as_family.get(f"/api/eligibility?classIds={ids}")
        return len(queries), response.json()["classes"]

    # Counted from the second call on: the first also reads what later calls find cached.
    asked(classes[:1])
    one, _ = asked(classes[:1])
    nine, answers = asked(classes)

    assert nine == one
    assert {chances[0]["kind"] for chances in answers.values()} == {"registration-not-open"}


@pytest.mark.parametrize("listed", [False, True], ids=["without early access", "with it"])
def test_the_seasons_answer_and_the_season_rule_agree_at_each_edge(api_client_for, family, listed):
    summer = season_of("Summer next year", opens_in=timedelta(days=2), early_by=timedelta(days=3))
    if listed:
        SeasonEarlyAccess.objects.create(season=summer, email="ana.silva@camp.test")
    pottery = ClassFactory(status=ClassStatus.APPROVED, season=summer)
    second = timedelta(seconds=1)
    moments = [
        summer.early_access_opens_at - second,
        summer.early_access_opens_at,
        summer.opens_at - second,
        summer.opens_at,
        summer.closes_at - second,
        summer.closes_at,
    ]

    answers = []
    for moment in moments:
        with time_machine.travel(moment, tick=False):
            # Signed in then, as a token lasts less than the weeks travelled.
            shown = api_client_for(family).get("/api/seasons").json()[0]["registrationOpen"]
            refusal = enrolment_refusal(participant=account_holder_of(family), camp_class=pottery)
        answers.append((shown, refusal is None))

    # A class with no schedule yet: only its season can refuse it.
    opened = [False, listed, listed, True, True, False]
    assert answers == [(open_then, open_then) for open_then in opened]
