"""Django's PostgreSQL backend, with the health check of a kept connection read off its socket.

Django checks a connection kept from an earlier request (`CONN_HEALTH_CHECKS`) by sending
`SELECT 1` before the request's first statement: a round trip to the server for every request
that touches the database. A server that ends a connection (a restart, a backend terminated, an
idle timeout) sends its last message and closes the socket, which then reads as ready, so a
look at the socket, at no cost to the server, tells what that `SELECT 1` told. A connection
with anything at all waiting to be read between requests is closed and made again, which costs
a new connection, never a wrong answer. After an error (`errors_occurred`), Django still asks
the server itself (`is_usable`)."""

import select

import psycopg
from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self):
        if self.pool or self.connection is None:
            return
        if not self.health_check_enabled or self.health_check_done:
            return
        if not self.open_at_the_server():
            self.close()
        self.health_check_done = True

    def open_at_the_server(self) -> bool:
        """Whether the kept connection still stands: open on our side, idle or in a transaction
        that has not failed, and nothing from the server waiting on its socket."""
        pgconn = self.connection.pgconn
        if pgconn.status != pq.ConnStatus.OK:
            return False
        if pgconn.transaction_status not in (
            pq.TransactionStatus.IDLE,
            pq.TransactionStatus.INTRANS,
        ):
            return False
        try:
            # poll, not select: select cannot watch a descriptor numbered past 1023.
            socket = select.poll()
            socket.register(pgconn.socket, select.POLLIN)
            return not socket.poll(0)
        except (OSError, ValueError, psycopg.OperationalError):
            return False
