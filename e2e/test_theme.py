"""The light/dark theme: chosen with the toggle, remembered, applied before the app runs."""

import re

from playwright.sync_api import Page, expect

from e2e.helpers import assert_accessible


def theme_toggle(page: Page):
    return page.get_by_role("navigation", name="Main").get_by_role(
        "button", name=re.compile("theme", re.IGNORECASE)
    )


def stored_theme(page: Page):
    return page.evaluate("window.localStorage.getItem('theme')")


def test_theme_toggle_is_remembered_across_visits(page):
    html = page.locator("html")
    page.goto("/")
    expect(html).to_have_attribute("data-bs-theme", "light")

    theme_toggle(page).click()
    expect(html).to_have_attribute("data-bs-theme", "dark")
    assert stored_theme(page) == "dark"

    page.reload()
    expect(html).to_have_attribute("data-bs-theme", "dark")
    expect(page.get_by_role("heading", name="Popular Classes")).to_be_visible()
    assert stored_theme(page) == "dark"
    assert_accessible(page)

    theme_toggle(page).click()
    expect(html).to_have_attribute("data-bs-theme", "light")
    assert stored_theme(page) == "light"


def test_stored_dark_theme_applies_before_the_app_bundle_runs(page):
    page.goto("/")
    theme_toggle(page).click()
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")

    # With the bundle blocked nothing but the page itself can set the theme, so a dark page
    # here is what the first paint shows: no flash of light before React starts.
    page.route("**/static/dist/*.js", lambda route: route.abort())
    page.reload(taken_over=False)

    # The first screen the server drew, shown dark with no script run.
    expect(page.get_by_role("heading", name="Popular Classes")).to_be_visible()
    assert page.get_attribute("html", "data-bs-theme") == "dark"
