from django.db import migrations

# The school's categories at the start; the back office adds, renames and orders them.
CATEGORIES = [
    ("painting", "Painting"),
    ("drawing", "Drawing"),
    ("pottery-ceramics", "Pottery & ceramics"),
    ("textiles-weaving", "Textiles & weaving"),
    ("jewelry", "Jewelry"),
    ("woodworking", "Woodworking"),
    ("paper-origami", "Paper & origami"),
    ("mixed-media", "Mixed media"),
    ("printmaking", "Printmaking"),
    ("sculpture", "Sculpture"),
    ("photography", "Photography"),
    ("glass", "Glass"),
]


def add_categories(apps, schema_editor):
    Category = apps.get_model("classes", "Category")
    for position, (slug, name) in enumerate(CATEGORIES):
        Category.objects.get_or_create(slug=slug, defaults={"name": name, "position": position})


class Migration(migrations.Migration):
    dependencies = [("classes", "0006_catalog_fields_and_meetings")]

    operations = [migrations.RunPython(add_categories, migrations.RunPython.noop)]
