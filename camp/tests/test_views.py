"""The page that loads the browser app, with or without a webpack build."""

import json
import os
import re

import pytest

from accounts.models import Role
from classes.models import ClassStatus
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db

# The shape webpack-assets-manifest writes with entrypoints on (see frontend/webpack.config.js).
MANIFEST = {
    "main.js": "main.c67b7bfb165c.js",
    "main.css": "main.4e6d58c25c5d.css",
    "entrypoints": {
        "main": {
            "assets": {
                "css": ["69.e423fddb3839.css", "main.4e6d58c25c5d.css"],
                "js": ["69.f4bd144305c5.js", "main.c67b7bfb165c.js"],
            }
        }
    },
}


@pytest.fixture
def manifest(settings, tmp_path):
    path = tmp_path / "manifest.json"
    settings.BUNDLE_MANIFEST = path
    # Nor a server build: these pages' #root is the browser's to draw (test_server_render.py).
    settings.SERVER_RENDER_DIR = tmp_path
    return path


def test_the_page_loads_the_scripts_and_styles_the_build_lists(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))

    html = client.get("/").content.decode()

    assert '<script defer src="/static/dist/69.f4bd144305c5.js"></script>' in html
    assert '<script defer src="/static/dist/main.c67b7bfb165c.js"></script>' in html
    assert '<link rel="stylesheet" href="/static/dist/69.e423fddb3839.css">' in html
    assert '<link rel="stylesheet" href="/static/dist/main.4e6d58c25c5d.css">' in html
    # Vendor code first: the app's entry needs it loaded.
    assert html.index("69.f4bd144305c5.js") < html.index("main.c67b7bfb165c.js")


def test_a_spanish_reader_gets_the_spanish_build_and_anyone_else_the_english(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))
    spanish = manifest.parent / "es"
    spanish.mkdir()
    (spanish / "manifest.json").write_text(
        json.dumps({"entrypoints": {"main": {"assets": {"js": ["main.0e5b0e5b0e5b.js"]}}}})
    )

    asked = client.get("/", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9").content.decode()
    client.cookies["camp_language"] = "es"
    chosen = client.get("/all-classes").content.decode()
    client.cookies.pop("camp_language")
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    other = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    for html in (asked, chosen):
        assert '<script defer src="/static/dist/es/main.0e5b0e5b0e5b.js"></script>' in html
        assert "main.c67b7bfb165c.js" not in html
    for html in (english, other):
        assert '<script defer src="/static/dist/main.c67b7bfb165c.js"></script>' in html
        assert "/static/dist/es/" not in html


def test_a_language_not_built_gets_the_english_build(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))

    html = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert '<script defer src="/static/dist/main.c67b7bfb165c.js"></script>' in html


def test_without_a_build_the_page_still_renders_without_bundles(client, manifest):
    response = client.get("/all-classes")

    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="root"></div>' in html
    assert "/static/dist/" not in html
    # The theme is still set before the first paint, by the page's own inline script.
    assert 'document.documentElement.setAttribute("data-bs-theme", theme)' in html


def test_a_new_build_is_picked_up_without_a_restart(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))
    client.get("/")
    rebuilt = {"entrypoints": {"main": {"assets": {"js": ["main.0123456789ab.js"]}}}}
    manifest.write_text(json.dumps(rebuilt))
    stat = manifest.stat()
    # A later modification time, as a rebuild a moment later would leave.
    os.utime(manifest, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))

    html = client.get("/").content.decode()

    assert '<script defer src="/static/dist/main.0123456789ab.js"></script>' in html
    assert "main.c67b7bfb165c.js" not in html


def test_the_page_is_asked_again_on_every_visit_and_kept_by_no_shared_cache(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))

    response = client.get("/all-classes")

    assert response.status_code == 200
    assert sorted(response["Cache-Control"].split(", ")) == ["no-cache", "private"]


# What frontend/scripts/route-chunks-plugin.js writes beside the manifest.
ROUTE_CHUNKS = {
    "class": {"js": ["class.7fcdeb598970.js"], "css": ["class.5f5f8c8e027a.css"]},
    "instructor": {"js": ["instructor.7dae523c13a7.js"], "css": ["instructor.5f5f8c8e027a.css"]},
    "sign-in": {"js": ["114.0c13db457b23.js", "sign-in.0a3bba0c7ad9.js"], "css": []},
    "dashboard": {"js": ["dashboard.1a3be1248082.js"], "css": ["dashboard.5f5f8c8e027a.css"]},
}


@pytest.fixture
def route_chunks(manifest):
    manifest.write_text(json.dumps(MANIFEST))
    manifest.with_name("route-chunks.json").write_text(json.dumps(ROUTE_CHUNKS))


def preloaded_scripts(html: str) -> list[str]:
    # At the deferred entry's low priority: a high one would compete with the first paint.
    return re.findall(
        r'<link rel="preload" as="script" href="/static/dist/([^"]+)" fetchpriority="low">', html
    )


def stylesheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/dist/([^"]+)">', html)


def test_a_class_page_asks_for_its_route_chunk_beside_the_entry(client, route_chunks):
    camp_class = ClassFactory(status=ClassStatus.APPROVED)

    html = client.get(f"/classes/{camp_class.pk}").content.decode()

    assert preloaded_scripts(html) == ["class.7fcdeb598970.js"]
    # Its style in the head, so the first render neither waits for it nor moves when it comes.
    assert stylesheets(html) == [
        *MANIFEST["entrypoints"]["main"]["assets"]["css"],
        "class.5f5f8c8e027a.css",
    ]
    # Before the entry's scripts, so the browser fetches them side by side.
    assert html.index("class.7fcdeb598970.js") < html.index("main.c67b7bfb165c.js")


def test_an_instructor_page_asks_for_its_route_chunk(client, route_chunks):
    instructor = UserFactory(role=Role.INSTRUCTOR)

    html = client.get(f"/instructors/{instructor.pk}").content.decode()

    assert preloaded_scripts(html) == ["instructor.7dae523c13a7.js"]
    assert "instructor.5f5f8c8e027a.css" in stylesheets(html)


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_the_sign_in_pages_ask_for_the_forms_chunk_and_what_it_needs(client, route_chunks, path):
    html = client.get(path).content.decode()

    assert preloaded_scripts(html) == ["114.0c13db457b23.js", "sign-in.0a3bba0c7ad9.js"]


@pytest.mark.parametrize("path", ["/", "/all-classes", "/dashboard/my-selected-classes"])
def test_pages_drawn_by_the_entry_or_behind_sign_in_preload_no_chunk(client, route_chunks, path):
    html = client.get(path).content.decode()

    assert preloaded_scripts(html) == []
    assert stylesheets(html) == MANIFEST["entrypoints"]["main"]["assets"]["css"]


def test_a_missing_class_preloads_nothing_it_will_not_draw(client, route_chunks):
    response = client.get("/classes/999999")

    assert response.status_code == 404
    assert preloaded_scripts(response.content.decode()) == []


def test_a_build_without_the_route_chunks_file_still_serves_the_page(client, manifest):
    manifest.write_text(json.dumps(MANIFEST))
    camp_class = ClassFactory(status=ClassStatus.APPROVED)

    response = client.get(f"/classes/{camp_class.pk}")

    assert response.status_code == 200
    assert preloaded_scripts(response.content.decode()) == []
