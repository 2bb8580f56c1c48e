"""Someone whose device asks for reduced motion sees nothing move: the spinner of a page on its
way stands still, cards change without a transition, and scrolling jumps rather than glides.
The same page with no such wish keeps its motion, so the difference is the wish's."""

import pytest
from playwright.sync_api import Page, Route, expect

from accounts.models import Role
from testing.factories import UserFactory

# Animations and transitions still running (or waiting to run) on an element.
_MOVING = "el => el.getAnimations().filter((a) => a.playState !== 'finished').length"
_TRANSITION = "el => parseFloat(getComputedStyle(el).transitionDuration)"


@pytest.fixture
def held_page(page: Page):
    """About us reached from the footer, its text held back by the test so its loading spinner
    stays on screen (an address opened afresh arrives with the text drawn)."""
    held: list[Route] = []
    page.route("**/api/pages/about", lambda route: held.append(route))
    page.goto("/")
    page.get_by_role("contentinfo").get_by_role("link", name="About us").click()
    yield page
    for route in held:
        route.continue_()


@pytest.mark.usefixtures("live_server")
def test_a_wish_for_less_motion_stills_the_spinner_the_cards_and_the_scrolling(held_page: Page):
    page = held_page
    spinner = page.get_by_role("status").filter(has_text="Loading About us…")
    expect(spinner).to_be_visible()

    page.emulate_media(reduced_motion="no-preference")
    assert spinner.evaluate(_MOVING) > 0
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "smooth"

    page.emulate_media(reduced_motion="reduce")
    # The style changes with the wish, by the next frame.
    page.wait_for_function(
        "el => el.getAnimations().length === 0 || "
        "el.getAnimations().every((a) => a.playState === 'finished')",
        arg=spinner.element_handle(),
    )
    assert spinner.evaluate(_MOVING) == 0
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "auto"


@pytest.mark.usefixtures("live_server")
def test_cards_lift_only_for_those_who_have_not_asked_for_less_motion(page: Page):
    UserFactory(name="Maya Lindqvist", role=Role.INSTRUCTOR)
    page.goto("/all-instructors")
    card = page.get_by_role("main").locator(".card").filter(has_text="Maya Lindqvist")
    expect(card).to_be_visible()

    page.emulate_media(reduced_motion="no-preference")
    assert card.evaluate(_TRANSITION) > 0.1

    page.emulate_media(reduced_motion="reduce")
    assert card.evaluate(_TRANSITION) < 0.001
