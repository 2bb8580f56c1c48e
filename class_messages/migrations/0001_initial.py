"""ClassMessage, moved from enrolments as it was: its table stays, so this only tells Django where
the model now lives."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MODELS = ["classmessage"]


def content_types_moved(apps, schema_editor):
    # The back office's permissions and history name a model by its content type: moved with
    # the model, a group's grants and the admin's log follow it.
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="enrolments", model__in=MODELS).update(
        app_label="class_messages"
    )


def content_types_moved_back(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="class_messages", model__in=MODELS).update(
        app_label="enrolments"
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("enrolments", "0012_attendance_tally"),
        ("classes", "0012_what_to_bring_and_changes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ClassMessage",
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
                            "audience",
                            models.CharField(
                                choices=[
                                    ("enrolled", "Enrolled families"),
                                    ("waitlisted", "Waitlisted families"),
                                    ("both", "Enrolled and waitlisted families"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("announcement", models.BooleanField(default=False)),
                        ("subject", models.CharField(max_length=150)),
                        ("body", models.TextField(max_length=5000)),
                        ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("recipients", models.PositiveIntegerField(default=0)),
                        (
                            "camp_class",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="messages",
                                to="classes.class",
                            ),
                        ),
                        (
                            "sender",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="class_messages_sent",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "enrolments_classmessage",
                        "ordering": ["-sent_at", "-id"],
                        "indexes": [
                            models.Index(
                                fields=["camp_class", "-sent_at", "-id"],
                                name="class_message_class_idx",
                            )
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    ("audience__in", ["enrolled", "waitlisted", "both"])
                                ),
                                name="class_message_audience_valid",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("subject", ""), _negated=True),
                                    models.Q(("body", ""), _negated=True),
                                ),
                                name="class_message_has_subject_and_body",
                            ),
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_moved, content_types_moved_back),
    ]
