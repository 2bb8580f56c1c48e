from django.db import migrations


def seed(apps, schema_editor):
    # The first text, kept in one place with the fallback the site shows for a missing page.
    from pages.defaults import SEED_PAGES

    SitePage = apps.get_model("pages", "SitePage")
    # Only the pages the table knows at this step: a page added later is seeded by its own step.
    known = {value for value, _ in SitePage._meta.get_field("slug").choices}
    for slug, (title, body) in SEED_PAGES.items():
        if str(slug) not in known:
            continue
        # A page already written (by hand, before this ran) keeps its text.
        SitePage.objects.get_or_create(slug=str(slug), defaults={"title": title, "body": body})


class Migration(migrations.Migration):
    dependencies = [("pages", "0001_pages_and_contact_messages")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
