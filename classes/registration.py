"""When a season and a class take registrations: the one answer that the `season` and
`registration` rules (`enrolments.rules.RULES`), `GET /api/seasons`, a class's answer (its page
and the lists) and the season report all ask.

A season takes registrations from its opening until it closes; a family with early access opens
at the season's early-access opening instead. A class takes them until its registration closes
or its first meeting begins; a class whose schedule is to be announced stays open.

Here, below enrolments, because it reads only the season's and the class's own fields. Who has a
season's early access is the enrolments app's answer (`enrolments.seasons.early_access_seasons`):
the caller hands it in, as a yes or no or as a question asked only when the answer depends on it
(before the season's opening, for a season with early access), so the rules read no early access
once a season is open to all."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.db.models import Q
from django.utils import timezone

from classes.models import Class, Season
from classes.schedule import registration_closes_at


class Shut(StrEnum):
    NOT_OPEN_YET = "not-open-yet"
    SEASON_CLOSED = "season-closed"
    CLASS_STARTED = "class-started"
    CLASS_CLOSED = "class-closed"


@dataclass(frozen=True)
class Shutting:
    """Why registration is shut, and the moment that says so: when it opens for the family
    (`NOT_OPEN_YET`), when it closed, or when the class began."""

    why: Shut
    at: datetime


def registration_opens_at(season: Season, *, early_access: bool) -> datetime:
    """When the family may register for the season's classes: the early-access opening if they
    have it, else the season's."""
    if early_access and season.early_access_opens_at is not None:
        return season.early_access_opens_at
    return season.opens_at


def registration_shut(
    *,
    season: Season | None = None,
    camp_class: Class | None = None,
    early_access: bool | Callable[[], bool] = False,
    now: datetime | None = None,
) -> Shutting | None:
    """Why registration for the season, or the class, or both, is shut at `now` for a family
    with (or without) the season's early access; None while it is open. Only what is given is
    asked: a class's own answer (its `registrationOpen`) leaves its season to the season's."""
    now = now or timezone.now()
    if season is not None:
        if now >= season.closes_at:
            return Shutting(Shut.SEASON_CLOSED, season.closes_at)
        if now < season.opens_at:
            early = season.early_access_opens_at is not None and (
                early_access() if callable(early_access) else early_access
            )
            opens_at = registration_opens_at(season, early_access=early)
            if now < opens_at:
                return Shutting(Shut.NOT_OPEN_YET, opens_at)
    if camp_class is not None:
        if camp_class.starts_at is not None and camp_class.starts_at <= now:
            return Shutting(Shut.CLASS_STARTED, camp_class.starts_at)
        closes_at = registration_closes_at(camp_class)
        if closes_at is not None and closes_at <= now:
            return Shutting(Shut.CLASS_CLOSED, closes_at)
    return None


def seasons_opened_by(now: datetime, *, early_access: bool) -> Q:
    """`registration_opens_at` as a filter of seasons: those open by `now` to every family, or,
    with `early_access`, to the first families let in."""
    opened = Q(opens_at__lte=now)
    return Q(early_access_opens_at__lte=now) | opened if early_access else opened


def seasons_open(now: datetime) -> Q:
    """`registration_shut` of a season for every family, as a filter: the seasons taking
    registrations at `now`."""
    return seasons_opened_by(now, early_access=False) & Q(closes_at__gt=now)


def classes_shut(now: datetime) -> Q:
    """`registration_shut` of a class and its season for every family, as a filter: the classes
    a family can no longer register for at `now` (begun, closed, or their season closed). A
    season not yet open is not shut: its classes are the next to book."""
    return (
        Q(starts_at__lte=now) | Q(registration_closes_at__lte=now) | Q(season__closes_at__lte=now)
    )
