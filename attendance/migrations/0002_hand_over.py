"""A child handed from before-care to their class, or from their class to after-care: a
check-out whose collector is the meeting they went to.

SQLite changes a table's constraints by making the table again, which drops its triggers: the
ones that refuse to change or remove an action (enrolments/migrations/0010_attendance_never_edited.py)
are made again after it, either way.
"""

from django.conf import settings
from django.db import migrations, models

SQLITE_TRIGGERS = [
    """CREATE TRIGGER IF NOT EXISTS enrolments_attendanceaction_never_edited
    BEFORE UPDATE ON enrolments_attendanceaction
    BEGIN SELECT RAISE(ABORT, 'An attendance action is never edited.'); END""",
    """CREATE TRIGGER IF NOT EXISTS enrolments_attendanceaction_never_deleted
    BEFORE DELETE ON enrolments_attendanceaction
    WHEN EXISTS (SELECT 1 FROM classes_meeting WHERE id = OLD.meeting_id)
    AND EXISTS (SELECT 1 FROM accounts_participant WHERE id = OLD.participant_id)
    BEGIN SELECT RAISE(ABORT, 'An attendance action is never deleted.'); END""",
]


def sqlite_triggers_made(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_TRIGGERS:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_account_holders"),
        ("attendance", "0001_initial"),
        ("classes", "0013_weeks_days_and_extended_care"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Undone last when the migration is undone: the table made again then has none either.
        migrations.RunPython(migrations.RunPython.noop, sqlite_triggers_made, elidable=False),
        migrations.RemoveConstraint(
            model_name="attendanceaction",
            name="attendance_collector_kind_valid",
        ),
        migrations.AlterField(
            model_name="attendanceaction",
            name="collected_by_kind",
            field=models.CharField(
                blank=True,
                choices=[
                    ("guardian", "Parent or guardian"),
                    ("pickup", "Authorized pick-up"),
                    ("alone", "Left alone"),
                    ("other", "Someone else"),
                    ("handover", "Handed over"),
                ],
                max_length=10,
            ),
        ),
        migrations.AddConstraint(
            model_name="attendanceaction",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "collected_by_kind__in",
                        ["", "guardian", "pickup", "alone", "other", "handover"],
                    )
                ),
                name="attendance_collector_kind_valid",
            ),
        ),
        migrations.AddConstraint(
            model_name="attendanceaction",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("collected_by_kind", "handover"), _negated=True),
                    models.Q(("collected_by_id", ""), _negated=True),
                    _connector="OR",
                ),
                name="attendance_hand_over_names_meeting",
            ),
        ),
        migrations.RunPython(sqlite_triggers_made, migrations.RunPython.noop, elidable=False),
    ]
