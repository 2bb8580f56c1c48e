"""What a person hears from the school about their account: a welcome, a new role."""

import pytest

from accounts.message_kinds import AccountMessage
from accounts.models import Role
from notifications.models import Message
from testing.outbox import html_of, send_queued

pytestmark = pytest.mark.django_db


def test_registering_sends_one_welcome(api_client_for, people):
    sam = people["student"]
    client = api_client_for(sam)
    profile = {"name": "Sam Potter", "photo": "", "email": sam.email}

    client.post("/api/users", profile, format="json")
    client.post("/api/users", {**profile, "name": "Samuel Potter"}, format="json")

    [welcome] = send_queued()
    assert welcome.to == [sam.email]
    assert welcome.subject == "Welcome to Camp"
    assert "Hello Sam Potter," in welcome.body
    assert "http://localhost:8000/all-classes" in welcome.body
    assert 'href="http://localhost:8000/all-classes"' in html_of(welcome)


@pytest.mark.parametrize(
    ("role", "says"),
    [
        (Role.INSTRUCTOR, "You are now an instructor"),
        (Role.ADMIN, "You are now an admin"),
    ],
)
def test_a_new_role_is_told_to_the_person(api_client_for, people, role, says):
    sam = people["student"]

    api_client_for(people["admin"]).patch(f"/api/users/{role}/{sam.pk}")
    # Asked again, nothing changes, and nothing more is said.
    api_client_for(people["admin"]).patch(f"/api/users/{role}/{sam.pk}")

    [email] = send_queued()
    assert email.to == [sam.email]
    assert email.subject == f"{says} at Camp"
    assert f"{says} at Camp." in email.body
    assert says in html_of(email)


def test_each_change_of_role_is_its_own_message(api_client_for, people):
    sam = people["student"]
    admin = api_client_for(people["admin"])

    admin.patch(f"/api/users/instructor/{sam.pk}")
    admin.patch(f"/api/users/admin/{sam.pk}")

    assert (
        Message.objects.filter(kind=AccountMessage.ROLE_CHANGED, recipient=sam.email).count() == 2
    )
