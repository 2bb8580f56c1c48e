import pytest

from accounts.models import Role, User
from testing.factories import UserFactory

# The data is a season written out as dates: read on the day it was written against.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_the_reference_day")]


def test_the_people_list_loads_and_searches_by_email_and_name(admin_client):
    maya = UserFactory(email="maya@camp.test", name="Maya Lindqvist", role=Role.INSTRUCTOR)
    tomas = UserFactory(email="tomas@camp.test", name="Tomas Okafor")

    everyone = admin_client.get("/admin/accounts/user/")
    by_email = admin_client.get("/admin/accounts/user/", {"q": "maya@"})
    by_name = admin_client.get("/admin/accounts/user/", {"q": "okafor"})

    assert everyone.status_code == 200
    assert {maya, tomas} <= set(everyone.context["cl"].result_list)
    assert list(by_email.context["cl"].result_list) == [maya]
    assert list(by_name.context["cl"].result_list) == [tomas]


def test_the_people_list_filters_by_role(admin_client):
    maya = UserFactory(role=Role.INSTRUCTOR)
    UserFactory(role=Role.STUDENT)

    response = admin_client.get("/admin/accounts/user/", {"role__exact": "instructor"})

    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [maya]


def test_a_person_page_shows_the_profile_and_permissions(admin_client):
    person = UserFactory(role=Role.INSTRUCTOR)

    response = admin_client.get(f"/admin/accounts/user/{person.pk}/change/")

    assert response.status_code == 200
    form = response.context["adminform"].form
    assert {"email", "name", "photo", "role", "is_active", "is_superuser"} <= set(form.fields)
    # The staff flag follows the role, so it is shown, never edited.
    assert "is_staff" in response.context["adminform"].readonly_fields
    assert {"groups", "user_permissions"} <= set(form.fields)
    assert "username" not in form.fields


def test_the_add_page_offers_no_password_by_default(admin_client):
    response = admin_client.get("/admin/accounts/user/add/")

    assert response.status_code == 200
    form = response.context["adminform"].form
    assert form["usable_password"].value() == "false"
    assert {"email", "name", "role", "password1", "password2"} <= set(form.fields)


def test_a_person_is_added_by_email_without_a_password(admin_client):
    response = admin_client.post(
        "/admin/accounts/user/add/",
        {
            "email": "New.Teacher@Camp.test",
            "name": "New Teacher",
            "role": "instructor",
            "usable_password": "false",
        },
    )

    assert response.status_code == 302
    person = User.objects.get(email="new.teacher@camp.test")
    assert (person.name, person.role) == ("New Teacher", Role.INSTRUCTOR)
    assert not person.has_usable_password()


def test_a_person_is_added_with_a_password_when_one_is_given(admin_client):
    response = admin_client.post(
        "/admin/accounts/user/add/",
        {
            "email": "staff@camp.test",
            "role": "admin",
            "usable_password": "true",
            "password1": "kiln-and-glaze-42",
            "password2": "kiln-and-glaze-42",
        },
    )

    assert response.status_code == 302
    assert User.objects.get(email="staff@camp.test").check_password("kiln-and-glaze-42")


def test_an_email_already_taken_in_other_letters_is_refused(admin_client):
    UserFactory(email="maya@camp.test")

    response = admin_client.post(
        "/admin/accounts/user/add/",
        {"email": "MAYA@camp.test", "role": "student", "usable_password": "false"},
    )

    assert response.status_code == 200
    assert "email" in response.context["adminform"].form.errors
    assert User.objects.filter(email__iexact="maya@camp.test").count() == 1


def test_a_role_is_changed_on_the_person_page(admin_client):
    person = UserFactory(email="sam@camp.test", name="Sam", photo="https://images.camp.test/s.jpg")

    response = admin_client.post(
        f"/admin/accounts/user/{person.pk}/change/",
        {
            "email": "sam@camp.test",
            "name": "Sam",
            "photo": "https://images.camp.test/s.jpg",
            "role": "instructor",
            "is_active": "on",
            "date_joined_0": "2026-01-05",
            "date_joined_1": "10:00:00",
        },
    )

    assert response.status_code == 302
    person.refresh_from_db()
    assert person.role == Role.INSTRUCTOR


