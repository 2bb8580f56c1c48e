"""Index kinds that only one of our two databases has."""

from django.contrib.postgres.indexes import GinIndex
from django.db import models


class GinIndexOnPostgres(GinIndex):
    """A GIN index on PostgreSQL; on SQLite, where GIN does not exist, a plain index of the
    same name on the same columns, so both databases build from one migration."""

    def create_sql(self, model, schema_editor, using="", **kwargs):
        if schema_editor.connection.vendor == "postgresql":
            return super().create_sql(model, schema_editor, using=using, **kwargs)
        plain = models.Index(fields=self.fields, name=self.name)
        return plain.create_sql(model, schema_editor, using=using, **kwargs)
