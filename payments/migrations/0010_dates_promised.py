from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def promised_as_the_class_stands(apps, schema_editor):
    # Seats taken before the promise was kept: the class's dates as they stand now are the best
    # record of what the family was shown.
    Payment = apps.get_model("payments", "Payment")
    Class = apps.get_model("classes", "Class")
    the_class = Class.objects.filter(pk=OuterRef("camp_class_id"))
    Payment.objects.filter(enrolment__isnull=False).update(
        starts_at_promised=Subquery(the_class.values("starts_at")[:1]),
        ends_at_promised=Subquery(the_class.values("ends_at")[:1]),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0009_refund_policy_and_refunds"),
        ("classes", "0009_first_meeting_moved_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="starts_at_promised",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="payment",
            name="ends_at_promised",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(promised_as_the_class_stands, migrations.RunPython.noop),
    ]
