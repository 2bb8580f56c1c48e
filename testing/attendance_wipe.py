"""Emptying the database after a transactional test, past the attendance record's guard.

A transactional test (every Playwright test among them) ends with Django's flush. On SQLite,
which has no TRUNCATE, the flush deletes each table's rows, in no fixed order; the attendance
record's trigger refuses to delete an action while its meeting and its child are there
(enrolments/migrations/0010_attendance_never_edited.py). So before the flush the harness deletes
the meetings, then the actions they leave behind, as only a wipe of everything may; the trigger
stays. The front desk's log refuses every delete (front_desk/migrations/0002_log_never_edited.py):
its guard is set aside for the wipe and made again as the migration makes it, as are an incident
report's, kept until its retention ends (health/migrations/0002_records_never_edited.py).
PostgreSQL's flush is a TRUNCATE, which row triggers do not see.
"""

from importlib import import_module

import pytest
from django.db import connection

_DESK_LOG = import_module("front_desk.migrations.0002_log_never_edited")
_HEALTH = import_module("health.migrations.0002_records_never_edited")
# Each guard against a delete that a wipe sets aside: (its trigger, its table, its migration's
# SQLite statements). Children's rows first.
_DELETE_GUARDS = [
    ("health_incidentaddendum_kept", "health_incidentaddendum", _HEALTH.SQLITE),
    ("health_incidentchild_kept", "health_incidentchild", _HEALTH.SQLITE),
    ("health_incident_kept", "health_incident", _HEALTH.SQLITE),
    ("front_desk_deskaction_never_deleted", "front_desk_deskaction", _DESK_LOG.SQLITE),
]


def _transactional(request) -> bool:
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        return True
    marker = request.node.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction"))


@pytest.fixture(autouse=True)
def attendance_record_wipeable(request):
    if not _transactional(request):
        yield
        return
    # Set up after the database, so that this is undone before it is flushed.
    request.getfixturevalue("transactional_db")
    yield
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        # Outside any transaction here: SQLite takes the pragma only there.
        cursor.execute("PRAGMA foreign_keys = OFF")
        try:
            cursor.execute('DELETE FROM "classes_meeting"')
            cursor.execute('DELETE FROM "enrolments_attendanceaction"')
            cursor.execute('DELETE FROM "health_medicationadministration"')
            for trigger, table, statements in _DELETE_GUARDS:
                cursor.execute(f"DROP TRIGGER {trigger}")
                try:
                    cursor.execute(f'DELETE FROM "{table}"')  # noqa: S608 - our tables' names
                finally:
                    cursor.execute(next(sql for sql in statements if sql.split()[2] == trigger))
        finally:
            cursor.execute("PRAGMA foreign_keys = ON")
