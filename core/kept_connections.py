"""A PostgreSQL connection kept from an earlier request is checked at the next request's start
off its socket, rather than by the `SELECT 1` that Django's `CONN_HEALTH_CHECKS` sends before
the request's first statement: a round trip to the server for every request that touches the
database.

A server that ends a connection (a restart, a backend terminated, an idle timeout) sends its
last message and closes the socket, which then reads as ready, so a look at the socket, at no
cost to the server, tells what that `SELECT 1` told. A connection with anything at all waiting to
be read between requests is closed, and the request's first statement connects anew, which costs
a new connection, never a wrong answer. After an error, Django's own `close_old_connections`,
which runs first at `request_started`, still asks the server itself.
"""

import select

import psycopg
from django.conf import settings
from django.db import connections, transaction
from psycopg import pq


def kept_connections_checked(**kwargs) -> None:
    """Close each kept PostgreSQL connection that no longer stands (a `request_started`
    receiver)."""
    for alias in settings.DATABASES:
        kept = connections[alias]
        # Django has no public way to look at a kept connection without a statement to the
        # server: the wrapper's DB-API connection (`connection`, None while closed) is read here,
        # and none of the backend's methods is overridden.
        if kept.vendor != "postgresql" or kept.connection is None:
            continue
        # A connection inside a transaction belongs to whoever opened it (a test's), not to a
        # request that starts.
        if not transaction.get_autocommit(using=alias):
            continue
        if not open_at_the_server(kept.connection):
            kept.close()


def open_at_the_server(connection: psycopg.Connection) -> bool:
    """Whether the psycopg connection still stands: open on our side, idle or in a transaction
    that has not failed, and nothing from the server waiting on its socket."""
    pgconn = connection.pgconn
    if pgconn.status != pq.ConnStatus.OK:
        return False
    if pgconn.transaction_status not in (pq.TransactionStatus.IDLE, pq.TransactionStatus.INTRANS):
        return False
    try:
        # poll, not select: select cannot watch a descriptor numbered past 1023.
        socket = select.poll()
        socket.register(pgconn.socket, select.POLLIN)
        return not socket.poll(0)
    except (OSError, ValueError, psycopg.OperationalError):
        return False
