import django.db.models.deletion
from django.db import migrations, models


def tallies_counted(apps, schema_editor):
    # The actions recorded before tallies were kept, counted once.
    from attendance.services import attendance_tallies_rebuild

    attendance_tallies_rebuild()


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0012_what_to_bring_and_changes"),
        ("enrolments", "0011_attendance_notice"),
    ]

    operations = [
        migrations.CreateModel(
            name="AttendanceTally",
            fields=[
                (
                    "meeting",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="classes.meeting",
                    ),
                ),
                ("attended", models.PositiveIntegerField(default=0)),
                ("absent", models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(tallies_counted, migrations.RunPython.noop),
    ]
