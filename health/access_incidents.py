"""Who may read or add to an incident report, read and checked in one call.

The school's view (`STAFF`: internal notes and internal addenda included) is for admins and the
instructor of the class at whose meeting it happened; the family's (`FAMILY`) for a family with
a child in it, who sees only its own children. To anyone else a report is as good as absent.
"""

from django.utils.translation import gettext_lazy

from accounts.models import Participant, Role, User
from care.access import FAMILY as CHILD_S_FAMILY
from care.access import access_child_records
from core.errors import NotFound
from health.models import Incident

STAFF = "staff"
FAMILY = "family"
NO_SUCH_INCIDENT = gettext_lazy("No such incident report.")


def _incidents(*, lock: bool):
    incidents = Incident.objects.select_related("meeting__camp_class")
    if lock:
        incidents = incidents.select_for_update(of=("self",))
    return incidents


def access_incident(*, user: User, incident_id: int, lock: bool = False) -> tuple[Incident, str]:
    """The report and the view of it this person has (`STAFF` or `FAMILY`); locked when asked,
    so that the changes to one report are decided one at a time."""
    incident = _incidents(lock=lock).filter(pk=incident_id).first()
    if incident is None:
        raise NotFound(NO_SUCH_INCIDENT)
    if user.role == Role.ADMIN or (
        user.role == Role.INSTRUCTOR and incident.meeting.camp_class.instructor_id == user.pk
    ):
        return incident, STAFF
    if incident.children.filter(participant__account=user).exists():
        return incident, FAMILY
    raise NotFound(NO_SUCH_INCIDENT)


def access_incident_for_staff(*, user: User, incident_id: int, lock: bool = False) -> Incident:
    """A report the school adds to: its class's instructor's, or any for an admin."""
    incident, view = access_incident(user=user, incident_id=incident_id, lock=lock)
    if view != STAFF:
        raise NotFound(NO_SUCH_INCIDENT)
    return incident


def access_incident_for_admin(*, user: User, incident_id: int, lock: bool = False) -> Incident:
    """A report an admin reviews, edits or closes."""
    if user.role != Role.ADMIN:
        raise NotFound(NO_SUCH_INCIDENT)
    return access_incident_for_staff(user=user, incident_id=incident_id, lock=lock)


def access_participant_incidents(*, user: User, participant_id: int) -> tuple[Participant, str]:
    """A child whose incident reports this person may list, and their view: the family and
    admins every report; an instructor the reports at meetings of the classes they teach, for
    a child they teach now or one in such a report. Anyone else's child is as good as absent."""
    participant, viewer = access_child_records(
        reader=user,
        participant_id=participant_id,
        recorded_in_class_of=lambda child: Incident.objects.filter(
            children__participant=child, meeting__camp_class__instructor=user
        ).exists(),
    )
    return participant, FAMILY if viewer == CHILD_S_FAMILY else STAFF
