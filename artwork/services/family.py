"""What a family does with its child's pieces beside looking: takes the child off a piece (an
admin may do it for them). A piece with no child left on it is nobody's: it is deleted, and
every stored file of it with it once the deletion is committed (artwork.apps)."""

from django.db import transaction
from django.utils.translation import gettext_lazy

from accounts.models import User
from artwork.access_children import access_child_for_family
from artwork.models import Artwork, ArtworkChild
from core.errors import NotFound

NO_SUCH_PIECE = gettext_lazy("No such piece of artwork.")


@transaction.atomic
def artwork_child_untag(*, by: User, participant_id: int, artwork_id: int) -> bool:
    """The child taken off the piece, by their family or an admin; whether the piece went with
    it (no child left on it). The piece is locked, so that two families taking their children
    off it at once leave it to the second to delete."""
    participant = access_child_for_family(user=by, participant_id=participant_id)
    artwork = (
        Artwork.objects.select_for_update(of=("self",))
        .filter(pk=artwork_id, children__participant=participant)
        .first()
    )
    if artwork is None:
        raise NotFound(NO_SUCH_PIECE)
    ArtworkChild.objects.filter(artwork=artwork, participant=participant).delete()
    if ArtworkChild.objects.filter(artwork=artwork).exists():
        return False
    artwork.delete()
    return True
