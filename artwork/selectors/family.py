"""A child's pieces of artwork, as the reader may see them (artwork.access_children): newest
first, each with its class and season and the children tagged on it, in two queries however
many pieces. The family sees its own children among those tagged, never another family's; an
instructor only the pieces of the classes they teach; admins every piece."""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from accounts.models import Participant, User
from artwork.models import Artwork, ArtworkChild
from care.access import FAMILY, INSTRUCTOR
from classes.models import Season
from core.errors import NotFound


def artworks_of_child(
    *, participant: Participant, view: str, reader: User, season_id: int | None = None
) -> list[Artwork]:
    """The child's pieces in this view, of one season when asked, newest first; each with its
    children read (`children.all()`) as the view names them: the family's, its own only."""
    pieces = Artwork.objects.filter(children__participant=participant)
    if view == INSTRUCTOR:
        pieces = pieces.filter(camp_class__instructor=reader)
    if season_id is not None:
        pieces = pieces.filter(camp_class__season_id=season_id)
    tagged = ArtworkChild.objects.select_related("participant").order_by(
        "participant__first_name", "participant_id"
    )
    if view == FAMILY:
        tagged = tagged.filter(participant__account_id=participant.account_id)
    return list(
        pieces.select_related("camp_class__season")
        .prefetch_related(Prefetch("children", queryset=tagged))
        .order_by("-created_at", "-id")
    )


@dataclass(frozen=True)
class Portfolio:
    """A child's pieces of a season (of every season when `season` is None), for its PDF."""

    participant: Participant
    season: Season | None
    pieces: list[Artwork]


def portfolio_of(*, participant: Participant, reader: User, season_id: int | None) -> Portfolio:
    """The child's portfolio as their family keeps it: every piece they are on, oldest first,
    as a portfolio is leafed through."""
    season = None
    if season_id is not None:
        season = Season.objects.filter(pk=season_id).first()
        if season is None:
            raise NotFound(_("No such season."))
    pieces = artworks_of_child(
        participant=participant, view=FAMILY, reader=reader, season_id=season_id
    )
    return Portfolio(participant=participant, season=season, pieces=pieces[::-1])
