"""A connection kept between requests is checked for health at each request's start off its
socket, without a statement sent to PostgreSQL (core/kept_connections.py), through Django's
public `request_started` signal and `CONN_HEALTH_CHECKS` setting."""

import time

import psycopg
import pytest
from django.core.signals import request_started
from django.db import connection, connections

from testing import services

# The default connection outside any transaction, as a request finds the one it keeps.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def other():
    """A second connection to the test database, that watches and ends the default one."""
    services.needs_postgresql("the health check is of PostgreSQL's connections.")
    watcher = connections.create_connection("default")
    yield watcher
    watcher.close()


def a_request_starts() -> None:
    request_started.send(sender=None, environ={})


def last_statement(watcher, backend_pid: int) -> str | None:
    """The backend's last statement; None once the backend is gone."""
    with watcher.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [backend_pid])
        found = cursor.fetchone()
    return found[0] if found else None


def test_a_kept_connection_that_stands_is_kept_through_a_request_start():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'glaze' AS firing")
    kept = connection.connection

    a_request_starts()

    assert connection.connection is kept
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'bisque' AS firing")
        assert cursor.fetchone() == ("bisque",)


def test_the_server_is_not_asked_whether_a_kept_connection_stands(other):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'glaze' AS firing")
    pid = connection.connection.info.backend_pid

    a_request_starts()
    # The request's first statement: Django's CONN_HEALTH_CHECKS would send SELECT 1 before it.
    connection.cursor().close()

    assert connection.connection.info.backend_pid == pid
    assert last_statement(other, pid) == "SELECT 'glaze' AS firing"


def test_a_connection_the_server_ended_is_made_again_before_the_next_statement(other):
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    with other.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert cursor.fetchone() == (True,)
    # The backend's end reaches the socket once the server has let it go.
    deadline = time.monotonic() + 10
    while last_statement(other, pid) is not None and time.monotonic() < deadline:
        time.sleep(0.05)

    a_request_starts()

    assert connection.connection is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def test_a_connection_left_in_a_failed_transaction_is_made_again(other):
    connection.ensure_connection()
    connection.connection.autocommit = False
    with connection.connection.cursor() as cursor, pytest.raises(psycopg.errors.DivisionByZero):
        cursor.execute("SELECT 1 / 0")

    a_request_starts()

    assert connection.connection is None
