"""Reads (and one insert) written out in SQL once, run through the connection's cursor with each
call's values.

A few reads are asked at nearly every request: a family's own lists (selections, seats,
payments), read at every visit to the dashboard, and a participant's standing in a class, read
whenever a family selects a class, holds a seat or pays. Building their querysets (joins,
subqueries, annotations) and compiling them into SQL cost Python more than PostgreSQL took to
answer them, so each is a statement of its app's `prepared.py`, beside its selectors. This module
runs them and makes their rows into models through public APIs only: `Model.from_db`, related
objects cached by assigning them (`selection.camp_class = camp_class`), and each column's value
made the field's value as its database stores it.

Every statement runs on SQLite and PostgreSQL alike: named parameters, datetimes passed through
`connection.ops.adapt_datetimefield_value`, no GREATEST (the arithmetic of seats free stays in
`enrolments.availability`, in Python). Tables are named as the ORM writes them, quoted
(`"enrolments_selection"`), so what watches the SQL go by (the tests' races) sees the same. The
tests hold each statement to what the ORM answers for the same data, on the database the suite
runs on.

Each statement is built once for each of its builder's arguments, by `statement`, and sent on one
line.

`insert_unless_present` inserts a new row, or nothing when a unique constraint already holds its
twin (a selection, a waitlist entry made twice at once), without the savepoint that catching the
ORM's IntegrityError inside a transaction takes.
"""

import decimal
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from functools import cache, cached_property, wraps
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime, parse_time

from core.converters import may_name_a_row


class Columns:
    """A model's columns in a statement's select list, under its table's alias there, in the
    order `Model.from_db` takes their values."""

    def __init__(self, model: type[Model], alias: str):
        self.model = model
        self.alias = alias

    @cached_property
    def fields(self) -> list[Field]:
        # Read when first asked, once every app's models are loaded.
        return list(self.model._meta.concrete_fields)

    @cached_property
    def sql(self) -> str:
        # The model's columns come after a column named for the alias, by which a row finds
        # them (`Row.model`): naming each column would make the statements too long for the
        # driver to keep their parse (`DRIVER_CACHED_BYTES`).
        columns = ", ".join(f'{self.alias}."{field.column}"' for field in self.fields)
        return f'1 AS "{self.alias}", {columns}'

    @cached_property
    def names(self) -> list[str]:
        return [field.attname for field in self.fields]

    @cached_property
    def pk_at(self) -> int:
        return self.fields.index(self.model._meta.pk)


def loader(field: Field, connection) -> Callable[[Any], Any] | None:
    """What makes this field's column, as the database's driver hands it back, the field's
    value, as the ORM makes it; None where the driver's value is already that. A NULL is None
    whatever the field, and is not handed to it."""
    steps: list[Callable[[Any], Any]] = []
    if connection.vendor == "sqlite":
        steps += _sqlite_steps(field, connection)
    if hasattr(field, "from_db_value"):
        steps.append(lambda value: field.from_db_value(value, None, connection))
    if not steps:
        return None
    if len(steps) == 1:
        return steps[0]

    def load(value):
        for step in steps:
            value = step(value)
        return value

    return load


def _sqlite_steps(field: Field, connection) -> list[Callable[[Any], Any]]:
    # SQLite has no types of its own for these: the backend declares the columns so that the
    # driver parses dates and times, but a datetime comes back naive, in the database's time zone
    # (UTC unless DATABASES sets one), a decimal as a float or an int, a boolean as 0 or 1 where
    # the driver does not know the column.
    kind = field.get_internal_type()
    if kind == "DateTimeField":
        zone = settings.DATABASES[connection.alias].get("TIME_ZONE")
        database_zone = ZoneInfo(zone) if zone else UTC

        def aware(value):
            if not isinstance(value, datetime):
                value = parse_datetime(value)
            return value if timezone.is_aware(value) else timezone.make_aware(value, database_zone)

        return [aware]
    if kind == "DateField":
        return [lambda value: parse_date(value) if isinstance(value, str) else value]
    if kind == "TimeField":
        return [lambda value: parse_time(value) if isinstance(value, str) else value]
    if kind == "DecimalField":
        places = decimal.Decimal(1).scaleb(-field.decimal_places)
        # SQLite keeps 15 significant digits: what a float has past them is noise.
        from_float = decimal.Context(prec=15).create_decimal_from_float

        def exact(value):
            number = from_float(value) if isinstance(value, float) else decimal.Decimal(value)
            return number.quantize(places)

        return [exact]
    if kind == "BooleanField":
        return [bool]
    return []


