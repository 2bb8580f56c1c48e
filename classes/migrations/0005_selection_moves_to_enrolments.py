from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0004_uploaded_images_by_site_path"),
        ("enrolments", "0001_initial"),
    ]

    operations = [
        # The enrolments app owns selections now; the table and its rows stay.
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Selection")],
            database_operations=[],
        ),
    ]
