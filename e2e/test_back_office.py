"""The back office: admins reach Django admin with their Camp (Firebase) account; others don't."""

import re

from playwright.sync_api import Page, expect

from accounts.models import Role
from e2e.class_steps import member
from e2e.helpers import log_in


def sign_in_from_the_admin(page: Page, email: str) -> None:
    page.goto("/admin/")
    expect(page).to_have_url(re.compile(r"/admin/login/\?next=/admin/$"))
    page.get_by_role("link", name="Sign in with your Camp account").click()
    expect(page).to_have_url(re.compile(r"/login\?next=/admin/$"))
    log_in(page, email)


def test_an_admin_signs_in_with_firebase_and_reaches_the_admin_index(
    page: Page, emulator, live_server
):
    member(
        emulator,
        live_server,
        name="Lena Park",
        email="lena@camp.test",
        role=Role.ADMIN,
        portrait="admin",
    )

    sign_in_from_the_admin(page, "lena@camp.test")

    expect(page).to_have_url(re.compile(r"/admin/$"))
    expect(page.get_by_role("heading", name="Run the school")).to_be_visible()
    page.locator("#classes-class").get_by_role("link", name="Classes").click()
    expect(page.get_by_role("heading", name="Select class to change")).to_be_visible()


def test_a_student_is_refused_and_stays_out_of_the_admin(page: Page, emulator, live_server):
    member(
        emulator,
        live_server,
        name="Sam Rivera",
        email="sam@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )

    sign_in_from_the_admin(page, "sam@camp.test")

    expect(page.get_by_text("Only admins may use the back office.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/login\?next=/admin/$"))
    page.goto("/admin/")
    expect(page).to_have_url(re.compile(r"/admin/login/"))
