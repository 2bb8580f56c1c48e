from django.db import migrations, models


def seats_and_choices_are_the_holders(apps, schema_editor):
    """Before families, the account holder took every class they chose or paid for."""
    Participant = apps.get_model("accounts", "Participant")
    holder = Participant.objects.filter(
        account_id=models.OuterRef("student_id"), is_account_holder=True
    ).values("id")[:1]
    for model_name in ("Selection", "Enrolment"):
        apps.get_model("enrolments", model_name).objects.update(
            participant_id=models.Subquery(holder)
        )


# Its own migration: the rows it writes are committed before the indexes and constraints that
# follow are built (PostgreSQL will not build an index over rows with checks pending).
class Migration(migrations.Migration):
    dependencies = [
        ("enrolments", "0003_participants_take_seats"),
        ("accounts", "0007_account_holders"),
    ]

    operations = [
        migrations.RunPython(seats_and_choices_are_the_holders, migrations.RunPython.noop),
    ]
