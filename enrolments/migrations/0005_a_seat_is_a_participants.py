import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("enrolments", "0004_seats_and_choices_are_the_holders"),
        ("classes", "0007_school_categories"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="selection",
            name="participant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="selections",
                to="accounts.participant",
            ),
        ),
        migrations.AddConstraint(
            model_name="enrolment",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "active")),
                fields=("participant", "camp_class"),
                name="enrolment_one_seat_per_participant_and_class",
            ),
        ),
        migrations.AddConstraint(
            model_name="enrolment",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("status", "active"), _negated=True),
                    ("participant__isnull", False),
                    _connector="OR",
                ),
                name="enrolment_active_has_participant",
            ),
        ),
        migrations.AddConstraint(
            model_name="selection",
            constraint=models.UniqueConstraint(
                fields=("participant", "camp_class"), name="selection_one_per_participant_and_class"
            ),
        ),
        migrations.AddField(
            model_name="ageoverride",
            name="camp_class",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="age_overrides",
                to="classes.class",
            ),
        ),
        migrations.AddField(
            model_name="ageoverride",
            name="granted_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="age_overrides_granted",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="ageoverride",
            name="participant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="age_overrides",
                to="accounts.participant",
            ),
        ),
        migrations.AddConstraint(
            model_name="ageoverride",
            constraint=models.UniqueConstraint(
                fields=("participant", "camp_class"), name="age_override_once_per_class"
            ),
        ),
        migrations.AddConstraint(
            model_name="ageoverride",
            constraint=models.CheckConstraint(
                condition=models.Q(("reason", ""), _negated=True), name="age_override_has_reason"
            ),
        ),
    ]
