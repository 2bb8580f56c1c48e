"""A piece as the people who follow it read it (its class's staff, its children's families):
with its class and season and the children tagged on it, in a fixed number of queries."""

from django.db.models import Prefetch, QuerySet

from artwork.models import Artwork, ArtworkChild


def pieces_shown(pieces: QuerySet[Artwork]) -> QuerySet[Artwork]:
    """`pieces` with what `artwork.serializers.ArtworkOutputSerializer` reads, newest first:
    their class and season in the query, their children (by first name) in one more."""
    return (
        pieces.select_related("camp_class__season")
        .prefetch_related(
            Prefetch(
                "children",
                queryset=ArtworkChild.objects.select_related("participant").order_by(
                    "participant__first_name", "participant_id"
                ),
            )
        )
        .order_by("-created_at", "-id")
    )


def class_artworks(*, class_id: int) -> QuerySet[Artwork]:
    """A class's pieces, newest first. Its staff's to read: the caller checks that
    (`artwork.access`)."""
    return pieces_shown(Artwork.objects.filter(camp_class_id=class_id))


def artwork_get(*, artwork_id: int) -> Artwork:
    return pieces_shown(Artwork.objects.filter(pk=artwork_id)).get()
