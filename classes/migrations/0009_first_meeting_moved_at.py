from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("classes", "0008_class_withdrawn_and_cancelled")]

    operations = [
        migrations.AddField(
            model_name="class",
            name="first_meeting_moved_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
