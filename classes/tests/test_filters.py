"""Finding a class: GET /api/classes with search, filters and orderings."""

from datetime import date, time
from decimal import Decimal

import pytest
from django.db import connection

from accounts.models import Role
from classes.models import Category, Class, ClassStatus
from classes.search import search_vector_refresh
from classes.serializers import ClassOutputSerializer
from classes.services import class_update
from testing import services
from testing.factories import ClassFactory, UserFactory, scheduled_class
from testing.seasons import a_season

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

MON, TUE, WED, THU, FRI, SAT, SUN = range(7)
POSTGRES_ONLY = services.postgresql_only("full-text search runs on PostgreSQL.")


def names(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [item["nameClass"] for item in response.json()]


@pytest.fixture
def season():
    maya = UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist")
    aiko = UserFactory(role=Role.INSTRUCTOR, name="Aiko Tanaka")
    pottery = Category.objects.get(slug="pottery-ceramics")
    painting = Category.objects.get(slug="painting")
    classes = {
        "clay": scheduled_class(
            name="Wheel-Thrown Pottery",
            start=date(2027, 6, 21),
            end=date(2027, 6, 25),
            days=(MON, WED, FRI),
            hours=(time(9), time(12)),
            instructor=maya,
            category=pottery,
            age_min=10,
            age_max=14,
            price=Decimal("120"),
            seats=3,
            description="Centre clay on the wheel and glaze two bowls.",
        ),
        "watercolour": scheduled_class(
            name="Botanical Watercolour",
            start=date(2027, 6, 14),
            end=date(2027, 6, 18),
            days=(TUE, THU),
            hours=(time(13), time(15)),
            instructor=aiko,
            category=painting,
            age_min=6,
            age_max=9,
            price=Decimal("60"),
            seats=0,
            description="Leaves, petals and wet-on-wet washes.",
        ),
        "sketch": scheduled_class(
            name="Evening Sketch Club",
            start=date(2027, 7, 6),
            hours=(time(18), time(20)),
            instructor=maya,
            category=painting,
            age_min=18,
            price=Decimal("25"),
            seats=8,
            description="Drawing from life for grown-ups, with clay figures as models.",
        ),
    }
    # A class whose schedule is to be announced, and one not approved.
    classes["later"] = ClassFactory(
        name="Origami Animals", status=ClassStatus.APPROVED, price=Decimal("12"), seats=5
    )
    ClassFactory(name="Linocut Printmaking", status=ClassStatus.PENDING, instructor=maya)
    return classes


class TestWithoutParameters:
    def test_the_list_answers_by_id_as_the_spec_client_expects(self, api_client, season):
        response = api_client.get("/api/classes")

        approved = Class.objects.filter(status=ClassStatus.APPROVED).order_by("id")
        assert response.status_code == 200
        assert response.json() == ClassOutputSerializer(approved, many=True).data
        assert [item["_id"] for item in response.json()] == [
            season[key].pk for key in ("clay", "watercolour", "sketch", "later")
        ]

    def test_empty_and_unknown_parameters_are_no_filter(self, api_client, season):
        plain = api_client.get("/api/classes")

        for query in ("search=&category=&ordering=", "colour=blue"):
            assert api_client.get(f"/api/classes?{query}").json() == plain.json()

    def test_an_admin_s_status_still_narrows_by_id(self, api_client_for, season):
        admin = api_client_for(UserFactory(role=Role.ADMIN))

        assert names(admin.get("/api/classes?status=Pending")) == ["Linocut Printmaking"]
        assert len(names(admin.get("/api/classes"))) == 5


class TestFilters:
    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            ("category=painting", ["Botanical Watercolour", "Evening Sketch Club"]),
            ("age=12", ["Wheel-Thrown Pottery", "Origami Animals"]),
            ("age=7", ["Botanical Watercolour", "Origami Animals"]),
            ("age=40", ["Evening Sketch Club", "Origami Animals"]),
            ("day=wed", ["Wheel-Thrown Pottery"]),
            ("day=tue", ["Botanical Watercolour", "Evening Sketch Club"]),
            ("day=sun", []),
            ("partOfDay=morning", ["Wheel-Thrown Pottery"]),
            ("partOfDay=afternoon", ["Botanical Watercolour"]),
            ("partOfDay=evening", ["Evening Sketch Club"]),
            ("startsAfter=2027-06-21", ["Wheel-Thrown Pottery", "Evening Sketch Club"]),
            ("startsBefore=2027-06-21", ["Botanical Watercolour", "Wheel-Thrown Pottery"]),
            (
                "startsAfter=2027-06-16&startsBefore=2027-07-01",
                ["Wheel-Thrown Pottery"],
            ),
            ("minPrice=50", ["Botanical Watercolour", "Wheel-Thrown Pottery"]),
            ("maxPrice=25", ["Evening Sketch Club", "Origami Animals"]),
            ("minPrice=20&maxPrice=70", ["Botanical Watercolour", "Evening Sketch Club"]),
            (
                "hasSeats=true",
                ["Wheel-Thrown Pottery", "Evening Sketch Club", "Origami Animals"],
            ),
            ("hasSeats=false", ["Botanical Watercolour"]),
            ("category=painting&age=30", ["Evening Sketch Club"]),
        ],
    )
    def test_each_filter_narrows_the_list_soonest_first(self, api_client, season, query, expected):
        assert names(api_client.get(f"/api/classes?{query}")) == expected

    def test_by_instructor(self, api_client, season):
        maya = season["clay"].instructor

        assert names(api_client.get(f"/api/classes?instructor={maya.pk}")) == [
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
        ]

    def test_by_season(self, api_client, season):
        summer = a_season("Summer 2027")
        Class.objects.filter(pk__in=[season["clay"].pk, season["sketch"].pk]).update(season=summer)

        assert names(api_client.get(f"/api/classes?season={summer.pk}")) == [
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
        ]
        assert names(api_client.get(f"/api/classes?season={summer.pk + 1}")) == []

    def test_a_cancelled_meeting_is_not_a_meeting_day(self, api_client, season):
        clay = season["clay"]
        class_update(
            class_id=clay.pk,
            editor=clay.instructor,
            name=clay.name,
            image=clay.image,
            price=clay.price,
            seats=clay.seats,
            no_meeting_dates=[date(2027, 6, 23)],
        )

        assert names(api_client.get("/api/classes?day=wed")) == []

    def test_an_admin_filters_every_status(self, api_client_for, season):
        admin = api_client_for(UserFactory(role=Role.ADMIN))
        maya = season["clay"].instructor

        assert names(admin.get("/api/classes?search=linocut")) == ["Linocut Printmaking"]
        # Soonest first; a class to be announced (the pending one too) after the scheduled.
        assert names(admin.get(f"/api/classes?instructor={maya.pk}")) == [
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
            "Linocut Printmaking",
        ]
        assert names(admin.get(f"/api/classes?instructor={maya.pk}&status=Approved")) == [
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
        ]

    def test_a_visitor_never_finds_a_class_not_approved(self, api_client, season):
        assert names(api_client.get("/api/classes?search=linocut")) == []
        assert names(api_client.get("/api/classes?status=Pending&search=linocut")) == []

    def test_the_last_day_there_is_starts_before_it(self, api_client, season):
        assert names(api_client.get("/api/classes?startsBefore=9999-12-31")) == [
            "Botanical Watercolour",
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
        ]

    def test_an_instructor_nobody_is_no_class(self, api_client, season):
        assert names(api_client.get("/api/classes?instructor=9223372036854775807")) == []

    def test_filters_page_like_the_whole_list(self, api_client, season):
        response = api_client.get("/api/classes?hasSeats=true&page=1&page_size=2")

        assert names(response) == ["Wheel-Thrown Pottery", "Evening Sketch Club"]
        assert response.headers["X-Total-Count"] == "3"


