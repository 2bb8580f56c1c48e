"""The public lists come from the shared cache, and every change they show is seen at once.

These tests commit, as the server does: the cache is told of a change only once it commits.
"""

import json

import pytest
from django.core.cache import cache
from django.db.models import QuerySet

from accounts.models import Role
from classes.models import Class, ClassStatus
from core import public_cache
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

APPROVED, PENDING = ClassStatus.APPROVED, ClassStatus.PENDING
PUBLIC_LISTS = [
    "/api/classes",
    "/api/classes?status=Approved&page=1&page_size=24",
    "/api/popularClasses",
    "/api/instructors",
    "/api/instructors?page=1&page_size=2",
    "/api/categories",
]


def names(response) -> list[str]:
    return [item["nameClass"] for item in response.json()]


@pytest.mark.parametrize("path", PUBLIC_LISTS)
def test_a_public_list_asked_again_costs_no_query(api_client, path, django_assert_num_queries):
    ClassFactory(status=APPROVED, name="Wheel-Thrown Pottery")
    first = api_client.get(path)

    with django_assert_num_queries(0):
        again = api_client.get(path)

    assert again.status_code == 200
    assert again.content == first.content
    assert again.headers.get("X-Total-Count") == first.headers.get("X-Total-Count")


def test_a_student_is_served_the_list_a_visitor_cached(api_client, api_client_for):
    ClassFactory(status=APPROVED, name="Wheel-Thrown Pottery")
    visitor = api_client.get("/api/classes")

    student = api_client_for(UserFactory(role=Role.STUDENT)).get("/api/classes")

    assert student.content == visitor.content


def test_an_admin_is_never_served_the_public_list(api_client, api_client_for):
    ClassFactory(status=APPROVED, name="Wheel-Thrown Pottery")
    ClassFactory(status=PENDING, name="Batik Dyeing")
    api_client.get("/api/classes")

    admin = api_client_for(UserFactory(role=Role.ADMIN)).get("/api/classes")

    assert names(admin) == ["Wheel-Thrown Pottery", "Batik Dyeing"]


def test_an_approved_class_joins_the_lists_at_once(api_client, api_client_for):
    batik = ClassFactory(status=PENDING, name="Batik Dyeing")
    assert names(api_client.get("/api/classes")) == []
    assert names(api_client.get("/api/popularClasses")) == []

    admin = api_client_for(UserFactory(role=Role.ADMIN))
    assert admin.patch(f"/api/classes/approved/{batik.pk}").status_code == 200

    assert names(api_client.get("/api/classes")) == ["Batik Dyeing"]
    assert names(api_client.get("/api/popularClasses")) == ["Batik Dyeing"]


def test_an_instructors_edit_shows_at_once(api_client, api_client_for):
    maya = UserFactory(role=Role.INSTRUCTOR)
    pottery = ClassFactory(status=APPROVED, name="Pottery", instructor=maya)
    api_client.get("/api/classes?page=1")

    edited = api_client_for(maya).put(
        f"/api/classes/{pottery.pk}",
        {"nameClass": "Wheel-Thrown Pottery", "seats": 8, "price": 50, "image": pottery.image},
        format="json",
    )
    assert edited.status_code == 200

    [shown] = api_client.get("/api/classes?page=1").json()
    assert (shown["nameClass"], shown["seats"], shown["price"]) == ("Wheel-Thrown Pottery", 8, 50)


def test_a_new_instructor_joins_the_instructors_list_at_once(api_client, api_client_for):
    aiko = UserFactory(role=Role.STUDENT, email="aiko@camp.test")
    assert api_client.get("/api/instructors").json() == []

    admin = api_client_for(UserFactory(role=Role.ADMIN))
    assert admin.patch(f"/api/users/instructor/{aiko.pk}").status_code == 200

    assert [person["email"] for person in api_client.get("/api/instructors").json()] == [
        "aiko@camp.test"
    ]


def test_an_instructor_who_renames_themselves_is_renamed_in_every_list(api_client, api_client_for):
    maya = UserFactory(role=Role.INSTRUCTOR, name="Maya L.", email="maya@camp.test")
    ClassFactory(status=APPROVED, instructor=maya)
    api_client.get("/api/instructors")
    api_client.get("/api/classes")

    saved = api_client_for(maya).post(
        "/api/users",
        {
            "name": "Maya Lindqvist",
            "photo": "https://images.camp.test/maya.jpg",
            "email": maya.email,
        },
        format="json",
    )
    assert saved.status_code == 201

    assert api_client.get("/api/instructors").json() == [
        {
            "_id": maya.pk,
            "name": "Maya Lindqvist",
            "photo": "https://images.camp.test/maya.jpg",
            "email": "maya@camp.test",
        }
    ]
    assert api_client.get("/api/classes").json()[0]["instructorName"] == "Maya Lindqvist"


def test_a_back_office_fix_in_django_admin_shows_at_once(api_client, client):
    pottery = ClassFactory(status=APPROVED, name="Pottery")
    ClassFactory(status=APPROVED, name="Weaving")
    api_client.get("/api/classes")
    client.force_login(UserFactory(role=Role.ADMIN))

    deleted = client.post(f"/admin/classes/class/{pottery.pk}/delete/", {"post": "yes"})
    assert deleted.status_code == 302

    assert not Class.objects.filter(pk=pottery.pk).exists()
    assert names(api_client.get("/api/classes")) == ["Weaving"]


