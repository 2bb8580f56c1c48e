"""The page that loads the browser app, with or without a webpack build."""

import json
import os

import pytest

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
