"""Whose care record a caller may open, and how much of it: read and checked in one call."""

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Participant, Role, User
from care.models import CareDocument, DocumentKind
from care.selectors import read_scope
from core.errors import NotFound

NOT_FOUND = gettext_lazy("No such person.")
# Who is looking at a child's records of the days of camp (`access_child_records`).
FAMILY = "family"
SCHOOL = "school"
INSTRUCTOR = "instructor"


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


def access_child_records(
    *, reader: User, participant_id: int, recorded_in_class_of: Callable[[Participant], bool]
) -> tuple[Participant, str]:
    """A child whose records of the days of camp (incident reports, artwork) the reader may
    list, and how: `FAMILY` (the child's own), `SCHOOL` (admins) or `INSTRUCTOR`, for a child
    they teach now or one a record of a class of theirs names (`recorded_in_class_of`). Anyone
    else's child is as good as absent."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None:
        raise NotFound(NOT_FOUND)
    if participant.account_id == reader.pk:
        return participant, FAMILY
    if reader.role == Role.ADMIN:
        return participant, SCHOOL
    if reader.role == Role.INSTRUCTOR and (
        read_scope(reader=reader, participant=participant) is not None
        or recorded_in_class_of(participant)
    ):
        return participant, INSTRUCTOR
    raise NotFound(NOT_FOUND)


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
        raise NotFound(_("No such person in your family."))
    return participant


def _family_or_admin(reader: User, participant: Participant) -> bool:
    return participant.account_id == reader.pk or reader.role == Role.ADMIN


def access_documents(*, reader: User, participant_id: int) -> tuple[Participant, bool]:
    """A child's documents: the participant, and whether the reader may see only the action
    plans (an instructor of a class the child is in, whatever the class lets them read of the
    record); the family and admins see every one; to anyone else, as good as absent."""
    participant, _ = access_care(reader=reader, participant_id=participant_id)
    return participant, not _family_or_admin(reader, participant)


def access_documents_to_add(*, by: User, participant_id: int) -> Participant:
    """Adding a document: the family, for its own child, and admins."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None or not _family_or_admin(by, participant):
        raise NotFound(NOT_FOUND)
    return participant


def access_document(*, reader: User, document_id: int) -> CareDocument:
    """One document's file: the family and admins; an instructor of the child, an action plan
    only; to anyone else, as good as absent."""
    document = CareDocument.objects.select_related("participant").filter(pk=document_id).first()
    if document is None:
        raise NotFound(_("No such document."))
    participant = document.participant
    if read_scope(reader=reader, participant=participant) is None:
        raise NotFound(_("No such document."))
    if not _family_or_admin(reader, participant) and document.kind != DocumentKind.ACTION_PLAN:
        raise NotFound(_("No such document."))
    return document
