"""The public gallery: which pieces the world may see, and the pieces as it sees them.

A piece is public while an admin has approved it, at least one child is tagged on it, and every
child tagged has photo consent on their care record (a child with no record, or consent not
answered or refused, keeps the piece out). `public_artworks` is that rule, as one filter: the
gallery's list, a class page's strip, the sitemap and the pictures' endpoint
(`artwork_is_public`) all ask it, so none can show what another would not.

Every part of the rule is public data (`ShownInPublicLists`: the piece's approval, its tags, the
care record's consent, the children's first names), so a change of any forgets the cached lists.
"""

from django.db.models import Exists, OuterRef, QuerySet

from artwork.models import Artwork, ArtworkChild
from artwork.selectors.pieces import pieces_shown
from care.models import CareRecord

# The gallery's order: the day each piece was photographed, the latest first.
NEWEST_FIRST = ("-taken_on", "-pk")


def _tagged() -> QuerySet[ArtworkChild]:
    return ArtworkChild.objects.filter(artwork=OuterRef("pk"))


def consented() -> Exists:
    """Whether the tagged child (an ArtworkChild's row, as the outer query) has photo consent."""
    return Exists(
        CareRecord.objects.filter(participant=OuterRef("participant_id"), photo_consent=True)
    )


def public_artworks() -> QuerySet[Artwork]:
    """Every piece the public may see now: approved, with a child tagged, and no child tagged
    without photo consent."""
    return (
        Artwork.objects.filter(approved_at__isnull=False)
        .filter(Exists(_tagged()))
        .exclude(Exists(_tagged().exclude(consented())))
    )


def artwork_is_public(artwork_id: int) -> bool:
    """Whether the piece is in the public gallery now: its pictures are then every visitor's."""
    return public_artworks().filter(pk=artwork_id).exists()


def gallery_pieces(*, class_id: int | None = None) -> QuerySet[Artwork]:
    """The public pieces, newest first (a class's alone when `class_id` is given), each with
    its class and its children in alphabetical order, of whom the gallery shows the first names
    alone (`first_names`)."""
    pieces = public_artworks()
    if class_id is not None:
        pieces = pieces.filter(camp_class_id=class_id)
    return pieces_shown(pieces).order_by(*NEWEST_FIRST)


def sitemap_pieces() -> QuerySet[Artwork]:
    """The public pieces, newest first, with what their pictures' addresses need alone."""
    return public_artworks().only("pk", "widths", "width", "height").order_by(*NEWEST_FIRST)


def first_names(artwork: Artwork) -> list[str]:
    """The first names shown with a piece read by `gallery_pieces`."""
    return [child.participant.first_name for child in artwork.children.all()]


def artworks_for_review(*, approved: bool | None) -> QuerySet[Artwork]:
    """The admins' list: the pieces waiting for approval (`approved` False), those approved
    (True), or all, newest first, each with its class, season and children, and `in_gallery`:
    whether the public sees it now (an approved piece stays out while a child tagged has no
    photo consent)."""
    pieces = Artwork.objects.all()
    if approved is not None:
        pieces = pieces.filter(approved_at__isnull=not approved)
    return pieces_shown(pieces).annotate(
        in_gallery=Exists(public_artworks().filter(pk=OuterRef("pk")))
    )


def artwork_for_review(*, artwork_id: int) -> Artwork:
    """One piece as the admins' list shows it."""
    return artworks_for_review(approved=None).get(pk=artwork_id)