class TestOrdering:
    @pytest.mark.parametrize(
        ("ordering", "expected"),
        [
            (
                "soonest",
                [
                    "Botanical Watercolour",
                    "Wheel-Thrown Pottery",
                    "Evening Sketch Club",
                    "Origami Animals",
                ],
            ),
            (
                "price",
                [
                    "Origami Animals",
                    "Evening Sketch Club",
                    "Botanical Watercolour",
                    "Wheel-Thrown Pottery",
                ],
            ),
            (
                "-price",
                [
                    "Wheel-Thrown Pottery",
                    "Botanical Watercolour",
                    "Evening Sketch Club",
                    "Origami Animals",
                ],
            ),
        ],
    )
    def test_each_ordering(self, api_client, season, ordering, expected):
        assert names(api_client.get(f"/api/classes?ordering={ordering}")) == expected

    def test_most_popular_first(self, api_client, season):
        Class.objects.filter(pk=season["sketch"].pk).update(enroll=30)
        Class.objects.filter(pk=season["later"].pk).update(enroll=10)

        assert names(api_client.get("/api/classes?ordering=popular"))[:2] == [
            "Evening Sketch Club",
            "Origami Animals",
        ]


class TestSearch:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("pottery", {"Wheel-Thrown Pottery"}),
            ("Watercolour", {"Botanical Watercolour"}),
            ("petals", {"Botanical Watercolour"}),
            ("aiko", {"Botanical Watercolour"}),
            ("maya sketch", {"Evening Sketch Club"}),
            ("clay", {"Wheel-Thrown Pottery", "Evening Sketch Club"}),
            ("nothing-like-this", set()),
            ("'; DROP TABLE classes_class; --", set()),
            ("pott", {"Wheel-Thrown Pottery"}),
        ],
    )
    def test_search_matches_name_description_and_instructor(
        self, api_client, season, text, expected
    ):
        assert set(names(api_client.get("/api/classes", {"search": text}))) == expected

    def test_search_with_another_filter(self, api_client, season):
        assert names(api_client.get("/api/classes", {"search": "clay", "age": "12"})) == [
            "Wheel-Thrown Pottery"
        ]

    @POSTGRES_ONLY
    def test_a_match_in_the_name_ranks_above_one_in_the_description(self, api_client, season):
        # "clay" is in the sketch club's description only; a new class has it in its name.
        scheduled_class(name="Clay Animals", start=date(2027, 8, 2), description="Pinch pots.")

        assert names(api_client.get("/api/classes", {"search": "clay"}))[0] == "Clay Animals"

    @POSTGRES_ONLY
    def test_a_match_in_the_instructor_ranks_above_one_in_the_description(self, api_client, season):
        tanaka = UserFactory(role=Role.INSTRUCTOR, name="Ren Tanaka")
        scheduled_class(name="Paper Lanterns", start=date(2027, 8, 2), instructor=tanaka)
        scheduled_class(
            name="Kite Making",
            start=date(2027, 6, 1),
            description="In the style of Tanaka's kites.",
        )

        assert names(api_client.get("/api/classes", {"search": "tanaka"})) == [
            "Botanical Watercolour",
            "Paper Lanterns",
            "Kite Making",
        ]

    @POSTGRES_ONLY
    def test_an_explicit_ordering_wins_over_the_rank(self, api_client, season):
        scheduled_class(name="Clay Animals", start=date(2027, 8, 2), description="Pinch pots.")

        assert names(api_client.get("/api/classes", {"search": "clay", "ordering": "soonest"})) == [
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
            "Clay Animals",
        ]

    @POSTGRES_ONLY
    def test_the_services_write_the_same_document_a_refresh_does(self, season):
        clay = Class.objects.get(pk=season["clay"].pk)

        search_vector_refresh(classes=Class.objects.filter(pk=clay.pk))

        assert Class.objects.get(pk=clay.pk).search_vector == clay.search_vector

    def test_the_search_document_follows_an_instructor_s_new_name(
        self, api_client, api_client_for, season
    ):
        maya = season["clay"].instructor
        profile = {"email": maya.email, "name": "Maya Okafor", "photo": ""}
        saved = api_client_for(maya).post("/api/users", profile, format="json")

        assert saved.status_code == 201, saved.json()

        assert set(names(api_client.get("/api/classes", {"search": "okafor"}))) == {
            "Wheel-Thrown Pottery",
            "Evening Sketch Club",
        }
        assert names(api_client.get("/api/classes", {"search": "lindqvist"})) == []

    def test_the_search_document_follows_an_edit(self, api_client, season):
        clay = season["clay"]
        class_update(
            class_id=clay.pk,
            editor=clay.instructor,
            name="Raku Firing",
            image=clay.image,
            price=clay.price,
            seats=clay.seats,
        )

        assert names(api_client.get("/api/classes", {"search": "raku"})) == ["Raku Firing"]
        assert names(api_client.get("/api/classes", {"search": "thrown"})) == []
        clay.refresh_from_db()
        if connection.vendor == "postgresql":
            assert "raku" in clay.search_vector

    def test_the_search_is_postgres_full_text_where_it_runs(self, season):
        season["clay"].refresh_from_db()

        if connection.vendor == "postgresql":
            assert "potteri" in season["clay"].search_vector
        else:
            assert season["clay"].search_vector is None


