"""A visitor on an address the app does not know."""

import re

from playwright.sync_api import expect

from e2e.helpers import assert_accessible


def test_unknown_page_shows_404_and_leads_back_home(page):
    page.goto("/no-such-page")

    main = page.get_by_role("main")
    expect(main.get_by_text("404", exact=True)).to_be_visible()
    expect(main.get_by_role("heading", level=1)).to_have_text(re.compile(r"\w"))
    assert_accessible(page)

    main.get_by_role("link", name="Back to the Homepage").click()
    expect(page).to_have_url(re.compile(r"://[^/]+/$"))
    expect(page.get_by_role("heading", name="Popular Classes")).to_be_visible()
