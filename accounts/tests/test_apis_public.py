import pytest

from accounts.models import Role
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_instructors_are_listed_in_joining_order_with_id_name_photo_and_email_only(api_client):
    tomas = UserFactory(
        role=Role.INSTRUCTOR,
        name="Tomas Okafor",
        email="tomas@camp.test",
        photo="https://images.camp.test/tomas.jpg",
    )
    UserFactory(role=Role.STUDENT)
    maya = UserFactory(
        role=Role.INSTRUCTOR,
        name="Maya Lindqvist",
        email="maya@camp.test",
        photo="/static/img/demo/people/maya-lindqvist.webp",
    )
    UserFactory(role=Role.ADMIN)

    response = api_client.get("/api/instructors")

    assert response.status_code == 200
    assert response.json() == [
        {
            "_id": tomas.pk,
            "name": "Tomas Okafor",
            "photo": "https://images.camp.test/tomas.jpg",
            "email": "tomas@camp.test",
        },
        {
            "_id": maya.pk,
            "name": "Maya Lindqvist",
            "photo": "/static/img/demo/people/maya-lindqvist.webp",
            "email": "maya@camp.test",
        },
    ]


def test_no_instructors_is_an_empty_list(api_client):
    UserFactory(role=Role.STUDENT)

    response = api_client.get("/api/instructors")

    assert response.status_code == 200
    assert response.json() == []


def test_a_signed_in_student_sees_the_same_list(api_client_for):
    aiko = UserFactory(role=Role.INSTRUCTOR, name="Aiko Tanaka", email="aiko@camp.test", photo="")

    response = api_client_for(UserFactory(role=Role.STUDENT)).get("/api/instructors")

    assert response.status_code == 200
    assert response.json() == [
        {"_id": aiko.pk, "name": "Aiko Tanaka", "photo": "", "email": "aiko@camp.test"}
    ]


@pytest.mark.parametrize("rows", [2, 30])
def test_one_query_however_many_instructors(api_client, django_assert_num_queries, rows):
    UserFactory.create_batch(rows, role=Role.INSTRUCTOR)

    with django_assert_num_queries(1):
        response = api_client.get("/api/instructors")

    assert len(response.json()) == rows
