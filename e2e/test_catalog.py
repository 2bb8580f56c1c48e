"""A family finding a class: search and filters that live in the address, a page for each class,
a clash shown before anyone clicks, and the class's page as search engines and social sites
read it (the HTML the server sends, before any script runs)."""

import re
from datetime import date, time, timedelta
from decimal import Decimal
from html.parser import HTMLParser

import requests
from playwright.sync_api import expect

from classes.models import Category, Class
from e2e.class_steps import sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import student_member
from enrolments.models import Selection
from testing.dates import years_before
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class

MON, TUE, WED, THU, FRI = range(5)


def season_start() -> date:
    today = date.today()
    return today + timedelta(days=35 - today.weekday())


def category(slug: str, name: str) -> Category:
    # The migration makes the school's categories; a transactional test's flush removes them.
    return Category.objects.get_or_create(slug=slug, defaults={"name": name})[0]


def make_season():
    maya = UserFactory(name="Maya Lindqvist", role="instructor")
    start = season_start()
    return {
        "pottery": scheduled_class(
            name="Wheel-Thrown Pottery",
            image=demo_image("pottery.webp"),
            start=start,
            end=start + timedelta(days=4),
            days=(MON, WED, FRI),
            hours=(time(9), time(12)),
            instructor=maya,
            category=category("pottery-ceramics", "Pottery & ceramics"),
            age_min=10,
            age_max=14,
            price=Decimal("120"),
            location="Clay Studio",
            description="Centre clay on the wheel.\n\nGlaze two bowls to take home.",
        ),
        "watercolour": scheduled_class(
            name="Botanical Watercolour",
            image=demo_image("painting.webp"),
            start=start,
            end=start + timedelta(days=4),
            days=(MON, WED),
            hours=(time(10), time(11, 30)),
            instructor=maya,
            category=category("painting", "Painting"),
            age_min=6,
            age_max=9,
            price=Decimal("60"),
        ),
        "origami": scheduled_class(
            name="Origami Animals",
            image=demo_image("origami.webp"),
            start=start,
            hours=(time(13), time(15)),
            instructor=maya,
            category=category("paper-origami", "Paper & origami"),
            price=Decimal("25"),
        ),
    }


def cards(page):
    return page.get_by_role("main").get_by_role("article")


def test_a_family_searches_filters_opens_the_class_and_selects_it(page, emulator, live_server):
    student = student_member(emulator, live_server)
    season = make_season()
    # The family's child is 12 on the first day; the parent signs in and chooses for them.
    start = season_start()
    child = ChildFactory(
        account=student,
        first_name="Mia",
        last_name="Student",
        date_of_birth=years_before(start, 12),
    )
    sign_in(page, student.email)

    page.goto("/all-classes")
    expect(cards(page)).to_have_count(3)
    page.get_by_label("Search classes").fill("clay")
    expect(cards(page)).to_have_count(1)
    expect(page).to_have_url(re.compile(r"search=clay"))
    page.get_by_label("Fits age").fill("12")
    expect(page).to_have_url(re.compile(r"age=12"))
    expect(cards(page)).to_have_count(1)

    # The filtered list is an address: reloading it shows the same list and the same controls.
    page.reload()
    expect(page.get_by_label("Search classes")).to_have_value("clay")
    expect(cards(page)).to_have_count(1)
    card = page.get_by_role("article", name="Wheel-Thrown Pottery")
    expect(card).to_be_visible()

    card.get_by_role("link", name="Wheel-Thrown Pottery").click()
    expect(page).to_have_url(re.compile(rf"/classes/{season['pottery'].pk}$"))
    expect(page.get_by_role("heading", level=1, name="Wheel-Thrown Pottery")).to_be_visible()
    main = page.get_by_role("main")
    expect(main.get_by_text("Clay Studio")).to_be_visible()
    expect(main.get_by_text("Glaze two bowls to take home.")).to_be_visible()
    # Every meeting is listed: Monday, Wednesday and Friday of the first week.
    expect(main.get_by_role("listitem").filter(has_text=re.compile(r"9:00 AM"))).to_have_count(3)
    # The parent is an adult: the page says so before anyone clicks, and offers Mia.
    expect(main).to_contain_text("this class is for children")
    main.get_by_role("button", name="Select").click()
    page.get_by_role("dialog", name="Who is Wheel-Thrown Pottery for?").get_by_role(
        "button", name="Mia Student"
    ).click()

    expect(
        page.get_by_text(re.compile("Wheel-Thrown Pottery is Selected Successfully"))
    ).to_be_visible()
    assert Selection.objects.filter(
        student=student, participant=child, camp_class=season["pottery"]
    ).exists()

    # Back goes to the filtered list it came from.
    page.go_back()
    expect(page).to_have_url(re.compile(r"/all-classes\?.*search=clay"))
    expect(cards(page)).to_have_count(1)


