"""Every page, signed out and in each role, in English and in Spanish, on a phone and a laptop,
light and dark: axe-core finds no violation of WCAG 2.1 A or AA of any impact, and no serious or
critical one of its other rules (e2e/routes.py lists the pages).

One browser context per role and language, signed in once: each page is visited once, then
measured at both widths in both themes by resizing the window and switching the theme in place,
which is what the header's toggle does (it sets data-bs-theme on the root element). In Spanish the
sweep measures what axe measures (the page's language, contrast, names), not whether every word
is translated: e2e/test_spanish*.py read the words."""

import pytest
from playwright.sync_api import Page, expect

from e2e.class_steps import settle
from e2e.helpers import assert_accessible, wcag_failures
from e2e.routes import THEMES, VISITORS, WIDTHS, open_as, routes_of, seed_school, visit

pytestmark = pytest.mark.usefixtures("emulator")

LANGUAGES = ("en", "es")


@pytest.fixture
def school(emulator, live_server):
    return seed_school(emulator, live_server)


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("theme => document.documentElement.setAttribute('data-bs-theme', theme)", theme)


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_meets_wcag_21_aa_in_both_themes_at_both_widths(page, school, visitor, language):
    open_as(page, school, visitor, width=1280, theme="light", language=language)
    failures = []
    for route in routes_of(visitor):
        visit(page, school, route, language=language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        for width, height in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            for theme in THEMES:
                set_theme(page, theme)
                settle(page)
                failure = wcag_failures(page)
                if failure:
                    # Every page's violations in one report, not only the first page's.
                    failures.append(f"At {width} px in the {theme} theme: {failure}")
        set_theme(page, "light")
    assert not failures, "\n".join(failures)


@pytest.mark.usefixtures("live_server")
def test_a_moderate_wcag_fault_fails_the_sweep_where_the_serious_only_check_lets_it_pass(page):
    # Two languages named for one page: a moderate fault of WCAG 2.1 A (3.1.1), which only the
    # sweep's check counts.
    page.goto("/about")
    expect(page.get_by_role("heading", name="About us", level=1)).to_be_visible()
    page.evaluate("document.documentElement.setAttribute('xml:lang', 'fr')")

    assert_accessible(page)
    assert "html-xml-lang-mismatch (moderate)" in wcag_failures(page)