@pytest.fixture
def role_admin_client(client):
    """An admin by role, not a superuser: the school's everyday admin."""
    client.force_login(UserFactory(email="lead@camp.test", role=Role.ADMIN))
    return client


def test_an_admin_by_role_cannot_make_anyone_superuser(role_admin_client):
    lead = User.objects.get(email="lead@camp.test")
    page = role_admin_client.get(f"/admin/accounts/user/{lead.pk}/change/")

    response = role_admin_client.post(
        f"/admin/accounts/user/{lead.pk}/change/",
        {
            "email": lead.email,
            "name": lead.name,
            "photo": lead.photo,
            "role": "admin",
            "is_active": "on",
            "is_superuser": "on",
            "groups": [],
            "user_permissions": [],
        },
    )

    readonly = set(page.context["adminform"].readonly_fields)
    assert {"is_superuser", "groups", "user_permissions", "password"} <= readonly
    assert response.status_code == 302
    lead.refresh_from_db()
    assert not lead.is_superuser
    assert not lead.user_permissions.exists()


def test_an_admin_cannot_take_away_their_own_role_on_their_page(role_admin_client):
    lead = User.objects.get(email="lead@camp.test")
    UserFactory(role=Role.ADMIN)

    response = role_admin_client.post(
        f"/admin/accounts/user/{lead.pk}/change/",
        {"email": lead.email, "name": lead.name, "photo": lead.photo, "role": "student"},
        follow=True,
    )

    assert "You cannot take away your own admin role." in response.content.decode()
    lead.refresh_from_db()
    assert (lead.role, lead.is_staff) == (Role.ADMIN, True)


def test_an_admin_by_role_cannot_reach_anyones_password_form(role_admin_client):
    someone = UserFactory(email="someone@camp.test")

    page = role_admin_client.get(f"/admin/accounts/user/{someone.pk}/password/")
    posted = role_admin_client.post(
        f"/admin/accounts/user/{someone.pk}/password/",
        {"password1": "kiln-and-glaze-42", "password2": "kiln-and-glaze-42"},
    )

    assert page.status_code == 403
    assert posted.status_code == 403
    someone.refresh_from_db()
    assert not someone.has_usable_password()


def test_an_admin_by_role_adds_people_without_passwords(role_admin_client):
    page = role_admin_client.get("/admin/accounts/user/add/")
    response = role_admin_client.post(
        "/admin/accounts/user/add/",
        {
            "email": "New@Camp.test",
            "name": "New",
            "role": "student",
            "usable_password": "true",
            "password1": "kiln-and-glaze-42",
            "password2": "kiln-and-glaze-42",
        },
    )

    assert set(page.context["adminform"].form.fields) == {"email", "name", "role"}
    assert response.status_code == 302
    assert not User.objects.get(email="new@camp.test").has_usable_password()


def test_the_superuser_still_sets_superuser_and_passwords(admin_client):
    someone = UserFactory(email="someone@camp.test")

    page = admin_client.get(f"/admin/accounts/user/{someone.pk}/change/")
    password = admin_client.get(f"/admin/accounts/user/{someone.pk}/password/")

    assert "is_superuser" in page.context["adminform"].form.fields
    assert password.status_code == 200


def test_a_demoted_admin_loses_the_back_office_on_the_next_request(role_admin_client):
    assert role_admin_client.get("/admin/").status_code == 200
    UserFactory(role=Role.ADMIN)
    lead = User.objects.get(email="lead@camp.test")
    # The role changes elsewhere (Manage Users); the open session is not trusted for it.
    User.objects.filter(pk=lead.pk).update(role=Role.STUDENT, is_staff=False)

    response = role_admin_client.get("/admin/accounts/user/")

    assert response.status_code == 302
    assert response.url.startswith("/admin/login/")
