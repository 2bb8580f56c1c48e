from django.db import migrations, models


def seed(apps, schema_editor):
    from pages.defaults import SEED_PAGES
    from pages.models import PageSlug

    SitePage = apps.get_model("pages", "SitePage")
    title, body = SEED_PAGES[PageSlug.ACCESSIBILITY]
    # A statement already written (by hand, before this ran) keeps its text.
    SitePage.objects.get_or_create(
        slug=str(PageSlug.ACCESSIBILITY), defaults={"title": title, "body": body}
    )


class Migration(migrations.Migration):
    dependencies = [("pages", "0002_seed_pages")]

    operations = [
        migrations.RemoveConstraint(model_name="sitepage", name="site_page_slug_known"),
        migrations.AlterField(
            model_name="sitepage",
            name="slug",
            field=models.CharField(
                choices=[
                    ("about", "About us"),
                    ("terms", "Terms of use"),
                    ("privacy", "Privacy policy"),
                    ("cookies", "Cookie policy"),
                    ("accessibility", "Accessibility statement"),
                ],
                max_length=20,
                unique=True,
            ),
        ),
        migrations.AddConstraint(
            model_name="sitepage",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("slug__in", ["about", "terms", "privacy", "cookies", "accessibility"])
                ),
                name="site_page_slug_known",
            ),
        ),
        migrations.RunPython(seed, migrations.RunPython.noop),
    ]
