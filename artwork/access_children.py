"""Whose pieces of artwork a caller may read, or take a child off, by the child: read and
checked in one call.

The family sees every piece its child is on, and admins every child's; an instructor the pieces
of the classes they teach, for a child they teach now or one on such a piece. To anyone else
the child is as good as absent.
"""

from django.utils.translation import gettext_lazy

from accounts.models import Participant, Role, User
from artwork.models import Artwork
from care.access import access_child_records
from core.errors import NotFound

NO_SUCH_PERSON = gettext_lazy("No such person.")


def access_child_artworks(*, user: User, participant_id: int) -> tuple[Participant, str]:
    """The child and the view this person has of their pieces: `FAMILY` (the child's own
    family), `SCHOOL` (admins: every piece) or `INSTRUCTOR` (an instructor of the child: the
    pieces of the classes they teach)."""
    return access_child_records(
        reader=user,
        participant_id=participant_id,
        recorded_in_class_of=lambda child: Artwork.objects.filter(
            children__participant=child, camp_class__instructor=user
        ).exists(),
    )


def access_child_for_family(*, user: User, participant_id: int) -> Participant:
    """A child whose pieces are the family's to keep or let go (its portfolio, taking it off a
    piece): the family's own, and any child for an admin."""
    participant = Participant.objects.filter(pk=participant_id).first()
    if participant is None or (participant.account_id != user.pk and user.role != Role.ADMIN):
        raise NotFound(NO_SUCH_PERSON)
    return participant
