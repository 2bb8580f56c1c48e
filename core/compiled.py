"""A queryset built and compiled into SQL once per process, run with each call's values.

The busiest reads are the same SQL every time but for a few values: a family's own lists
(selections, seats, payments), read at every visit to the dashboard, and what the rules ask of
the database when a family selects a class or pays (`enrolments.rules.class_with_standing`).
Building their querysets (joins, subqueries, annotations, ordering) and compiling them into SQL
cost Python more than PostgreSQL takes to run the prepared query. `CompiledList` builds the
queryset once with stand-in values, keeps the compiler, and at each call runs the same SQL with
the call's values in their places, the rows made into models exactly as the ORM makes them
(select_related, annotations, the known related objects of a reverse relation).

Only the whole list is served this way. Anything asked further of the answer (a page, a count,
another filter) builds the ordinary queryset with the call's values and goes on from it.

Every value that changes from call to call must be one of the builder's arguments: a constant
left in the query is the same for every call. A date or a time compiled into the query is
refused, since "now" would stay the moment of the first call.
"""

import copy
from collections.abc import Callable
from datetime import UTC, date, datetime
from threading import Lock

from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.sql import Query

# Stand-ins that no row's id reaches, each value its own: a parameter equal to one is that value.
_STAND_IN_ID = 9_007_199_254_740_000
_STAND_IN_TIME = datetime(1901, 2, 3, 4, 5, 6, 789012, tzinfo=UTC)


class _Compiled:
    """One shape of the list: its compiler, its SQL and where each value goes in it."""

    def __init__(self, queryset: QuerySet, stand_ins: dict):
        connection = connections[queryset.db]
        self.alias = queryset.db
        self.model = queryset.model
        self.query = queryset.query
        self.compiler = queryset.query.get_compiler(using=queryset.db)
        # Compiling fills the compiler's select, klass_info and annotation_col_map, which
        # turn each row into models; they depend on the query's shape only, never on a value.
        self.sql, params = self.compiler.as_sql()
        adapted = {
            name: _adapt(connection, stand_in)
            for name, stand_in in stand_ins.items()
            if stand_in is not None
        }
        self.params: list = []
        for param in params:
            name = next((name for name, value in adapted.items() if value == param), None)
            if name is None and _is_time(param):
                raise ImproperlyConfigured(
                    f"{self.model.__name__} list: a date in the query must be an argument."
                )
            self.params.append(_Value(name) if name else param)
        missing = set(adapted) - {param.name for param in self.params if isinstance(param, _Value)}
        if missing:
            raise ImproperlyConfigured(f"{self.model.__name__} list: {missing} not in its SQL.")
        # A reverse relation's rows know their owner without a join (`student.payments`).
        self.known = {}
        for field, objects in queryset._known_related_objects.items():
            names = {
                next(name for name, stand_in in stand_ins.items() if stand_in is instance)
                for instance in objects.values()
            }
            self.known[field] = names


class _Value:
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


def _is_time(param) -> bool:
    # SQLite's backend hands dates and times to the driver as ISO text.
    if isinstance(param, str):
        try:
            datetime.fromisoformat(param)
        except ValueError:
            return False
        return True
    return isinstance(param, date | datetime)


def _adapt(connection, value):
    if isinstance(value, Model):
        return value.pk
    if isinstance(value, datetime):
        return connection.ops.adapt_datetimefield_value(value)
    return value


def _stand_in(number: int, value):
    if value is None:
        return None
    if isinstance(value, Model):
        return type(value)(pk=_STAND_IN_ID + number)
    if isinstance(value, datetime):
        return _STAND_IN_TIME.replace(second=number % 60, minute=number // 60)
    if isinstance(value, int) and not isinstance(value, bool):
        return _STAND_IN_ID + number
    raise ImproperlyConfigured(f"A compiled list takes ids, models and times, not {value!r}.")


class _CompiledQuery(Query):
    """A query run as compiled; cloned for anything further, as the ordinary query it stands
    for (its own where clause holds the stand-ins, not the values)."""

    compiled: _Compiled
    call_values: dict
    rebuild: Callable[[], QuerySet]

    def get_compiler(self, using=None, connection=None, elide_empty=True):
        connection = connection or connections[using]
        if connection.alias != self.compiled.alias:
            return self.rebuild().query.get_compiler(
                using=using, connection=connection, elide_empty=elide_empty
            )
        # A copy per call: the compiler holds the connection, which is each thread's own.
        compiler = copy.copy(self.compiled.compiler)
        compiler.connection = connection
        params = tuple(
            _adapt(connection, self.call_values[param.name]) if isinstance(param, _Value) else param
            for param in self.compiled.params
        )
        sql = self.compiled.sql
        # The compiled SQL and this call's values, in place of compiling the query again.
        compiler.as_sql = lambda with_limits=True, with_col_aliases=False: (sql, params)
        return compiler

    def clone(self):
        return self.rebuild().query.clone()


class CompiledList:
    """`build(**values)`'s queryset, compiled once per shape, for each call's values. A value
    left out (None) is a shape of its own, as the builder's SQL differs; a call on another
    database than the first one's builds its queryset as usual."""

    def __init__(self, build: Callable[..., QuerySet]):
        self._build = build
        self._compiled: dict[tuple, _Compiled] = {}
        self._lock = Lock()

    def __call__(self, **values) -> QuerySet:
        shape = tuple(sorted((name, value is None) for name, value in values.items()))

        def rebuild() -> QuerySet:
            return self._build(**values)

        compiled = self._compiled.get(shape)
        if compiled is None:
            stand_ins = {
                name: _stand_in(number, value)
                for number, (name, value) in enumerate(sorted(values.items()))
            }
            compiled = _Compiled(self._build(**stand_ins), stand_ins)
            with self._lock:
                self._compiled.setdefault(shape, compiled)
        query = compiled.query.clone()
        query.__class__ = _CompiledQuery
        query.compiled = compiled
        query.call_values = values
        query.rebuild = rebuild
        queryset = QuerySet(model=compiled.model, query=query, using=compiled.alias)
        queryset._known_related_objects = {
            field: {values[name].pk: values[name] for name in names}
            for field, names in compiled.known.items()
        }
        return queryset
