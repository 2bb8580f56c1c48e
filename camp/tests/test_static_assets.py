"""Cache headers of the static files, collected as production collects them, served by WhiteNoise.

Webpack puts a hash of each file's content in its name, so a browser may keep those files for
ever: a new build links new names. Everything else (the page, the build's manifest, the
unhashed files under static/) may change under the same name and must be asked for again.
"""

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from whitenoise.middleware import WhiteNoiseMiddleware

ROOT = Path(__file__).resolve().parents[2]
FOREVER = "max-age=315360000, public, immutable"
# What WhiteNoise answers for a file that may change: a minute, then ask again.
SHORT = "max-age=60, public"


# A production build's entry as webpack writes it, [name].[contenthash:12].[ext]: the runtime,
# a vendor chunk and the app's own code (frontend/webpack.config.js), plus a chunk loaded later.
BUILD = {
    "js": ["runtime.1a2b3c4d5e6f.js", "69.f4bd144305c5.js", "main.c67b7bfb165c.js"],
    "css": ["69.e423fddb3839.css", "main.4e6d58c25c5d.css"],
}
LAZY_CHUNK = "dashboard.9e8d7c6b5a41.js"


@pytest.fixture
def build(tmp_path, settings):
    """static/'s own files plus a webpack build in static/dist's shape (whether or not one was
    built here), gathered by collectstatic with the production storage into a fresh STATIC_ROOT."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "static", source, ignore=shutil.ignore_patterns("dist"))
    dist = source / "dist"
    dist.mkdir()
    for name in [*BUILD["js"], *BUILD["css"], LAZY_CHUNK]:
        # Long and repetitive, like real bundles, so the storage also writes a gzip copy.
        (dist / name).write_text(f"/* {name} */\n" + "console.log('camp');\n" * 500)
    manifest = {
        "main.js": BUILD["js"][-1],
        "main.css": BUILD["css"][-1],
        "dashboard.js": LAZY_CHUNK,
        "entrypoints": {"main": {"assets": BUILD}},
    }
    (dist / "manifest.json").write_text(json.dumps(manifest))

    settings.STATICFILES_DIRS = [source]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STATIC_ROOT = tmp_path / "collected"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    }
    settings.BUNDLE_MANIFEST = dist / "manifest.json"
    call_command("collectstatic", interactive=False, verbosity=0)
    return manifest


def assets_linked_from(html: str) -> list[str]:
    """What the page links to, and the scripts a drawn page asks for once loaded."""
    loaded = re.search(r"var sources = (\[.*?\]);", html)
    return [
        *re.findall(r'(?:src|href)="(/static/[^"]+)"', html),
        *(json.loads(loaded.group(1)) if loaded else []),
    ]


def cached_seconds(response) -> int:
    """How long any cache may keep the response without asking again."""
    directives = [part.strip() for part in response.get("Cache-Control", "").split(",")]
    if "no-store" in directives or "no-cache" in directives:
        return 0
    ages = [int(part.split("=", 1)[1]) for part in directives if part.startswith("max-age=")]
    return ages[0] if ages else 0


def body(response) -> bytes:
    return b"".join(response.streaming_content)


# The home and All Classes pages carry their first screen's data, read from the database.
class TestHashedBundle:
    @pytest.mark.django_db
    def test_every_script_and_style_the_page_loads_is_kept_for_ever(self, client, build):
        html = client.get("/").content.decode()
        bundle = [url for url in assets_linked_from(html) if url.startswith("/static/dist/")]
        assert sorted(bundle) == sorted(
            f"/static/dist/{name}" for name in [*BUILD["js"], *BUILD["css"]]
        )

        for url in bundle:
            response = client.get(url)

            assert response.status_code == 200, url
            assert response["Cache-Control"] == FOREVER, url

    def test_a_chunk_loaded_later_is_kept_for_ever_too(self, client, build):
        response = client.get(f"/static/dist/{LAZY_CHUNK}")

        assert response.status_code == 200
        assert response["Cache-Control"] == FOREVER

    def test_the_compressed_copy_carries_the_same_header(self, client, build):
        url = f"/static/dist/{BUILD['js'][-1]}"

        response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")

        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
        assert response["Cache-Control"] == FOREVER
        assert gzip.decompress(body(response)).startswith(f"/* {BUILD['js'][-1]} */".encode())


class TestFilesThatMayChange:
    @pytest.mark.django_db
    @pytest.mark.parametrize("path", ["/", "/all-classes", "/login"])
    def test_the_page_is_asked_for_again_every_time(self, client, build, path):
        response = client.get(path)

        assert response.status_code == 200
        assert cached_seconds(response) == 0
        assert "immutable" not in response.get("Cache-Control", "")

    def test_the_build_manifest_is_not_kept_long(self, client, build):
        response = client.get("/static/dist/manifest.json")

        assert response.status_code == 200
        assert response["Cache-Control"] == SHORT

    @pytest.mark.django_db
    def test_the_unhashed_files_the_page_loads_are_not_kept_long(self, client, build):
        html = client.get("/").content.decode()
        unhashed = [url for url in assets_linked_from(html) if not url.startswith("/static/dist/")]
        assert sorted(unhashed) == ["/static/img/favicon.svg"]

        for url in unhashed:
            response = client.get(url)

            assert response.status_code == 200, url
            assert response["Cache-Control"] == SHORT, url

    def test_the_demo_images_are_not_kept_long(self, client, build):
        response = client.get("/static/img/demo/pottery.webp")

        assert response.status_code == 200
        assert response["Cache-Control"] == SHORT


def test_every_file_name_webpack_writes_is_recognised_as_hashed():
    """The names frontend/webpack.config.js gives its production files match the settings'
    WHITENOISE_IMMUTABLE_FILE_TEST; a shorter hash, or none, would lose the long cache."""
    config = (ROOT / "frontend" / "webpack.config.js").read_text()
    patterns = re.findall(r'"([^"]*\[(?:content|chunk|full)?hash[^"]*)"', config)
    assert patterns, "webpack.config.js names no hashed file"
    middleware = WhiteNoiseMiddleware(get_response=None)

    for pattern in patterns:
        name = re.sub(
            r"\[(?:content|chunk|full)?hash(?::(\d+))?\]", lambda m: "0" * int(m[1] or 20), pattern
        )
        name = name.replace("[name]", "main").replace("[ext]", ".png").replace("[query]", "")
        url = f"/static/dist/{name}"

        assert middleware.immutable_file_test(url, url), pattern


def test_no_unhashed_static_file_is_taken_for_a_hashed_one():
    """Files outside the webpack build keep their names when they change: never 'immutable'."""
    middleware = WhiteNoiseMiddleware(get_response=None)
    urls = [
        django_settings.STATIC_URL + path
        for finder in finders.get_finders()
        for path, _storage in finder.list(ignore_patterns=[])
        if not path.startswith("dist/")
    ]
    assert len(urls) > 100  # ours, the admin's and the API docs page's

    assert [url for url in urls if middleware.immutable_file_test(url, url)] == []
