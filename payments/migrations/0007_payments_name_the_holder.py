from django.db import migrations, models


def payments_name_the_holder(apps, schema_editor):
    """Every payment so far bought a seat for the account holder."""
    Participant = apps.get_model("accounts", "Participant")
    Payment = apps.get_model("payments", "Payment")
    holders = Participant.objects.filter(
        account_id=models.OuterRef("student_id"), is_account_holder=True
    )
    Payment.objects.update(participant_id=models.Subquery(holders.values("id")[:1]))
    for payment in (
        Payment.objects.select_related("participant")
        .only("id", "participant__first_name", "participant__last_name")
        .iterator()
    ):
        if payment.participant is not None:
            name = " ".join(
                part
                for part in (payment.participant.first_name, payment.participant.last_name)
                if part
            )
            Payment.objects.filter(pk=payment.pk).update(participant_name=name)


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
