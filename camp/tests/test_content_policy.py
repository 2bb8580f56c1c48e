"""What browsers are told to allow: the Content-Security-Policy of our pages and CORS."""

import re

import pytest
from csp.utils import build_policy

from core import middleware

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, list[str]]:
    return {
        name: values
        for name, *values in (
            directive.split() for directive in response["Content-Security-Policy"].split(";")
        )
    }


def test_the_page_runs_only_scripts_from_our_origin_and_the_configured_hosts(client, settings):
    response = client.get("/classes")
    policy = directives(response)
    html = response.content.decode()

    nonce = re.search(r'<script id="camp-config" type="application/json" nonce="([^"]+)">', html)
    assert nonce, "the configuration block carries no nonce"
    assert policy["script-src"] == [
        "'self'",
        settings.STRIPE_JS_URL.split("/js.stripe.com")[0],
        "https://apis.google.com",
        f"http://{settings.FIREBASE_AUTH_EMULATOR_HOST}",
        f"'nonce-{nonce.group(1)}'",
    ]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    # Inline code (the theme, set before the first paint) runs by this page's nonce alone.
    inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", html)
    assert len(inline) == 2, inline  # the theme and the configuration block
    assert all(f'nonce="{nonce.group(1)}"' in attributes for attributes in inline)


def test_each_page_gets_a_nonce_of_its_own(client):
    first = directives(client.get("/"))["script-src"][-1]
    second = directives(client.get("/"))["script-src"][-1]

    assert first.startswith("'nonce-")
    assert first != second


def test_the_api_docs_page_runs_its_inline_script_by_nonce(client):
    response = client.get("/api/docs")
    html = response.content.decode()
    nonce = directives(response)["script-src"][-1].removeprefix("'nonce-").removesuffix("'")

    assert f'<script nonce="{nonce}">' in html
    assert f'<style nonce="{nonce}">' in html
    assert '<script src="/static/drf_spectacular_sidecar/swagger-ui-dist/' in html


def preflight(client, origin: str):
    return client.options(
        "/api/classes",
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization,content-type",
    )


def test_an_api_answer_carries_the_settings_policy_built_once(client, monkeypatch):
    built = []

    def counted(**parts):
        built.append(parts)
        return build_policy(**parts)

    monkeypatch.setattr(middleware, "build_policy", counted)
    middleware.settings_policies.cache_clear()
    answers = [client.get("/api/health"), client.get("/api/classes"), client.get("/api/health")]

    assert {answer["Content-Security-Policy"] for answer in answers} == {build_policy()}
    assert "Content-Security-Policy-Report-Only" not in answers[0]
    # The policy and its report-only twin, once for all three answers.
    assert built == [{}, {"report_only": True}]


def test_the_policy_built_once_follows_a_change_of_the_settings(client, settings):
    client.get("/api/health")
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}

    assert client.get("/api/health")["Content-Security-Policy"] == "default-src 'none'"


def test_a_page_with_a_nonce_gets_a_policy_of_its_own_after_an_api_answer(client):
    api = client.get("/api/health")["Content-Security-Policy"]
    page = client.get("/classes")["Content-Security-Policy"]

    assert "'nonce-" not in api
    assert page != api
    assert re.search(r"script-src [^;]*'nonce-[^']+'", page)


def test_cors_is_closed_by_default(client, settings):
    assert settings.CORS_ALLOWED_ORIGINS == []

    response = preflight(client, "https://elsewhere.example")
    answer = client.get("/api/classes", HTTP_ORIGIN="https://elsewhere.example")

    assert "Access-Control-Allow-Origin" not in response
    assert "Access-Control-Allow-Origin" not in answer


def test_cors_opens_only_to_the_configured_origins(client, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://partner.camp.example"]

    allowed = preflight(client, "https://partner.camp.example")
    other = preflight(client, "https://elsewhere.example")

    assert allowed["Access-Control-Allow-Origin"] == "https://partner.camp.example"
    assert "authorization" in allowed["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Origin" not in other


def test_an_allowed_origin_can_read_a_pages_total_links_and_renewed_admission(client, settings):
    settings.CORS_ALLOWED_ORIGINS = ["https://partner.camp.example"]

    answer = client.get(
        "/api/classes?page=1&page_size=10", HTTP_ORIGIN="https://partner.camp.example"
    )

    assert answer.status_code == 200
    # The opening morning's renewed admission too, which the page keeps for the next write.
    assert answer["Access-Control-Expose-Headers"] == (
        "X-Total-Count, Link, Camp-Admission, Camp-Admission-Expires"
    )
