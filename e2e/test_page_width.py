"""No page is wider than the screen, whatever the length of the names people and classes have:
every route, public and of each role's dashboard, with the longest unbroken names and e-mails
the database holds, at a phone's width and a laptop's, in the light theme and the dark."""

from dataclasses import dataclass

import pytest

from accounts.models import Role
from accounts.services import account_holder_of
from classes.models import ClassStatus
from e2e.class_steps import member, sign_in
from enrolments.models import WaitlistEntry
from payments.models import PaymentStatus
from testing.factories import ChildFactory, ClassFactory, PaymentFactory, SelectionFactory

pytestmark = pytest.mark.usefixtures("emulator")

# The longest a name may be (150), an e-mail's local part (64), a class's name (40) and a
# child's first and last names (60 each), with no place to break.
LONG_NAME = "Maximiliana" * 13 + "Xyz"
LONG_CLASS = "W" * 40
CHILD_FIRST = "Bartholomew" * 5 + "Xyzab"
CHILD_NAME = f"{CHILD_FIRST} {'Q' * 60}"


def long_email(letter: str) -> str:
    return f"{letter * 64}@{'studio' * 8}.camp.test"


LONG_EMAIL = long_email("m")

PUBLIC = {
    "/": LONG_NAME,
    "/all-instructors": LONG_NAME,
    "/all-classes": LONG_CLASS,
    "/login": None,
    "/register": None,
    "/about": None,
    "/contact": None,
    "/terms": None,
    "/privacy": None,
    "/cookies": None,
    "/accessibility": None,
}


@dataclass
class School:
    """Everyone and everything with the longest names, and each role's pages with what they show."""

    admin: object
    instructor: object
    student: object
    public: dict
    pages: dict


@pytest.fixture
def long_names(emulator, live_server):
    def person(letter, role, portrait):
        return member(
            emulator,
            live_server,
            name=LONG_NAME,
            email=long_email(letter),
            role=role,
            portrait=portrait,
        )

    admin = person("a", Role.ADMIN, "admin")
    instructor = person("m", Role.INSTRUCTOR, "maya-lindqvist")
    student = person("s", Role.STUDENT, "admin")
    # Full: the child holds a seat, the student waits for one.
    full = ClassFactory(
        name=LONG_CLASS, instructor=instructor, status=ClassStatus.APPROVED, seats=0, enroll=1
    )
    open_class = ClassFactory(name="O" * 40, instructor=instructor, status=ClassStatus.APPROVED)
    ClassFactory(name="P" * 40, instructor=instructor, status=ClassStatus.PENDING)
    child = ChildFactory(account=student, first_name=CHILD_FIRST, last_name="Q" * 60)
    PaymentFactory(
        student=student, participant=child, camp_class=full, status=PaymentStatus.ENROLLED
    )
    WaitlistEntry.objects.create(
        student=student, participant=account_holder_of(student), camp_class=full, rank=1
    )
    selection = SelectionFactory(student=student, participant=child, camp_class=open_class)

    dashboard = "/dashboard"
    return School(
        admin=admin,
        instructor=instructor,
        student=student,
        public={
            **PUBLIC,
            f"/instructors/{instructor.pk}": LONG_NAME,
            f"/classes/{full.pk}": LONG_NAME,
        },
        pages={
            admin.email: {
                f"{dashboard}/all-users": LONG_NAME,
                f"{dashboard}/manage-classes": LONG_NAME,
            },
            instructor.email: {
                f"{dashboard}/my-classes": LONG_CLASS,
                f"{dashboard}/add-class": None,
                f"{dashboard}/update-class/{open_class.pk}": None,
                f"{dashboard}/my-classes/{full.pk}/roster": CHILD_NAME,
                f"{dashboard}/profile": LONG_NAME,
            },
            student.email: {
                f"{dashboard}/my-selected-classes": LONG_NAME,
                f"{dashboard}/my-enrolled-classes": LONG_NAME,
                f"{dashboard}/my-payment-history": CHILD_NAME,
                f"{dashboard}/family": CHILD_NAME,
                f"{dashboard}/waitlist": LONG_CLASS,
                f"{dashboard}/payment/{selection.pk}": CHILD_NAME,
            },
        },
    )


def overflows_of(page, path: str, shows: str | None) -> dict[str, int]:
    """How many pixels the page at `path` is wider than its viewport, once its long text shows, in
    each theme: first the stored one it opens in (dark), then the light one the toggle switches to
    (the theme is colours alone, so the page need not load again for it)."""
    page.goto(path)
    if shows:
        page.get_by_text(shows).first.wait_for(state="attached")
    else:
        page.get_by_role("heading", level=1).first.wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    assert page.get_attribute("html", "data-bs-theme") == "dark"
    overflows = {}
    for theme in ("dark", "light"):
        page.evaluate(
            "theme => document.documentElement.setAttribute('data-bs-theme', theme)", theme
        )
        # Not below 0: the page's own width stops short of the reserved scrollbar gutter.
        overflows[theme] = max(
            0, page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        )
    return overflows


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_is_wider_than_the_screen_with_the_longest_names(
    browser, live_server, long_names, width
):
    too_wide = {}
    expected = {}
    for who in [None, *long_names.pages]:
        context = browser.new_context(base_url=live_server.url)
        # What a visitor who chose the dark theme before finds on every page.
        context.add_init_script("window.localStorage.setItem('theme', 'dark')")
        page = context.new_page()
        if who is None:
            routes = long_names.public
        else:
            # Signed in with the menu open wide; a phone's collapses the Log Out button away.
            page.set_viewport_size({"width": 1280, "height": 900})
            sign_in(page, who)
            routes = long_names.pages[who]
        page.set_viewport_size({"width": width, "height": 900})
        for path, shows in routes.items():
            too_wide[path] = overflows_of(page, path, shows)
            expected[path] = {"dark": 0, "light": 0}
        context.close()

    assert too_wide == expected
