"""What the browser downloads: All Classes page by page, Firebase only where sign-in needs it,
no API request for what a public page already carries."""

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from accounts.models import Role
from classes.models import ClassStatus
from core.school_time import school_today
from e2e.class_steps import sign_in
from e2e.helpers import add_google_account, assert_accessible, demo_image, serve_gapi_offline
from e2e.payment_steps import student_member
from testing.factories import ClassFactory, UserFactory, scheduled_class

PAGE_SIZE = 24
GAPI = "https://apis.google.com/"
# Lighthouse's phone: on a mobile browser Firebase's popup helper would set itself up at once.
PHONE = {
    "user_agent": (
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36"
    ),
    "viewport": {"width": 412, "height": 823},
    "is_mobile": True,
    "has_touch": True,
}
BANNERS = ["pottery", "painting", "weaving", "origami", "calligraphy", "woodcarving", "jewelry"]


def chunk_file(name: str) -> str:
    """The file name of the lazy chunk `name` in the built bundle."""
    manifest = json.loads(Path(settings.BUNDLE_MANIFEST).read_text())
    return Path(manifest[f"{name}.js"]).name


def firebase_chunk() -> str:
    """The file name of the Firebase Auth chunk in the built bundle."""
    return chunk_file("firebase")


def record_requests(page: Page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def test_all_classes_shows_24_and_loads_more_on_request(page):
    instructor = UserFactory(name="Maya Lindqvist", role=Role.INSTRUCTOR)
    for number in range(1, PAGE_SIZE + 7):
        ClassFactory(
            name=f"Summer Class {number:02d}",
            image=demo_image(f"{BANNERS[number % len(BANNERS)]}.webp"),
            status=ClassStatus.APPROVED,
            instructor=instructor,
        )
    ClassFactory(name="Pending Puppetry", status=ClassStatus.PENDING, instructor=instructor)

    page.goto("/all-classes")

    main = page.get_by_role("main")
    cards = main.get_by_role("article")
    expect(cards).to_have_count(PAGE_SIZE)
    expect(main.get_by_text("Showing 24 of 30 classes")).to_be_visible()
    load_more = main.get_by_role("button", name="Load more classes")
    assert_accessible(page)

    load_more.click()

    expect(cards).to_have_count(30)
    expect(main.get_by_text("Showing 30 of 30 classes")).to_be_visible()
    expect(main.get_by_role("button", name=re.compile("more classes"))).to_have_count(0)
    names = [card.get_by_role("heading").inner_text() for card in cards.all()]
    assert sorted(names) == [f"Summer Class {number:02d}" for number in range(1, 31)]
    expect(main.get_by_text("Pending Puppetry")).to_have_count(0)


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/", "Popular Classes"),
        ("/all-classes", "All Classes"),
        ("/all-instructors", "All Instructors"),
    ],
)
def test_a_visitor_browsing_never_downloads_firebase(page, path, shown):
    requested = record_requests(page)
    chunk = firebase_chunk()

    page.goto(path)
    expect(page.get_by_role("heading", name=shown, exact=True)).to_be_visible()
    # Known to be logged out without asking Firebase.
    expect(
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Log In")
    ).to_be_visible()
    page.wait_for_load_state("networkidle")

    assert [url for url in requested if chunk in url] == []
    assert any("/static/dist/main." in url for url in requested), "the page did not load the app"


def test_a_visitor_on_all_classes_downloads_the_select_dialogs_only_when_select_is_pressed(page):
    # The first render's budget leaves both out (frontend/scripts/bundle-report.js): the dialogs
    # wait for a press, and who can take a class is a family's list.
    ClassFactory(name="Origami Animals", status=ClassStatus.APPROVED)
    requested = record_requests(page)
    dialogs, who_can_take = chunk_file("select-dialogs"), chunk_file("who-can-take")

    page.goto("/all-classes")
    card = page.get_by_role("article", name="Origami Animals")
    expect(card.get_by_role("button", name="Select")).to_be_enabled()
    page.wait_for_load_state("networkidle")
    assert [url for url in requested if dialogs in url or who_can_take in url] == []

    with page.expect_request(lambda request: dialogs in request.url):
        card.get_by_role("button", name="Select").click()
    expect(
        page.get_by_role("dialog", name="Please Login at First to Select this Class")
    ).to_be_visible()
    assert [url for url in requested if who_can_take in url] == []


def test_the_login_page_downloads_firebase(page):
    requested = record_requests(page)
    chunk = firebase_chunk()
    page.goto("/")
    page.wait_for_load_state("networkidle")
    assert [url for url in requested if chunk in url] == []

    # Opening the login page downloads it, before anyone presses a button.
    with page.expect_request(lambda request: chunk in request.url):
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Log In").click()

    expect(page).to_have_url(re.compile(r"/login$"))


def test_a_student_opening_a_public_page_afresh_stays_signed_in(page, live_server, emulator):
    student = student_member(emulator, live_server)
    sign_in(page, student.email)
    requested = record_requests(page)

    # A new page load: the stored session has Firebase downloaded to restore the user.
    page.goto("/all-classes")

    navigation = page.get_by_role("navigation", name="Main")
    expect(navigation.get_by_role("button", name="Log Out")).to_be_visible()
    expect(navigation.get_by_role("img", name="Sam Student")).to_be_visible()
    assert [url for url in requested if firebase_chunk() in url], "the session was not restored"


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A page in a phone's browser, in a fresh profile, on the live server."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


