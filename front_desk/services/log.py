from accounts.models import User
from front_desk.models import DeskAction


def desk_log(
    *, actor: User, family: User | None, kind: str, summary: str, detail: dict | None = None
) -> DeskAction:
    """One thing done at the front desk, on record in the caller's transaction (so a change
    undone leaves no entry, and a change made leaves one)."""
    return DeskAction.objects.create(
        actor=actor, family=family, kind=kind, summary=summary, detail=detail or {}
    )
