"""Each Camp user is one Firebase account: bound by uid, claimed only with a verified e-mail.

Every test signs up real accounts in the Firebase Auth emulator and exchanges their real ID
tokens, as an attacker of the running site would.
"""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import RevokedToken, Role, User
from accounts.services import token_revoke
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db
JWT = "/api/jwt"
ADMIN_LOGIN = "/admin/firebase-login"

LOOK_ALIKES = [
    pytest.param(" lead@camp.test", id="leading space"),
    pytest.param("lead@camp.test ", id="trailing space"),
    pytest.param("\tlead@camp.test", id="tab"),
    pytest.param("lead@camp.test\u00a0", id="no-break space"),
    pytest.param("\u3000lead@camp.test", id="ideographic space"),
]


def exchange(client, email: str, id_token: str):
    return client.post(JWT, {"email": email, "idToken": id_token}, format="json")


@pytest.fixture
def lead(api_client, emulator):
    """An admin who has signed in once: their row is bound to their Firebase account."""
    UserFactory(email="lead@camp.test", role=Role.ADMIN)
    account = emulator.sign_up("lead@camp.test")
    assert exchange(api_client, "lead@camp.test", account["idToken"]).status_code == 200
    return User.objects.get(email="lead@camp.test")


def test_the_first_sign_in_binds_the_row_to_the_firebase_account(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")

    response = exchange(api_client, "maya@camp.test", account["idToken"])

    assert response.status_code == 200
    assert User.objects.get(email="maya@camp.test").firebase_uid == account["uid"]


@pytest.mark.parametrize("look_alike", LOOK_ALIKES)
def test_a_look_alike_email_cannot_take_over_an_account(
    api_client, client, emulator, lead, look_alike
):
    attacker = emulator.sign_up(look_alike)

    for claimed in (look_alike, look_alike.strip(), "lead@camp.test"):
        response = exchange(api_client, claimed, attacker["idToken"])
        assert response.status_code == 401, (claimed, response.content)
        assert "token" not in response.json()
    admin_session = client.post(
        ADMIN_LOGIN, {"idToken": attacker["idToken"]}, content_type="application/json"
    )

    assert admin_session.status_code == 401
    assert "_auth_user_id" not in client.session
    assert User.objects.count() == 1
    assert User.objects.get().firebase_uid == lead.firebase_uid


def test_a_look_alike_email_is_refused_not_tidied(api_client, emulator):
    attacker = emulator.sign_up(" newcomer@camp.test", verified=False)

    response = exchange(api_client, "newcomer@camp.test", attacker["idToken"])

    assert response.status_code == 401
    assert "not a plain address" in response.json()["message"]
    assert not User.objects.exists()


def test_a_case_only_difference_still_finds_the_person(api_client, emulator):
    UserFactory(email="maya@camp.test", role=Role.INSTRUCTOR)
    account = emulator.sign_up("Maya@Camp.test")

    response = exchange(api_client, "maya@camp.test", account["idToken"])

    assert response.status_code == 200
    maya = User.objects.get()
    assert (maya.role, maya.firebase_uid) == (Role.INSTRUCTOR, account["uid"])


def test_once_bound_the_person_is_found_by_uid_not_by_email(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")
    exchange(api_client, "maya@camp.test", account["idToken"])
    # Whatever the row's address says later (edited in the back office), the account is theirs.
    User.objects.filter(email="maya@camp.test").update(email="maya.lin@camp.test")

    response = exchange(api_client, "maya@camp.test", emulator.sign_in("maya@camp.test"))

    assert response.status_code == 200
    assert AccessToken(response.json()["token"])["user_id"] == str(User.objects.get().pk)
    assert User.objects.count() == 1


def test_an_unverified_email_cannot_claim_a_row_made_before_its_owner_signed_in(
    api_client, client, emulator
):
    # As `set_role` naming a new admin, or the back office's add user, leaves it.
    UserFactory(email="lead@camp.test", role=Role.ADMIN)
    squatter = emulator.sign_up("lead@camp.test", verified=False)

    response = exchange(api_client, "lead@camp.test", squatter["idToken"])
    admin_session = client.post(
        ADMIN_LOGIN, {"idToken": squatter["idToken"]}, content_type="application/json"
    )

    assert response.status_code == 403
    assert response.json()["code"] == "email_not_verified"
    assert "Verify your e-mail address" in response.json()["message"]
    assert admin_session.status_code == 403
    assert "_auth_user_id" not in client.session
    assert User.objects.get().firebase_uid is None


def test_following_the_verification_link_lets_the_owner_claim_the_row(api_client, emulator):
    UserFactory(email="lead@camp.test", role=Role.ADMIN)
    owner = emulator.sign_up("lead@camp.test", verified=False)
    assert exchange(api_client, "lead@camp.test", owner["idToken"]).status_code == 403

    emulator.verify_email(owner["uid"])
    response = exchange(api_client, "lead@camp.test", emulator.sign_in("lead@camp.test"))

    assert response.status_code == 200
    lead = User.objects.get()
    assert (lead.role, lead.firebase_uid) == (Role.ADMIN, owner["uid"])


def test_a_remade_firebase_account_rebinds_the_row_only_once_verified(api_client, lead, emulator):
    emulator.delete(lead.firebase_uid)
    remade = emulator.sign_up("lead@camp.test", verified=False)

    refused = exchange(api_client, "lead@camp.test", remade["idToken"])
    emulator.verify_email(remade["uid"])
    accepted = exchange(api_client, "lead@camp.test", emulator.sign_in("lead@camp.test"))

    assert refused.status_code == 403
    assert accepted.status_code == 200
    assert User.objects.get().firebase_uid == remade["uid"]


def test_a_new_person_with_an_unverified_email_registers_as_a_student(api_client, emulator):
    account = emulator.sign_up("new@camp.test", verified=False)

    response = exchange(api_client, "new@camp.test", account["idToken"])

    assert response.status_code == 200
    assert User.objects.get().role == Role.STUDENT


@pytest.mark.parametrize(
    ("name", "photo", "saved_name", "saved_photo"),
    [
        ("Ada", "javascript:alert(document.cookie)", "Ada", ""),
        ("Ada", "/\\evil.example/x.png", "Ada", ""),
        ("A" * 300, "https://images.camp.test/a.png", "A" * 150, "https://images.camp.test/a.png"),
        ("  Ada   Lovelace ", "https://x.test/" + "a" * 1200, "Ada Lovelace", ""),
    ],
)
def test_the_profile_from_the_identity_provider_is_checked_as_the_api_checks_it(
    api_client, emulator, name, photo, saved_name, saved_photo
):
    account = emulator.sign_up("ada@camp.test", name=name, photo=photo)

    response = exchange(api_client, "ada@camp.test", account["idToken"])

    assert response.status_code == 200
    ada = User.objects.get()
    assert (ada.name, ada.photo) == (saved_name, saved_photo)


def test_access_tokens_live_minutes_not_hours(api_client, emulator):
    account = emulator.sign_up("maya@camp.test")

    token = AccessToken(exchange(api_client, "maya@camp.test", account["idToken"]).json()["token"])

    assert token["exp"] - token["iat"] <= 15 * 60
    assert settings.SIMPLE_JWT["ACCESS_TOKEN_LIFETIME"].total_seconds() <= 15 * 60


@pytest.mark.parametrize("fate", ["disable", "delete"])
def test_a_disabled_or_deleted_firebase_account_cannot_renew_its_token(api_client, emulator, fate):
    account = emulator.sign_up("maya@camp.test")
    assert exchange(api_client, "maya@camp.test", account["idToken"]).status_code == 200

    getattr(emulator, fate)(account["uid"])
    # The browser's renewal: the same, still unexpired, Firebase ID token exchanged again.
    renewal = exchange(api_client, "maya@camp.test", account["idToken"])

    assert renewal.status_code == 401
    assert "token" not in renewal.json()


def test_log_out_ends_the_token_at_once(api_client, api_client_for, emulator):
    account = emulator.sign_up("maya@camp.test")
    token = exchange(api_client, "maya@camp.test", account["idToken"]).json()["token"]
    other_tab = exchange(api_client, "maya@camp.test", account["idToken"]).json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    logged_out = api_client.post("/api/logout")
    reused = api_client.get("/api/users/admin/maya@camp.test")
    again = api_client.post("/api/logout")
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {other_tab}")
    other = api_client.get("/api/users/admin/maya@camp.test")

    assert (logged_out.status_code, logged_out.json()) == (200, {"message": "Signed out."})
    assert reused.status_code == 401
    assert reused.json() == {"message": "This sign-in has ended. Please sign in again."}
    assert again.status_code == 401
    assert other.status_code == 200


def test_a_person_disabled_at_camp_loses_the_api_at_once(api_client_for):
    maya = UserFactory(email="maya@camp.test")
    client = api_client_for(maya)
    User.objects.filter(pk=maya.pk).update(is_active=False)

    response = client.get("/api/users/admin/maya@camp.test")

    assert response.status_code == 401


def test_a_token_used_again_and_again_still_ends_at_its_expiry(api_client):
    maya = UserFactory(email="maya@camp.test")
    token = AccessToken.for_user(maya)
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    for _ in range(3):
        assert api_client.get("/api/users/admin/maya@camp.test").status_code == 200

    expiry = datetime.fromtimestamp(token["exp"], tz=UTC)
    with time_machine.travel(expiry - timedelta(seconds=1)):
        assert api_client.get("/api/users/admin/maya@camp.test").status_code == 200
    with time_machine.travel(expiry):
        expired = api_client.get("/api/users/admin/maya@camp.test")

    assert expired.status_code == 401
    assert expired.json()["message"] == "Given token not valid for any token type"


def test_revoked_tokens_are_forgotten_once_they_would_have_expired():
    token_revoke(jti="old", expires_at=timezone.now() - timedelta(minutes=1))
    token_revoke(jti="new", expires_at=timezone.now() + timedelta(minutes=5))

    assert list(RevokedToken.objects.values_list("jti", flat=True)) == ["new"]