@pytest.mark.usefixtures("emulator")
def test_google_s_script_loads_only_when_google_sign_in_is_pressed(phone, live_server):
    """Firebase's Google sign-in needs Google's gapi script (a third party's), the rest of the
    login page does not: it is asked for on the press, not with the page, even on a phone."""
    serve_gapi_offline(phone.context)
    requested = record_requests(phone)
    chunk = firebase_chunk()
    phone.goto("/login")
    expect(phone.get_by_role("button", name=re.compile("Google"))).to_be_visible()
    phone.wait_for_load_state("networkidle")
    assert [url for url in requested if chunk in url], "the login page did not load Firebase"
    assert [url for url in requested if url.startswith(GAPI)] == []

    with phone.expect_popup() as popup_info:
        phone.get_by_role("button", name=re.compile("Google")).click()
    chooser = popup_info.value
    add_google_account(
        chooser,
        "gina@camp.test",
        "Gina Google",
        f"{live_server.url}{demo_image('people/aiko-tanaka.webp')}",
    )

    expect(phone).to_have_url(re.compile(r"://[^/]+/$"))
    assert [url for url in requested if url.startswith(GAPI)], "Google's script was not loaded"


@pytest.fixture
def school_visitor(browser, live_server, transactional_db):
    """A visitor in the school's time zone: the home page is made for the school's date."""
    context = browser.new_context(base_url=live_server.url, timezone_id=settings.SCHOOL_TIMEZONE)
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


def test_a_visitor_sees_each_public_page_without_asking_the_api_for_its_first_screen(
    school_visitor,
):
    page = school_visitor
    instructor = UserFactory(name="Maya Lindqvist", role=Role.INSTRUCTOR)
    soon = scheduled_class(
        start=school_today() + timedelta(days=2),
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery.webp"),
        instructor=instructor,
    )
    ClassFactory(
        name="Paper Lanterns",
        image=demo_image("origami.webp"),
        status=ClassStatus.APPROVED,
        instructor=instructor,
        enroll=5,
    )
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/api/" in request.url else None
    )
    main = page.get_by_role("main")
    pages = [
        (
            "/",
            main.get_by_role("region", name="Starting soon").get_by_role(
                "heading", name="Wheel-Thrown Pottery"
            ),
            ["/api/popularClasses", "/api/classes?"],
        ),
        (
            "/all-classes",
            main.get_by_role("heading", name="Paper Lanterns"),
            ["/api/classes?", "/api/categories"],
        ),
        (
            f"/classes/{soon.pk}",
            main.get_by_role("heading", name="Wheel-Thrown Pottery", level=1),
            [f"/api/classes/{soon.pk}"],
        ),
        (
            f"/instructors/{instructor.pk}",
            main.get_by_role("heading", name="Maya Lindqvist", level=1),
            [f"/api/instructors/{instructor.pk}"],
        ),
    ]

    for path, first_screen, carried in pages:
        asked.clear()
        page.goto(path)
        expect(first_screen).to_be_visible()
        before = list(asked)
        page.wait_for_load_state("networkidle")

        assert [url for url in before if any(part in url for part in carried)] == [], path
        # Nor asked again once the page has settled.
        assert [url for url in asked if any(part in url for part in carried)] == [], path


@pytest.fixture
def lighthouse_phone(browser, live_server, transactional_db):
    """Lighthouse's phone with its screen's density (1.75), in the school's time zone."""
    context = browser.new_context(
        base_url=live_server.url,
        timezone_id=settings.SCHOOL_TIMEZONE,
        device_scale_factor=1.75,
        **PHONE,
    )
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


def test_each_public_page_downloads_its_first_picture_once_the_copy_its_head_preloaded(
    lighthouse_phone,
):
    """The preload names the copy the <img> picks: one download, at the width shown (a phone's
    card, 388 CSS pixels at 1.75, takes the 960 copy), never the preload and then another copy."""
    page = lighthouse_phone
    instructor = UserFactory(
        name="Maya Lindqvist",
        role=Role.INSTRUCTOR,
        photo=demo_image("people/maya-lindqvist-960w.webp"),
    )
    soon = scheduled_class(
        start=school_today() + timedelta(days=2),
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery-1280w.webp"),
        instructor=instructor,
    )
    pictures: list[str] = []
    page.on(
        "request",
        lambda request: pictures.append(request.url) if "/img/demo/" in request.url else None,
    )
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text))
    pages = [
        (f"/classes/{soon.pk}", "Wheel-Thrown Pottery", "pottery-960w.webp"),
        ("/all-classes", "Wheel-Thrown Pottery", "pottery-960w.webp"),
        (f"/instructors/{instructor.pk}", "Maya Lindqvist", "maya-lindqvist-480w.webp"),
        ("/all-instructors", "Maya Lindqvist", "maya-lindqvist-960w.webp"),
    ]

    for path, name, copy in pages:
        pictures.clear()
        page.goto(path)
        picture = page.get_by_role("main").get_by_role("img", name=name).first
        expect(picture).to_have_js_property("complete", True)
        page.wait_for_load_state("networkidle")

        assert picture.evaluate("img => img.currentSrc").endswith(f"/{copy}"), path
        downloaded = [url.rsplit("/", 1)[1] for url in pictures]
        # First and once; a card further down (an instructor's classes) may follow.
        assert downloaded[0] == copy, path
        assert [name for name in downloaded if name.startswith(copy.rsplit("-", 1)[0])] == [copy]
        # Fetched by the head's preload, not by the <img> once the app had drawn it.
        initiators = page.evaluate(
            "copy => performance.getEntriesByType('resource')"
            ".filter(entry => entry.name.endsWith(copy)).map(entry => entry.initiatorType)",
            f"/{copy}",
        )
        assert initiators == ["link"], path
    assert [text for text in warnings if "preload" in text] == []