def test_a_new_student_leaves_the_cached_lists_alone(
    api_client, emulator, django_assert_num_queries
):
    ClassFactory(status=APPROVED, name="Pottery")
    before = api_client.get("/api/classes")
    email = "new.student@camp.test"

    signed_in = api_client.post(
        "/api/jwt",
        {"email": email, "idToken": emulator.sign_up(email)["idToken"]},
        format="json",
    )
    assert signed_in.status_code == 200

    with django_assert_num_queries(0):
        after = api_client.get("/api/classes")
    assert after.content == before.content


def test_a_query_with_unknown_parameters_is_answered_but_never_cached(
    api_client, django_assert_num_queries
):
    ClassFactory(status=APPROVED, name="Pottery")
    api_client.get("/api/classes?utm_source=newsletter")

    with django_assert_num_queries(1):
        again = api_client.get("/api/classes?utm_source=newsletter")

    assert names(again) == ["Pottery"]


def test_a_query_of_many_filters_is_cached_under_a_key_every_backend_accepts(
    api_client, django_assert_num_queries
):
    ClassFactory(status=APPROVED, name="Pottery")
    path = (
        "/api/classes?age=9&day=wed&partOfDay=morning&hasSeats=false&startsAfter=2027-06-01"
        "&startsBefore=2027-08-31&minPrice=10&maxPrice=500&ordering=-price&page=1&page_size=24"
    )
    first = api_client.get(path)

    with django_assert_num_queries(0):
        again = api_client.get(path)

    assert again.content == first.content
    query = again.wsgi_request.GET
    key = public_cache.public_key("classes", query, frozenset(query))
    assert len(key) <= public_cache.MAX_KEY_LENGTH
    assert key.startswith("classes#")


def test_a_refused_query_is_refused_every_time(api_client):
    first = api_client.get("/api/classes?page=0")
    again = api_client.get("/api/classes?page=0")

    assert (first.status_code, again.status_code) == (400, 400)
    assert again.json()["errors"] == {"page": ["Ensure this value is greater than or equal to 1."]}


class TestTheRecheckWindow:
    """Production trusts the generation a process last read for PUBLIC_LISTS_RECHECK_SECONDS."""

    @pytest.fixture
    def clock(self, settings, monkeypatch):
        settings.PUBLIC_LISTS_RECHECK_SECONDS = 1.0
        now = [1_000.0]
        monkeypatch.setattr(public_cache.time, "monotonic", lambda: now[0])
        return now

    # The other process's insert is made behind this process's models, as it would be.
    @pytest.mark.public_writes_unwatched
    def test_another_processs_change_arrives_once_the_window_has_passed(
        self, api_client, clock, django_assert_num_queries
    ):
        maya = UserFactory(role=Role.INSTRUCTOR)
        ClassFactory(status=APPROVED, name="Pottery", instructor=maya)
        api_client.get("/api/classes")
        # Another server process adds a class and moves the shared generation on: neither
        # the insert nor the new generation passes through this process.
        weaving = ClassFactory.build(status=APPROVED, name="Weaving", instructor=maya)
        QuerySet(Class).bulk_create([weaving])
        cache.set(public_cache.GENERATION_KEY, "moved-on-by-another-process")

        clock[0] += 0.5
        with django_assert_num_queries(0):
            within = api_client.get("/api/classes")
        clock[0] += 1.0
        after = api_client.get("/api/classes")

        assert names(within) == ["Pottery"]
        assert names(after) == ["Pottery", "Weaving"]

    def test_this_processs_own_change_shows_at_once(self, api_client, api_client_for, clock):
        batik = ClassFactory(status=PENDING, name="Batik Dyeing")
        assert names(api_client.get("/api/classes")) == []

        admin = api_client_for(UserFactory(role=Role.ADMIN))
        assert admin.patch(f"/api/classes/approved/{batik.pk}").status_code == 200

        assert names(api_client.get("/api/classes")) == ["Batik Dyeing"]


@pytest.fixture
def moved_figures():
    """A live figure's source for these tests: {key: {name: figure}} of the rows that moved,
    those of the answer asked about (its bases name them)."""
    moved: dict[int, dict[str, int]] = {}
    public_cache.figures_from(
        "test-figure", lambda bases: {k: v for k, v in moved.items() if k in bases["left"]}
    )
    return moved


LIVE = public_cache.LiveFigure(
    fields={"free": "left", "left": "left", "taken": "taken"}, key="id", source="test-figure"
)


def test_live_figures_are_cached_as_built_and_written_in_as_they_move(moved_figures):
    data = {
        "count": 3,
        "results": [
            {"id": 1, "name": "free: -9000000000000001", "free": 4, "left": 7, "taken": 3},
            {"id": 2, "name": "Loom", "free": 0, "left": 12, "taken": 0},
            {"id": 3, "name": "Glass", "free": 1, "left": 1, "taken": 10},
        ],
    }

    answer = public_cache.live_answer(data, {}, LIVE)

    # Each figure as the row was built, `free` as its seats left.
    assert json.loads(answer.body_now())["results"] == [
        {"id": 1, "name": "free: -9000000000000001", "free": 7, "left": 7, "taken": 3},
        {"id": 2, "name": "Loom", "free": 12, "left": 12, "taken": 0},
        {"id": 3, "name": "Glass", "free": 1, "left": 1, "taken": 10},
    ]
    moved_figures.update({2: {"free": 9}, 3: {"free": 0, "left": 0, "taken": 11}, 4: {"free": 5}})
    assert [
        (row["free"], row["left"], row["taken"]) for row in json.loads(answer.body_now())["results"]
    ] == [(7, 7, 3), (9, 12, 0), (0, 0, 11)]
    moved_figures.clear()
    assert answer.body_now() == answer.body