# The longest statement whose parse psycopg keeps (psycopg._queries.MAX_CACHED_STATEMENT_LENGTH):
# a longer one is split into its parameters again at every call.
DRIVER_CACHED_BYTES = 4096


def statement(build: Callable[..., str]) -> Callable[..., str]:
    """A statement's builder, its SQL built once for each of its arguments and put on one line.

    The indentation that makes a statement readable in its module is sent to the database with
    it, and counts towards the length past which the driver parses the statement anew at every
    call (`DRIVER_CACHED_BYTES`): the standing a hold reads with the participant's paperwork is
    over it as written, and well under on one line. Every value a statement compares is a
    parameter, so no quoted literal's spaces are changed.
    """

    @cache
    @wraps(build)
    def built(*args) -> str:
        return " ".join(build(*args).split())

    return built


@statement
@cache
def _locks_sql(tables: tuple[str, ...], lock: str) -> str:
    named = ", ".join(f'"{table}" t{n}' for n, table in enumerate(tables))
    matched = " AND ".join(f"t{n}.id = %(row{n})s" for n in range(len(tables)))
    return f"SELECT t0.id FROM {named} WHERE {matched}{lock}"  # noqa: S608 - our tables


# Each statement's columns by name, read from its first answer: the driver makes the description
# anew at each asking, an object a column, which cost more than the rest of reading the row.
_column_names: dict[str, dict[str, int]] = {}


def column_names(cursor, sql: str) -> dict[str, int]:
    """Where each of the statement's columns is in its rows, by the name the statement gives it."""
    try:
        return _column_names[sql]
    except KeyError:
        names = {column[0]: at for at, column in enumerate(cursor.description or ())}
        return _column_names.setdefault(sql, names)


# Each field's loader on each database, made at its first read: what a loader asks of the
# connection (its vendor, its time zone) is the same in every thread.
_field_loaders: dict[tuple[str, Field], Callable[[Any], Any] | None] = {}


def _loader_on(connection, field: Field) -> Callable[[Any], Any] | None:
    key = (connection.alias, field)
    try:
        return _field_loaders[key]
    except KeyError:
        return _field_loaders.setdefault(key, loader(field, connection))


# Each set of columns' loaders on each database, in their order, made at their first read.
_columns_loaders: dict[tuple[str, Columns], list[Callable[[Any], Any] | None]] = {}


class Reader:
    """Runs a statement on one database (the default one unless named) and hands back its rows,
    each read column by column into models and values."""

    def __init__(self, using: str = DEFAULT_DB_ALIAS):
        self.using = using
        self.connection = connections[using]

    def rows(self, sql: str, params: Mapping[str, Any]) -> Iterator["Row"]:
        adapt = self.connection.ops.adapt_datetimefield_value
        params = {
            # SQLite compares datetimes as the text it stores them as: naive, in its time zone.
            name: adapt(value) if isinstance(value, datetime) else value
            for name, value in params.items()
        }
        with self.connection.cursor() as cursor:
            cursor.execute(sql, params)
            found = cursor.fetchall()
            names = column_names(cursor, sql)
        return (Row(self, names, values) for values in found)

    def for_update(self) -> str:
        """What locks a statement's rows until the transaction ends, as `select_for_update` does:
        " FOR UPDATE" on PostgreSQL, nothing on SQLite, whose transactions take the write lock
        when they begin. Only inside a transaction, as the ORM asks."""
        if not self.connection.features.has_select_for_update:
            return ""
        if self.connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        return " FOR UPDATE"

    def lock_row(self, table: str, row_id: int) -> bool:
        """Lock one row of `table` by its id until the transaction ends (`for_update`); whether
        there is such a row. The lock is taken in a statement of its own: a statement that waits
        for a lock reads as things stood before it waited, so what it guards is read after."""
        return self.lock_rows((table, row_id))

    def lock_rows(self, *rows: tuple[str, int]) -> bool:
        """`lock_row` for one row of each of several tables, in one statement: PostgreSQL locks
        the rows a joined row is made of one table after the other, in the order the statement
        names the tables, which is the order given here. So the statement takes the locks as
        one statement a row would, a round trip fewer. Whether every row is there (none is
        locked if one is not)."""
        if not all(may_name_a_row(row_id) for _, row_id in rows):
            return False
        sql = _locks_sql(tuple(table for table, _ in rows), self.for_update())
        params = {f"row{n}": row_id for n, (_, row_id) in enumerate(rows)}
        return any(True for _ in self.rows(sql, params))

    def loaders(self, columns: Columns) -> list[Callable[[Any], Any] | None]:
        """Each of the columns' loaders, in their order."""
        key = (self.using, columns)
        try:
            return _columns_loaders[key]
        except KeyError:
            loaders = [_loader_on(self.connection, field) for field in columns.fields]
            return _columns_loaders.setdefault(key, loaders)

    def load(self, field: Field, value):
        load = _loader_on(self.connection, field)
        return value if load is None or value is None else load(value)


