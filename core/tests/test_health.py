"""GET /api/health: the database answers, or the health check says it does not."""

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def test_a_healthy_server_says_so_to_anyone(api_client):
    response = api_client.get("/api/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


def test_a_database_that_does_not_answer_makes_the_server_unhealthy(api_client):
    def database_down(execute, sql, params, many, context):
        raise OperationalError("connection refused")

    # Every query on the connection fails, as with the database server gone.
    with connection.execute_wrapper(database_down):
        response = api_client.get("/api/health")

    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "database": "error",
        "message": "The database is not answering.",
    }
