"""The school's pages as the data migration leaves them, and the rules the table keeps."""

import pytest
from django.db import IntegrityError, transaction

from pages.models import PageSlug, SitePage

pytestmark = pytest.mark.django_db


def page(slug: str) -> SitePage:
    return SitePage.objects.get(slug=slug)


def test_every_page_is_seeded_with_its_title_and_some_text():
    pages = {p.slug: p for p in SitePage.objects.all()}

    assert {slug: p.title for slug, p in pages.items()} == {
        "about": "About us",
        "accessibility": "Accessibility statement",
        "cookies": "Cookie policy",
        "privacy": "Privacy policy",
        "terms": "Terms of use",
    }
    for seeded in pages.values():
        assert len(seeded.body) > 400
        assert seeded.updated_at is not None


def test_about_tells_the_school_s_story_since_2003():
    assert "Since 2003" in page("about").body


def test_the_privacy_policy_says_what_is_kept_about_children_and_who_sees_it():
    body = page("privacy").body

    for kept in ("first and last name", "date of birth", "notes", "emergency contact"):
        assert kept in body
    for reader in ("You, the family", "The instructor of a class", "admins"):
        assert reader in body
    assert "## How long we keep it" in body
    # How to get a copy, and how to have it removed.
    assert "Download my data" in body
    assert "GET /api/account/export" in body
    assert "## Having it removed" in body


def test_the_cookie_policy_names_everything_kept_in_the_browser():
    body = page("cookies").body

    assert "local storage" in body
    assert "theme" in body
    assert "Stripe" in body
    assert "payment page" in body


def test_the_accessibility_statement_says_what_it_meets_how_it_is_tested_and_whom_to_ask():
    body = page("accessibility").body

    assert "WCAG) 2.1 at level AA" in body
    for heading in (
        "## How we test it",
        "## Known limits",
        "## Asking for help or another format",
        "## Our review",
    ):
        assert heading in body
    assert "axe-core" in body
    assert "keyboard alone" in body


def test_a_slug_is_one_of_the_school_s_pages_and_appears_once():
    with pytest.raises(IntegrityError), transaction.atomic():
        SitePage.objects.create(slug="blog", title="Blog", body="News.")
    with pytest.raises(IntegrityError), transaction.atomic():
        SitePage.objects.create(slug=PageSlug.ABOUT, title="About us, again", body="Twice.")
