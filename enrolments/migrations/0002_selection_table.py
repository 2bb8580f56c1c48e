from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("enrolments", "0001_initial"),
        ("classes", "0005_selection_moves_to_enrolments"),
    ]

    operations = [
        # The selections' table takes its new owner's name; every row stays.
        migrations.AlterModelTable(name="selection", table=None),
    ]
