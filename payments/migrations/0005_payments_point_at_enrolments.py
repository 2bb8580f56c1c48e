import django.db.models.deletion
from django.db import migrations, models


def enrolments_from_payments(apps, schema_editor):
    """Every enrolled payment's seat becomes an enrolment, dated when it was paid."""
    Payment = apps.get_model("payments", "Payment")
    Enrolment = apps.get_model("enrolments", "Enrolment")
    for payment in Payment.objects.filter(status="enrolled").order_by("id").iterator():
        enrolment = Enrolment.objects.create(
            student_id=payment.student_id,
            camp_class_id=payment.camp_class_id,
            status="active",
            created_at=payment.date,
        )
        Payment.objects.filter(pk=payment.pk).update(enrolment=enrolment)


def payments_without_enrolments(apps, schema_editor):
    Payment = apps.get_model("payments", "Payment")
    Enrolment = apps.get_model("enrolments", "Enrolment")
    Payment.objects.update(enrolment=None)
    Enrolment.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0004_charge_attempts"),
        ("enrolments", "0002_selection_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="enrolment",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="payment",
                to="enrolments.enrolment",
            ),
        ),
        migrations.RunPython(enrolments_from_payments, payments_without_enrolments),
        migrations.RemoveConstraint(
            model_name="payment",
            name="payment_one_enrolment_per_student_and_class",
        ),
        migrations.AddConstraint(
            model_name="payment",
            constraint=models.CheckConstraint(
                condition=models.Q(("status", "enrolled"), _negated=True)
                | models.Q(("enrolment__isnull", False)),
                name="payment_enrolled_has_enrolment",
            ),
        ),
    ]
