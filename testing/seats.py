"""A class's seats free as the API would show them now, for tests to check against."""

from django.utils import timezone

from classes.models import Class
from enrolments.availability import seats_free


def seats_free_now(camp_class: Class, *, participant_id: int | None = None) -> int:
    """Seats free in the class now, for the participant when one is named (their own hold is
    theirs), read through `enrolments.availability.seats_free`."""
    return (
        Class.objects.filter(pk=camp_class.pk)
        .annotate(free=seats_free(now=timezone.now(), participant_id=participant_id))
        .values_list("free", flat=True)
        .get()
    )
