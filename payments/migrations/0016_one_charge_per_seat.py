"""A charge attempt names whose seat it pays for, and one attempt of a seat at most is with Stripe
unanswered (`payments.services.seat_charges`). Attempts made before name the participant of
their selection, or of the payment they became."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def participants_named(apps, schema_editor):
    ChargeAttempt = apps.get_model("payments", "ChargeAttempt")
    Payment = apps.get_model("payments", "Payment")
    Selection = apps.get_model("enrolments", "Selection")
    unnamed = ChargeAttempt.objects.filter(participant__isnull=True)
    # Settled attempts, in two statements: by their selection, else by their payment.
    unnamed.exclude(status="charging").filter(selection_id__isnull=False).update(
        participant_id=Subquery(
            Selection.objects.filter(pk=OuterRef("selection_id")).values("participant_id")[:1]
        )
    )
    unnamed.exclude(status="charging").filter(payment__isnull=False).update(
        participant_id=Subquery(
            Payment.objects.filter(pk=OuterRef("payment_id")).values("participant_id")[:1]
        )
    )
    # The few still unanswered, one by one: of two for one seat (what this release stops), the
    # newest is named and the older stay unnamed, to be settled by reconciliation as before.
    named = set()
    charging = ChargeAttempt.objects.filter(status="charging", participant__isnull=True)
    for attempt in charging.order_by("-created_at", "-id"):
        selection = Selection.objects.filter(pk=attempt.selection_id).first()
        participant_id = selection.participant_id if selection else None
        if participant_id is None or (participant_id, attempt.camp_class_id) in named:
            continue
        named.add((participant_id, attempt.camp_class_id))
        ChargeAttempt.objects.filter(pk=attempt.pk).update(participant_id=participant_id)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_family_participants"),
        ("enrolments", "0012_attendance_tally"),
        ("payments", "0015_transfer_withheld_discount"),
    ]

    operations = [
        migrations.AddField(
            model_name="chargeattempt",
            name="participant",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="accounts.participant",
            ),
        ),
        migrations.AddConstraint(
            model_name="chargeattempt",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "charging")),
                fields=("participant", "camp_class"),
                name="attempt_one_charging_per_seat",
            ),
        ),
        migrations.RunPython(participants_named, migrations.RunPython.noop),
    ]
