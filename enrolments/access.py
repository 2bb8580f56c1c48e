"""Reading a selection on a student's behalf: theirs, or as good as absent."""

from accounts.models import User
from core.errors import NotFound
from enrolments.models import Selection


def access_selection(*, student: User, selection_id: int, lock: bool = False) -> Selection:
    """One of the student's own selections, with its class; anyone else's is not found."""
    selections = Selection.objects.select_related("camp_class", "participant")
    if lock:
        selections = selections.select_for_update()
    selection = selections.filter(pk=selection_id, student=student).first()
    if selection is None:
        raise NotFound("No such selected class.")
    return selection
