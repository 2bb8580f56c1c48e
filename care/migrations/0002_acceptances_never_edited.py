"""A policy acceptance is a signature: the database refuses to change one."""

from django.db import migrations

SQLITE = [
    """CREATE TRIGGER care_policyacceptance_never_edited
    BEFORE UPDATE ON care_policyacceptance
    BEGIN SELECT RAISE(ABORT, 'A policy acceptance is never edited.'); END""",
]
POSTGRESQL = [
    """CREATE FUNCTION care_policyacceptance_never_edited() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'A policy acceptance is never edited.'; END
    $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER care_policyacceptance_never_edited
    BEFORE UPDATE ON care_policyacceptance
    FOR EACH ROW EXECUTE FUNCTION care_policyacceptance_never_edited()""",
]
UNDO = {
    "sqlite": ["DROP TRIGGER care_policyacceptance_never_edited"],
    "postgresql": [
        "DROP TRIGGER care_policyacceptance_never_edited ON care_policyacceptance",
        "DROP FUNCTION care_policyacceptance_never_edited()",
    ],
}


def _run(statements_of):
    def run(apps, schema_editor):
        for statement in statements_of.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("care", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(UNDO), elidable=False
        ),
    ]
