from django.db import migrations, models


def threads_from_about(apps, schema_editor):
    # Until now every message to a person waited for all earlier ones; each keeps the order of
    # what it is about, which is where order mattered (a payment's receipt and refund).
    Message = apps.get_model("notifications", "Message")
    Message.objects.update(in_order_of=models.F("about"))


class Migration(migrations.Migration):
    dependencies = [("notifications", "0005_contact_message_and_reply_to")]

    operations = [
        migrations.AddField(
            model_name="message",
            name="in_order_of",
            field=models.CharField(default="", max_length=100),
            preserve_default=False,
        ),
        migrations.RunPython(threads_from_about, migrations.RunPython.noop),
        migrations.RemoveIndex(model_name="message", name="message_recipient_order_idx"),
        migrations.AddIndex(
            model_name="message",
            index=models.Index(
                fields=["recipient", "in_order_of", "scheduled_for", "id"],
                name="message_thread_order_idx",
            ),
        ),
    ]
