"""The public pages arrive with their first screen as HTML, drawn by the app's own code
(camp/server_render.py), which a crawler and a browser without scripts read as they are."""

import gzip
import json
import os
import re
import subprocess
import sys
from datetime import date, datetime, timedelta
from decimal import Decimal
from html import unescape
from zoneinfo import ZoneInfo

import brotli
import pytest

from accounts.models import Role
from camp import server_render
from camp.first_screen import ALL_CLASSES_FIRST_PAGE
from classes.models import Category
from core.school_time import school_today
from pages.models import PageSlug, SitePage
from testing.factories import UserFactory, scheduled_class

pytestmark = pytest.mark.django_db

ROOT = re.compile(r'<div id="root">(.*?)</div>\s*<script id="camp-config"', re.S)


@pytest.fixture(autouse=True)
def server_build():
    """`make test` builds the bundle, server build included, before the server's tests run."""
    for language in ("en", "es"):
        if not server_render.server_build(language).exists():
            pytest.fail(f"{server_render.server_build(language)} is missing: run make build")


def root_text(response) -> str:
    """What a reader without scripts sees in the page's #root: its text, tags left out."""
    found = ROOT.search(response.content.decode())
    assert found, "the page has no #root"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


@pytest.fixture
def instructor():
    return UserFactory(role=Role.INSTRUCTOR, name="Maya Lindqvist", bio="Potter for 20 years.")


@pytest.fixture
def pottery(instructor):
    category = Category.objects.create(slug="pottery", name="Pottery", position=1)
    return scheduled_class(
        start=school_today() + timedelta(days=3),
        name="Wheel-Thrown Pottery",
        instructor=instructor,
        price=Decimal("185.00"),
        age_min=8,
        age_max=12,
        seats=12,
        category=category,
    )


def test_all_classes_arrives_with_each_class_name_date_age_price_and_seats(client, pottery):
    text = root_text(client.get("/all-classes"))

    assert "All Classes" in text
    assert "Wheel-Thrown Pottery" in text
    assert "$185.00" in text
    assert "Ages 8–12" in text
    assert "Available seats 12" in text
    start = school_today() + timedelta(days=3)
    assert f"{start:%b} {start.day} · 9:00 AM–12:00 PM" in text


def test_a_filtered_list_arrives_drawn_too(client, pottery):
    response = client.get("/all-classes?category=pottery&ordering=price")

    assert "Wheel-Thrown Pottery" in root_text(response)
    key = server_render.class_list_key(
        query="category=pottery&ordering=price", language="en", config={}
    )
    assert key == "/classes?status=Approved&category=pottery&ordering=price&page=1&page_size=24"
    assert key != ALL_CLASSES_FIRST_PAGE
    assert "No classes match these filters." in root_text(client.get("/all-classes?age=30"))


def test_the_class_and_instructor_pages_arrive_drawn(client, pottery, instructor):
    class_text = root_text(client.get(f"/classes/{pottery.pk}"))
    assert "Wheel-Thrown Pottery" in class_text
    assert "Maya Lindqvist" in class_text
    assert "$185.00" in class_text

    instructor_text = root_text(client.get(f"/instructors/{instructor.pk}"))
    assert "Maya Lindqvist" in instructor_text
    assert "Potter for 20 years." in instructor_text
    assert "Wheel-Thrown Pottery" in instructor_text

    assert "Maya Lindqvist" in root_text(client.get("/all-instructors"))


def test_home_and_the_school_pages_arrive_drawn(client, pottery):
    home = root_text(client.get("/"))
    assert "Wheel-Thrown Pottery" in home
    assert "Log In" in home

    SitePage.objects.update_or_create(
        slug=PageSlug.ABOUT, defaults={"title": "About us", "body": "We teach clay and paper."}
    )
    assert "We teach clay and paper." in root_text(client.get("/about"))


def test_home_draws_the_classes_starting_soon_whatever_the_date_where_the_server_runs(
    client, pottery, settings
):
    # Of two zones a day apart, one is always on another date than the server's own, which is
    # the date the drawing's engine reads too.
    settings.SCHOOL_TIMEZONE = next(
        zone
        for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago")
        if datetime.now(ZoneInfo(zone)).date() != date.today()
    )

    home = root_text(client.get("/"))

    assert "Classes about to begin" in home
    assert "Loading the classes starting soon" not in home


