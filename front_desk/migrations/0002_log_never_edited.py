"""The front desk's log is a record of what staff did: the database refuses to change or remove
an entry."""

from django.db import migrations

MESSAGE = "The front desk log is never edited."
SQLITE = [
    f"""CREATE TRIGGER front_desk_deskaction_never_edited
    BEFORE UPDATE ON front_desk_deskaction
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
    f"""CREATE TRIGGER front_desk_deskaction_never_deleted
    BEFORE DELETE ON front_desk_deskaction
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
]
POSTGRESQL = [
    f"""CREATE FUNCTION front_desk_deskaction_never_edited() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION '{MESSAGE}'; END
    $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER front_desk_deskaction_never_edited
    BEFORE UPDATE OR DELETE ON front_desk_deskaction
    FOR EACH ROW EXECUTE FUNCTION front_desk_deskaction_never_edited()""",
]
UNDO = {
    "sqlite": [
        "DROP TRIGGER front_desk_deskaction_never_edited",
        "DROP TRIGGER front_desk_deskaction_never_deleted",
    ],
    "postgresql": [
        "DROP TRIGGER front_desk_deskaction_never_edited ON front_desk_deskaction",
        "DROP FUNCTION front_desk_deskaction_never_edited()",
    ],
}


def _run(statements_of):
    def run(apps, schema_editor):
        for statement in statements_of.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("front_desk", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(UNDO), elidable=False
        ),
    ]
