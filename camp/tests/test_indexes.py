"""Every lookup the API, its services and the back office make has an index in the database.

The table is docs/indexes.md; each of its rows is checked against the schema the migrations
built, through Django's introspection, so the same test holds on SQLite and on PostgreSQL.
"""

import re
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection

pytestmark = pytest.mark.django_db

INDEXES_DOC = settings.BASE_DIR / "docs" / "indexes.md"
TABLE_HEADER = "| Query | Filter and order | Table | Columns | Index |"
CAMP_APPS = (
    "accounts",
    "classes",
    "care",
    "notifications",
    "waiting_room",
    "enrolments",
    "class_messages",
    "attendance",
    "health",
    "artwork",
    "payments",
    "pages",
)
CAMP_APPS += ("books", "plans", "checkout", "changes", "settlement")


@dataclass(frozen=True)
class Lookup:
    query: str
    table: str
    columns: list[str]
    # An index's name from a model's Meta, or one Django makes itself: "primary key",
    # "unique", "foreign key index", "field index".
    index: str

    def __str__(self) -> str:
        return f"{self.query} ({self.table}: {', '.join(self.columns)})"


def documented_lookups() -> list[Lookup]:
    lines = INDEXES_DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(TABLE_HEADER) + 2  # past the header and its |---| line
    lookups = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        query, _, table, columns, index = (cell.strip() for cell in line.strip("|").split(" | "))
        lookups.append(
            Lookup(
                query=query,
                table=table,
                columns=[column.strip() for column in columns.split(",")],
                index=index.strip("`"),
            )
        )
    return lookups


LOOKUPS = documented_lookups()


def indexes_of(table: str) -> dict[str, dict]:
    """The table's indexes and index-backed constraints, by name, as the database has them."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return {
        name: constraint
        for name, constraint in constraints.items()
        if constraint["index"] or constraint["unique"] or constraint["primary_key"]
    }


def kind_of(constraint: dict) -> str:
    if constraint["primary_key"]:
        return "primary key"
    if constraint["unique"]:
        return "unique"
    return "index"


def starts_with(constraint: dict, columns: list[str]) -> bool:
    return constraint["columns"][: len(columns)] == columns


def test_the_table_lists_the_main_queries():
    assert len(LOOKUPS) >= 40
    queries = " ".join(lookup.query for lookup in LOOKUPS)
    for endpoint in (
        "GET /api/classes",
        "GET /api/popularClasses",
        "GET /api/instructors",
        "GET /api/myClasses/{email}",
        "GET /api/selectClass?email=",
        "GET /api/payments/{email}",
        "GET /api/enrolledStudent/{email}",
    ):
        assert endpoint in queries


@pytest.mark.parametrize("lookup", LOOKUPS, ids=str)
def test_every_documented_lookup_has_its_index_in_the_database(lookup):
    indexes = indexes_of(lookup.table)
    assert indexes, f"No table {lookup.table}"

    if lookup.index in ("primary key", "unique", "foreign key index", "field index"):
        kind = "index" if lookup.index.endswith("index") else lookup.index
        serving = [
            name
            for name, constraint in indexes.items()
            if kind_of(constraint) == kind and starts_with(constraint, lookup.columns)
        ]
        assert serving, f"No {lookup.index} on {lookup.table} starts with {lookup.columns}"
    else:
        assert lookup.index in indexes, f"{lookup.index} is not in the database"
        constraint = indexes[lookup.index]
        assert starts_with(constraint, lookup.columns), (
            f"{lookup.index} is on {constraint['columns']}, not on {lookup.columns} first"
        )


def test_every_index_a_model_declares_serves_a_documented_lookup():
    named = {lookup.index for lookup in LOOKUPS}
    declared = {
        index.name
        for label in CAMP_APPS
        for model in apps.get_app_config(label).get_models()
        for index in model._meta.indexes
    }

    assert declared - named == set(), "Say in docs/indexes.md which queries these serve"


def test_every_code_path_the_table_names_exists():
    """A renamed selector or service leaves the table behind; this notices."""
    sources = "\n".join(
        f"{path.stem}\n{path.read_text(encoding='utf-8')}"
        for label in CAMP_APPS
        for path in (settings.BASE_DIR / label).rglob("*.py")
        if "tests" not in path.parts and "migrations" not in path.parts
    )
    for lookup in LOOKUPS:
        for name in re.findall(r"`([a-z_]+)`", lookup.query):
            assert re.search(rf"\b{name}\b", sources), f"{name} ({lookup.query}) is gone"


def test_the_class_search_index_is_gin_where_full_text_search_runs():
    """The search's row above is checked by name and column on both databases; its kind only
    means something on PostgreSQL, where the search uses it (SQLite has no GIN)."""
    search_index = indexes_of("classes_class")["class_search_idx"]

    expected = "gin" if connection.vendor == "postgresql" else "idx"
    assert search_index["type"] == expected
    assert search_index["columns"] == ["search_vector"]