def test_a_class_that_clashes_says_so_before_anyone_clicks(page, emulator, live_server):
    student = student_member(emulator, live_server)
    season = make_season()
    # Open to every age here, so the clash is the one reason the server gives.
    Class.objects.filter(pk=season["watercolour"].pk).update(age_min=None, age_max=None)
    EnrolmentFactory(student=student, camp_class=season["pottery"])
    sign_in(page, student.email)

    page.goto("/all-classes")

    watercolour = page.get_by_role("article", name="Botanical Watercolour")
    expect(watercolour.get_by_text("Wheel-Thrown Pottery")).to_be_visible()
    clash = watercolour.get_by_role("button", name="Time clash")
    expect(clash).to_be_disabled()
    expect(clash).to_have_accessible_description(
        "Botanical Watercolour This class meets at the same time as Wheel-Thrown Pottery."
    )
    origami = page.get_by_role("article", name="Origami Animals")
    expect(origami.get_by_role("button", name="Select")).to_be_enabled()


class _Head(HTMLParser):
    """The <title>, the meta tags and the JSON-LD of a page, as a crawler reads them."""

    def __init__(self):
        super().__init__()
        self.title = ""
        self.meta: dict[str, str] = {}
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "title":
            self._in_title = True
        if tag == "meta":
            key = attributes.get("property") or attributes.get("name")
            if key:
                self.meta[key] = attributes.get("content", "")

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def test_the_class_page_s_html_names_the_class_for_crawlers(live_server, transactional_db):
    pottery = make_season()["pottery"]

    html = requests.get(f"{live_server.url}/classes/{pottery.pk}", timeout=10).text
    head = _Head()
    head.feed(html)

    assert "Wheel-Thrown Pottery" in head.title
    assert head.meta["og:title"].startswith("Wheel-Thrown Pottery")
    assert head.meta["og:image"] == f"{live_server.url}{demo_image('pottery.webp')}"
    assert head.meta["description"].startswith("Centre clay on the wheel.")
    assert '"@type": "Course"' in html or '"@type":"Course"' in html


def test_with_many_ended_classes_the_catalog_still_leads_with_one_to_book(page, live_server):
    """A school in its second year: last season's classes have ended. The catalog opens on a
    class to book, the keyboard reaches its Select at once, and the ended ones wait in the
    archive, each page pointing to this season's class like it."""
    maya = UserFactory(name="Maya Lindqvist", role="instructor")
    pottery = category("pottery-ceramics", "Pottery & ceramics")
    today = date.today()
    for weeks_ago in range(29):
        scheduled_class(
            name=f"Last season's clay {weeks_ago + 1}",
            image=demo_image("pottery.webp"),
            start=today - timedelta(weeks=weeks_ago + 1),
            hours=(time(9), time(12)),
            instructor=maya,
            category=pottery,
        )
    coming = scheduled_class(
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery.webp"),
        start=season_start(),
        hours=(time(9), time(12)),
        instructor=maya,
        category=pottery,
    )

    page.goto("/all-classes")
    expect(cards(page)).to_have_count(1)
    first = cards(page).first
    expect(first).to_have_accessible_name("Wheel-Thrown Pottery")
    # From the search box, through the filters and the first card's links, the first Select
    # the keyboard reaches is the first card's, and it can be pressed (not 120 presses away).
    page.get_by_label("Search classes").focus()
    select = first.get_by_role("button", name="Select")
    presses = 0
    while page.evaluate("document.activeElement.textContent") != "Select" and presses < 30:
        page.keyboard.press("Tab")
        presses += 1
    expect(select).to_be_focused()
    assert presses <= 20
    expect(select).not_to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_be_visible()
    page.keyboard.press("Escape")

    page.get_by_label("Show", exact=True).select_option(label="Past classes (archive)")
    expect(page).to_have_url(re.compile(r"when=past"))
    expect(cards(page)).to_have_count(24)
    last_week = cards(page).first
    expect(last_week).to_have_accessible_name("Last season's clay 1")
    expect(last_week.get_by_text("This class has ended.")).to_be_visible()
    expect(last_week.get_by_role("button")).to_have_count(0)

    last_week.get_by_role("link", name="Last season's clay 1").click()
    expect(page.get_by_role("heading", level=1, name="Last season's clay 1")).to_be_visible()
    main = page.get_by_role("main")
    expect(main.get_by_text("This class has ended.")).to_be_visible()
    expect(main.get_by_role("button", name="Select")).to_have_count(0)
    instead = main.get_by_role("region", name="Coming up instead")
    instead.get_by_role("link", name="Wheel-Thrown Pottery").click()
    expect(page).to_have_url(re.compile(rf"/classes/{coming.pk}$"))
    expect(page.get_by_role("button", name="Select")).to_be_visible()
