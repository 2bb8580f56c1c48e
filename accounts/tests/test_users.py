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


@pytest.mark.parametrize(
    ("search", "found"),
    [
        ("ines", ["instructor"]),
        ("SAM@CAMP", ["student"]),
        ("  ada ", ["admin"]),
        ("camp.test", ["admin", "instructor", "student", "other_student"]),
        ("ta", ["other_student"]),
        ("", ["admin", "instructor", "student", "other_student"]),
        ("nobody", []),
        ("%", []),
        ("_", []),
    ],
)
def test_admins_search_users_by_name_or_email(api_client_for, people, search, found):
    response = api_client_for(people["admin"]).get("/api/users", {"search": search})

    assert response.status_code == 200
    assert response.json() == [user_json(people[who]) for who in found]


def test_a_search_comes_in_pages_with_its_own_total(api_client_for, people):
    for number in range(5):
        UserFactory(name=f"Marta {number}", email=f"marta{number}@camp.test")

    response = api_client_for(people["admin"]).get(
        "/api/users", {"search": "marta", "page": 2, "page_size": 2}
    )

    assert response.status_code == 200
    assert [user["name"] for user in response.json()] == ["Marta 2", "Marta 3"]
    assert response["X-Total-Count"] == "5"
    assert response["Link"] == (
        '</api/users?page=3&page_size=2&search=marta>; rel="next", '
        '</api/users?page=1&page_size=2&search=marta>; rel="prev"'
    )


def test_a_search_too_long_is_refused_naming_it(api_client_for, people):
    response = api_client_for(people["admin"]).get("/api/users", {"search": "a" * 255})

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["search"]


def test_only_admins_search_users(api_client_for, people):
    response = api_client_for(people["student"]).get("/api/users", {"search": "ada"})

    assert response.status_code == 403


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


SELF_DEMOTION = {
    "message": "You cannot take away your own admin role. Another admin can change it."
}


@pytest.mark.parametrize("another_admin", [False, True])
def test_an_admin_cannot_make_themself_an_instructor(api_client_for, people, another_admin):
    admin = people["admin"]
    if another_admin:
        UserFactory(role=Role.ADMIN)

    response = api_client_for(admin).patch(f"/api/users/instructor/{admin.pk}")

    assert response.status_code == 409
    assert response.json() == SELF_DEMOTION
    admin.refresh_from_db()
    assert (admin.role, admin.is_staff) == (Role.ADMIN, True)


def test_making_oneself_admin_again_changes_nothing(api_client_for, people):
    admin = people["admin"]

    response = api_client_for(admin).patch(f"/api/users/admin/{admin.pk}")

    assert response.status_code == 200
    assert response.json() == {"modifiedCount": 0}


def test_another_admin_may_demote_an_admin(api_client_for, people):
    lead = UserFactory(role=Role.ADMIN)
    admin = people["admin"]

    response = api_client_for(lead).patch(f"/api/users/instructor/{admin.pk}")

    assert response.json() == {"modifiedCount": 1}
    admin.refresh_from_db()
    assert (admin.role, admin.is_staff) == (Role.INSTRUCTOR, False)


# PUT /api/users/{id}/role


@pytest.mark.parametrize("role", ["admin", "instructor", "student"])
def test_an_admin_gives_any_role(api_client_for, people, role):
    tara = people["other_student"]
    tara.role = Role.INSTRUCTOR
    tara.save(update_fields=["role"])

    response = api_client_for(people["admin"]).put(
        f"/api/users/{tara.pk}/role", {"role": role}, format="json"
    )

    assert response.status_code == 200
    assert response.json() == {"modifiedCount": int(role != "instructor")}
    tara.refresh_from_db()
    assert (tara.role, tara.is_staff) == (role, role == "admin")


def test_a_change_is_undone_by_giving_back_the_role_they_had(api_client_for, people):
    sam = people["student"]
    client = api_client_for(people["admin"])

    made = client.patch(f"/api/users/instructor/{sam.pk}")
    undone = client.put(f"/api/users/{sam.pk}/role", {"role": "student"}, format="json")

    assert (made.json(), undone.json()) == ({"modifiedCount": 1}, {"modifiedCount": 1})
    sam.refresh_from_db()
    assert (sam.role, sam.is_staff) == (Role.STUDENT, False)


@pytest.mark.parametrize("role", ["instructor", "student"])
def test_an_admin_cannot_give_themself_another_role(api_client_for, people, role):
    admin = people["admin"]
    UserFactory(role=Role.ADMIN)

    response = api_client_for(admin).put(
        f"/api/users/{admin.pk}/role", {"role": role}, format="json"
    )

    assert response.status_code == 409
    assert response.json() == SELF_DEMOTION
    admin.refresh_from_db()
    assert admin.role == Role.ADMIN


@pytest.mark.parametrize("body", [{}, {"role": "owner"}, {"role": ""}, {"role": None}])
def test_a_role_must_be_one_of_the_three(api_client_for, people, body):
    sam = people["student"]

    response = api_client_for(people["admin"]).put(f"/api/users/{sam.pk}/role", body, format="json")

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"role"}
    sam.refresh_from_db()
    assert sam.role == Role.STUDENT


def test_giving_a_role_to_nobody_is_a_404(api_client_for, people):
    response = api_client_for(people["admin"]).put(
        "/api/users/999999/role", {"role": "student"}, format="json"
    )

    assert response.status_code == 404
    assert response.json() == {"message": "No such user."}


@pytest.mark.parametrize("who", ["instructor", "student"])
def test_only_admins_give_roles(api_client_for, people, who):
    caller = people[who]

    response = api_client_for(caller).put(
        f"/api/users/{caller.pk}/role", {"role": "admin"}, format="json"
    )

    assert response.status_code == 403
    assert response.json() == {"message": "Only admins may do this."}
    caller.refresh_from_db()
    assert caller.role == who


def test_visitors_give_no_roles(api_client, people):
    sam = people["student"]

    response = api_client.put(f"/api/users/{sam.pk}/role", {"role": "admin"}, format="json")

    assert response.status_code == 401
    sam.refresh_from_db()
    assert sam.role == Role.STUDENT


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
