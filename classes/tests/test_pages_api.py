"""What the class and instructor pages ask of the API: one class (GET /api/classes/{id}), one
instructor with their classes (GET /api/instructors/{id}), and the school's categories."""

import importlib
from datetime import date, time

import pytest

from accounts.models import Role
from classes.models import Category, Class, ClassStatus
from testing.factories import (
    ClassFactory,
    UserFactory,
    class_answer,
    class_page_answer,
    scheduled_class,
)

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]

CALLERS = ["anonymous", "student", "other instructor", "instructor", "admin"]
FOLLOW_THE_REVIEW = {"instructor", "admin"}
NO_SUCH_CLASS = {"message": "No such class."}
NO_SUCH_INSTRUCTOR = {"message": "No such instructor."}
SCHOOL_CATEGORIES = importlib.import_module("classes.migrations.0007_school_categories").CATEGORIES


class TestOneClass:
    @pytest.mark.parametrize("status", ClassStatus.values)
    @pytest.mark.parametrize("who", CALLERS)
    def test_each_caller_gets_what_the_class_s_review_lets_them_see(
        self, client_as, people, who, status
    ):
        camp_class = ClassFactory(
            instructor=people["instructor"], status=status, feedback="Add a photo of a pot."
        )

        response = client_as(who).get(f"/api/classes/{camp_class.pk}")

        if who in FOLLOW_THE_REVIEW:
            # In any status, with the admin's feedback.
            assert response.status_code == 200
            expected = {**class_page_answer(camp_class), "feedback": "Add a photo of a pot."}
            assert response.json() == expected
        elif status == ClassStatus.APPROVED:
            assert response.status_code == 200
            assert response.json() == class_page_answer(camp_class)
            assert "feedback" not in response.json()
        else:
            # As good as absent: a class under review is nobody else's business.
            assert response.status_code == 404
            assert response.json() == NO_SUCH_CLASS

    @pytest.mark.parametrize("who", CALLERS)
    def test_a_class_that_does_not_exist_is_not_found(self, client_as, who):
        response = client_as(who).get("/api/classes/999999")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_CLASS

    def test_a_scheduled_class_answers_its_whole_description_and_meetings(self, api_client):
        camp_class = scheduled_class(
            start=date(2027, 6, 14),
            end=date(2027, 6, 25),
            days=(0, 2, 4),
            hours=(time(9), time(12)),
            name="Wheel-Thrown Pottery",
            description="Centre clay on the wheel.\n\nPull walls, trim and glaze two pots.",
            category=Category.objects.get(slug="pottery-ceramics"),
            level="beginner",
            location="Clay Studio",
            age_min=10,
            age_max=14,
            no_meeting_dates=[date(2027, 6, 16)],
        )

        answer = api_client.get(f"/api/classes/{camp_class.pk}").json()

        assert answer == class_page_answer(camp_class)
        assert answer["meetings"][0] == {
            "id": camp_class.meetings.get(day=date(2027, 6, 14)).pk,
            "start": "2027-06-14T09:00:00-07:00",
            "end": "2027-06-14T12:00:00-07:00",
        }
        assert len(answer["meetings"]) == 5

    @pytest.mark.parametrize(("who", "queries"), [("anonymous", 4), ("instructor", 5)])
    def test_the_class_is_read_once(
        self, client_as, people, who, queries, django_assert_num_queries
    ):
        camp_class = ClassFactory(instructor=people["instructor"], status=ClassStatus.APPROVED)
        client = client_as(who)

        # The class with its instructor, category and seats free; the payment plans; its
        # add-ons (their options only when it has some); the school's questions (the class's
        # and its season's); for a signed-in caller, the caller
        # first.
        with django_assert_num_queries(queries):
            response = client.get(f"/api/classes/{camp_class.pk}")

        assert response.status_code == 200

    def test_editing_still_goes_through_put_for_its_own_instructor_only(self, client_as, people):
        camp_class = ClassFactory(instructor=people["instructor"])
        body = {"nameClass": "Clay & Glaze", "seats": 8, "price": "30", "image": camp_class.image}

        refused = client_as("other instructor").put(
            f"/api/classes/{camp_class.pk}", body, format="json"
        )
        edited = client_as("instructor").put(f"/api/classes/{camp_class.pk}", body, format="json")

        assert refused.status_code == 403
        assert edited.status_code == 200
        assert client_as("instructor").get(f"/api/classes/{camp_class.pk}").json()["nameClass"] == (
            "Clay & Glaze"
        )


