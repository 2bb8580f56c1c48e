"""Signing in with a one-time link e-mailed to the address, on a phone, through the Firebase
Auth emulator: the link opens the family's own account, once."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import Role, User
from e2e.helpers import assert_accessible
from testing.factories import UserFactory
from testing.outbox import send_queued

pytestmark = pytest.mark.usefixtures("emulator")
PHONE = {"width": 390, "height": 844}
FAMILY = "ada@family.test"


@pytest.fixture
def family(emulator):
    family = UserFactory(name="Ada Lopez", email=FAMILY, role=Role.STUDENT)
    account = emulator.sign_up(FAMILY, name=family.name)
    family.firebase_uid = account["uid"]
    family.save(update_fields=["firebase_uid"])
    return family


def ticket_in_mail(email: str) -> str:
    [mail] = [sent for sent in send_queued() if sent.to == [email]]
    [ticket] = re.findall(r"/login\?ticket=(\S+)", mail.body)
    return ticket


def test_a_sign_in_link_signs_the_family_in_once(page, browser, live_server, family):
    page.set_viewport_size(PHONE)
    page.goto("/login")
    main = page.get_by_role("main")
    main.get_by_label("Email").fill(FAMILY)
    main.get_by_role("button", name="Email me a sign-in link").click()

    expect(main.get_by_role("status")).to_have_text(
        f"If {FAMILY} has an account at Camp, we have sent it a sign-in link. "
        "It works once, within 30 minutes, on any device."
    )
    assert_accessible(page)
    ticket = ticket_in_mail(FAMILY)

    # Opened in the browser that asked: no address to type again.
    page.goto(f"/login?ticket={ticket}")
    expect(page).to_have_url(re.compile(r"://[^/]+/$"))
    expect(page.get_by_text("You have logged in successfully.")).to_be_visible()
    page.get_by_role("button", name="Toggle navigation").click()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard").click()
    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    assert User.objects.filter(email=FAMILY).count() == 1
    assert User.objects.get(email=FAMILY).firebase_uid == family.firebase_uid

    # Opened again, on another phone: the address is asked for, and the link is spent.
    other = browser.new_context(base_url=live_server.url, viewport=PHONE)
    again = other.new_page()
    again.goto(f"/login?ticket={ticket}")
    again.get_by_role("main").get_by_label("Email").fill(FAMILY)
    again.get_by_role("main").get_by_role("button", name="Sign in").click()

    expect(again.get_by_role("alert")).to_have_text(
        "This sign-in link has been used or has expired. Ask for a new one."
    )
    assert_accessible(again)
    again.goto("/dashboard")
    expect(again).to_have_url(re.compile(r"/login$"))
    other.close()
