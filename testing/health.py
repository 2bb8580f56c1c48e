"""Incident reports written straight into the tables, as the school's pages leave them, for the
tests of what the database itself refuses and of retention (the API's own tests go through it)."""

from datetime import date

from django.utils import timezone

from accounts.models import Participant, User
from classes.models import Meeting
from health.models import Incident, IncidentAddendum, IncidentChild, IncidentKind


def incident_written(
    meeting: Meeting,
    reporter: User,
    child: Participant,
    *,
    keep_until: date,
    closed: bool = False,
    **fields,
) -> Incident:
    """A report of one child (an injury unless `fields` say otherwise), with an addendum;
    closed by its reporter when `closed`."""
    now = timezone.now()
    what = {
        "kind": IncidentKind.INJURY,
        "body_area": "left_hand",
        "description": "Cut a finger on a clay tool.",
        **fields,
    }
    incident = Incident.objects.create(
        meeting=meeting,
        at=now,
        **what,
        client_id=f"incident-{keep_until}-{closed}-{child.pk}",
        reported_by=reporter,
        reported_by_name=reporter.name,
        keep_until=keep_until,
        closed_at=now if closed else None,
        closed_by=reporter if closed else None,
        closed_by_name=reporter.name if closed else "",
    )
    IncidentChild.objects.create(incident=incident, participant=child)
    IncidentAddendum.objects.create(incident=incident, text="Plaster.", by=reporter, by_name="M")
    return incident