class TestBadValues:
    @pytest.mark.parametrize(
        ("query", "parameter"),
        [
            ("age=abc", "age"),
            ("age=-3", "age"),
            ("day=funday", "day"),
            ("partOfDay=night", "partOfDay"),
            ("startsAfter=2027-13-01", "startsAfter"),
            ("startsBefore=tomorrow", "startsBefore"),
            ("minPrice=-1", "minPrice"),
            ("maxPrice=cheap", "maxPrice"),
            ("hasSeats=maybe", "hasSeats"),
            ("ordering=bogus", "ordering"),
            ("category=knitting-robots", "category"),
            ("instructor=x", "instructor"),
            ("instructor=99999999999999999999", "instructor"),
            ("season=0", "season"),
            ("search=" + "a" * 201, "search"),
        ],
    )
    def test_a_bad_value_is_a_400_naming_the_parameter(self, api_client, season, query, parameter):
        response = api_client.get(f"/api/classes?{query}")

        assert response.status_code == 400
        assert parameter in response.json()["errors"], response.json()

    def test_an_unknown_parameter_is_ignored(self, api_client, season):
        assert len(names(api_client.get("/api/classes?colour=blue"))) == 4

    def test_the_answer_names_every_bad_parameter_in_the_error_shape(self, api_client, season):
        response = api_client.get("/api/classes?age=abc&day=funday&ordering=price")

        assert response.status_code == 400
        body = response.json()
        assert set(body["errors"]) == {"age", "day"}
        assert body["message"] == "Please check these fields: age, day."
        assert all(isinstance(message, str) for message in body["errors"]["day"])


