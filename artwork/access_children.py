"""Whose pieces of artwork a caller may read, or take a child off, by the child: read and
checked in one call.

The family sees every piece its child is on, and admins every child's; an instructor the pieces
of the classes they teach, for a child they teach now or one on such a piece. To anyone else
the child is as good as absent.
"""

from accounts.models import Participant, Role, User
from artwork.models import Artwork
from care.selectors import read_scope
from core.errors import NotFound

FAMILY = "family"
SCHOOL = "school"
INSTRUCTOR = "instructor"
NO_SUCH_PERSON = "No such person."


def access_child_artworks(*, user: User, participant_id: int) -> tuple[Participant, str]:
    """The child and the view this person has of their pieces: `FAMILY` (the child's own
    family), `SCHOOL` (admins: every piece) or `INSTRUCTOR` (an instructor of the child: the
    pieces of the classes they teach)."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None:
        raise NotFound(NO_SUCH_PERSON)
    if participant.account_id == user.pk:
        return participant, FAMILY
    if user.role == Role.ADMIN:
        return participant, SCHOOL
    if user.role == Role.INSTRUCTOR and (
        read_scope(reader=user, participant=participant) is not None
        or Artwork.objects.filter(
            children__participant=participant, camp_class__instructor=user
        ).exists()
    ):
        return participant, INSTRUCTOR
    raise NotFound(NO_SUCH_PERSON)


def access_child_for_family(*, user: User, participant_id: int) -> Participant:
    """A child whose pieces are the family's to keep or let go (its portfolio, taking it off a
    piece): the family's own, and any child for an admin."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None or (participant.account_id != user.pk and user.role != Role.ADMIN):
        raise NotFound(NO_SUCH_PERSON)
    return participant
