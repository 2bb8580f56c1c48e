"""Which families have a season's early access: those enrolled in an earlier season, when the
season lets returning families in early, and those whose e-mail is on the list the school
uploaded for the season.

When that opens registration for them is `classes.registration.registration_shut`'s answer,
which the `season` rule of `enrolments.rules.RULES` and `GET /api/seasons` ask with this one's."""

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, Q

from accounts.models import User
from classes.models import Season, SeasonEarlyAccess
from enrolments.models import Enrolment, EnrolmentStatus


def early_access_seasons(family: User | None, seasons: Iterable[Season]) -> frozenset[int]:
    """The ids of those seasons the family has early access to; one query, none for a visitor
    or seasons without early access."""
    asked = [season for season in seasons if season.early_access_opens_at is not None]
    if family is None or not family.is_authenticated or not asked:
        return frozenset()
    returning = Enrolment.objects.filter(
        student_id=family.pk,
        status=EnrolmentStatus.ACTIVE,
        camp_class__season__starts_on__lt=OuterRef("starts_on"),
    )
    listed = SeasonEarlyAccess.objects.filter(season_id=OuterRef("pk"), email=family.email.lower())
    found = Season.objects.filter(pk__in=[season.pk for season in asked]).filter(
        Q(Q(early_access_returning=True) & Exists(returning)) | Q(Exists(listed))
    )
    return frozenset(found.values_list("pk", flat=True))
