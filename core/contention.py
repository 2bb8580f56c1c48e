"""A write that waited its bounded time for a lock another writer held (`DATABASES` in
camp/settings/base.py sets the wait). Nothing is wrong with the work: the same work a moment
later goes through. The API answers it 503 with Retry-After (`core.api.exception_handler`); a
background task asks again after the same wait (`notifications.tasks`).
"""

from django.db import OperationalError

RETRY_AFTER_SECONDS = 2
# PostgreSQL's lock_not_available (lock_timeout ran out); SQLite's busy timeout running out, and
# a table another connection of the same shared cache is writing (the test suite's database).
_LOCK_NOT_AVAILABLE = "55P03"
_SQLITE_BUSY = ("database is locked", "database table is locked")


def is_contention(error: Exception) -> bool:
    """Whether the database refused a statement only because another writer held its lock."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    if getattr(cause, "sqlstate", None) == _LOCK_NOT_AVAILABLE:
        return True
    return str(error).startswith(_SQLITE_BUSY)
