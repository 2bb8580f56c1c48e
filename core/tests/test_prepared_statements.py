"""On PostgreSQL the server binds each statement's parameters, and a statement one connection has
run DATABASE_PREPARE_THRESHOLD times is prepared there: parsed and planned once, not at every
run (camp/settings/base.py)."""

import json

import pytest
from django.conf import settings
from django.db import connection

from testing import services
from testing.settings_processes import python_run


def prepared_statements(cursor) -> list[str]:
    cursor.execute("SELECT statement FROM pg_prepared_statements")
    return [statement for (statement,) in cursor.fetchall()]


@pytest.mark.django_db
def test_a_statement_run_past_the_threshold_is_prepared_on_its_connection():
    if connection.vendor != "postgresql":
        services.needs_postgresql("prepared statements are PostgreSQL's.")
    threshold = int(settings.DATABASE_PREPARE_THRESHOLD)
    statement = "SELECT %s::integer + 41 AS kiln_temperature"
    with connection.cursor() as cursor:
        for _ in range(threshold):
            cursor.execute(statement, [1])
        assert not [s for s in prepared_statements(cursor) if "kiln_temperature" in s]

        cursor.execute(statement, [1])
        assert cursor.fetchone() == (42,)
        assert [s for s in prepared_statements(cursor) if "kiln_temperature" in s] == [
            "SELECT $1::integer + 41 AS kiln_temperature"
        ]


def database_options(**environment: str | None) -> dict:
    """The default database's OPTIONS as the local settings make them from the environment
    (None takes a variable out)."""
    script = (
        "import json, django; django.setup(); from django.conf import settings;"
        " print(json.dumps(settings.DATABASES['default']['OPTIONS']))"
    )
    result = python_run(
        "-c",
        script,
        environment={"DJANGO_SETTINGS_MODULE": "camp.settings.local", **environment},
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.clockless
def test_postgresql_binds_on_the_server_and_prepares_after_five_runs_unless_told():
    url = {"DATABASE_URL": "postgres://camp@127.0.0.1:5432/camp"}

    chosen = database_options(**url)
    assert chosen["server_side_binding"] is True
    assert chosen["prepare_threshold"] == 5

    assert database_options(**url, DATABASE_PREPARE_THRESHOLD="2")["prepare_threshold"] == 2
    # Behind a pooler that would hand one client's prepared statements to another.
    assert database_options(**url, DATABASE_PREPARE_THRESHOLD="off")["prepare_threshold"] is None


@pytest.mark.clockless
def test_sqlite_has_no_server_to_bind_or_prepare():
    options = database_options(DATABASE_URL=None)

    assert "server_side_binding" not in options
    assert "prepare_threshold" not in options
