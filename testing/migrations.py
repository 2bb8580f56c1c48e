"""Migrations under test: an empty database of the test's own, migrated to the state a test
starts from (`scratch_database`, `migrated_to`)."""

import uuid

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor


@pytest.fixture
def scratch_database():
    """An empty database of the test's own, on the same server, stands in for the test database
    while the test runs, and is thrown away after it. The migrations under test then run forward
    from nothing, as on a new install, to the state the test starts from: taking the whole test
    database back through every later migration and forward again cost a minute or two a test
    (Django works out every model's state anew at each step back)."""
    test_database = connections[DEFAULT_DB_ALIAS]
    scratch = test_database.copy()
    name = f"{test_database.settings_dict['NAME']}_migrations"
    if scratch.vendor == "sqlite":
        scratch.settings_dict["NAME"] = (
            f"file:migrations_{uuid.uuid4().hex}?mode=memory&cache=shared"
        )
    else:
        with test_database._nodb_cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
            cursor.execute(f'CREATE DATABASE "{name}"')
        scratch.settings_dict["NAME"] = name
    connections[DEFAULT_DB_ALIAS] = scratch
    try:
        yield
    finally:
        # Closed for good: SQLite's own close() keeps an in-memory database open.
        BaseDatabaseWrapper.close(scratch)
        connections[DEFAULT_DB_ALIAS] = test_database
        if scratch.vendor != "sqlite":
            with test_database._nodb_cursor() as cursor:
                cursor.execute(f'DROP DATABASE "{name}"')


def migrated_to(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps
