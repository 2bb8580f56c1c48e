"""Every request has an id: sent back in X-Request-ID and written on its log records."""

import logging
import re

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def test_a_new_id_is_made_when_the_caller_sends_none(api_client):
    first = api_client.get("/api/health")["X-Request-ID"]
    second = api_client.get("/api/health")["X-Request-ID"]

    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert first != second


def test_the_callers_id_comes_back(api_client):
    response = api_client.get("/api/classes", HTTP_X_REQUEST_ID="lb-7f3a.2024:01")

    assert response["X-Request-ID"] == "lb-7f3a.2024:01"


@pytest.mark.parametrize(
    "offered", ["two words", "forged\nlog line", "x" * 129, "<script>", ""], ids=repr
)
def test_an_id_that_could_forge_log_lines_is_replaced(api_client, offered):
    response = api_client.get("/api/classes", HTTP_X_REQUEST_ID=offered)

    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])


def test_an_error_is_logged_with_the_request_id(api_client, caplog):
    def database_down(execute, sql, params, many, context):
        raise OperationalError("connection refused")

    with caplog.at_level(logging.ERROR), connection.execute_wrapper(database_down):
        response = api_client.get("/api/health", HTTP_X_REQUEST_ID="support-ticket-42")

    assert response.status_code == 503
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert errors, "the failure was not logged"
    assert {record.request_id for record in errors} == {"support-ticket-42"}


def test_records_outside_a_request_say_so(caplog):
    with caplog.at_level(logging.INFO):
        logging.getLogger("camp").info("between requests")

    assert caplog.records[-1].request_id == "-"
