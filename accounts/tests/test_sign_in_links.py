"""Signing in with a one-time link e-mailed to the address, against the Firebase Auth emulator:
the link opens the account the password opens, once, and not after it expires."""

import re
from datetime import timedelta

import pytest
import requests
import time_machine
from django.conf import settings

from accounts.models import SignInLink, User
from accounts.services import SIGN_IN_LINK_SPENT
from testing.outbox import send_queued

pytestmark = pytest.mark.django_db
LINKS = "/api/sign-in-links"
REDEEM = "/api/sign-in-links/redeem"
FAMILY = "ada@family.test"
SENT = {
    "message": (
        "If a Camp account uses this address, a sign-in link is on its way to it. "
        "It works once, within 30 minutes."
    ),
    "minutes": 30,
}
SPENT = {"message": SIGN_IN_LINK_SPENT, "code": "sign_in_link_spent"}


def ask_for_link(client, email: str = FAMILY) -> str:
    """The ticket of the link e-mailed to the address, as its owner reads it in the mail."""
    response = client.post(LINKS, {"email": email}, format="json")
    assert response.status_code == 202
    assert response.json() == {**SENT, "email": email}
    [mail] = [sent for sent in send_queued() if sent.to == [email]][-1:]
    [link] = re.findall(rf"{settings.SITE_URL}/login\?ticket=(\S+)", mail.body)
    return link


def redeem(client, ticket: str, email: str = FAMILY):
    return client.post(REDEEM, {"ticket": ticket, "email": email}, format="json")


def test_a_link_signs_in_the_account_the_password_signs_in(api_client, emulator):
    password = emulator.sign_up(FAMILY)
    first = api_client.post(
        "/api/jwt", {"email": FAMILY, "idToken": password["idToken"]}, format="json"
    )
    ticket = ask_for_link(api_client)

    response = redeem(api_client, ticket)
    assert response.status_code == 200
    signed_in = emulator.sign_in_with_email_link(FAMILY, response.json()["link"])
    exchanged = api_client.post(
        "/api/jwt", {"email": FAMILY, "idToken": signed_in["idToken"]}, format="json"
    )

    assert signed_in["uid"] == password["uid"]
    assert exchanged.status_code == 200
    assert exchanged.json()["user"] == first.json()["user"]
    assert User.objects.get(email=FAMILY).firebase_uid == password["uid"]


def test_a_link_works_once(api_client, emulator):
    emulator.sign_up(FAMILY)
    ticket = ask_for_link(api_client)
    link = redeem(api_client, ticket).json()["link"]
    emulator.sign_in_with_email_link(FAMILY, link)

    again = redeem(api_client, ticket)

    assert again.status_code == 409
    assert again.json() == SPENT
    # Firebase, too, takes its own link once.
    with pytest.raises(requests.HTTPError):
        emulator.sign_in_with_email_link(FAMILY, link)


def test_a_link_past_its_minutes_is_refused(api_client, emulator):
    emulator.sign_up(FAMILY)
    ticket = ask_for_link(api_client)
    expires_at = SignInLink.objects.get().expires_at
    assert expires_at - SignInLink.objects.get().created_at == timedelta(minutes=30)

    with time_machine.travel(expires_at):
        late = redeem(api_client, ticket)
    with time_machine.travel(expires_at - timedelta(seconds=1)):
        in_time = redeem(api_client, ticket)

    assert late.status_code == 409
    assert late.json() == SPENT
    assert in_time.status_code == 200


def test_an_unknown_ticket_is_refused_as_a_spent_one(api_client, emulator):
    response = redeem(api_client, "a-guessed-ticket")

    assert response.status_code == 409
    assert response.json() == SPENT


def test_another_address_is_refused_without_spending_the_link(api_client, emulator):
    emulator.sign_up(FAMILY)
    ticket = ask_for_link(api_client)

    wrong = redeem(api_client, ticket, email="eve@else.test")
    right = redeem(api_client, ticket)

    assert wrong.status_code == 400
    assert wrong.json()["errors"] == {
        "email": ["This is not the address the sign-in link was sent to."]
    }
    assert right.status_code == 200


def test_an_address_without_an_account_gets_the_same_answer_and_no_mail(api_client, emulator):
    emulator.sign_up(FAMILY)

    known = api_client.post(LINKS, {"email": FAMILY}, format="json")
    unknown = api_client.post(LINKS, {"email": "nobody@else.test"}, format="json")

    assert (unknown.status_code, unknown.json()) == (
        known.status_code,
        {**known.json(), "email": "nobody@else.test"},
    )
    assert [sent.to for sent in send_queued()] == [[FAMILY]]
    # Counted all the same, so its limit says nothing either.
    assert SignInLink.objects.filter(email="nobody@else.test").count() == 1


def test_one_address_is_sent_only_so_many_links_an_hour(api_client, emulator, settings):
    settings.SIGN_IN_LINKS_PER_EMAIL_PER_HOUR = 2
    emulator.sign_up(FAMILY)
    ask_for_link(api_client)
    ask_for_link(api_client)

    third = api_client.post(LINKS, {"email": FAMILY.upper()}, format="json")

    assert third.status_code == 429
    assert third.json()["message"].startswith("Several sign-in links went to this address")
    assert 3500 < int(third["Retry-After"]) <= 3600
    assert len(send_queued()) == 2


def test_a_bad_address_is_a_field_error(api_client):
    response = api_client.post(LINKS, {"email": "not an address"}, format="json")

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["email"]
