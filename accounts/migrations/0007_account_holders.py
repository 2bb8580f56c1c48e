from django.db import migrations


def _split_name(name):
    words = name.split()
    if len(words) < 2:
        return name.strip()[:60], ""
    return " ".join(words[:-1])[:60], words[-1][:60]


def every_account_gets_its_holder(apps, schema_editor):
    """Each person already here takes classes as "Myself", as they did before families."""
    User = apps.get_model("accounts", "User")
    Participant = apps.get_model("accounts", "Participant")
    holders = []
    for user_id, name in User.objects.values_list("id", "name").iterator():
        first_name, last_name = _split_name(name)
        holders.append(
            Participant(
                account_id=user_id,
                is_account_holder=True,
                first_name=first_name,
                last_name=last_name,
            )
        )
    Participant.objects.bulk_create(holders, batch_size=1000)


# Its own migration: the rows it writes must be committed before any later schema change of
# the table (PostgreSQL will not build an index over rows with checks still pending).
class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_family_participants")]

    operations = [
        migrations.RunPython(every_account_gets_its_holder, migrations.RunPython.noop),
    ]
