from django.db import migrations, models
from django.db.models.functions import Coalesce, Concat, Trim


def payments_name_the_holder(apps, schema_editor):
    """Every payment so far bought a seat for the account holder: it names them, in one UPDATE."""
    Participant = apps.get_model("accounts", "Participant")
    Payment = apps.get_model("payments", "Payment")
    holders = Participant.objects.filter(
        account_id=models.OuterRef("student_id"), is_account_holder=True
    )
    # The holder's first and last name with a space between, no space when one is empty.
    full_name = Trim(Concat("first_name", models.Value(" "), "last_name"))
    Payment.objects.update(
        participant_id=models.Subquery(holders.values("id")[:1]),
        participant_name=Coalesce(
            models.Subquery(holders.annotate(full_name=full_name).values("full_name")[:1]),
            models.Value(""),
        ),
    )


# Its own migration, after the new column's index is built: PostgreSQL will not build an index
# over rows with checks still pending in the same transaction.
class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0006_payment_participant"),
        ("accounts", "0007_account_holders"),
    ]

    operations = [
        migrations.RunPython(payments_name_the_holder, migrations.RunPython.noop),
    ]
