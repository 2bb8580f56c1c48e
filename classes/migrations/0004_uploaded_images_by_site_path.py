"""Uploads stored with the host they came through become paths on this site."""

from django.conf import settings
from django.db import migrations

from classes.images import own_hosts, own_media_path


def uploads_by_site_path(apps, schema_editor):
    Class = apps.get_model("classes", "Class")
    hosts = own_hosts()
    for camp_class in Class.objects.filter(image__contains=settings.MEDIA_URL).only("image"):
        path = own_media_path(camp_class.image, hosts=hosts, media_url=settings.MEDIA_URL)
        if path != camp_class.image:
            Class.objects.filter(pk=camp_class.pk).update(image=path)


class Migration(migrations.Migration):
    dependencies = [("classes", "0003_list_indexes")]

    operations = [migrations.RunPython(uploads_by_site_path, migrations.RunPython.noop)]
