"""A queryset the ORM compiles once per process and database, then runs with new values.

Building a queryset of several subqueries and compiling it to SQL costs more CPU than the
database takes to answer it; on the busiest writes (selecting a class, opening the payment page)
that was most of the request's time. The rule stays written once, as a queryset: it is built with
stand-in values, compiled, and each stand-in's place among the parameters is remembered, so
later calls only swap the values in.
"""

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from django.db import connections
from django.db.models import QuerySet

# Stand-ins no real value takes: ids below any sequence's, instants in year 1.
_INT_STAND_IN = -2_000_000_000
_INSTANT_STAND_IN = datetime(1, 1, 1, tzinfo=UTC)


class CompiledQuery:
    """`build(**values)` returns the queryset; `kinds` says which of its values are ids (`int`)
    and which are instants (`datetime`), the two kinds of parameter it may take."""

    def __init__(self, build: Callable[..., QuerySet], **kinds: type):
        self._build = build
        self._kinds = kinds
        self._compiled: dict[str, tuple[QuerySet, str, list, list]] = {}

    def _stand_ins(self) -> dict[str, object]:
        stand_ins = {}
        for n, (name, kind) in enumerate(self._kinds.items()):
            if kind is int:
                stand_ins[name] = _INT_STAND_IN - n
            elif kind is datetime:
                stand_ins[name] = _INSTANT_STAND_IN + timedelta(microseconds=n + 1)
            else:
                raise TypeError(f"{name}: only int and datetime values can be swapped in")
        return stand_ins

    def _adapted(self, connection, name: str, value):
        if self._kinds[name] is datetime:
            return connection.ops.adapt_datetimefield_value(value)
        return value

    def _compile(self, using: str):
        connection = connections[using]
        stand_ins = self._stand_ins()
        queryset = self._build(**stand_ins).using(using)
        sql, params = queryset.query.sql_with_params()
        adapted = {self._adapted(connection, name, v): name for name, v in stand_ins.items()}
        places = [
            (n, adapted[param])
            for n, param in enumerate(params)
            if isinstance(param, int | str | datetime) and param in adapted
        ]
        missing = set(stand_ins) - {name for _, name in places}
        if missing or any(str(value) in sql for value in adapted):
            # A value the ORM wrote into the SQL itself, or dropped, cannot be swapped later.
            raise ValueError(f"Values not passed as parameters: {sorted(missing) or 'inlined'}")
        return queryset, sql, list(params), places

    def sql_with_params(self, *, using: str = "default", **values) -> tuple[str, list]:
        if using not in self._compiled:
            self._compiled[using] = self._compile(using)
        _, sql, params, places = self._compiled[using]
        params = list(params)
        connection = connections[using]
        for n, name in places:
            params[n] = self._adapted(connection, name, values[name])
        return sql, params

    def rows(self, *, using: str = "default", **values) -> list:
        """The model instances the queryset would give for these values, with its annotations."""
        if using not in self._compiled:
            self._compiled[using] = self._compile(using)
        queryset = self._compiled[using][0]
        sql, params = self.sql_with_params(using=using, **values)
        return list(queryset.model._default_manager.db_manager(using).raw(sql, params))
