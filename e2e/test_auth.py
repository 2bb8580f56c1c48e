"""Registering, logging in (password or Google), logging out, through the Firebase Auth emulator."""

import re
from datetime import timedelta

import pytest
import requests
from playwright.sync_api import Page, expect
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import Role, User
from classes.models import ClassStatus
from e2e.helpers import (
    PASSWORD,
    add_google_account,
    assert_accessible,
    demo_image,
    log_in,
    serve_gapi_offline,
)
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.usefixtures("emulator")


def main_navigation(page: Page):
    return page.get_by_role("navigation", name="Main")


@pytest.fixture
def student(live_server, emulator):
    """A student known to the school and to the identity provider, with the same e-mail."""
    photo = f"{live_server.url}{demo_image('people/student.webp')}"
    student = UserFactory(name="Sam Student", email="sam@camp.test", role=Role.STUDENT, photo=photo)
    emulator.sign_up(student.email, name=student.name, photo=photo)
    return student


def test_register_then_log_in_to_the_student_dashboard(page):
    # The form takes https addresses only, so the picture lives elsewhere.
    photo = "https://images.camp.test/people/rita.webp"
    page.goto("/register")
    expect(page).to_have_title("Register | Camp")
    form = page.get_by_role("main")
    form.get_by_label("Name", exact=True).fill("Rita Register")
    form.get_by_label("Photo URL").fill(photo)
    form.get_by_label("Email").fill("rita@camp.test")
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("Confirm password").fill(PASSWORD)
    assert_accessible(page)
    form.get_by_role("button", name="Register").click()

    # Registration ends logged out, on the login page, with a word asking to log in.
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
        re.compile("log in", re.IGNORECASE)
    )
    expect(main_navigation(page).get_by_role("link", name="Log In")).to_be_visible()
    rita = User.objects.get(email="rita@camp.test")
    assert (rita.name, rita.photo, rita.role) == ("Rita Register", photo, Role.STUDENT)
    assert_accessible(page)

    log_in(page, "rita@camp.test")
    expect(page).to_have_url(re.compile(r"://[^/]+/$"))
    main_navigation(page).get_by_role("link", name="Dashboard").click()

    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    menu = page.get_by_role("navigation", name="Dashboard")
    for item in ["My Selected Classes", "My Enrolled Classes", "My Payment History"]:
        expect(menu.get_by_role("link", name=item)).to_be_visible()
    for item in ["Manage Users", "Manage Classes", "My Classes", "Add a Class"]:
        expect(menu.get_by_role("link", name=item, exact=True)).to_have_count(0)
    assert_accessible(page)


def test_google_sign_in_through_the_emulator_popup(page, live_server):
    serve_gapi_offline(page.context)
    photo = f"{live_server.url}{demo_image('people/aiko-tanaka.webp')}"
    page.goto("/login")
    expect(page).to_have_title("Login | Camp")
    assert_accessible(page)

    with page.expect_popup() as popup_info:
        page.get_by_role("button", name=re.compile("Google")).click()
    # The emulator's stand-in for Google's account chooser.
    chooser = popup_info.value
    add_google_account(chooser, "gina@camp.test", "Gina Google", photo)

    expect(page).to_have_url(re.compile(r"://[^/]+/$"))
    avatar = main_navigation(page).get_by_role("img", name="Gina Google")
    expect(avatar).to_be_visible()
    expect(avatar).to_have_attribute("title", "Gina Google")
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()
    gina = User.objects.get(email="gina@camp.test")
    assert (gina.name, gina.photo, gina.role) == ("Gina Google", photo, Role.STUDENT)


def test_log_out_ends_the_session(page, student):
    page.goto("/login")
    log_in(page, student.email)
    log_out = main_navigation(page).get_by_role("button", name="Log Out")
    expect(log_out).to_be_visible()
    assert page.evaluate("localStorage.getItem('access-token')")

    log_out.click()

    expect(page.get_by_text("User is successfully logged out")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(main_navigation(page).get_by_role("link", name="Log In")).to_be_visible()
    assert page.evaluate("localStorage.getItem('access-token')") is None


def test_visitor_who_logs_in_to_select_a_class_comes_back_to_the_classes(page, student):
    ClassFactory(
        name="Origami Animals", image=demo_image("origami.webp"), status=ClassStatus.APPROVED
    )
    page.goto("/all-classes")
    page.get_by_role("article", name="Origami Animals").get_by_role("button", name="Select").click()
    page.get_by_role("dialog").get_by_role("button", name="Login Now!").click()
    expect(page).to_have_url(re.compile(r"/login$"))

    log_in(page, student.email)

    expect(page).to_have_url(re.compile(r"/all-classes$"))
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()


def test_the_session_renews_its_token_without_interrupting_the_person(page, student, monkeypatch):
    # Tokens of seconds instead of minutes: the browser renews at half their life.
    monkeypatch.setattr(AccessToken, "lifetime", timedelta(seconds=6))
    page.goto("/login")
    log_in(page, student.email)
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()
    first = page.evaluate("localStorage.getItem('access-token')")

    page.wait_for_function(
        "(first) => localStorage.getItem('access-token') !== first", arg=first, timeout=10_000
    )
    # Past the first token's end, the person goes on as if nothing happened.
    page.wait_for_timeout(4_000)
    main_navigation(page).get_by_role("link", name="Dashboard").click()

    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    expect(page.get_by_role("heading", name="My Selected Classes")).to_be_visible()
    expect(page.get_by_role("navigation", name="Dashboard")).to_contain_text("Sam Student")
    assert page.evaluate("localStorage.getItem('access-token')") not in (None, first)


def test_a_token_is_refused_once_its_owner_logged_out(page, student, live_server):
    page.goto("/login")
    log_in(page, student.email)
    log_out = main_navigation(page).get_by_role("button", name="Log Out")
    expect(log_out).to_be_visible()
    token = page.evaluate("localStorage.getItem('access-token')")
    asked = f"{live_server.url}/api/users/admin/{student.email}"
    bearer = {"Authorization": f"Bearer {token}"}
    assert requests.get(asked, headers=bearer, timeout=10).status_code == 200

    log_out.click()
    expect(page).to_have_url(re.compile(r"/login$"))

    reused = requests.get(asked, headers=bearer, timeout=10)
    assert reused.status_code == 401
    assert reused.json() == {"message": "This sign-in has ended. Please sign in again."}


def test_an_unverified_email_is_asked_to_verify_before_claiming_its_row(page, emulator):
    # Named admin before ever signing in; someone signs up with the address first.
    UserFactory(email="lead@camp.test", role=Role.ADMIN)
    account = emulator.sign_up("lead@camp.test", verified=False)
    page.goto("/login")

    log_in(page, "lead@camp.test")

    expect(page.get_by_role("alert")).to_contain_text("Verify your e-mail address")
    expect(main_navigation(page).get_by_role("link", name="Log In")).to_be_visible()
    assert User.objects.get(email="lead@camp.test").firebase_uid is None
    page.get_by_role("button", name="Send verification e-mail").click()
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
        "We sent you a verification e-mail"
    )
    sent = [code for code in emulator.out_of_band_codes() if code["email"] == "lead@camp.test"]
    assert [code["requestType"] for code in sent] == ["VERIFY_EMAIL"]

    # The owner follows the link in the e-mail, then logs in again.
    requests.get(sent[0]["oobLink"], timeout=10).raise_for_status()
    log_in(page, "lead@camp.test")

    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()
    assert User.objects.get(email="lead@camp.test").firebase_uid == account["uid"]
