import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("classes", "0004_uploaded_images_by_site_path"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Selections move here from the classes app: the table stays as it is for now
        # (renamed by the next migration), only Django's record of its owner changes.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Selection",
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
                            "status",
                            models.CharField(
                                choices=[("Selected", "Selected")],
                                default="Selected",
                                max_length=10,
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "camp_class",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="selections",
                                to="classes.class",
                            ),
                        ),
                        (
                            "student",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="selections",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["id"],
                        "db_table": "classes_selection",
                        "indexes": [
                            models.Index(fields=["student", "id"], name="selection_student_idx"),
                            models.Index(fields=["created_at"], name="selection_created_idx"),
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("student", "camp_class"),
                                name="selection_one_per_student_and_class",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("status__in", ["Selected"])),
                                name="selection_status_valid",
                            ),
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.CreateModel(
            name="Enrolment",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[("active", "Active"), ("cancelled", "Cancelled")],
                        default="active",
                        max_length=20,
                    ),
                ),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("ended_at", models.DateTimeField(blank=True, null=True)),
                ("end_reason", models.TextField(blank=True)),
                (
                    "camp_class",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="enrolments",
                        to="classes.class",
                    ),
                ),
                (
                    "student",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="enrolments",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "indexes": [
                    models.Index(
                        fields=["student", "status", "-created_at", "-id"],
                        name="enrolment_student_idx",
                    )
                ],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("status__in", ["active", "cancelled"])),
                        name="enrolment_status_valid",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("status", "active")),
                        fields=("student", "camp_class"),
                        name="enrolment_one_seat_per_student_and_class",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("ended_at__isnull", True), ("status", "active")),
                            models.Q(("ended_at__isnull", False), ("status", "cancelled")),
                            _connector="OR",
                        ),
                        name="enrolment_ended_when_cancelled",
                    ),
                ],
            },
        ),
    ]
