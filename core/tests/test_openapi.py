"""The API describes itself: a valid OpenAPI schema and a docs page that needs no CDN."""

import re

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from core.openapi import WAITING_ROOM_REFUSAL

pytestmark = pytest.mark.django_db


def test_the_schema_is_valid_and_generates_without_a_warning(tmp_path):
    # --fail-on-warn turns every guess drf-spectacular had to make into a failure.
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )

    assert "/api/classes:" in (tmp_path / "schema.yaml").read_text()


def api_routes() -> set[str]:
    """Every endpoint under /api/, as the schema spells its path.

    Only path() routes: the re_path() ones are the schema, its docs page and the JSON 404.
    """
    api = next(
        pattern
        for pattern in get_resolver().url_patterns
        if isinstance(pattern, URLResolver) and str(pattern.pattern) == "api/"
    )
    routes = set()
    for app in api.url_patterns:
        for route in app.url_patterns if isinstance(app, URLResolver) else [app]:
            assert isinstance(route, URLPattern)
            if isinstance(route.pattern, RoutePattern):
                routes.add("/api/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(route.pattern)))
    return routes


@pytest.mark.parametrize("path", ["/api/schema", "/api/schema/"])
def test_every_endpoint_is_in_the_schema_with_its_errors(api_client, path):
    response = api_client.get(path, {"format": "json"})

    assert response.status_code == 200
    schema = response.json()
    assert api_routes() == set(schema["paths"])
    for path_item in schema["paths"].values():
        for operation in path_item.values():
            for code, answer in operation["responses"].items():
                assert answer["content"], f"{operation['operationId']} {code} has no shape"
    error = {"$ref": "#/components/schemas/Error"}
    approve = schema["paths"]["/api/classes/approved/{class_id}"]["patch"]["responses"]
    assert {code: approve[code]["content"]["application/json"]["schema"] for code in approve} == {
        "200": {"$ref": "#/components/schemas/ClassModified"},
        "401": error,
        "403": error,
        "404": error,
        "409": error,
    }


def test_the_schema_tells_which_endpoints_take_no_access_token(api_client):
    paths = api_client.get("/api/schema", {"format": "json"}).json()["paths"]

    assert paths["/api/jwt"]["post"]["security"] == [{}]
    assert paths["/api/health"]["get"]["security"] == [{}]
    assert {"jwtAuth": []} in paths["/api/users"]["get"]["security"]


@pytest.mark.parametrize("path", ["/api/docs", "/api/docs/"])
def test_the_docs_page_loads_everything_from_our_own_static_files(client, path):
    response = client.get(path)

    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "/api/schema" in html
    # No script, style sheet or icon from anywhere but this site.
    assert re.findall(r"""(?:src|href)=["']?(?:https?:)?//""", html) == []
    # Nor any address of a content network in the page's scripts (a random nonce or token in
    # the page may spell "cdn" by chance, so addresses are what is looked for).
    assert re.findall(r"""https?://[^"'\s]*cdn""", html, flags=re.IGNORECASE) == []


def test_the_registration_writes_the_waiting_room_gates_may_answer_429(api_client):
    schema = api_client.get("/api/schema", {"format": "json"}).json()

    refusing = {
        (path, method)
        for path, path_item in schema["paths"].items()
        for method, operation in path_item.items()
        if operation["responses"].get("429", {}).get("description") == WAITING_ROOM_REFUSAL
    }

    assert refusing == {
        ("/api/selectClass", "post"),
        ("/api/createPaymentIntent", "post"),
        ("/api/payments", "post"),
        ("/api/checkouts", "post"),
        ("/api/checkouts/{checkout_id}/lines/{line_id}", "patch"),
        ("/api/checkouts/{checkout_id}/lines/{line_id}", "delete"),
        ("/api/checkouts/{checkout_id}/payment", "post"),
        ("/api/waitlist/{entry_id}/accept", "post"),
        ("/api/holds/{selection_id}/extend", "post"),
        ("/api/enrolments/{enrolment_id}/balance/payment", "post"),
        ("/api/enrolments/{enrolment_id}/transfer", "post"),
    }
    answer = schema["paths"]["/api/selectClass"]["post"]["responses"]["429"]
    assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
