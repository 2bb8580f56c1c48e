"""Profiles and roles: /api/users and the role checks, for every kind of caller."""

import pytest

from accounts.models import Role, User
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return {
        "admin": UserFactory(email="admin@camp.test", name="Ada Admin", role=Role.ADMIN),
        "instructor": UserFactory(email="ines@camp.test", name="Ines", role=Role.INSTRUCTOR),
        "student": UserFactory(email="sam@camp.test", name="Sam", role=Role.STUDENT),
        "other_student": UserFactory(email="tara@camp.test", name="Tara", role=Role.STUDENT),
    }


def user_json(user):
    return {
        "_id": user.pk,
        "name": user.name,
        "photo": user.photo,
        "email": user.email,
        "role": user.role,
    }


# POST /api/users


def test_registering_saves_name_and_photo_and_answers_inserted_id(api_client_for, people):
    sam = people["student"]
    body = {"name": "Sam Potter", "photo": "https://images.camp.test/sam.png", "email": sam.email}

    response = api_client_for(sam).post("/api/users", body, format="json")

    assert response.status_code == 201
    assert response.json() == {"insertedId": sam.pk}
    sam.refresh_from_db()
    assert (sam.name, sam.photo, sam.role) == (
        "Sam Potter",
        "https://images.camp.test/sam.png",
        Role.STUDENT,
    )


def test_registering_again_says_the_user_exists_and_updates_the_profile(api_client_for, people):
    sam = people["student"]
    client = api_client_for(sam)
    client.post("/api/users", {"name": "Sam", "photo": "", "email": sam.email}, format="json")

    response = client.post(
        "/api/users", {"name": "Samuel", "photo": "", "email": sam.email}, format="json"
    )

    assert response.status_code == 200
    assert response.json() == {"message": "User already exists."}
    sam.refresh_from_db()
    assert sam.name == "Samuel"


def test_the_role_is_never_taken_from_the_body(api_client_for, people):
    sam = people["student"]

    api_client_for(sam).post(
        "/api/users", {"name": "Sam", "email": sam.email, "role": "admin"}, format="json"
    )

    sam.refresh_from_db()
    assert sam.role == Role.STUDENT


def test_nobody_saves_someone_elses_profile(api_client_for, people):
    sam, tara = people["student"], people["other_student"]

    response = api_client_for(sam).post(
        "/api/users", {"name": "Hacked", "email": tara.email}, format="json"
    )

    assert response.status_code == 403
    assert response.json() == {"message": "You can only save your own profile."}
    tara.refresh_from_db()
    assert tara.name == "Tara"


def test_a_bad_photo_url_names_the_field(api_client_for, people):
    sam = people["student"]

    response = api_client_for(sam).post(
        "/api/users", {"name": "Sam", "photo": "not a url", "email": sam.email}, format="json"
    )

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["photo"]
    assert "photo" in response.json()["message"]


def test_saving_a_profile_needs_a_token(api_client):
    response = api_client.post("/api/users", {"email": "x@camp.test"}, format="json")

    assert response.status_code == 401
    assert response.json() == {"message": "Authentication credentials were not provided."}


def test_a_tampered_token_is_refused(api_client, people):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not.a.token")

    response = api_client.post("/api/users", {"email": "sam@camp.test"}, format="json")

    assert response.status_code == 401
    assert response.json() == {"message": "Given token not valid for any token type"}


# GET /api/users


def test_admins_see_every_user(api_client_for, people):
    response = api_client_for(people["admin"]).get("/api/users")

    assert response.status_code == 200
    assert response.json() == [user_json(u) for u in User.objects.order_by("id")]


@pytest.mark.parametrize("who", ["instructor", "student"])
def test_others_may_not_list_users(api_client_for, people, who):
    response = api_client_for(people[who]).get("/api/users")

    assert response.status_code == 403
    assert response.json() == {"message": "Only admins may do this."}


def test_visitors_may_not_list_users(api_client):
    assert api_client.get("/api/users").status_code == 401


def test_listing_users_takes_one_query_however_many(
    api_client_for, people, django_assert_num_queries
):
    client = api_client_for(people["admin"])
    with django_assert_num_queries(2):  # the caller, then the list
        client.get("/api/users")
    UserFactory.create_batch(25)
    with django_assert_num_queries(2):
        assert len(client.get("/api/users").json()) == 29


# GET /api/users/admin/{email} and /api/users/instructor/{email}


