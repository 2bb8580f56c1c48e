"""The dashboard: who may open what, and an admin changing a student's role."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import Role
from e2e.class_steps import log_out
from e2e.helpers import assert_accessible, demo_image, log_in
from testing.factories import UserFactory


@pytest.fixture
def member(live_server, emulator):
    """Make a user known to the school and to the identity provider, with the same e-mail."""

    def make(name: str, email: str, role: str, portrait: str):
        photo = f"{live_server.url}{demo_image(f'people/{portrait}.webp')}"
        user = UserFactory(name=name, email=email, role=role, photo=photo)
        emulator.sign_up(email, name=name, photo=photo)
        return user

    return make


def test_visitor_is_sent_to_login_and_a_student_then_home(page, member):
    student = member("Sam Student", "sam@camp.test", Role.STUDENT, "student")

    page.goto("/dashboard/all-users")
    expect(page).to_have_url(re.compile(r"/login$"))

    log_in(page, student.email)

    # Back to Manage Users, which only admins may open: the guard sends the student home.
    expect(page).to_have_url(re.compile(r"://[^/]+/$"))
    expect(page.get_by_role("heading", name="Popular Classes")).to_be_visible()


def test_admin_makes_a_student_an_instructor(page, member):
    admin = member("Ada Admin", "ada@camp.test", Role.ADMIN, "admin")
    student = member("Sam Student", "sam@camp.test", Role.STUDENT, "student")

    page.goto("/login")
    log_in(page, admin.email)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard").click()

    expect(page).to_have_url(re.compile(r"/dashboard/all-users$"))
    menu = page.get_by_role("navigation", name="Dashboard")
    expect(menu.get_by_role("link", name="Manage Users")).to_be_visible()
    expect(menu.get_by_role("link", name="Manage Classes")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile(r"Total Users\W*2\b"))).to_be_visible()
    row = page.get_by_role("row").filter(has_text=student.email)
    expect(row.get_by_role("button", name="Make Admin")).to_be_enabled()
    assert_accessible(page)

    row.get_by_role("button", name="Make Instructor").click()
    dialog = page.get_by_role("dialog", name="Make Sam Student an instructor?")
    dialog.get_by_role("button", name="Make Instructor").click()

    expect(page.get_by_text("Sam Student is successfully made as an instructor")).to_be_visible()
    # Once the list is fresh again, only the button for the new role stays disabled.
    expect(row.get_by_role("button", name="Make Admin")).to_be_enabled()
    expect(row.get_by_role("button", name="Make Instructor")).to_be_disabled()
    student.refresh_from_db()
    assert student.role == Role.INSTRUCTOR

    menu.get_by_role("link", name="Home").click()
    log_out(page)
    log_in(page, student.email)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Dashboard").click()

    expect(page).to_have_url(re.compile(r"/dashboard/my-classes$"))
    menu = page.get_by_role("navigation", name="Dashboard")
    expect(menu.get_by_role("link", name="My Classes")).to_be_visible()
    expect(menu.get_by_role("link", name="Add a Class")).to_be_visible()
    expect(menu.get_by_role("link", name="My Selected Classes")).to_have_count(0)
    assert_accessible(page)