class TestAnInstructorsPage:
    def test_the_page_shows_who_they_are_and_their_approved_classes_soonest_first(self, api_client):
        maya = UserFactory(
            role=Role.INSTRUCTOR,
            name="Maya Lindqvist",
            photo="/static/img/demo/people/maya-lindqvist.webp",
            bio="Potter for twenty years.\n\nI teach wheel and hand-building.",
        )
        july = scheduled_class(start=date(2027, 7, 5), instructor=maya, name="July clay")
        to_be_announced = ClassFactory(instructor=maya, status=ClassStatus.APPROVED)
        june = scheduled_class(start=date(2027, 6, 14), instructor=maya, name="June clay")
        also_to_be_announced = ClassFactory(instructor=maya, status=ClassStatus.APPROVED)
        # Not on the page: under review, denied, or someone else's.
        scheduled_class(start=date(2027, 6, 1), instructor=maya, status=ClassStatus.PENDING)
        ClassFactory(instructor=maya, status=ClassStatus.DENIED)
        ClassFactory(status=ClassStatus.APPROVED)

        response = api_client.get(f"/api/instructors/{maya.pk}")

        assert response.status_code == 200
        assert response.json() == {
            "_id": maya.pk,
            "name": "Maya Lindqvist",
            "photo": "/static/img/demo/people/maya-lindqvist.webp",
            "bio": "Potter for twenty years.\n\nI teach wheel and hand-building.",
            # Scheduled ones by their first meeting; to be announced after them, oldest first.
            "classes": [
                class_answer(june),
                class_answer(july),
                class_answer(to_be_announced),
                class_answer(also_to_be_announced),
            ],
        }

    def test_an_instructor_with_no_approved_class_has_a_page_with_none(self, api_client):
        aiko = UserFactory(role=Role.INSTRUCTOR, name="Aiko Tanaka", photo="", bio="")
        ClassFactory(instructor=aiko, status=ClassStatus.PENDING)

        response = api_client.get(f"/api/instructors/{aiko.pk}")

        assert response.status_code == 200
        assert response.json() == {
            "_id": aiko.pk,
            "name": "Aiko Tanaka",
            "photo": "",
            "bio": "",
            "classes": [],
        }

    @pytest.mark.parametrize("who", CALLERS)
    def test_every_caller_sees_the_same_page_without_feedback(self, client_as, people, who):
        maya = people["instructor"]
        approved = ClassFactory(instructor=maya, status=ClassStatus.APPROVED, feedback="Nice.")

        response = client_as(who).get(f"/api/instructors/{maya.pk}")

        assert response.status_code == 200
        assert response.json()["classes"] == [class_answer(approved)]

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.ADMIN])
    def test_someone_who_is_not_an_instructor_has_no_page(self, api_client, role):
        person = UserFactory(role=role)

        response = api_client.get(f"/api/instructors/{person.pk}")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_INSTRUCTOR

    def test_an_unknown_id_has_no_page(self, api_client):
        response = api_client.get("/api/instructors/999999")

        assert response.status_code == 404
        assert response.json() == NO_SUCH_INSTRUCTOR

    def test_the_instructors_list_links_each_to_their_page(self, api_client):
        maya = UserFactory(role=Role.INSTRUCTOR)

        listed = api_client.get("/api/instructors").json()

        assert [person["_id"] for person in listed] == [maya.pk]
        assert api_client.get(f"/api/instructors/{listed[0]['_id']}").status_code == 200

    @pytest.mark.parametrize("rows", [2, 20])
    def test_three_queries_however_many_classes(self, api_client, django_assert_num_queries, rows):
        maya = UserFactory(role=Role.INSTRUCTOR)
        ClassFactory.create_batch(rows, instructor=maya, status=ClassStatus.APPROVED)

        # The instructor; their classes with instructor and category; the payment plans; the
        # seats held.
        with django_assert_num_queries(4):
            response = api_client.get(f"/api/instructors/{maya.pk}")

        assert len(response.json()["classes"]) == rows


class TestCategories:
    def test_everyone_gets_the_school_s_categories_in_its_order(self, client_as):
        expected = [{"slug": slug, "name": name} for slug, name in SCHOOL_CATEGORIES]

        for who in CALLERS:
            response = client_as(who).get("/api/categories")
            assert response.status_code == 200
            assert response.json() == expected

    def test_the_school_s_order_is_the_position_then_the_name(
        self, api_client, django_capture_on_commit_callbacks
    ):
        api_client.get("/api/categories")
        with django_capture_on_commit_callbacks(execute=True):
            Category.objects.filter(slug="glass").update(position=0)
            Category.objects.create(slug="calligraphy", name="Calligraphy", position=0)

        slugs = [category["slug"] for category in api_client.get("/api/categories").json()]

        # Edits show at once: the cached list is forgotten. Ties go by name.
        assert slugs[:3] == ["calligraphy", "glass", "painting"]
        assert len(slugs) == len(SCHOOL_CATEGORIES) + 1

    def test_a_class_names_its_category_by_the_slug_the_list_gives(self, api_client):
        pottery = Category.objects.get(slug="pottery-ceramics")
        camp_class = ClassFactory(status=ClassStatus.APPROVED, category=pottery)

        listed = {category["slug"] for category in api_client.get("/api/categories").json()}
        answer = api_client.get(f"/api/classes/{camp_class.pk}").json()

        assert answer["category"] in listed
        assert (answer["category"], answer["categoryName"]) == (
            "pottery-ceramics",
            "Pottery & ceramics",
        )
        assert Class.objects.filter(category=pottery).count() == 1
