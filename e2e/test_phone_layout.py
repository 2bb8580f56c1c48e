"""On a phone the dashboard's tables are stacked cards, each value under its label, and the
page starts right under the dashboard's bar; the dashboard has the theme toggle too."""

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Role
from classes.models import ClassStatus
from e2e.class_steps import admin_member, check_accessible, member, sign_in
from e2e.test_page_width import LONG_EMAIL, LONG_NAME
from payments.models import PaymentStatus
from testing.factories import ClassFactory, PaymentFactory, UserFactory

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}

# How the first row of a table is laid out: as a card (block) or a table row, which of its
# cells show their column's label above the value, and whether the table scrolls sideways.
_LAYOUT = """table => {
    const row = table.tBodies[0].rows[0];
    const cells = [...row.cells].filter((cell) => getComputedStyle(cell).display !== "none");
    const labelled = cells.filter((cell) => {
        const label = getComputedStyle(cell, "::before");
        return label.display === "block" && label.content.includes(cell.dataset.label);
    });
    const box = table.parentElement;
    return {
        row: getComputedStyle(row).display,
        cells: cells.map((cell) => cell.dataset.label),
        labelled: labelled.map((cell) => cell.dataset.label),
        headerRowShows: table.tHead.getBoundingClientRect().height > 1,
        scrollsSideways: box.scrollWidth > box.clientWidth,
        pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    };
}"""


def layout_of(page: Page, caption: str) -> dict:
    return page.get_by_role("table", name=caption).evaluate(_LAYOUT)


@pytest.fixture
def admin(emulator, live_server):
    UserFactory(name=LONG_NAME, email=LONG_EMAIL, role=Role.STUDENT)
    return admin_member(emulator, live_server)


@pytest.fixture
def student(emulator, live_server):
    family = member(
        emulator,
        live_server,
        name=LONG_NAME,
        email="family.with.a.long.name@camp.test",
        role=Role.STUDENT,
        portrait="admin",
    )
    instructor = UserFactory(name=LONG_NAME, email=LONG_EMAIL, role=Role.INSTRUCTOR)
    camp_class = ClassFactory(
        name="Watercolour for Kids", instructor=instructor, status=ClassStatus.APPROVED
    )
    PaymentFactory(student=family, camp_class=camp_class, status=PaymentStatus.ENROLLED)
    return family


def signed_in(page: Page, email: str, size: dict) -> None:
    # Signed in with the navigation bar open wide, where its Log Out button shows.
    page.set_viewport_size(LAPTOP)
    sign_in(page, email)
    page.set_viewport_size(size)


def test_manage_users_is_cards_on_a_phone_and_a_table_on_a_laptop(page, admin):
    signed_in(page, admin.email, PHONE)
    page.goto("/dashboard/all-users")
    expect(page.get_by_role("cell", name=LONG_EMAIL)).to_be_attached()

    phone = layout_of(page, "Users and their roles")
    assert phone["row"] == "block"
    assert phone["cells"] == ["#", "Profile", "Name", "Email", "Role", "Actions"]
    assert phone["labelled"] == phone["cells"]
    assert not phone["headerRowShows"]
    assert not phone["scrollsSideways"]
    assert not phone["pageScrollsSideways"]
    check_accessible(page)

    assert_a_table_on_a_laptop(page, "Users and their roles")


def assert_a_table_on_a_laptop(page, caption: str) -> None:
    page.set_viewport_size(LAPTOP)
    laptop = layout_of(page, caption)
    assert laptop["row"] == "table-row"
    assert laptop["labelled"] == []
    assert laptop["headerRowShows"]


def test_payment_history_is_cards_on_a_phone_and_a_table_on_a_laptop(page, student):
    signed_in(page, student.email, PHONE)
    page.goto("/dashboard/my-payment-history")
    expect(page.get_by_role("cell", name=LONG_EMAIL)).to_be_attached()

    phone = layout_of(page, "Your payments, newest first")
    assert phone["row"] == "block"
    assert phone["labelled"] == phone["cells"]
    assert "Instructor Email" in phone["labelled"]
    assert not phone["headerRowShows"]
    assert not phone["scrollsSideways"]
    assert not phone["pageScrollsSideways"]
    check_accessible(page)

    assert_a_table_on_a_laptop(page, "Your payments, newest first")


def test_on_a_phone_the_page_starts_right_under_the_dashboard_menu_button(page, admin):
    signed_in(page, admin.email, PHONE)
    page.goto("/dashboard/all-users")
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_be_visible()

    button = page.get_by_role("button", name="Open Dashboard Menu").bounding_box()
    gap = heading.bounding_box()["y"] - (button["y"] + button["height"])
    # The bar's padding and the page's own top padding, not a band of empty screen.
    assert 0 <= gap <= 48


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_dashboard_has_the_theme_toggle(page, admin, size):
    html = page.locator("html")
    signed_in(page, admin.email, size)
    page.goto("/dashboard/all-users")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(html).to_have_attribute("data-bs-theme", "light")

    page.get_by_role("button", name="Switch to dark theme").click()
    expect(html).to_have_attribute("data-bs-theme", "dark")

    # The choice holds on the public pages, whose navigation bar has its own toggle.
    page.goto("/")
    expect(html).to_have_attribute("data-bs-theme", "dark")
    expect(
        page.get_by_role("navigation", name="Main").get_by_role(
            # On a phone the bar's menu, where the toggle is, is folded away.
            "button",
            name="Switch to light theme",
            include_hidden=True,
        )
    ).to_be_attached()
