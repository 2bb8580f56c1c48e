"""A visitor reads the school's own pages from the footer and writes to the school."""

import re

from django.conf import settings
from playwright.sync_api import Page, expect

from e2e.class_steps import check_accessible
from notifications.models import Message
from pages.message_kinds import PageMessage
from pages.models import ContactMessage, SitePage

FOOTER_PAGES = [
    ("About us", "/about", "About us"),
    ("Terms of use", "/terms", "Terms of use"),
    ("Privacy policy", "/privacy", "Privacy policy"),
    ("Cookie policy", "/cookies", "Cookie policy"),
]


def footer(page: Page):
    return page.get_by_role("contentinfo")


def theme_toggle(page: Page):
    return page.get_by_role("navigation", name="Main").get_by_role(
        "button", name=re.compile("theme", re.IGNORECASE)
    )


def main_heading(page: Page, name: str):
    return page.get_by_role("main").get_by_role("heading", level=1, name=name)


def test_a_visitor_opens_each_footer_page_as_the_school_wrote_it(page):
    # As an admin left it in the back office.
    SitePage.objects.update_or_create(
        slug="about",
        defaults={
            "title": "About us",
            "body": "Since 2003 we make things.\n\n## Our studios\n\n- Painting\n- Pottery",
        },
    )
    page.goto("/")

    for link, path, heading in FOOTER_PAGES:
        footer(page).get_by_role("link", name=link, exact=True).click()
        expect(page).to_have_url(re.compile(f"{path}$"))
        expect(main_heading(page, heading)).to_be_visible()
        expect(page).to_have_title(f"{heading} | Camp")
        check_accessible(page)

    page.goto("/about")
    expect(page).to_have_title("About us | Camp")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=2, name="Our studios")).to_be_visible()
    expect(main.get_by_role("listitem")).to_have_text(["Painting", "Pottery"])

    page.goto("/privacy")
    body = page.get_by_role("main")
    for kept in ("date of birth", "emergency contact", "Download my data"):
        expect(body).to_contain_text(kept)
    # The dark theme reads as well.
    theme_toggle(page).click()
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    check_accessible(page)


def test_the_home_page_s_buttons_lead_somewhere(page):
    page.goto("/")

    page.get_by_role("link", name="Know More").click()
    expect(page).to_have_url(re.compile("/all-classes$"))

    page.goto("/")
    page.get_by_role("link", name="More About Us").click()
    expect(main_heading(page, "About us")).to_be_visible()


def test_a_visitor_writes_to_the_school_and_the_office_gets_it(page):
    page.goto("/")
    footer(page).get_by_role("link", name="Contact", exact=True).click()
    expect(main_heading(page, "Contact us")).to_be_visible()
    expect(page).to_have_title("Contact us | Camp")
    form = page.get_by_role("form", name="Contact the school")

    # Sent empty, each field says what it needs.
    form.get_by_role("button", name="Send message").click()
    expect(form.get_by_text("Please tell us your name.")).to_be_visible()
    check_accessible(page)

    form.get_by_label("Your name").fill("Ada Lopez")
    form.get_by_label("Your e-mail").fill("ada@family.test")
    form.get_by_label("Message").fill("Is there parking near the studios?")
    form.get_by_role("button", name="Send message").click()

    thanks = page.get_by_role("status").filter(has_text="Your message has reached the school")
    expect(thanks).to_be_visible()
    expect(thanks).to_be_focused()
    check_accessible(page)
    theme_toggle(page).click()
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    check_accessible(page)

    kept = ContactMessage.objects.get()
    assert (kept.name, kept.email, kept.message) == (
        "Ada Lopez",
        "ada@family.test",
        "Is there parking near the studios?",
    )
    [message] = Message.objects.filter(kind=PageMessage.CONTACT_MESSAGE)
    assert message.recipient == settings.SCHOOL_REPLY_TO
    assert message.reply_to == "ada@family.test"
    assert message.about == f"contact:{kept.pk}"
    assert "Is there parking near the studios?" in message.text


def test_at_a_phone_s_width_no_school_page_is_wider_than_the_screen(page):
    page.set_viewport_size({"width": 390, "height": 844})

    for path, heading in [
        *((path, heading) for _, path, heading in FOOTER_PAGES),
        ("/contact", "Contact us"),
    ]:
        page.goto(path)
        expect(main_heading(page, heading)).to_be_visible()
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{path} is {overflow}px wider than the screen"
