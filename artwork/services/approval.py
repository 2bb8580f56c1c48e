"""An admin's approval of a piece for the public gallery, and its withdrawal.

Approved, a piece shows in the gallery while every child tagged on it has photo consent
(`artwork.selectors.gallery.public_artworks`); the approval forgets the public lists' cached
answers, as every write of a piece's public fields does (`ShownInPublicLists`).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from artwork.models import Artwork
from core.errors import NotFound


@transaction.atomic
def artwork_approval_set(*, actor: User, artwork_id: int, approved: bool) -> Artwork:
    """Approve the piece (`approved`), or withdraw its approval: it leaves the gallery at once.
    Approving an approved piece keeps who approved it and when; either is a no-op when the piece
    is as asked already."""
    artwork = Artwork.objects.select_for_update().filter(pk=artwork_id).first()
    if artwork is None:
        raise NotFound(_("No such piece."))
    if approved == (artwork.approved_at is not None):
        return artwork
    artwork.approved_at, artwork.approved_by = (timezone.now(), actor) if approved else (None, None)
    artwork.save(update_fields=["approved_at", "approved_by", "updated_at"])
    return artwork
