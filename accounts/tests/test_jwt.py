"""POST /api/jwt: only a token Firebase vouches for becomes an access token for our API."""

import time

import pytest
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role, User
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db
URL = "/api/jwt"


def exchange(client, **body):
    return client.post(URL, body, format="json")


def test_a_new_account_gets_a_token_and_a_student_record(api_client, emulator):
    account = emulator.sign_up(
        "Maya@Camp.test", name="Maya Lin", photo="https://images.camp.test/maya.jpg"
    )

    response = exchange(api_client, email="maya@camp.test", idToken=account["idToken"])

    assert response.status_code == 200
    assert list(response.json()) == ["token", "user"]
    user = User.objects.get(email="maya@camp.test")
    assert response.json()["user"] == {
        "_id": user.pk,
        "name": "Maya Lin",
        "photo": "https://images.camp.test/maya.jpg",
        "email": "maya@camp.test",
        "role": "student",
        "language": "en",
    }
    assert (user.name, user.photo, user.role) == (
        "Maya Lin",
        "https://images.camp.test/maya.jpg",
        Role.STUDENT,
    )
    assert AccessToken(response.json()["token"])["user_id"] == str(user.pk)


def test_a_google_sign_in_gets_a_token_and_saves_its_profile(api_client, emulator):
    account = emulator.sign_in_with_google(
        "gina@gmail.test", name="Gina Gomez", photo="https://images.camp.test/gina.png"
    )

    response = exchange(api_client, email="gina@gmail.test", idToken=account["idToken"])
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    saved = api_client.post(
        "/api/users",
        {
            "name": "Gina Gomez",
            "photo": "https://images.camp.test/gina.png",
            "email": "gina@gmail.test",
        },
        format="json",
    )

    assert response.status_code == 200
    gina = User.objects.get(email="gina@gmail.test")
    assert (gina.name, gina.photo, gina.role) == (
        "Gina Gomez",
        "https://images.camp.test/gina.png",
        Role.STUDENT,
    )
    assert saved.status_code == 201
    assert saved.json() == {"insertedId": gina.pk}


def test_the_token_opens_the_api_as_that_user(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    token = exchange(api_client, email="maya@camp.test", idToken=account["idToken"]).json()["token"]

    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = api_client.get("/api/users/admin/maya@camp.test")

    assert response.status_code == 200
    assert response.json() == {"admin": False}


def test_an_existing_record_keeps_its_role(api_client, emulator):
    UserFactory(email="lead@camp.test", role=Role.ADMIN)
    account = emulator.sign_up("lead@camp.test")

    response = exchange(api_client, email="lead@camp.test", idToken=account["idToken"])

    assert response.status_code == 200
    assert User.objects.get(email="lead@camp.test").role == Role.ADMIN
    # The browser learns the role with the token, with no second request.
    assert response.json()["user"]["role"] == "admin"
    assert User.objects.count() == 1


def test_another_persons_email_is_refused(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    emulator.sign_up("victim@camp.test")

    response = exchange(api_client, email="victim@camp.test", idToken=account["idToken"])

    assert response.status_code == 401
    assert response.json() == {
        "message": "The e-mail does not match the signed-in account.",
        "errors": {"email": ["This is not the e-mail of the signed-in account."]},
    }
    assert not User.objects.filter(email="victim@camp.test").exists()


def test_a_forged_token_claiming_anothers_email_is_refused(api_client, emulator):
    mine = emulator.sign_up("maya@camp.test")
    emulator.sign_up("victim@camp.test")
    forged = emulator.unsigned_token(sub=mine["uid"], user_id=mine["uid"], email="victim@camp.test")

    response = exchange(api_client, email="victim@camp.test", idToken=forged)

    assert response.status_code == 401
    assert not User.objects.filter(email="victim@camp.test").exists()


def test_a_forged_token_for_an_unknown_account_is_refused(api_client, emulator):
    forged = emulator.unsigned_token(sub="nobody-1234", email="nobody@camp.test")

    response = exchange(api_client, email="nobody@camp.test", idToken=forged)

    assert response.status_code == 401
    assert response.json() == {"message": "The sign-in token names an unknown account."}
    assert User.objects.count() == 0


def test_a_token_for_another_project_is_refused(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    forged = emulator.unsigned_token(
        sub=account["uid"], email="maya@camp.test", aud="someone-elses-project"
    )

    response = exchange(api_client, email="maya@camp.test", idToken=forged)

    assert response.status_code == 401
    assert response.json() == {"message": "The sign-in token is not valid."}


def test_an_expired_token_is_refused(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    # Issued after the account exists (older tokens count as revoked), expired a minute ago.
    now = int(time.time())
    expired = emulator.unsigned_token(
        sub=account["uid"], email="maya@camp.test", iat=now + 1, exp=now - 60
    )

    response = exchange(api_client, email="maya@camp.test", idToken=expired)

    assert response.status_code == 401
    assert response.json() == {"message": "The sign-in token has expired. Please sign in again."}


def test_a_token_older_than_the_account_is_refused_as_revoked(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    long_ago = int(time.time()) - 7200
    stale = emulator.unsigned_token(
        sub=account["uid"], email="maya@camp.test", iat=long_ago, exp=long_ago + 3600
    )

    response = exchange(api_client, email="maya@camp.test", idToken=stale)

    assert response.status_code == 401
    assert response.json() == {"message": "The sign-in was revoked. Please sign in again."}


def test_garbage_is_refused(api_client, emulator):
    response = exchange(api_client, email="maya@camp.test", idToken="not-a-token")

    assert response.status_code == 401
    assert response.json() == {"message": "The sign-in token is not valid."}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"email": "maya@camp.test"}, "idToken"),
        ({"idToken": "x"}, "email"),
        ({"email": "not-an-email", "idToken": "x"}, "email"),
    ],
)
def test_missing_or_malformed_fields_are_refused_naming_the_field(api_client, body, field):
    response = api_client.post(URL, body, format="json")

    assert response.status_code == 401
    assert response.json()["message"] == "Signing in needs an e-mail and a valid ID token."
    assert list(response.json()["errors"]) == [field]


def test_a_disabled_account_gets_no_token(api_client, emulator):
    UserFactory(email="gone@camp.test", is_active=False)
    account = emulator.sign_up("gone@camp.test")

    response = exchange(api_client, email="gone@camp.test", idToken=account["idToken"])

    assert response.status_code == 401
    assert response.json() == {"message": "This account is disabled."}


def test_an_account_keeps_the_language_its_owner_first_signed_in_with(api_client, emulator):
    account = emulator.sign_up("luz@camp.test", name="Luz Pérez")

    response = api_client.post(
        URL,
        {"email": "luz@camp.test", "idToken": account["idToken"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5",
    )

    assert response.json()["user"]["language"] == "es"
    assert User.objects.get(email="luz@camp.test").language == "es"
    # Chosen once, it stays: signing in from an English browser later changes nothing.
    again = exchange(api_client, email="luz@camp.test", idToken=account["idToken"])
    assert again.json()["user"]["language"] == "es"


def test_a_chosen_language_is_kept_whatever_the_browser_asks(api_client, emulator):
    account = emulator.sign_up("ana@camp.test", name="Ana Ruiz")
    UserFactory(email="ana@camp.test", firebase_uid=account["uid"], language="en")

    response = api_client.post(
        URL,
        {"email": "ana@camp.test", "idToken": account["idToken"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )

    assert response.json()["user"]["language"] == "en"