def test_a_spanish_reader_gets_the_page_drawn_in_spanish(client, pottery):
    client.cookies["camp_language"] = "es"

    text = root_text(client.get("/all-classes"))

    assert "Todas las clases" in text
    assert "Wheel-Thrown Pottery" in text


def test_pages_that_are_not_public_arrive_empty(client, pottery):
    for path in ["/dashboard", "/login"]:
        assert root_text(client.get(path)) == ""


def test_without_the_server_build_the_page_arrives_empty_for_the_app_to_draw(
    client, pottery, tmp_path, settings
):
    settings.SERVER_RENDER_DIR = tmp_path

    response = client.get("/all-classes")

    assert response.status_code == 200
    assert root_text(response) == ""


def test_a_build_that_fails_leaves_the_page_to_the_app(client, pottery, tmp_path, settings):
    (tmp_path / "en.js").write_text("var campServer = {render() { throw new Error('broken'); }};")
    settings.SERVER_RENDER_DIR = tmp_path

    response = client.get(f"/classes/{pottery.pk}")

    assert response.status_code == 200
    assert root_text(response) == ""


def test_a_drawn_page_arrives_compressed_and_asks_for_its_scripts_once_it_has_loaded(
    client, pottery
):
    response = client.get("/all-classes", HTTP_ACCEPT_ENCODING="gzip")

    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    # A browser that takes Brotli gets the same page in fewer bytes.
    smaller = client.get("/all-classes", HTTP_ACCEPT_ENCODING="gzip, deflate, br, zstd")
    assert smaller["Content-Encoding"] == "br"
    assert "Accept-Encoding" in smaller["Vary"]
    assert len(smaller.content) < len(response.content)
    assert ROOT.search(brotli.decompress(smaller.content).decode()).group(1) == ROOT.search(
        html
    ).group(1)
    refused = client.get("/all-classes", HTTP_ACCEPT_ENCODING="br;q=0, gzip")
    assert refused["Content-Encoding"] == "gzip"
    assert '<script defer src="' not in html
    assert 'rel="preload" as="script"' not in html
    loader = re.search(r"var sources = (\[.*?\]);", html)
    sources = json.loads(loader.group(1))
    assert any(re.search(r"/static/dist/main\.[0-9a-f]+\.js$", source) for source in sources)
    assert any("/static/dist/classes." in source for source in sources)
    assert 'window.addEventListener("load", afterFirstPaint' in html


def test_a_page_left_to_the_browser_asks_for_its_scripts_at_once(client, pottery):
    html = client.get("/login").content.decode()

    assert re.search(r'<script defer src="/static/dist/main\.[0-9a-f]+\.js">', html)
    assert "var sources" not in html


def test_a_drawn_page_asks_for_its_headings_typeface_beside_its_stylesheet(client, pottery):
    drawn = client.get("/all-classes").content.decode()
    left_to_the_browser = client.get("/login").content.decode()

    font = re.search(
        r'<link rel="preload" as="font" type="font/woff2" href="([^"]+)" crossorigin>', drawn
    )
    assert font and re.search(r"/static/dist/[\w-]+\.[0-9a-f]+\.woff2$", font.group(1))
    assert 'as="font"' not in left_to_the_browser


# A fresh process, as gunicorn's worker is: its main thread sets Django up, then each language's
# first page is drawn on a request thread of its own.
ONE_PROCESS_TWO_LANGUAGES = """
import os
import threading

import django

django.setup()
from camp import server_render

keys = []


def first_page(language):
    keys.append(server_render.class_list_key(query="", language=language, config={}))


for language in ("en", "es"):
    thread = threading.Thread(target=first_page, args=(language,))
    thread.start()
    thread.join()
print(len([key for key in keys if key]), "languages drawn", flush=True)
# Answered: out at once, as mini-racer's V8 keeps an ending interpreter waiting for long seconds.
os._exit(0)
"""


@pytest.mark.clockless
def test_each_language_is_drawn_on_its_own_request_thread_in_one_process(settings):
    """V8 starts on the main thread at setup: started by the first request's thread, the second
    language's context, made on another thread, crashed the process (a segmentation fault)."""
    done = subprocess.run(  # noqa: S603 - this interpreter and our own script
        [sys.executable, "-c", ONE_PROCESS_TWO_LANGUAGES],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "2 languages drawn"
