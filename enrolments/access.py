"""Reading on a family's behalf: their own selections, waitlist entries and participants, or as
good as absent."""

from django.utils.translation import gettext as _

from accounts.access import access_participant
from accounts.models import Participant, User
from accounts.services import account_holder_of
from core.errors import NotFound
from enrolments.models import Enrolment, EnrolmentStatus, Selection, WaitlistEntry


def access_selection(*, student: User, selection_id: int, lock: bool = False) -> Selection:
    """One of the student's own selections, with its class; anyone else's is not found."""
    selections = Selection.objects.select_related("camp_class", "participant")
    if lock:
        selections = selections.select_for_update()
    selection = selections.filter(pk=selection_id, student=student).first()
    if selection is None:
        raise NotFound(_("No such selected class."))
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
        raise NotFound(_("No such waitlist entry."))
    return entry


def access_enrolment(*, student: User, enrolment_id: int) -> Enrolment:
    """One of the family's own seats, held now, with its class and child; anyone else's, or one
    given back, is not found."""
    enrolment = (
        Enrolment.objects.select_related("camp_class", "participant")
        .filter(pk=enrolment_id, student=student, status=EnrolmentStatus.ACTIVE)
        .first()
    )
    if enrolment is None:
        raise NotFound(_("No such enrolment."))
    return enrolment
