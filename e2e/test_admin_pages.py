"""The admins' pages: finding a person in Manage Users, changing their role with a second look
and an undo, never one's own; Manage Classes by review state."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import Role, User
from classes.models import ClassStatus
from e2e.class_steps import (
    admin_member,
    check_accessible,
    class_card,
    dashboard_menu,
    open_dashboard,
    sign_in,
)
from e2e.helpers import demo_image
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def admin(emulator, live_server):
    return admin_member(emulator, live_server)


def test_an_admin_finds_a_user_makes_them_instructor_and_undoes_it(page, admin):
    sam = UserFactory(name="Sam Student", email="sam@camp.test", role=Role.STUDENT)
    # More people than one page holds, so the search is what finds Sam.
    UserFactory.create_batch(22, role=Role.STUDENT)

    sign_in(page, admin.email)
    open_dashboard(page, "all-users")
    expect(page.get_by_role("heading", name="Total Users: 24")).to_be_visible()
    pages = page.get_by_role("navigation", name="Pages of users")
    expect(pages).to_contain_text("Page 1 of 2 · 24 users")
    expect(pages.get_by_role("button", name="Previous")).to_be_disabled()

    page.get_by_role("searchbox", name="Search users").fill("SAM@")

    expect(page.get_by_text("1 user matches “SAM@”.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/dashboard/all-users\?search=SAM%40$"))
    rows = page.get_by_role("main").get_by_role("row")
    expect(rows).to_have_count(2)  # the header and Sam
    expect(page.get_by_role("heading", name="Total Users: 24")).to_be_visible()
    row = rows.filter(has_text=sam.email)
    check_accessible(page)

    row.get_by_role("button", name="Make Instructor").click()
    dialog = page.get_by_role("dialog", name="Make Sam Student an instructor?")
    expect(dialog).to_contain_text("Sam Student (sam@camp.test) is a student now.")
    check_accessible(page)
    dialog.get_by_role("button", name="Make Instructor").click()

    expect(dialog).to_have_count(0)
    expect(page.get_by_text("Sam Student is successfully made as an instructor")).to_be_visible()
    expect(row.get_by_role("button", name="Make Instructor")).to_be_disabled()
    sam.refresh_from_db()
    assert sam.role == Role.INSTRUCTOR
    undo = page.get_by_role("status").get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    check_accessible(page)

    page.keyboard.press("Enter")

    expect(page.get_by_text("Sam Student is a student again.")).to_be_visible()
    expect(row.get_by_role("button", name="Make Instructor")).to_be_enabled()
    expect(page.get_by_role("heading", name=re.compile(r"^Total Users"))).to_be_focused()
    sam.refresh_from_db()
    assert sam.role == Role.STUDENT


def test_an_admin_is_offered_no_change_of_their_own_role(page, admin):
    sign_in(page, admin.email)
    open_dashboard(page, "all-users")

    own = page.get_by_role("main").get_by_role("row").filter(has_text=admin.email)
    expect(own.get_by_role("button", name="Make Admin")).to_be_disabled()
    expect(own.get_by_role("button", name="Make Instructor")).to_be_disabled()
    expect(own).to_contain_text("Your own role: another admin can change it.")

    # Asked anyway, from the signed-in page, the server refuses and the session stays.
    answer = page.evaluate(
        """async (id) => {
            const response = await fetch(`/api/users/instructor/${id}`, {
                method: "PATCH",
                headers: { Authorization: `Bearer ${localStorage.getItem("access-token")}` },
            });
            return { status: response.status, body: await response.json() };
        }""",
        admin.pk,
    )

    assert answer == {
        "status": 409,
        "body": {
            "message": "You cannot take away your own admin role. Another admin can change it."
        },
    }
    assert User.objects.get(pk=admin.pk).role == Role.ADMIN
    page.reload()
    expect(page.get_by_role("heading", name=re.compile(r"^Total Users"))).to_be_visible()


def test_manage_classes_shows_pending_first_and_filters_by_status(page, admin):
    instructor = UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist")
    for name, status in [
        ("Watercolor Basics", ClassStatus.APPROVED),
        ("Linocut Printmaking", ClassStatus.PENDING),
        ("Rejected Origami", ClassStatus.DENIED),
        ("Quiet Quilting", ClassStatus.WITHDRAWN),
    ]:
        ClassFactory(
            name=name, status=status, instructor=instructor, image=demo_image("pottery.webp")
        )

    sign_in(page, admin.email)
    open_dashboard(page, "all-users")
    dashboard_menu(page).get_by_role("link", name="Manage Classes").click()

    filters = page.get_by_role("group", name="Show classes by status")
    pending = filters.get_by_role("button", name="Pending 1")
    expect(pending).to_have_attribute("aria-pressed", "true")
    cards = page.get_by_role("main").get_by_role("article")
    expect(cards).to_have_count(1)
    expect(class_card(page, "Linocut Printmaking")).to_be_visible()
    check_accessible(page)

    filters.get_by_role("button", name="Denied 1").click()
    expect(page).to_have_url(re.compile(r"/dashboard/manage-classes\?status=Denied$"))
    expect(cards).to_have_count(1)
    expect(class_card(page, "Rejected Origami")).to_be_visible()

    filters.get_by_role("button", name="All 4").click()
    expect(cards).to_have_count(4)
    expect(cards.first).to_have_accessible_name("Linocut Printmaking")
    check_accessible(page)
