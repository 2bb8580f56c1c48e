"""Reads of incident reports, each as the reader may see it (health.access_incidents): the
school's view whole; a family's without the internal notes, the internal addenda or other
families' children. Each report comes with its meeting's class, its children (with their
families, for their names) and its addenda, in three queries however many reports.

A staff member's read of a child's reports is logged for the family
(`care.services.care_reads_logged`, `CarePart.INCIDENT`) by whoever shows them.
"""

from django.db.models import Prefetch, QuerySet

from accounts.models import Participant, Role, User
from enrolments.selectors import roster_name
from health.access_incidents import FAMILY, STAFF
from health.models import Incident, IncidentChild


def _incidents() -> QuerySet[Incident]:
    return Incident.objects.select_related("meeting__camp_class").prefetch_related(
        Prefetch(
            "children",
            queryset=IncidentChild.objects.select_related("participant__account").order_by(
                "participant_id"
            ),
        ),
        "addenda",
    )


def incident_shown(incident: Incident, *, view: str, reader: User) -> Incident:
    """The report with what this view shows of it (`shown_children`, `shown_addenda`, each
    child's `name`), its children and addenda read once if not yet."""
    children = list(incident.children.all())
    addenda = list(incident.addenda.all())
    for child in children:
        child.name = roster_name(child.participant)
    if view == FAMILY:
        children = [child for child in children if child.participant.account_id == reader.pk]
        addenda = [addendum for addendum in addenda if not addendum.internal]
    incident.shown_children = children
    incident.shown_addenda = addenda
    incident.shows_internal = view != FAMILY
    return incident


def incident_get(*, incident_id: int, view: str, reader: User) -> Incident:
    """One report, as `view` shows it, for a caller `access_incident` let in."""
    return incident_shown(_incidents().get(pk=incident_id), view=view, reader=reader)


def incidents_to_review(*, open_only: bool | None, reader: User) -> list[Incident]:
    """The admins' list: the open reports oldest first (incident_open_idx), the closed ones
    newest first, or every report newest first."""
    incidents = _incidents()
    if open_only is True:
        incidents = incidents.filter(closed_at__isnull=True).order_by("at", "id")
    elif open_only is False:
        incidents = incidents.filter(closed_at__isnull=False).order_by("-at", "-id")
    return [incident_shown(incident, view=STAFF, reader=reader) for incident in incidents]


def incidents_of_participant(
    *, participant: Participant, view: str, reader: User
) -> list[Incident]:
    """A child's reports, newest first (incident_child_idx): every one for the family and
    admins; for an instructor, those at meetings of the classes they teach."""
    incidents = _incidents().filter(children__participant=participant).order_by("-at", "-id")
    if view != FAMILY and reader.role != Role.ADMIN:
        incidents = incidents.filter(meeting__camp_class__instructor=reader)
    return [incident_shown(incident, view=view, reader=reader) for incident in incidents]


def incident_children(incidents: list[Incident]) -> list[Participant]:
    """The children the reports show, each once: whose families a staff read is logged for."""
    shown = {
        child.participant_id: child.participant
        for incident in incidents
        for child in incident.shown_children
    }
    return list(shown.values())
