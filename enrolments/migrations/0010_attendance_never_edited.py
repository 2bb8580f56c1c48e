"""An attendance action is the school's record of a day: the database refuses to change or
remove one.

SQLite has no TRUNCATE: emptying the whole database (a test's flush) deletes each table's rows,
its meetings and participants first. An action whose meeting or child is already gone is
therefore let go; while both stand (they are PROTECTed by the actions) no action is deleted.
"""

from django.db import migrations

SQLITE = [
    """CREATE TRIGGER enrolments_attendanceaction_never_edited
    BEFORE UPDATE ON enrolments_attendanceaction
    BEGIN SELECT RAISE(ABORT, 'An attendance action is never edited.'); END""",
    """CREATE TRIGGER enrolments_attendanceaction_never_deleted
    BEFORE DELETE ON enrolments_attendanceaction
    WHEN EXISTS (SELECT 1 FROM classes_meeting WHERE id = OLD.meeting_id)
    AND EXISTS (SELECT 1 FROM accounts_participant WHERE id = OLD.participant_id)
    BEGIN SELECT RAISE(ABORT, 'An attendance action is never deleted.'); END""",
]
POSTGRESQL = [
    """CREATE FUNCTION enrolments_attendanceaction_never_edited() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'An attendance action is never edited or deleted.'; END
    $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER enrolments_attendanceaction_never_edited
    BEFORE UPDATE OR DELETE ON enrolments_attendanceaction
    FOR EACH ROW EXECUTE FUNCTION enrolments_attendanceaction_never_edited()""",
]
UNDO = {
    "sqlite": [
        "DROP TRIGGER enrolments_attendanceaction_never_edited",
        "DROP TRIGGER enrolments_attendanceaction_never_deleted",
    ],
    "postgresql": [
        "DROP TRIGGER enrolments_attendanceaction_never_edited ON enrolments_attendanceaction",
        "DROP FUNCTION enrolments_attendanceaction_never_edited()",
    ],
}


def _run(statements_of):
    def run(apps, schema_editor):
        for statement in statements_of.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("enrolments", "0009_attendance")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(UNDO), elidable=False
        ),
    ]
