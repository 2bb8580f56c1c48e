"""A session through the real world: an exchange that fails for a while keeps the person signed
in; only our server's refusal ends it, and then the login page says why and brings them back."""

import json
import re

import pytest
import requests
from playwright.sync_api import Page, Route, expect

from e2e.class_steps import dashboard_menu, main_navigation, sign_in
from e2e.helpers import assert_accessible, log_in
from e2e.payment_steps import student_member

pytestmark = pytest.mark.usefixtures("emulator")

SESSION_ENDED = "Your session has ended. Please log in again."
TOKEN = "localStorage.getItem('access-token')"


class FlakyExchange:
    """POST /api/jwt failing its first `failures` times (a 503 of ours, or no answer at all),
    then reaching our server; counts every exchange the page asks for."""

    def __init__(self, page: Page, *, failures: int, abort: bool = False):
        self.left = failures
        self.abort = abort
        self.asked = 0
        page.route("**/api/jwt", self.answer)

    def answer(self, route: Route) -> None:
        self.asked += 1
        if self.left == 0:
            route.continue_()
            return
        self.left -= 1
        if self.abort:
            route.abort("connectionreset")
        else:
            route.fulfill(
                status=503,
                content_type="application/json",
                headers={"Retry-After": "1"},
                body=json.dumps({"message": "Sign-in is unavailable, try again shortly."}),
            )


def test_an_exchange_that_fails_twice_keeps_the_person_signed_in(page, emulator, live_server):
    student = student_member(emulator, live_server)
    exchange = FlakyExchange(page, failures=2)

    page.goto("/login")
    log_in(page, student.email)

    # Asked again after half a second and a second: no sign-out, no word of it.
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()
    assert exchange.asked == 3
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    expect(page.get_by_role("heading", name="My Selected Classes")).to_be_visible()
    expect(dashboard_menu(page)).to_contain_text("Sam Student")
    assert_accessible(page)


def test_a_reload_whose_exchange_is_cut_off_twice_still_opens_the_dashboard(
    page, emulator, live_server
):
    student = student_member(emulator, live_server)
    sign_in(page, student.email)
    # As if the page had been left in the middle of an exchange: no token of ours to reuse.
    page.evaluate("localStorage.removeItem('access-token')")
    exchange = FlakyExchange(page, failures=2, abort=True)

    page.goto("/dashboard/my-selected-classes")

    expect(page.get_by_role("heading", name="My Selected Classes")).to_be_visible()
    expect(dashboard_menu(page).get_by_role("button", name="Log Out")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    assert exchange.asked == 3


def test_a_reload_with_a_good_token_asks_for_no_new_one(page, emulator, live_server):
    student = student_member(emulator, live_server)
    sign_in(page, student.email)
    token = page.evaluate(TOKEN)
    exchange = FlakyExchange(page, failures=0)

    page.goto("/dashboard/my-selected-classes")

    expect(page.get_by_role("heading", name="My Selected Classes")).to_be_visible()
    expect(dashboard_menu(page)).to_contain_text("Sam Student")
    assert exchange.asked == 0
    assert page.evaluate(TOKEN) == token


def test_a_refusal_from_our_server_sends_the_person_to_log_in_and_back(page, emulator, live_server):
    student = student_member(emulator, live_server)
    sign_in(page, student.email)
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    expect(page.get_by_role("heading", name="My Selected Classes")).to_be_visible()
    # The token is ended at our server behind the page's back (signed out elsewhere).
    token = page.evaluate(TOKEN)
    ended = requests.post(
        f"{live_server.url}/api/logout", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert ended.status_code == 200

    dashboard_menu(page).get_by_role("link", name="My Enrolled Classes").click()

    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_role("main").get_by_role("status")).to_have_text(SESSION_ENDED)
    expect(main_navigation(page).get_by_role("link", name="Log In")).to_be_visible()
    assert page.evaluate(TOKEN) is None
    assert_accessible(page)

    log_in(page, student.email)

    expect(page).to_have_url(re.compile(r"/dashboard/my-enrolled-classes$"))
    expect(page.get_by_role("heading", name="My Enrolled Classes")).to_be_visible()
    expect(dashboard_menu(page).get_by_role("button", name="Log Out")).to_be_visible()