def test_a_filtered_answer_for_visitors_is_cached_and_forgotten_on_a_change(
    api_client, season, django_capture_on_commit_callbacks
):
    first = names(api_client.get("/api/classes?hasSeats=true"))
    with django_capture_on_commit_callbacks(execute=True):
        Class.objects.filter(pk=season["watercolour"].pk).update(seats=4)

    second = names(api_client.get("/api/classes?hasSeats=true"))

    assert "Botanical Watercolour" not in first
    assert "Botanical Watercolour" in second


def test_a_visitor_s_filtered_answer_asked_again_costs_no_query(
    api_client, season, django_assert_num_queries
):
    query = {"category": "painting", "hasSeats": "true", "ordering": "price"}
    first = api_client.get("/api/classes", query)

    with django_assert_num_queries(0):
        again = api_client.get("/api/classes", query)

    assert names(first) == ["Evening Sketch Club"]
    assert again.content == first.content


def test_a_long_search_is_asked_of_the_database_every_time(
    api_client, season, django_assert_num_queries
):
    # Longer than core.public_cache.MAX_QUERY_VALUE: such a query is not cached.
    query = {"search": "wheel thrown pottery"}
    assert names(api_client.get("/api/classes", query)) == ["Wheel-Thrown Pottery"]

    with django_assert_num_queries(1):
        assert names(api_client.get("/api/classes", query)) == ["Wheel-Thrown Pottery"]


def test_the_starting_soon_list_is_a_filtered_page(api_client, season):
    response = api_client.get(
        "/api/classes",
        {"ordering": "soonest", "startsAfter": "2027-06-16", "page": 1, "page_size": 6},
    )

    # A class whose schedule is to be announced has no start to be soon.
    assert names(response) == ["Wheel-Thrown Pottery", "Evening Sketch Club"]
