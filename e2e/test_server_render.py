"""A public page arrives drawn by the server (camp/server_render.py), and the browser's app takes
that HTML over where it stands: the same text before and after, the same elements, nothing
moved, no hydration error, and no request for what the page carries."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from playwright.sync_api import expect

from accounts.models import Role
from classes.models import Category
from core.school_time import school_today
from e2e.helpers import demo_image
from e2e.test_performance import PHONE
from pages.models import PageSlug, SitePage
from testing.factories import UserFactory, scheduled_class

# Set before any script of the page runs: every element the server drew is marked, each layout
# shift is summed, and each element React removes from #root is counted.
WATCH_THE_TAKEOVER = """
window.campTakeover = { shifts: 0, removed: [] };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.campTakeover.shifts += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("root");
  for (const element of root.querySelectorAll("*")) element.campFromServer = true;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE && node.campFromServer) {
          window.campTakeover.removed.push(node.outerHTML.slice(0, 300));
        }
      }
    }
  }).observe(root, { childList: true, subtree: true });
});
"""

# Every element of the page's <main> belongs to React: its route's part has been taken over.
TAKEN_OVER = """() => {
  const elements = [...document.querySelectorAll("#root main *")];
  return elements.length > 0 && elements.every(
    (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))
  );
}"""

# What the public pages carry (camp/first_screen.py), which the app must not ask for again.
CARRIED = re.compile(r"/api/(classes|instructors|pages|popularClasses|categories)\b")

# All of #root's text, hidden or not: the carousel's slides take turns being shown.
ROOT_TEXT = """() => document.getElementById("root").textContent.replace(/\\s+/g, " ").trim()"""


@pytest.fixture
def school(transactional_db):
    instructor = UserFactory(
        name="Maya Lindqvist",
        role=Role.INSTRUCTOR,
        bio="Potter for twenty years.",
        photo=demo_image("people/maya-lindqvist-960w.webp"),
    )
    pottery = Category.objects.create(slug="pottery", name="Pottery", position=1)
    soon = scheduled_class(
        start=school_today() + timedelta(days=2),
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery.webp"),
        instructor=instructor,
        category=pottery,
        age_min=8,
        age_max=12,
    )
    for number in range(1, 9):
        scheduled_class(
            start=school_today() + timedelta(days=3 + number),
            name=f"Paper Lanterns {number}",
            image=demo_image("origami.webp"),
            instructor=instructor,
        )
    SitePage.objects.update_or_create(
        slug=PageSlug.ABOUT, defaults={"title": "About us", "body": "We teach clay and paper."}
    )
    return {"class": soon, "instructor": instructor}


def public_pages(school) -> list[tuple[str, str]]:
    """Each public page, with a text its first screen shows."""
    return [
        ("/", "Wheel-Thrown Pottery"),
        ("/all-classes", "Paper Lanterns 8"),
        ("/all-classes?category=pottery", "Wheel-Thrown Pottery"),
        (f"/classes/{school['class'].pk}", "Ages 8–12"),
        ("/all-instructors", "Maya Lindqvist"),
        (f"/instructors/{school['instructor'].pk}", "Potter for twenty years."),
        ("/about", "We teach clay and paper."),
    ]


@pytest.fixture
def phone(browser, live_server):
    """Lighthouse's phone in the school's time zone, in a fresh profile."""
    context = browser.new_context(
        base_url=live_server.url, timezone_id=settings.SCHOOL_TIMEZONE, **PHONE
    )
    context.set_default_timeout(8_000)
    context.add_init_script(WATCH_THE_TAKEOVER)
    yield context.new_page()
    context.close()


@pytest.fixture
def without_scripts(browser, live_server):
    """A browser that runs no script: a crawler's view of the page."""
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


def test_each_public_page_is_the_same_before_and_after_the_app_takes_it_over(
    school, phone, without_scripts
):
    errors: list[str] = []
    phone.on("console", lambda message: message.type == "error" and errors.append(message.text))
    phone.on("pageerror", lambda error: errors.append(str(error)))
    asked: list[str] = []
    phone.on("request", lambda request: "/api/" in request.url and asked.append(request.url))

    for path, shown in public_pages(school):
        without_scripts.goto(path)
        expect(without_scripts.locator("main")).to_contain_text(shown)
        served = without_scripts.evaluate(ROOT_TEXT)

        asked.clear()
        phone.goto(path)
        phone.wait_for_function(TAKEN_OVER)
        phone.wait_for_load_state("networkidle")

        assert phone.evaluate(ROOT_TEXT) == served, path
        takeover = phone.evaluate("window.campTakeover")
        assert takeover == {"shifts": 0, "removed": []}, path
        assert errors == [], path
        # The page's own answers were not asked for again (its key, as the app asks it).
        assert [url for url in asked if CARRIED.search(url)] == [], path


def test_a_taken_over_page_works_as_the_app(school, phone):
    phone.goto("/all-classes")
    phone.wait_for_function(TAKEN_OVER)

    # The filters drawn by the server now answer: the list is the app's.
    phone.get_by_role("button", name=re.compile("^Filters")).click()
    phone.get_by_label("Category").select_option("pottery")

    expect(phone).to_have_url(re.compile(r"category=pottery"))
    main = phone.get_by_role("main")
    expect(main.get_by_role("article")).to_have_count(1)
    expect(main.get_by_role("heading", name="Wheel-Thrown Pottery")).to_be_visible()


# When the page first painted, when it loaded, and when each of its scripts was asked for.
SCRIPT_TIMES = """() => ({
  painted: performance.getEntriesByName("first-contentful-paint")[0].startTime,
  loaded: performance.getEntriesByType("navigation")[0].loadEventStart,
  scripts: performance.getEntriesByType("resource")
    .filter((entry) => entry.initiatorType === "script" && entry.name.endsWith(".js"))
    .map((entry) => entry.startTime),
})"""


def test_a_drawn_page_asks_for_its_scripts_only_after_it_has_loaded_and_painted(school, phone):
    for path in ("/", "/all-classes"):
        phone.goto(path)
        phone.wait_for_function(TAKEN_OVER)

        times = phone.evaluate(SCRIPT_TIMES)
        assert times["scripts"], path
        assert min(times["scripts"]) > max(times["painted"], times["loaded"]), (path, times)
