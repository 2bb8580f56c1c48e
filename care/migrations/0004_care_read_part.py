"""The access log names where each read was made; every read logged before was of the record."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("care", "0003_school_policies"),
    ]

    operations = [
        migrations.AddField(
            model_name="careread",
            name="part",
            field=models.CharField(
                choices=[
                    ("record", "The care record"),
                    ("history", "The record's history"),
                    ("roster", "A class roster"),
                    ("attendance", "A meeting's attendance"),
                    ("today", "The Today screen"),
                    ("export", "A roster downloaded"),
                ],
                default="record",
                max_length=20,
            ),
        ),
    ]
