"""Whose care record a caller may open, and how much of it: read and checked in one call."""

from accounts.models import Participant, Role, User
from care.selectors import read_scope
from core.errors import NotFound

NOT_FOUND = "No such person."


def access_care(*, reader: User, participant_id: int) -> tuple[Participant, str]:
    """The participant and how much of their record the reader may see (`read_scope`); a record
    they may not see is as good as absent."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None:
        raise NotFound(NOT_FOUND)
    scope = read_scope(reader=reader, participant=participant)
    if scope is None:
        raise NotFound(NOT_FOUND)
    return participant, scope


def access_care_of_family_or_admin(*, reader: User, participant_id: int) -> Participant:
    """The history and the access log: the family's and the admins' only (never an
    instructor's, whatever their class)."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None or (participant.account_id != reader.pk and reader.role != Role.ADMIN):
        raise NotFound(NOT_FOUND)
    return participant


def access_own_care(*, family: User, participant_id: int) -> Participant:
    """Writing a record: the family's own children only."""
    participant = Participant.objects.filter(pk=participant_id, account=family).first()
    if participant is None:
        raise NotFound("No such person in your family.")
    return participant
