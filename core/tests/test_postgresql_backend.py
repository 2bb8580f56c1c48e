"""A connection kept between requests is checked for health off its socket, without a statement
sent to PostgreSQL (core/postgresql/base.py)."""

import time

import psycopg
import pytest
from django.db import connection, connections

from testing import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept():
    """A connection of its own to the test database, as a request leaves it for the next one."""
    if connection.vendor != "postgresql":
        services.needs_postgresql("the health check is of PostgreSQL's connections.")
    other = connections.create_connection("default")
    other.ensure_connection()
    with other.cursor() as cursor:
        cursor.execute("SELECT 'glaze' AS firing")
    # As a new request finds it (close_if_unusable_or_obsolete, at request_started).
    other.health_check_enabled = True
    other.health_check_done = False
    yield other
    other.close()


def last_statement(backend_pid: int) -> str | None:
    """The backend's last statement; None once the backend is gone."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [backend_pid])
        found = cursor.fetchone()
    return found[0] if found else None


def test_a_kept_connection_that_stands_is_kept_without_asking_the_server(kept):
    pid = kept.connection.info.backend_pid

    kept.close_if_health_check_failed()

    assert kept.connection is not None
    assert kept.health_check_done
    assert last_statement(pid) == "SELECT 'glaze' AS firing"


def test_a_connection_the_server_ended_is_made_again_before_the_next_statement(kept):
    pid = kept.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert cursor.fetchone() == (True,)
    # The backend's end reaches the socket once the server has let it go.
    deadline = time.monotonic() + 10
    while last_statement(pid) is not None and time.monotonic() < deadline:
        time.sleep(0.05)

    kept.close_if_health_check_failed()

    assert kept.connection is None
    with kept.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def test_a_connection_left_in_a_failed_transaction_is_made_again(kept):
    kept.connection.autocommit = False
    with kept.connection.cursor() as cursor, pytest.raises(psycopg.errors.DivisionByZero):
        cursor.execute("SELECT 1 / 0")

    kept.close_if_health_check_failed()

    assert kept.connection is None
