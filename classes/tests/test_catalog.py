"""The catalog leads with what can be booked (classes.catalog): classes that have ended leave
GET /api/classes, the popular classes and the sitemap for the archive (`when=past`); the open
ones come first; an ended class's page says so and points to open classes like it."""

from datetime import datetime, time, timedelta

import pytest
import time_machine
from django.core.cache import cache

from accounts.models import Role
from classes.models import Category, ClassStatus
from core.school_time import school_timezone, school_today
from testing.factories import ClassFactory, UserFactory, class_answer, scheduled_class

pytestmark = pytest.mark.django_db


def school_moment(day, hour: int = 13) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=school_timezone())


@pytest.fixture
def at_one_today():
    """The clock at 13:00 at the school today: a class meeting this morning has begun."""
    with time_machine.travel(school_moment(school_today()), tick=False):
        yield


def names(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [item["nameClass"] for item in response.json()]


def on(days_from_today: int, **details):
    """A one-morning class `days_from_today` days from today (negative: in the past)."""
    return scheduled_class(start=school_today() + timedelta(days=days_from_today), **details)


@pytest.fixture
def catalog(at_one_today):
    classes = {
        "last june": on(-300, name="Last June", price=30),
        "last week": on(-7, name="Last week", price=20),
        "yesterday": on(-1, name="Yesterday", price=10),
        # Met this morning: begun, so closed, but not ended until tomorrow.
        "this morning": on(0, name="This morning", price=50),
        "in a month": on(30, name="In a month", price=40),
        "next week": on(7, name="Next week", price=60),
        "closed early": on(
            3, name="Closed early", price=5, registration_closes_at=school_moment(school_today())
        ),
        "to be announced": ClassFactory(name="To be announced", status=ClassStatus.APPROVED),
    }
    on(-3, name="Ended, pending", status=ClassStatus.PENDING)
    return classes


UPCOMING_SOONEST_OPEN_FIRST = [
    "Next week",
    "In a month",
    "To be announced",
    "This morning",
    "Closed early",
]


class TestTheDefaultCatalog:
    def test_the_spec_client_s_list_leaves_out_the_classes_that_have_ended(
        self, api_client, catalog
    ):
        # By id, as the spec's client asks it; ended classes are no longer offered.
        assert names(api_client.get("/api/classes")) == [
            "This morning",
            "In a month",
            "Next week",
            "Closed early",
            "To be announced",
        ]

    def test_classes_open_for_registration_come_first_soonest_first(self, api_client, catalog):
        response = api_client.get("/api/classes?status=Approved&ordering=soonest")

        assert names(response) == UPCOMING_SOONEST_OPEN_FIRST

    def test_a_filter_without_an_ordering_is_soonest_open_first(self, api_client, catalog):
        assert names(api_client.get("/api/classes?when=upcoming")) == UPCOMING_SOONEST_OPEN_FIRST

    @pytest.mark.parametrize(
        ("ordering", "expected"),
        [
            (
                "price",
                ["To be announced", "In a month", "Next week", "Closed early", "This morning"],
            ),
            (
                "-price",
                ["Next week", "In a month", "To be announced", "This morning", "Closed early"],
            ),
        ],
    )
    def test_each_sort_orders_the_open_classes_then_the_closed_ones(
        self, api_client, catalog, ordering, expected
    ):
        catalog["to be announced"].price = 35
        catalog["to be announced"].save()

        assert names(api_client.get(f"/api/classes?ordering={ordering}")) == expected

    def test_the_first_page_is_bookable_however_many_classes_have_ended(self, api_client):
        with time_machine.travel(school_moment(school_today()), tick=False):
            for days in range(1, 31):
                on(-days, name=f"Ended {days}")
            open_class = on(14, name="Open")

            response = api_client.get("/api/classes?status=Approved&ordering=soonest&page_size=24")

        assert names(response) == ["Open"]
        assert response.headers["X-Total-Count"] == "1"
        assert response.json()[0]["registrationOpen"] is True
        assert open_class.pk == response.json()[0]["_id"]

    def test_signed_in_families_and_instructors_get_the_same_catalog(self, api_client_for, catalog):
        for role in (Role.STUDENT, Role.INSTRUCTOR):
            client = api_client_for(UserFactory(role=role))
            response = client.get("/api/classes?ordering=soonest")
            assert names(response) == UPCOMING_SOONEST_OPEN_FIRST

    def test_an_admin_s_back_office_lists_keep_the_ended_ones(self, api_client_for, catalog):
        admin = api_client_for(UserFactory(role=Role.ADMIN))

        every = names(admin.get("/api/classes"))
        pending = names(admin.get("/api/classes?status=Pending"))
        # The public pages ask for the approved ones: the admin sees the catalog as families do.
        catalog_view = names(admin.get("/api/classes?status=Approved&ordering=soonest"))
        every_approved = names(admin.get("/api/classes?status=Approved&when=past"))

        assert "Last June" in every
        assert pending == ["Ended, pending"]
        assert catalog_view == UPCOMING_SOONEST_OPEN_FIRST
        assert every_approved == ["Yesterday", "Last week", "Last June"]

    def test_an_unknown_when_is_a_400_naming_it(self, api_client, catalog):
        response = api_client.get("/api/classes?when=someday")

        assert response.status_code == 400
        assert list(response.json()["errors"]) == ["when"]


class TestTheArchive:
    def test_it_lists_the_approved_classes_that_have_ended_the_last_to_end_first(
        self, api_client, catalog
    ):
        response = api_client.get("/api/classes?status=Approved&when=past&ordering=soonest")

        assert names(response) == ["Yesterday", "Last week", "Last June"]

    def test_its_other_sorts_and_filters_work_as_in_the_catalog(self, api_client, catalog):
        response = api_client.get("/api/classes?when=past&ordering=price&maxPrice=25")

        assert names(response) == ["Yesterday", "Last week"]


class TestAClassThatEndsToday:
    def test_it_leaves_the_cached_catalog_the_next_day_without_any_write(self, api_client):
        today = school_today()
        with time_machine.travel(school_moment(today, 8), tick=False):
            on(0, name="Today")
            on(10, name="Later")
            cache.clear()
            first = names(api_client.get("/api/classes?ordering=soonest"))
            popular_first = names(api_client.get("/api/popularClasses"))
        with time_machine.travel(school_moment(today + timedelta(days=1), 8), tick=False):
            after = names(api_client.get("/api/classes?ordering=soonest"))
            popular_after = names(api_client.get("/api/popularClasses"))
            archive = names(api_client.get("/api/classes?when=past"))

        assert first == ["Today", "Later"]
        assert sorted(popular_first) == ["Later", "Today"]
        assert after == ["Later"]
        assert popular_after == ["Later"]
        assert archive == ["Today"]


def test_the_popular_classes_leave_out_those_that_have_ended(api_client, at_one_today):
    full_last_year = on(-300, name="Full last year")
    full_last_year.enroll = 500
    full_last_year.save()
    on(20, name="Coming")

    assert names(api_client.get("/api/popularClasses")) == ["Coming"]


class TestAnEndedClassPage:
    @pytest.fixture
    def people(self):
        return {
            "maya": UserFactory(role=Role.INSTRUCTOR, name="Maya"),
            "tomas": UserFactory(role=Role.INSTRUCTOR, name="Tomas"),
        }

    def test_it_says_it_ended_and_offers_open_classes_of_its_category_or_instructor(
        self, api_client, people, at_one_today
    ):
        pottery = Category.objects.get(slug="pottery-ceramics")
        painting = Category.objects.get(slug="painting")
        maya, tomas = people["maya"], people["tomas"]
        ended = on(-300, name="Clay last summer", instructor=maya, category=pottery)
        # Like it and open: by Maya and in pottery first, then the soonest.
        tomas_clay = on(10, name="Tomas's clay", instructor=tomas, category=pottery)
        maya_paint = on(20, name="Maya's painting", instructor=maya, category=painting)
        maya_clay = on(40, name="Maya's clay", instructor=maya, category=pottery)
        on(50, name="Tomas's late clay", instructor=tomas, category=pottery)
        # Not offered: begun, closed, ended, not approved, or like it in nothing.
        on(0, name="Clay this morning", instructor=maya, category=pottery)
        on(-10, name="Clay last week", instructor=tomas, category=pottery)
        on(8, name="Clay for review", instructor=maya, category=pottery, status="Pending")
        on(
            5,
            name="Clay closed",
            instructor=maya,
            category=pottery,
            registration_closes_at=school_moment(school_today(), 9),
        )
        on(6, name="Tomas's painting", instructor=tomas, category=painting)

        response = api_client.get(f"/api/classes/{ended.pk}")

        assert response.status_code == 200
        answer = response.json()
        assert answer["ended"] is True
        assert answer["registrationOpen"] is False
        assert answer["similarClasses"] == [
            class_answer(maya_clay),
            class_answer(tomas_clay),
            class_answer(maya_paint),
        ]

    def test_a_class_still_to_come_has_not_ended_and_suggests_nothing(
        self, api_client, people, at_one_today
    ):
        coming = on(10, instructor=people["maya"])
        on(20, instructor=people["maya"])
        today = on(0, instructor=people["maya"])

        assert api_client.get(f"/api/classes/{coming.pk}").json()["ended"] is False
        assert api_client.get(f"/api/classes/{coming.pk}").json()["similarClasses"] == []
        assert api_client.get(f"/api/classes/{today.pk}").json()["ended"] is False

    def test_it_stays_hidden_from_visitors_unless_approved(self, api_client, at_one_today):
        pending = on(-10, status=ClassStatus.PENDING)

        assert api_client.get(f"/api/classes/{pending.pk}").status_code == 404
