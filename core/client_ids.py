"""A device's id for something it recorded, perhaps with no signal, and sent later, perhaps more
than once: an attendance action, an incident report, a dose given, a photograph of a piece.

The first sending is kept under its `client_id` (unique in its table); every later one is
answered that row, nothing checked or written again. An id already used by someone else, or for
something else, is refused rather than answered with what another person recorded.
"""

from django.db import models
from django.utils.translation import gettext as _

from core.errors import Conflict


def sent_before(rows: models.QuerySet, *, client_id: str, same: dict, what: str):
    """The row of `rows` kept under `client_id`, if any, when its fields are `same`'s values
    (who sent it, and where); `what` names the row in the refusal."""
    row = rows.filter(client_id=client_id).first()
    if row is None:
        return None
    if any(getattr(row, field) != value for field, value in same.items()):
        raise Conflict(
            _("This %(what)s's id is already used by another %(what)s.") % {"what": what}
        )
    return row
