"""No page is wider than the screen, whatever the length of the names people and classes have:
the longest unbroken name and e-mail the database holds, at a phone's width and a laptop's."""

import pytest

from accounts.models import Role
from classes.models import ClassStatus
from e2e.class_steps import member, sign_in
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.usefixtures("emulator")

# The longest a name may be (150) and an e-mail's local part (64), with no place to break.
LONG_NAME = "Maximiliana" * 13 + "Xyz"
LONG_EMAIL = f"{'m' * 64}@{'studio' * 8}.camp.test"

PUBLIC = ["/", "/all-instructors", "/all-classes"]
ADMIN = ["/dashboard/all-users", "/dashboard/manage-classes"]


@pytest.fixture
def long_names(emulator, live_server):
    instructor = UserFactory(role=Role.INSTRUCTOR, name=LONG_NAME, email=LONG_EMAIL)
    ClassFactory(name="W" * 40, instructor=instructor, status=ClassStatus.APPROVED, enroll=99)
    ClassFactory(name="P" * 40, instructor=instructor, status=ClassStatus.PENDING)
    return member(
        emulator,
        live_server,
        name=LONG_NAME,
        email="admin.with.a.long.name@camp.test",
        role=Role.ADMIN,
        portrait="admin",
    )


def overflow_of(page, path: str) -> int:
    """How many pixels the page at `path` is wider than its viewport, once the long name shows."""
    page.goto(path)
    page.get_by_text(LONG_NAME).first.wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    # Not below 0: the page's own width stops short of the reserved scrollbar gutter.
    return max(0, page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_is_wider_than_the_screen_with_the_longest_names(page, long_names, width):
    page.set_viewport_size({"width": width, "height": 900})
    too_wide = {}
    for path in PUBLIC:
        too_wide[path] = overflow_of(page, path)
    # Signed in with the menu open wide; a phone's collapses the Log Out button away.
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, long_names.email)
    page.set_viewport_size({"width": width, "height": 900})
    for path in ADMIN:
        too_wide[path] = overflow_of(page, path)

    assert too_wide == dict.fromkeys(PUBLIC + ADMIN, 0)
