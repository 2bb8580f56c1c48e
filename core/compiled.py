"""A queryset compiled into SQL once per database, then run with each call's values.

The rules' facts are read at every select, hold and payment of opening morning. Building their
queryset (a dozen correlated subqueries) and compiling it cost Python about 4 ms a call, twenty
times what PostgreSQL takes to answer it (docs/performance.md). Written out in SQL instead, each
fact had a twin: the ORM form the lists and a family's page of classes read. So the queryset is
the one definition, and this compiles it once with a marker for each value a call supplies (a
participant, a class, the time), finds where each marker landed among the statement's
parameters, and from then on runs that SQL with the call's values put there.

Django has no public way to ask a queryset for its SQL and parameters: `Query.get_compiler(...)
.as_sql()` is what `str(queryset.query)` and `QuerySet.explain` use, and has kept its form since
Django 1.x. The tests run every compiled statement against the queryset's own answer on SQLite
and PostgreSQL (`core/tests/test_compiled.py`, `enrolments/tests/test_facts.py`).

The rows come back as dictionaries by column name, each value as its field holds it.
"""

import itertools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, QuerySet

from core.prepared import loader

# Markers no real value takes: numbers just under the largest a 32-bit column holds (Django drops
# a comparison with a number no column of its type can hold, so a marker must fit them all), far
# past any id the school will hand out; and moments in 1901, each a microsecond apart.
_FIRST_ID = 2_147_483_000
_FIRST_MOMENT = datetime(1901, 2, 3, 4, 5, 6, tzinfo=UTC)


# What may follow a table named in FROM or JOIN when it has no alias.
_NEXT_CLAUSE = r" (?:WHERE|LEFT|INNER|ON|ORDER|GROUP|LIMIT)\b|$"
# `"table"."column" AS "column"`, as `values()` writes each of the model's columns.
_SELF_ALIAS = re.compile(r'(\."(\w+)") AS "\2"')


@dataclass(frozen=True)
class _Statement:
    sql: str
    params: list
    # Where each supplied value goes among the parameters, by its name.
    places: tuple[tuple[int, str], ...]
    loaders: dict[str, Callable[[Any], Any] | None]


class CompiledQuery:
    """The queryset `build(values)` makes, compiled once per database and run with each call's
    `values`. `kinds` names each value and says whether it is an id (`int`) or a moment
    (`datetime`); `build` must end in `.values(...)` and make the same statement whatever the
    values (no value may change the query's shape: pass 0 rather than None for "no row")."""

    def __init__(self, build: Callable[[Mapping[str, Any]], QuerySet], kinds: Mapping[str, type]):
        self._build = build
        self._kinds = dict(kinds)
        self._statements: dict[str, _Statement] = {}
        # Each database's column names, in order, read from the first answer: the driver makes
        # its description anew at each asking, an object a column.
        self._names: dict[str, list[str]] = {}

    def queryset(self, values: Mapping[str, Any]) -> QuerySet:
        """The queryset for these values, built and compiled at this call: what the compiled
        statement answers in its place."""
        return self._build(values)

    def rows(self, values: Mapping[str, Any], *, using: str = DEFAULT_DB_ALIAS) -> list[dict]:
        """The rows for these values, as dictionaries by column name."""
        connection = connections[using]
        statement = self._statements.get(using) or self._compile(using)
        adapt = connection.ops.adapt_datetimefield_value
        params = list(statement.params)
        for at, name in statement.places:
            value = values[name]
            params[at] = adapt(value) if isinstance(value, datetime) else value
        with connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            found = cursor.fetchall()
            names = self._names.get(using) or self._names.setdefault(
                using, [column[0] for column in cursor.description]
            )
        loaders = [statement.loaders.get(name) for name in names]
        return [
            {
                name: value if load is None or value is None else load(value)
                for name, load, value in zip(names, loaders, row, strict=True)
            }
            for row in found
        ]

    def _compile(self, using: str) -> _Statement:
        connection = connections[using]
        adapt = connection.ops.adapt_datetimefield_value
        ids = itertools.count()
        markers = {}
        for name, kind in self._kinds.items():
            if kind is datetime:
                markers[name] = _FIRST_MOMENT + timedelta(microseconds=next(ids))
            else:
                markers[name] = _FIRST_ID + next(ids)
        queryset = self._build(markers)
        sql, params = queryset.query.get_compiler(using=using).as_sql()
        # A column named as itself needs no alias: the shorter statement keeps its parse in the
        # driver (`core.prepared.DRIVER_CACHED_BYTES`).
        sql = _tables_named_short(_SELF_ALIAS.sub(r"\1", sql), queryset)
        names_at = {
            adapt(marker) if isinstance(marker, datetime) else marker: name
            for name, marker in markers.items()
        }
        places = tuple(
            (at, names_at[param]) for at, param in enumerate(params) if param in names_at
        )
        missing = set(markers) - {name for _, name in places}
        if missing:
            raise ValueError(f"The statement does not use {sorted(missing)}.")
        statement = _Statement(sql, list(params), places, _loaders(queryset, connection))
        return self._statements.setdefault(using, statement)


def _tables_named_short(sql: str, queryset: QuerySet) -> str:
    """The statement with each table the outer query names by itself (the model's, a join's)
    given a short alias: Django writes `"classes_class"."id"` at every mention, a dozen bytes
    each, and gives every subquery's tables aliases of their own (U0, V1), so a table named by
    itself is the outer query's wherever it appears."""
    for number, (alias, join) in enumerate(queryset.query.alias_map.items()):
        if alias != join.table_name:
            continue
        quoted, short = f'"{alias}"', f"t{number}"
        # Named by itself: followed by the next clause, not by an alias of its own.
        named = re.compile(rf"((?:FROM|JOIN) {re.escape(quoted)})(?={_NEXT_CLAUSE})")
        sql, found = named.subn(rf"\1 {short}", sql, count=1)
        if found:
            sql = sql.replace(f"{quoted}.", f"{short}.")
    return sql


def _loaders(queryset: QuerySet, connection) -> dict[str, Callable[[Any], Any] | None]:
    """Each column's loader, by the name the database gives the column: a model field's column,
    or an annotation's alias."""
    query = queryset.query
    model_fields: list[Field] = [
        queryset.model._meta.get_field(name) for name in query.values_select
    ]
    loaders = {field.column: loader(field, connection) for field in model_fields}
    for name, annotation in query.annotation_select.items():
        loaders[name] = loader(annotation.output_field, connection)
    return loaders
