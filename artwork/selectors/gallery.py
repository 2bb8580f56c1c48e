"""The public gallery: which pieces every visitor may see."""

from django.db.models import Exists, OuterRef

from artwork.models import Artwork, ArtworkChild


def artwork_is_public(artwork_id: int) -> bool:
    """Whether the piece is in the public gallery now: an admin approved it, at least one child
    is tagged on it, and every child tagged has photo consent on their care record (a child
    with no record, or whose family has not answered, has none)."""
    children = ArtworkChild.objects.filter(artwork=OuterRef("pk"))
    return (
        Artwork.objects.filter(pk=artwork_id, approved_at__isnull=False)
        .filter(Exists(children))
        .exclude(Exists(children.exclude(participant__care_record__photo_consent=True)))
        .exists()
    )
