"""End-to-end fixtures: the real Django server, Chromium driven by Playwright, a clean identity
provider (the Firebase Auth emulator that scripts/with-services starts)."""

import os
import re
import time
from pathlib import Path

import pytest
import requests
from django.conf import settings
from django.db import connection
from playwright.sync_api import expect, sync_playwright

from testing import identity

# Playwright's sync API runs an asyncio event loop in the test thread. Django sees that loop and
# refuses ORM calls from the same thread (SynchronousOnlyOperation), though the factories and
# assertions here are plain blocking calls made between browser steps, never inside the loop.
# Django reads the variable at each ORM call, so setting it once the module loads is enough.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"

# A step that takes longer than this on a local server is a failure, not a slow machine.
expect.set_options(timeout=8_000)


@pytest.fixture(scope="session", autouse=True)
def built_bundle():
    """Every page needs the webpack bundle; without it the tests would only see an empty page."""
    if not settings.BUNDLE_MANIFEST.exists():
        pytest.exit(
            f"{settings.BUNDLE_MANIFEST} is missing: run npm --prefix frontend run build",
            returncode=1,
        )


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's outcome on the test so the page fixture knows whether to keep a picture.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# A page the server drew is on screen before the app has taken it over (templates/index.html
# marks it so): a test, like a person, acts once the app answers.
APP_ANSWERS = "() => !document.documentElement.classList.contains('app-loading')"


def taken_over(page):
    """`goto` and `reload` return once the app has taken over the page they load; pass
    `taken_over=False` for a page whose scripts a test holds back."""
    for name in ("goto", "reload"):
        load = getattr(page, name)

        def load_and_wait(*args, _load=load, taken_over=True, **kwargs):
            response = _load(*args, **kwargs)
            if taken_over:
                page.wait_for_function(APP_ANSWERS)
            return response

        setattr(page, name, load_and_wait)


# How long a request the browser sent before its test ended may take to finish on the server.
QUIET_WITHIN_SECONDS = 10


@pytest.fixture
def transactional_db(transactional_db):
    """The database, emptied after the test only once the live server has answered every request
    the browser sent before its pages closed. A request still reading when PostgreSQL empties the
    tables (TRUNCATE takes them one by one) can hold one table the emptying waits for while it
    waits for another: PostgreSQL ends the deadlock by failing one side, the emptying as often as
    not."""
    yield
    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + QUIET_WITHIN_SECONDS
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND state <> 'idle'"
            )
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)


@pytest.fixture
def page(request, browser, live_server, transactional_db):
    """A fresh browser profile per test (no storage, no cookies) on the live server."""
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(8_000)
    page = context.new_page()
    taken_over(page)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        for number, open_page in enumerate(context.pages):
            open_page.screenshot(path=ARTIFACTS / f"{name}-{number}.png", full_page=True)
    context.close()


@pytest.fixture
def emulator():
    """The Firebase Auth emulator with no accounts, so each identity test starts alone."""
    try:
        identity.clear_accounts()
    except requests.ConnectionError:
        pytest.fail(
            "The Firebase Auth emulator is not answering at "
            f"{os.environ.get('FIREBASE_AUTH_EMULATOR_HOST')}: run the suite through "
            "scripts/with-services (make test-e2e)."
        )
    yield identity
    identity.clear_accounts()
