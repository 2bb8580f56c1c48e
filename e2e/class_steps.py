"""Steps the class review tests share: people who can sign in, and the way they get around."""

import re
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect

from accounts.models import Role, User
from e2e.helpers import assert_accessible, demo_image, log_in
from e2e.language import spoken
from testing.factories import UserFactory


def member(emulator, live_server, *, name: str, email: str, role: str, portrait: str) -> User:
    """Someone known to the school and to the identity provider under the same e-mail."""
    photo = f"{live_server.url}{demo_image(f'people/{portrait}.webp')}"
    user = UserFactory(name=name, email=email, role=role, photo=photo)
    emulator.sign_up(email, name=name, photo=photo)
    return user


def instructor_member(emulator, live_server) -> User:
    """Maya, the instructor of the class tests, who can sign in."""
    return member(
        emulator,
        live_server,
        name="Maya Lindqvist",
        email="maya@camp.test",
        role=Role.INSTRUCTOR,
        portrait="maya-lindqvist",
    )


def admin_member(emulator, live_server) -> User:
    """Ada, an admin of the school, who can sign in."""
    return member(
        emulator,
        live_server,
        name="Ada Admin",
        email="ada@camp.test",
        role=Role.ADMIN,
        portrait="admin",
    )


def main_navigation(page: Page, language: str = "en"):
    return page.get_by_role("navigation", name=spoken("Main", language))


def dashboard_menu(page: Page):
    return page.get_by_role("navigation", name="Dashboard")


def sign_in(page: Page, email: str, *, language: str = "en") -> None:
    """Log in through the real login page, in `language`, and wait until the session is
    established."""
    page.goto("/login")
    log_in(page, email, language=language)
    log_out = spoken("Log Out", language)
    expect(main_navigation(page, language).get_by_role("button", name=log_out)).to_be_visible()


def log_out(page: Page) -> None:
    """Press Log Out and wait until it is done (the login page): a page opened while it is
    still ending the session can find the person signed in still, and sign them in again."""
    main_navigation(page).get_by_role("button", name="Log Out").click()
    expect(page).to_have_url(re.compile(r"/login$"))


def open_dashboard(page: Page, landing: str) -> None:
    """Press the navigation bar's Dashboard button and land on the role's first page."""
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    expect(page).to_have_url(re.compile(rf"/dashboard/{landing}$"))


def class_card(page: Page, name: str):
    return page.get_by_role("main").get_by_role("article", name=name)


def small_png(folder: Path, name: str = "banner.png") -> Path:
    """A real picture file, as an instructor's camera or editor would hand it over."""
    path = folder / name
    image = Image.new("RGB", (64, 48), (214, 120, 40))
    # A second colour, so the server's re-encoding has more than one flat block to keep.
    image.paste((40, 90, 200), (0, 24, 64, 48))
    image.save(path, format="PNG")
    return path


def wait_for_picture(page: Page, picture) -> int:
    """The natural width of an <img> once the browser has fetched and decoded it (0: broken)."""
    # Card pictures load lazily: only once they come into view.
    picture.scroll_into_view_if_needed()
    handle = picture.element_handle()
    page.wait_for_function("img => img.complete", arg=handle)
    return handle.evaluate("img => img.naturalWidth")


# Transitions still running (Bootstrap fades a menu pill's colours for 150 ms); endless ones,
# like a loading spinner, never settle and are left out.
_RUNNING_TRANSITIONS = """() => document.getAnimations().filter(
    (animation) => animation.playState === "running"
        && animation.effect?.getComputedTiming().endTime !== Infinity
).length === 0"""


def settle(page: Page) -> None:
    """Wait until colours have stopped changing, so a measure of them is of what stays."""
    page.wait_for_function(_RUNNING_TRANSITIONS)


def check_accessible(page: Page) -> None:
    """axe-core on the page once colours have stopped changing, so it measures what stays."""
    settle(page)
    assert_accessible(page)
