"""A meeting's attendance: for its class's instructor and admins."""

from django.utils.translation import gettext as _

from accounts.models import User
from classes.access import access_class_for_instructor
from classes.models import Meeting
from core.errors import NotFound, Refused


def access_meeting_for_attendance(*, user: User, meeting_id: int, lock: bool = False) -> Meeting:
    """A meeting, with its class, whose attendance this person takes: of a class they teach, or
    any for an admin (`access_class_for_instructor`). Another instructor's is as good as absent:
    who comes to a class is not theirs to learn. Locked when asked, so that the actions on its
    roster are decided one at a time."""
    meetings = Meeting.objects.select_related("camp_class")
    if lock:
        meetings = meetings.select_for_update(of=("self",))
    meeting = meetings.filter(pk=meeting_id).first()
    if meeting is None:
        raise NotFound(_("No such meeting."))
    try:
        access_class_for_instructor(user=user, class_id=meeting.camp_class_id)
    except Refused as refused:
        raise NotFound(_("No such meeting.")) from refused
    return meeting
