from decimal import Decimal

import pytest

from accounts.models import Role
from camp.testing.factories import ClassFactory, UserFactory
from classes.models import ClassStatus

pytestmark = pytest.mark.django_db

APPROVED, PENDING, DENIED = ClassStatus.APPROVED, ClassStatus.PENDING, ClassStatus.DENIED


def as_json(camp_class) -> dict:
    """A class as the spec names its fields, for comparing whole answers."""
    return {
        "_id": camp_class.id,
        "nameClass": camp_class.name,
        "image": camp_class.image,
        "price": float(camp_class.price),
        "seats": camp_class.seats,
        "instructorName": camp_class.instructor.name,
        "instructorEmail": camp_class.instructor.email,
        "status": camp_class.status,
        "enroll": camp_class.enroll,
    }


class TestClassList:
    def test_a_visitor_gets_approved_classes_in_the_spec_shape(self, api_client):
        instructor = UserFactory(
            role=Role.INSTRUCTOR, name="Maya Lindqvist", email="maya@camp.test"
        )
        pottery = ClassFactory(
            name="Wheel-Thrown Pottery",
            image="/static/img/demo/pottery.webp",
            price=Decimal("45.50"),
            seats=12,
            enroll=3,
            status=APPROVED,
            instructor=instructor,
        )
        ClassFactory(status=PENDING, instructor=instructor)
        painting = ClassFactory(
            name="Acrylic Painting",
            image="https://images.camp.test/painting.jpg",
            price=Decimal("19.99"),
            seats=0,
            enroll=20,
            status=APPROVED,
            instructor=instructor,
        )
        ClassFactory(status=DENIED, instructor=instructor)

        response = api_client.get("/api/classes")

        assert response.status_code == 200
        assert response.json() == [
            {
                "_id": pottery.id,
                "nameClass": "Wheel-Thrown Pottery",
                "image": "/static/img/demo/pottery.webp",
                "price": 45.5,
                "seats": 12,
                "instructorName": "Maya Lindqvist",
                "instructorEmail": "maya@camp.test",
                "status": "Approved",
                "enroll": 3,
            },
            {
                "_id": painting.id,
                "nameClass": "Acrylic Painting",
                "image": "https://images.camp.test/painting.jpg",
                "price": 19.99,
                "seats": 0,
                "instructorName": "Maya Lindqvist",
                "instructorEmail": "maya@camp.test",
                "status": "Approved",
                "enroll": 20,
            },
        ]

    def test_prices_are_json_numbers_with_their_cents(self, api_client):
        ClassFactory(status=APPROVED, price=Decimal("19.99"))
        ClassFactory(status=APPROVED, price=Decimal("45.50"))
        ClassFactory(status=APPROVED, price=Decimal("120.00"))

        body = api_client.get("/api/classes").content.decode()

        assert '"price":19.99,' in body
        assert '"price":45.5,' in body
        assert '"price":120.0,' in body

    def test_an_admin_gets_every_class_whatever_its_status(self, api_client_for):
        admin = UserFactory(role=Role.ADMIN)
        classes = [ClassFactory(status=status) for status in (PENDING, APPROVED, DENIED)]

        response = api_client_for(admin).get("/api/classes")

        assert response.status_code == 200
        assert response.json() == [as_json(camp_class) for camp_class in classes]

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR])
    def test_other_signed_in_people_get_approved_classes_only(self, api_client_for, role):
        ClassFactory(status=PENDING)
        approved = ClassFactory(status=APPROVED)
        ClassFactory(status=DENIED)

        response = api_client_for(UserFactory(role=role)).get("/api/classes")

        assert response.status_code == 200
        assert response.json() == [as_json(approved)]

    def test_no_classes_is_an_empty_list(self, api_client):
        ClassFactory(status=PENDING)

        response = api_client.get("/api/classes")

        assert response.status_code == 200
        assert response.json() == []

    def test_a_trailing_slash_is_not_redirected(self, api_client):
        response = api_client.get("/api/classes/")

        assert response.status_code == 404
        assert response.json() == {"message": "No such API endpoint."}

    @pytest.mark.parametrize("rows", [2, 30])
    def test_a_visitor_costs_one_query_however_many_classes(
        self, api_client, django_assert_num_queries, rows
    ):
        ClassFactory.create_batch(rows, status=APPROVED)

        with django_assert_num_queries(1):
            response = api_client.get("/api/classes")

        assert len(response.json()) == rows

    @pytest.mark.parametrize("rows", [2, 30])
    def test_an_admin_costs_two_queries_however_many_classes(
        self, api_client_for, django_assert_num_queries, rows
    ):
        client = api_client_for(UserFactory(role=Role.ADMIN))
        ClassFactory.create_batch(rows, status=PENDING)

        # One to load the token's user, one for the classes with their instructors.
        with django_assert_num_queries(2):
            response = client.get("/api/classes")

        assert len(response.json()) == rows


class TestPopularClassList:
    def test_the_six_approved_classes_with_most_enrolments_come_first(self, api_client):
        by_enroll = {
            enroll: ClassFactory(status=APPROVED, enroll=enroll) for enroll in (5, 40, 0, 12, 7)
        }
        tie_first = ClassFactory(status=APPROVED, enroll=9)
        tie_second = ClassFactory(status=APPROVED, enroll=9)
        ClassFactory(status=PENDING, enroll=100)
        ClassFactory(status=DENIED, enroll=99)

        response = api_client.get("/api/popularClasses")

        assert response.status_code == 200
        expected = [
            by_enroll[40],
            by_enroll[12],
            tie_first,
            tie_second,
            by_enroll[7],
            by_enroll[5],
        ]
        assert response.json() == [as_json(camp_class) for camp_class in expected]

    def test_fewer_than_six_approved_classes_are_all_listed(self, api_client):
        low = ClassFactory(status=APPROVED, enroll=1)
        high = ClassFactory(status=APPROVED, enroll=2)
        ClassFactory(status=PENDING, enroll=3)

        response = api_client.get("/api/popularClasses")

        assert response.status_code == 200
        assert response.json() == [as_json(high), as_json(low)]

    def test_an_admin_also_gets_approved_classes_only(self, api_client_for):
        approved = ClassFactory(status=APPROVED, enroll=1)
        ClassFactory(status=PENDING, enroll=30)

        response = api_client_for(UserFactory(role=Role.ADMIN)).get("/api/popularClasses")

        assert response.status_code == 200
        assert response.json() == [as_json(approved)]

    @pytest.mark.parametrize("rows", [2, 30])
    def test_one_query_however_many_classes(self, api_client, django_assert_num_queries, rows):
        ClassFactory.create_batch(rows, status=APPROVED)

        with django_assert_num_queries(1):
            response = api_client.get("/api/popularClasses")

        assert len(response.json()) == min(rows, 6)
