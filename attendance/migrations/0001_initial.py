"""Attendance's models, moved from enrolments as they were: their tables (and the triggers that
guard the actions) stay, so this only tells Django where the models now live."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MODELS = ["attendanceaction", "attendancenotice", "attendancetally"]


def content_types_moved(apps, schema_editor):
    # The back office's permissions and history name a model by its content type: moved with
    # the model, a group's grants and the admin's log follow it.
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="enrolments", model__in=MODELS).update(
        app_label="attendance"
    )


def content_types_moved_back(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="attendance", model__in=MODELS).update(
        app_label="enrolments"
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("enrolments", "0012_attendance_tally"),
        ("accounts", "0007_account_holders"),
        ("classes", "0012_what_to_bring_and_changes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
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
                    options={
                        "db_table": "enrolments_attendancetally",
                    },
                ),
                migrations.CreateModel(
                    name="AttendanceNotice",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("key", models.CharField(max_length=120, unique=True)),
                        ("kind", models.CharField(max_length=40)),
                        ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "meeting",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="classes.meeting",
                            ),
                        ),
                        (
                            "participant",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="accounts.participant",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "enrolments_attendancenotice",
                        "ordering": ["-sent_at", "-id"],
                    },
                ),
                migrations.CreateModel(
                    name="AttendanceAction",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "action",
                            models.CharField(
                                choices=[
                                    ("check_in", "Checked in"),
                                    ("check_out", "Checked out"),
                                    ("absent", "Marked absent"),
                                    ("undo", "Undone"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("at", models.DateTimeField()),
                        ("recorded_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("client_id", models.CharField(max_length=64, unique=True)),
                        ("by_name", models.CharField(max_length=200)),
                        (
                            "collected_by_kind",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("guardian", "Parent or guardian"),
                                    ("pickup", "Authorized pick-up"),
                                    ("alone", "Left alone"),
                                    ("other", "Someone else"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("collected_by_id", models.CharField(blank=True, max_length=64)),
                        ("collected_by_name", models.CharField(blank=True, max_length=200)),
                        ("override_reason", models.TextField(blank=True, max_length=500)),
                        (
                            "by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="attendance_actions",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "meeting",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="attendance_actions",
                                to="classes.meeting",
                            ),
                        ),
                        (
                            "participant",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="attendance_actions",
                                to="accounts.participant",
                            ),
                        ),
                        (
                            "undoes",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="undone_by",
                                to="attendance.attendanceaction",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "enrolments_attendanceaction",
                        "ordering": ["at", "id"],
                        "indexes": [
                            models.Index(
                                fields=["meeting", "participant", "at"], name="attendance_line_idx"
                            )
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    ("action__in", ["check_in", "check_out", "absent", "undo"])
                                ),
                                name="attendance_action_valid",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    (
                                        "collected_by_kind__in",
                                        ["", "guardian", "pickup", "alone", "other"],
                                    )
                                ),
                                name="attendance_collector_kind_valid",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("action", "undo"), ("undoes__isnull", False)),
                                    models.Q(
                                        models.Q(("action", "undo"), _negated=True),
                                        ("undoes__isnull", True),
                                    ),
                                    _connector="OR",
                                ),
                                name="attendance_undo_names_its_action",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(
                                        ("action", "check_out"),
                                        models.Q(("collected_by_kind", ""), _negated=True),
                                    ),
                                    models.Q(
                                        models.Q(("action", "check_out"), _negated=True),
                                        ("collected_by_kind", ""),
                                    ),
                                    _connector="OR",
                                ),
                                name="attendance_check_out_has_collector",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("collected_by_kind", "other"), _negated=True),
                                    models.Q(
                                        models.Q(("collected_by_name", ""), _negated=True),
                                        models.Q(("override_reason", ""), _negated=True),
                                    ),
                                    _connector="OR",
                                ),
                                name="attendance_other_collector_has_reason",
                            ),
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_moved, content_types_moved_back),
    ]
