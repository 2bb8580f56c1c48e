"""Who reaches Django admin: the role decides, and admins sign in with their Firebase account."""

import pytest
from django.core.management import call_command
from django.test import Client

from accounts.models import Role, User
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

CHANGELISTS = [
    "/admin/",
    "/admin/accounts/user/",
    "/admin/classes/class/",
    "/admin/enrolments/selection/",
    "/admin/enrolments/enrolment/",
    "/admin/payments/payment/",
]
FIREBASE_LOGIN = "/admin/firebase-login"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def signed_in_as_admin() -> Client:
    return signed_in(UserFactory(role=Role.ADMIN))


def is_refused(response) -> bool:
    return response.status_code == 302 and response.url.startswith("/admin/login/")


@pytest.mark.parametrize("url", CHANGELISTS)
def test_an_admin_by_role_opens_every_page_of_the_back_office(url):
    admin = UserFactory(role=Role.ADMIN)

    assert signed_in(admin).get(url).status_code == 200


@pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR, Role.OFFICE])
@pytest.mark.parametrize("url", CHANGELISTS)
def test_students_instructors_and_the_office_are_sent_to_the_admin_login(role, url):
    person = UserFactory(role=role)

    assert is_refused(signed_in(person).get(url))


def test_a_staff_flag_alone_does_not_open_the_back_office():
    # Only the role counts: a stray is_staff written by hand grants nothing.
    person = UserFactory(role=Role.STUDENT, is_staff=True)

    assert is_refused(signed_in(person).get("/admin/classes/class/"))


def test_the_break_glass_superuser_signs_in_with_a_password():
    User.objects.create_superuser("root@camp.test", "Break-Glass-2003")
    client = Client()

    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "root@camp.test", "password": "Break-Glass-2003", "next": "/admin/"},
    )

    assert response.status_code == 302
    assert client.get("/admin/payments/payment/").status_code == 200


def test_the_password_form_refuses_an_admin_who_is_not_a_superuser():
    admin = UserFactory(role=Role.ADMIN, password="Camp@2003-admin")

    response = Client().post(
        "/admin/login/", {"username": admin.email, "password": "Camp@2003-admin"}
    )

    assert response.status_code == 200
    assert "only for the break-glass superuser" in response.content.decode()


def test_the_admin_login_page_leads_to_the_sites_sign_in():
    response = Client().get("/admin/login/?next=/admin/classes/class/")

    assert response.status_code == 200
    assert 'href="/login?next=/admin/classes/class/"' in response.content.decode()


def test_manage_users_toggles_access_to_the_back_office(api_client_for):
    lead = UserFactory(role=Role.ADMIN)
    ines = UserFactory(role=Role.INSTRUCTOR)
    browser = signed_in(ines)
    assert is_refused(browser.get("/admin/"))

    made = api_client_for(lead).patch(f"/api/users/admin/{ines.pk}")

    assert made.status_code == 200
    ines.refresh_from_db()
    assert (ines.role, ines.is_staff) == (Role.ADMIN, True)
    assert browser.get("/admin/").status_code == 200

    api_client_for(lead).patch(f"/api/users/instructor/{ines.pk}")

    ines.refresh_from_db()
    assert (ines.role, ines.is_staff) == (Role.INSTRUCTOR, False)
    assert is_refused(browser.get("/admin/"))


def test_set_role_keeps_the_staff_flag_with_the_role():
    call_command("set_role", "lead@camp.test", "admin")
    assert User.objects.get(email="lead@camp.test").is_staff is True

    call_command("set_role", "ines@camp.test", "admin")
    call_command("set_role", "lead@camp.test", "student")
    assert User.objects.get(email="lead@camp.test").is_staff is False


def test_a_role_changed_in_the_people_admin_goes_through_the_role_service():
    lead = UserFactory(role=Role.ADMIN)
    ines = UserFactory(role=Role.STUDENT, email="ines@camp.test", name="Ines")

    response = signed_in(lead).post(
        f"/admin/accounts/user/{ines.pk}/change/",
        {
            "email": "ines@camp.test",
            "name": "Ines",
            "photo": "",
            "role": "admin",
            "is_active": "on",
            "date_joined_0": "2026-01-01",
            "date_joined_1": "00:00:00",
        },
    )

    assert response.status_code == 302, response.context["adminform"].form.errors
    ines.refresh_from_db()
    assert (ines.role, ines.is_staff) == (Role.ADMIN, True)


class TestFirebaseLogin:
    def post(self, client: Client, body) -> object:
        return client.post(FIREBASE_LOGIN, body, content_type="application/json")

    def test_an_admins_id_token_opens_an_admin_session(self, emulator):
        UserFactory(role=Role.ADMIN, email="lead@camp.test")
        token = emulator.sign_up("lead@camp.test")["idToken"]
        client = Client()

        response = self.post(client, {"idToken": token})

        assert response.status_code == 200
        assert response.json() == {"redirect": "/admin/"}
        assert client.get("/admin/classes/class/").status_code == 200

    @pytest.mark.parametrize("role", [Role.STUDENT, Role.OFFICE])
    def test_a_students_or_the_office_s_id_token_is_refused(self, emulator, role):
        UserFactory(role=role, email="sam@camp.test")
        token = emulator.sign_up("sam@camp.test")["idToken"]
        client = Client()

        response = self.post(client, {"idToken": token})

        assert response.status_code == 403
        assert response.json() == {"message": "Only admins may use the back office."}
        assert is_refused(client.get("/admin/"))

    def test_an_unknown_person_is_refused_and_not_created(self, emulator):
        token = emulator.sign_up("stranger@camp.test")["idToken"]

        response = self.post(Client(), {"idToken": token})

        assert response.status_code == 403
        assert not User.objects.filter(email="stranger@camp.test").exists()

    def test_a_forged_token_is_refused(self, emulator):
        UserFactory(role=Role.ADMIN, email="lead@camp.test")
        forged = emulator.unsigned_token(uid="nobody", email="lead@camp.test")
        client = Client()

        response = self.post(client, {"idToken": forged})

        assert response.status_code == 401
        assert is_refused(client.get("/admin/"))

    @pytest.mark.parametrize("body", [{}, {"idToken": ""}, {"idToken": 7}, ["x"]])
    def test_a_body_without_a_token_is_refused(self, body):
        assert self.post(Client(), body).status_code == 400

    @pytest.mark.parametrize(
        "body", ["[" * 5000 + "]" * 5000, '{"idToken":' * 3000 + '"x"' + "}" * 3000]
    )
    @pytest.mark.parametrize("signed_in", [False, True])
    def test_deeply_nested_json_is_refused_as_bad_input(self, body, signed_in):
        client = signed_in_as_admin() if signed_in else Client()

        response = self.post(client, body)

        assert response.status_code == 400
        assert response.json() == {"message": "Send the Firebase ID token as idToken."}

    def test_the_endpoint_checks_csrf(self, emulator):
        UserFactory(role=Role.ADMIN, email="lead@camp.test")
        token = emulator.sign_up("lead@camp.test")["idToken"]
        browser = Client(enforce_csrf_checks=True)

        without = self.post(browser, {"idToken": token})
        browser.get(FIREBASE_LOGIN)
        with_token = browser.post(
            FIREBASE_LOGIN,
            {"idToken": token},
            content_type="application/json",
            HTTP_X_CSRFTOKEN=browser.cookies["csrftoken"].value,
        )

        assert without.status_code == 403
        assert with_token.status_code == 200