class Row:
    """One row of a statement, its columns read by the names the statement gives them: a value by
    its own, a model's columns by the alias named before them (`Columns.sql`)."""

    def __init__(self, reader: Reader, names: dict[str, int], values: tuple):
        self._reader = reader
        self._names = names
        self._values = values

    def model(self, columns: Columns) -> Model | None:
        """The model of the columns named for `columns`' alias; None for a left join that found
        no row."""
        start = self._names[columns.alias] + 1
        found = self._values[start : start + len(columns.fields)]
        if found[columns.pk_at] is None:
            return None
        values = [
            value if load is None or value is None else load(value)
            for load, value in zip(self._reader.loaders(columns), found, strict=True)
        ]
        return columns.model.from_db(self._reader.using, columns.names, values)

    @property
    def using(self) -> str:
        """The database the row was read from, for a model made of some of its columns."""
        return self._reader.using

    def value(self, name: str, field: Field | None = None):
        """The column `name`'s value, as `field` holds it when one is named."""
        value = self._values[self._names[name]]
        return value if field is None else self._reader.load(field, value)


M = TypeVar("M", bound=Model)

# Each model's INSERT on each database, and the fields it writes, made at the first insert.
_inserts: dict[tuple[str, type[Model]], tuple[str, list[Field]]] = {}


def _insert_of(connection, model: type[Model]) -> tuple[str, list[Field]]:
    key = (connection.alias, model)
    try:
        return _inserts[key]
    except KeyError:
        quote = connection.ops.quote_name
        opts = model._meta
        fields = [field for field in opts.local_concrete_fields if field is not opts.auto_field]
        columns = ", ".join(quote(field.column) for field in fields)
        places = ", ".join(["%s"] * len(fields))
        sql = (
            f"INSERT INTO {quote(opts.db_table)} ({columns}) VALUES ({places})"  # noqa: S608
            f" ON CONFLICT DO NOTHING RETURNING {quote(opts.pk.column)}"
        )
        return _inserts.setdefault(key, (sql, fields))


def insert_unless_present(model: type[M], *, using: str = DEFAULT_DB_ALIAS, **values) -> M | None:
    """The new row of `model` with `values` (as its constructor takes them), inserted unless the
    table holds a row that one of its unique constraints would refuse beside it: the row as
    `Model.from_db` makes it, or None when nothing was inserted.

    The ORM's `save` raises IntegrityError instead, which inside a transaction takes a savepoint,
    two more round trips, to survive. Each field's value is made as `save` makes it
    (`Field.pre_save`, then `get_db_prep_save`); no signal is sent, so only a model that nothing
    listens to is written here. The related rows named in `values` come cached on the row, as
    assigning them caches them, so reading them asks nothing more.
    """
    connection = connections[using]
    sql, fields = _insert_of(connection, model)
    draft = model(**values)
    params = []
    for field in fields:
        value = field.pre_save(draft, True)
        if hasattr(value, "resolve_expression"):
            raise ValueError(f"{field.name} is an expression: save() writes it, not this.")
        params.append(field.get_db_prep_save(value, connection))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return None
    draft.pk = found[0]
    concrete = model._meta.concrete_fields
    row = model.from_db(
        using, [field.attname for field in concrete], [getattr(draft, f.attname) for f in concrete]
    )
    for name, value in values.items():
        if isinstance(value, Model):
            setattr(row, name, value)
    return row
