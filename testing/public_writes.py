"""Watches that every write to data the public lists show is followed by their invalidation.

The whole server suite runs under this watch (conftest.py): whatever a test drives, a service, an
admin action, a management command or an API call, each INSERT, UPDATE or DELETE that touches a
public table or column must be followed by `core.public_cache.public_lists_changed` before the
test ends. The next write path anyone adds is walked by its own tests.
"""

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.apps import apps
from django.db import connection

from accounts.models import Role
from core import public_cache

_WRITE = re.compile(r'^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+"(\w+)"', re.IGNORECASE)
_SET_COLUMN = re.compile(r'"(\w+)"\s*=')


def _live_columns() -> dict[str, frozenset[str]]:
    """Each public table's columns whose changes the lists write in at each serving."""
    return {
        model._meta.db_table: frozenset(model._meta.get_field(name).column for name in names)
        for model in apps.get_models()
        if issubclass(model, public_cache.ShownInPublicLists) and (names := model.live_fields)
    }


def _public_columns() -> dict[str, frozenset[str] | None]:
    """Each public table, with the columns the lists show (None: every column)."""
    tables = {}
    for model in apps.get_models():
        if not issubclass(model, public_cache.ShownInPublicLists):
            continue
        names = model.public_fields
        tables[model._meta.db_table] = (
            None
            if names is None
            else frozenset(model._meta.get_field(name).column for name in names)
        )
    return tables


@dataclass
class PublicWritesWatch:
    tables: dict[str, frozenset[str] | None] = field(default_factory=_public_columns)
    live: dict[str, frozenset[str]] = field(default_factory=_live_columns)
    # The first public write not yet followed by an invalidation, if any, and whether the writes
    # since changed live figures alone (which `public_figures_moved` answers too).
    pending: str | None = None
    pending_live: bool = False

    def _is_public(self, sql: str, params) -> bool:
        match = _WRITE.match(sql)
        if match is None or match.group(2) not in self.tables:
            return False
        verb, columns = match.group(1).upper(), self.tables[match.group(2)]
        if columns is None or verb == "DELETE FROM":
            return True
        if verb == "INSERT INTO":
            # A person becomes public as an instructor; a new student or admin does not.
            return Role.INSTRUCTOR.value in (params or ())
        assignments = sql.split(" WHERE ", 1)[0].split(" SET ", 1)[-1]
        return bool(columns.intersection(_SET_COLUMN.findall(assignments)))

    def _execute(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        # A conditional UPDATE or DELETE that matched nothing changed nothing.
        if context["cursor"].rowcount != 0 and self._is_public(sql, params):
            live = self._is_live(sql)
            if self.pending is None:
                self.pending, self.pending_live = sql[:120], live
            else:
                self.pending_live = self.pending_live and live
        return result

    def _is_live(self, sql: str) -> bool:
        match = _WRITE.match(sql)
        live = self.live.get(match.group(2))
        if not live or match.group(1).upper() != "UPDATE":
            return False
        assignments = sql.split(" WHERE ", 1)[0].split(" SET ", 1)[-1]
        return live.issuperset(_SET_COLUMN.findall(assignments))

    def _invalidated(self, figures_only: bool) -> None:
        if not figures_only or self.pending_live:
            self.pending = None

    @contextmanager
    def watching(self):
        with (
            public_cache.public_list_changes_watched(self._invalidated),
            connection.execute_wrapper(self._execute),
        ):
            yield self