@pytest.mark.parametrize(
    ("who", "admin", "instructor"),
    [("admin", True, False), ("instructor", False, True), ("student", False, False)],
)
def test_everyone_may_ask_their_own_roles(api_client_for, people, who, admin, instructor):
    user = people[who]
    client = api_client_for(user)

    assert client.get(f"/api/users/admin/{user.email}").json() == {"admin": admin}
    assert client.get(f"/api/users/instructor/{user.email}").json() == {"instructor": instructor}


def test_the_email_is_matched_without_case(api_client_for, people):
    response = api_client_for(people["admin"]).get("/api/users/admin/ADMIN@camp.test")

    assert response.status_code == 200
    assert response.json() == {"admin": True}


@pytest.mark.parametrize("who", ["instructor", "student"])
@pytest.mark.parametrize("kind", ["admin", "instructor"])
def test_non_admins_may_not_ask_about_others(api_client_for, people, who, kind):
    response = api_client_for(people[who]).get(f"/api/users/{kind}/tara@camp.test")

    assert response.status_code == 403
    assert response.json() == {"message": "You can only ask about your own account."}


def test_admins_may_ask_about_anyone(api_client_for, people):
    client = api_client_for(people["admin"])

    assert client.get("/api/users/instructor/ines@camp.test").json() == {"instructor": True}
    assert client.get("/api/users/admin/ines@camp.test").json() == {"admin": False}
    assert client.get("/api/users/admin/nobody@camp.test").json() == {"admin": False}


@pytest.mark.parametrize("kind", ["admin", "instructor"])
def test_visitors_may_not_ask_about_roles(api_client, kind):
    assert api_client.get(f"/api/users/{kind}/sam@camp.test").status_code == 401


# PATCH /api/users/admin/{id} and /api/users/instructor/{id}


def test_an_admin_makes_a_student_an_instructor(api_client_for, people):
    sam = people["student"]

    response = api_client_for(people["admin"]).patch(f"/api/users/instructor/{sam.pk}")

    assert response.status_code == 200
    assert response.json() == {"modifiedCount": 1}
    sam.refresh_from_db()
    assert sam.role == Role.INSTRUCTOR


def test_an_admin_makes_an_instructor_an_admin(api_client_for, people):
    ines = people["instructor"]

    response = api_client_for(people["admin"]).patch(f"/api/users/admin/{ines.pk}")

    assert response.json() == {"modifiedCount": 1}
    ines.refresh_from_db()
    assert ines.role == Role.ADMIN


def test_giving_the_role_someone_has_changes_nothing(api_client_for, people):
    response = api_client_for(people["admin"]).patch(
        f"/api/users/instructor/{people['instructor'].pk}"
    )

    assert response.status_code == 200
    assert response.json() == {"modifiedCount": 0}


def test_the_last_admin_cannot_become_an_instructor(api_client_for, people):
    admin = people["admin"]

    response = api_client_for(admin).patch(f"/api/users/instructor/{admin.pk}")

    assert response.status_code == 409
    assert response.json() == {
        "message": "The last admin cannot be given another role. Make someone else admin first."
    }
    admin.refresh_from_db()
    assert admin.role == Role.ADMIN


def test_an_admin_may_step_down_when_another_admin_exists(api_client_for, people):
    admin = people["admin"]
    UserFactory(role=Role.ADMIN)

    response = api_client_for(admin).patch(f"/api/users/instructor/{admin.pk}")

    assert response.json() == {"modifiedCount": 1}


def test_an_unknown_user_is_a_404(api_client_for, people):
    response = api_client_for(people["admin"]).patch("/api/users/admin/999999")

    assert response.status_code == 404
    assert response.json() == {"message": "No such user."}


@pytest.mark.parametrize("who", ["instructor", "student"])
@pytest.mark.parametrize("kind", ["admin", "instructor"])
def test_only_admins_change_roles(api_client_for, people, who, kind):
    caller = people[who]

    response = api_client_for(caller).patch(f"/api/users/{kind}/{caller.pk}")

    assert response.status_code == 403
    caller.refresh_from_db()
    assert caller.role == who


@pytest.mark.parametrize("kind", ["admin", "instructor"])
def test_visitors_change_no_roles(api_client, people, kind):
    response = api_client.patch(f"/api/users/{kind}/{people['student'].pk}")

    assert response.status_code == 401
    assert User.objects.get(pk=people["student"].pk).role == Role.STUDENT


def test_a_demoted_admin_loses_admin_rights_at_once(api_client_for, people):
    """Roles come from the database on every request, not from the token."""
    ines = people["instructor"]
    client = api_client_for(ines)
    api_client_for(people["admin"]).patch(f"/api/users/admin/{ines.pk}")
    assert client.get("/api/users").status_code == 200

    User.objects.filter(pk=ines.pk).update(role=Role.STUDENT)

    assert client.get("/api/users").status_code == 403
