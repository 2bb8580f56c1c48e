"""Which part of the site answers which path: the API, the admin, or the browser app."""

import json
import re

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser():
    # A client that checks CSRF tokens, as Django does for real browsers.
    return Client(enforce_csrf_checks=True)


def page_config(html: str) -> dict:
    block = re.search(r'<script id="camp-config" type="application/json"[^>]*>(.*?)</script>', html)
    assert block, "the page carries no camp-config block"
    return json.loads(block.group(1))


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", "/api/nope"),
        ("get", "/api/"),
        ("post", "/api/anything/else"),
        ("put", "/api/classes/1/nothing"),
        ("delete", "/api/nope"),
    ],
)
def test_an_unknown_api_path_answers_a_json_404(browser, method, path):
    response = getattr(browser, method)(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"message": "No such API endpoint."}


def test_the_bare_api_prefix_is_sent_to_the_api_root(browser):
    response = browser.get("/api")

    assert response.status_code == 301
    assert response["Location"] == "/api/"


@pytest.mark.parametrize("path", ["/", "/all-classes", "/some/deep/route", "/dashboard/admin"])
def test_every_other_path_is_the_browser_app(browser, path):
    response = browser.get(path)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/html; charset=utf-8"
    html = response.content.decode()
    assert '<div id="root">' in html
    config = page_config(html)
    assert (config["apiBase"], config["siteName"]) == ("/api", "Camp")
    assert config["schoolTimeZone"] == settings.SCHOOL_TIMEZONE


def test_the_admin_is_not_the_browser_app(browser):
    response = browser.get("/admin/")

    assert response.status_code == 302
    assert response["Location"] == "/admin/login/?next=/admin/"


def test_the_admin_without_its_slash_is_sent_to_the_admin(browser):
    response = browser.get("/admin")

    assert response.status_code == 301
    assert response["Location"] == "/admin/"


def test_the_attendance_record_s_old_back_office_address_leads_to_its_new_one(browser):
    response = browser.get("/admin/enrolments/attendanceaction/7/change/?_changelist_filters=a")

    assert response.status_code == 302
    assert response["Location"] == (
        "/admin/attendance/attendanceaction/7/change/?_changelist_filters=a"
    )


@pytest.mark.parametrize("path", ["/static/missing.js", "/media/missing.png"])
def test_a_missing_file_is_a_404_not_the_browser_app(browser, path):
    response = browser.get(path)

    assert response.status_code == 404
    assert 'id="root"' not in response.content.decode()


# A value each converter of the API's routes takes.
_SAMPLES = {"id": "7", "int": "2026", "str": "sam@camp.test", "slug": "classes", "path": "a/b"}


def _api_routes():
    from django.urls import URLPattern, get_resolver

    [api] = [p for p in get_resolver().url_patterns if str(p.pattern) == "api/"]
    for entry in api.url_patterns:
        for pattern in getattr(entry, "url_patterns", [entry]):
            route = str(pattern.pattern)
            if isinstance(pattern, URLPattern) and not route.startswith("^"):
                yield route


def test_each_api_path_is_answered_by_its_own_route_whatever_the_apps_order():
    # camp/urls.py puts the opening morning's routes first; no route of an app tried before
    # another may take a path of the other's.
    from django.urls import resolve

    routes = list(_api_routes())
    for route in routes:
        path = re.sub(r"<(\w+):\w+>", lambda sample: _SAMPLES[sample.group(1)], route)
        assert resolve(f"/api/{path}").route == f"api/{route}", path
    assert len(routes) > 80
