"""The locks every write of a class's seats, holds and offers takes: the class's row, and for a
hold or an offer the family's account row after it, in one statement (`core.prepared.Reader`'s
`lock_rows`: the ORM locks one table's rows a statement). A statement that waits for a lock
reads as things stood before it waited, so what the lock guards is read after it."""

from accounts.models import User
from classes.models import Class
from core.prepared import Reader


def class_lock(*, camp_class_id: int) -> bool:
    """Lock the class row until the transaction ends (`services.holds.class_locked`'s lock, for a
    caller that reads the class afterwards); whether there is such a class."""
    return Reader().lock_row(Class._meta.db_table, camp_class_id)


def family_lock(*, family_id: int) -> None:
    """Lock the family's account row until the transaction ends: the holds one family takes in
    different classes are counted one after the other (`services.hold_take`)."""
    Reader().lock_row(User._meta.db_table, family_id)


def class_and_family_lock(*, camp_class_id: int, family_id: int) -> bool:
    """`class_lock`, then `family_lock`, in one statement (`Reader.lock_rows`): the class first,
    as every write of its seats takes it; whether there is such a class."""
    return Reader().lock_rows(
        (Class._meta.db_table, camp_class_id), (User._meta.db_table, family_id)
    )
