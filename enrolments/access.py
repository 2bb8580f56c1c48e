"""Reading on a family's behalf: their own selections, waitlist entries and participants, or as
good as absent. A class's messages: for its instructor and admins, and for its families. A
meeting's attendance: for its class's instructor and admins."""

from dataclasses import dataclass

from accounts.access import access_participant
from accounts.models import Participant, User
from accounts.services import account_holder_of
from classes.access import access_class_for_instructor
from classes.models import Class, Meeting
from core.errors import NotFound, Refused
from enrolments.models import Selection, WaitlistEntry
from enrolments.selectors import class_message_audiences_for


def access_selection(*, student: User, selection_id: int, lock: bool = False) -> Selection:
    """One of the student's own selections, with its class; anyone else's is not found."""
    selections = Selection.objects.select_related("camp_class", "participant")
    if lock:
        selections = selections.select_for_update()
    selection = selections.filter(pk=selection_id, student=student).first()
    if selection is None:
        raise NotFound("No such selected class.")
    return selection


def participant_for(*, student: User, participant_id: int | None, lock: bool) -> Participant:
    """Who a choice is for: one of the family, or the account holder when nobody is named (the
    spec's client names nobody). Locked when asked, so the child's record stays while the
    choice is made (removing a child takes the same lock)."""
    if participant_id is not None:
        return access_participant(account=student, participant_id=participant_id, lock=lock)
    holders = Participant.objects.filter(account=student, is_account_holder=True)
    if lock:
        holders = holders.select_for_update()
    return holders.first() or account_holder_of(student)


def access_waitlist_entry(*, student: User, entry_id: int, lock: bool = False) -> WaitlistEntry:
    """One of the family's own waitlist entries; anyone else's is not found."""
    entries = WaitlistEntry.objects.select_related("camp_class", "participant", "student")
    if lock:
        entries = entries.select_for_update(of=("self",))
    entry = entries.filter(pk=entry_id, student=student).first()
    if entry is None:
        raise NotFound("No such waitlist entry.")
    return entry


def access_class_to_write_to(*, user: User, class_id: int) -> Class:
    """A class whose families this person may write to: its instructor's, or any for an admin
    (`access_class_for_instructor`). Another instructor's class is as good as absent to them:
    whose families a class has is not theirs to learn."""
    try:
        return access_class_for_instructor(user=user, class_id=class_id)
    except Refused as refused:
        raise NotFound("No such class.") from refused


@dataclass(frozen=True)
class MessagesReader:
    class_id: int
    # The audiences whose messages this reader sees; None: every one (the class's staff).
    audiences: tuple[str, ...] | None

    @property
    def is_staff(self) -> bool:
        return self.audiences is None


def access_class_messages(*, user: User, class_id: int) -> MessagesReader:
    """A class's messages as this person may read them: all of them for its instructor and
    admins (`access_class_for_instructor`); for one of its families, those whose audience
    reaches it now (`selectors.class_message_audiences_for`). Anyone else: no such class."""
    try:
        camp_class = access_class_for_instructor(user=user, class_id=class_id)
    except Refused:
        # There is such a class, not theirs to teach: theirs to read only as one of its families.
        audiences = class_message_audiences_for(student=user, class_id=class_id)
        if not audiences:
            raise NotFound("No such class.") from None
        return MessagesReader(class_id=class_id, audiences=audiences)
    return MessagesReader(class_id=camp_class.pk, audiences=None)


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
        raise NotFound("No such meeting.")
    try:
        access_class_for_instructor(user=user, class_id=meeting.camp_class_id)
    except Refused as refused:
        raise NotFound("No such meeting.") from refused
    return meeting
