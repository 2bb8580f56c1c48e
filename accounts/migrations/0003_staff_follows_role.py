from django.db import migrations
from django.db.models import Q


def staff_follows_role(apps, schema_editor):
    # From now on accounts.services.user_set_role keeps is_staff equal to "is an admin";
    # rows written before that rule are brought in line once. Superusers stay staff.
    User = apps.get_model("accounts", "User")
    User.objects.filter(Q(role="admin") | Q(is_superuser=True)).update(is_staff=True)
    User.objects.exclude(role="admin").filter(is_superuser=False).update(is_staff=False)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_user_registration_and_photo_paths"),
    ]

    operations = [
        migrations.RunPython(staff_follows_role, migrations.RunPython.noop),
    ]
