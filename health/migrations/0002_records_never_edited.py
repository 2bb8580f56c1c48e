"""An incident report, once closed, and the medication log are the school's record of a child's
day: the database refuses to change them, and to remove a report before its retention ends.

- A closed incident, and its children, are never updated; an addendum never is. None of the
  three is deleted while the report's `keep_until` is today or later.
- A dose's entry is never updated or deleted (as attendance: on SQLite an entry whose meeting or
  child is already gone is let go, for a test's flush, which deletes the meetings first).
"""

from django.db import migrations

CLOSED = "A closed incident report is never edited: add an addendum."
KEPT = "An incident report is kept until its retention ends."
ADDENDUM = "An addendum is never edited."
DOSE = "The medication log is never edited or deleted: add a correction."

# (trigger, table, event, when, message) for SQLite's triggers; PostgreSQL's are built from the
# same lines, its dates from CURRENT_DATE.
GUARDS = [
    (
        "health_incident_closed",
        "health_incident",
        "UPDATE",
        "OLD.closed_at IS NOT NULL",
        CLOSED,
    ),
    ("health_incident_kept", "health_incident", "DELETE", "OLD.keep_until >= {today}", KEPT),
    (
        "health_incidentchild_closed",
        "health_incidentchild",
        "UPDATE",
        "EXISTS (SELECT 1 FROM health_incident WHERE id = OLD.incident_id"
        " AND closed_at IS NOT NULL)",
        CLOSED,
    ),
    (
        "health_incidentchild_kept",
        "health_incidentchild",
        "DELETE",
        "EXISTS (SELECT 1 FROM health_incident WHERE id = OLD.incident_id"
        " AND keep_until >= {today})",
        KEPT,
    ),
    (
        "health_incidentaddendum_never_edited",
        "health_incidentaddendum",
        "UPDATE",
        "1 = 1",
        ADDENDUM,
    ),
    (
        "health_incidentaddendum_kept",
        "health_incidentaddendum",
        "DELETE",
        "EXISTS (SELECT 1 FROM health_incident WHERE id = OLD.incident_id"
        " AND keep_until >= {today})",
        KEPT,
    ),
    (
        "health_medicationadministration_never_edited",
        "health_medicationadministration",
        "UPDATE",
        "1 = 1",
        DOSE,
    ),
    (
        "health_medicationadministration_never_deleted",
        "health_medicationadministration",
        "DELETE",
        "{sqlite_only}EXISTS (SELECT 1 FROM classes_meeting WHERE id = OLD.meeting_id)"
        " AND EXISTS (SELECT 1 FROM accounts_participant WHERE id = OLD.participant_id)",
        DOSE,
    ),
]


def _sqlite(name, table, event, when, message):
    when = when.format(today="date('now')", sqlite_only="")
    return (
        f"CREATE TRIGGER {name} BEFORE {event} ON {table} WHEN {when}"
        f" BEGIN SELECT RAISE(ABORT, '{message}'); END"
    )


def _postgresql(name, table, event, when, message):
    # PostgreSQL's flush is a TRUNCATE, which row triggers do not see: a dose is never deleted.
    when = "TRUE" if "{sqlite_only}" in when else when.format(today="CURRENT_DATE")
    return [
        f"""CREATE FUNCTION {name}() RETURNS trigger AS $$
        BEGIN
            IF {when} THEN RAISE EXCEPTION '{message}'; END IF;
            RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
        END
        $$ LANGUAGE plpgsql""",
        f"CREATE TRIGGER {name} BEFORE {event} ON {table} FOR EACH ROW EXECUTE FUNCTION {name}()",
    ]


SQLITE = [_sqlite(*guard) for guard in GUARDS]
POSTGRESQL = [statement for guard in GUARDS for statement in _postgresql(*guard)]
UNDO = {
    "sqlite": [f"DROP TRIGGER {name}" for name, *_ in GUARDS],
    "postgresql": [
        statement
        for name, table, *_ in GUARDS
        for statement in (f"DROP TRIGGER {name} ON {table}", f"DROP FUNCTION {name}()")
    ],
}


def _run(statements_of):
    def run(apps, schema_editor):
        for statement in statements_of.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("health", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(UNDO), elidable=False
        ),
    ]
