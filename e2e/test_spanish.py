"""Spanish on a phone (390 px): a visitor whose browser asks for Spanish reads the site in
Spanish; the switch in the header changes the language and keeps the choice; a signed-in
family's choice is kept on their account. Each page is axe-clean in both languages."""

import pytest
from playwright.sync_api import Browser, Page, expect

from accounts.models import User
from e2e.class_steps import check_accessible, main_navigation, sign_in
from e2e.helpers import log_in
from e2e.language import assert_in_spanish
from e2e.payment_steps import student_member

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def spanish_page(browser: Browser, live_server, transactional_db):
    """A phone whose browser asks for Spanish first (its Accept-Language)."""
    context = browser.new_context(base_url=live_server.url, locale="es-ES", viewport=PHONE)
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


def menu_opened(page: Page, navigation: str, toggle: str) -> None:
    """On a phone the header's links and buttons sit behind its menu button."""
    page.get_by_role("navigation", name=navigation).get_by_role("button", name=toggle).click()


def test_a_visitor_whose_browser_asks_for_spanish_reads_the_site_in_spanish(spanish_page):
    page = spanish_page
    for address in ("/", "/all-classes", "/all-instructors"):
        response = page.goto(address)
        assert response.headers["content-language"] == "es"
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_role("navigation", name="Principal")).to_be_visible()
        assert_in_spanish(page)
        check_accessible(page)


def test_the_switch_in_the_header_changes_the_language_and_keeps_it(page: Page):
    page.set_viewport_size(PHONE)
    page.goto("/all-classes")
    menu_opened(page, "Main", "Toggle navigation")
    main_navigation(page).get_by_role("button", name="Ver el sitio en español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("navigation", name="Principal")).to_be_visible()
    assert_in_spanish(page)
    check_accessible(page)

    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    menu_opened(page, "Principal", "Abrir o cerrar el menú")
    page.get_by_role("button", name="View the site in English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    check_accessible(page)


def test_a_family_s_choice_is_kept_on_their_account(page: Page, emulator, live_server):
    family = student_member(emulator, live_server)
    sign_in(page, family.email)
    page.set_viewport_size(PHONE)
    menu_opened(page, "Main", "Toggle navigation")
    main_navigation(page).get_by_role("button", name="Ver el sitio en español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("navigation", name="Principal")).to_be_visible()
    assert User.objects.get(pk=family.pk).language == "es"

    # Another browser, which never chose, reads the account's language once the family signs in.
    other = page.context.browser.new_context(base_url=live_server.url, viewport=PHONE)
    elsewhere = other.new_page()
    elsewhere.goto("/login")
    expect(elsewhere.locator("html")).to_have_attribute("lang", "en")
    log_in(elsewhere, family.email)
    expect(elsewhere.locator("html")).to_have_attribute("lang", "es")
    expect(elsewhere.get_by_role("navigation", name="Principal")).to_be_attached()
    other.close()
