"""Incident reports: written by a class's instructor (or an admin) on a meeting's day, maybe on
a phone with no signal and sent later, more than once; reviewed, edited and closed by an admin;
added to (an addendum) at any time after; deleted when their retention ends.

A report's `client_id`, the device's id for it, makes every sending after the first answer the
first's report, with nothing checked, written or e-mailed again. Each family with a child in a
new report is e-mailed once, in the same transaction, about its own children only; so is each
non-internal addendum. What the families are told never holds the internal notes.
"""

from collections import defaultdict
from datetime import date, datetime, timedelta
from uuid import uuid4

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import DateField
from django.db.models.expressions import RawSQL
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Participant, User
from attendance.access import access_meeting_for_attendance
from classes.models import Meeting
from core.client_ids import sent_before
from core.errors import Conflict, InvalidInput
from core.language import DAY, said
from core.school_time import school_timezone, school_today
from enrolments.models import Enrolment, EnrolmentStatus
from enrolments.selectors import roster_name
from health.access_incidents import access_incident_for_admin, access_incident_for_staff
from health.message_kinds import HealthMessage
from health.models import Incident, IncidentAddendum, IncidentChild, IncidentKind
from notifications.services import message_queue

# How far ahead of the server's clock a device's may run: what happened is not in the future.
INCIDENT_AT_AHEAD_ALLOWED = timedelta(minutes=5)
# What an admin may change of an open report: what the POST wrote, less who, where and when.
EDITABLE_FIELDS = (
    "kind",
    "body_area",
    "location",
    "description",
    "first_aid",
    "told",
    "parent_told_at",
    "follow_up",
    "internal_notes",
)
CLOSED = gettext_lazy(
    "This incident report is closed: it is never changed again. Add an addendum instead."
)


def keep_until_for(at: datetime) -> date:
    """The last day a report of something that happened at `at` is kept: the day it happened,
    at the school, `INCIDENT_RETENTION_YEARS` years on (a 29 February keeps to the 28th)."""
    day = at.astimezone(school_timezone()).date()
    years = settings.INCIDENT_RETENTION_YEARS
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def _not_in_future(moment: datetime | None, *, now: datetime) -> bool:
    return moment is None or moment <= now + INCIDENT_AT_AHEAD_ALLOWED


def _what_problems(*, kind: str, body_area: str, parent_told_at, now: datetime) -> dict:
    problems = {}
    if kind == IncidentKind.INJURY and not body_area:
        problems["body_area"] = [_("Say where on the body the injury is.")]
    if not _not_in_future(parent_told_at, now=now):
        problems["parent_told_at"] = [_("When a parent was told cannot be in the future.")]
    return problems


def _when_problems(*, meeting: Meeting, at: datetime, now: datetime) -> dict:
    if not _not_in_future(at, now=now):
        return {"at": [_("When it happened cannot be in the future.")]}
    if at.astimezone(school_timezone()).date() < meeting.day:
        return {
            "at": [
                _("This meeting is on %(day)s: it cannot have happened before that day.")
                % {"day": said(meeting.day, DAY)}
            ]
        }
    return {}


def _children_on_roster(*, meeting: Meeting, participant_ids: list[int]) -> list[Participant]:
    """The children named, each with an active seat in the meeting's class, with their
    families; any other is named in the refusal by its id."""
    wanted = list(dict.fromkeys(participant_ids))
    seats = (
        Enrolment.objects.filter(
            camp_class_id=meeting.camp_class_id,
            participant_id__in=wanted,
            status=EnrolmentStatus.ACTIVE,
        )
        .select_related("participant__account")
        .order_by("participant_id")
    )
    on_roster = {seat.participant_id: seat.participant for seat in seats}
    off = [str(pk) for pk in wanted if pk not in on_roster]
    if off:
        raise InvalidInput(
            {
                "participant_ids": [
                    _(
                        "Not on this meeting's roster: %(names)s. Choose children who hold a "
                        "seat in the class."
                    )
                    % {"names": ", ".join(off)}
                ]
            }
        )
    return [on_roster[pk] for pk in wanted]


def _report_checked(
    *,
    meeting: Meeting,
    participant_ids: list[int],
    at: datetime,
    kind: str,
    body_area: str,
    parent_told_at: datetime | None,
    now: datetime,
) -> list[Participant]:
    """The children of a new report, once all of it is checked: every problem named at once."""
    problems = {
        **_when_problems(meeting=meeting, at=at, now=now),
        **_what_problems(kind=kind, body_area=body_area, parent_told_at=parent_told_at, now=now),
    }
    children = []
    try:
        children = _children_on_roster(meeting=meeting, participant_ids=participant_ids)
    except InvalidInput as off_roster:
        problems.update(off_roster.problems)
    if problems:
        raise InvalidInput(problems)
    return children


def _sent_before(*, actor: User, meeting_id: int, client_id: str) -> Incident | None:
    return sent_before(
        Incident.objects,
        client_id=client_id,
        same={"reported_by_id": actor.pk, "meeting_id": meeting_id},
        what="report",
    )


def incident_report(
    *,
    actor: User,
    meeting_id: int,
    participant_ids: list[int],
    at: datetime,
    kind: str,
    description: str,
    client_id: str = "",
    body_area: str = "",
    location: str = "",
    first_aid: str = "",
    told: str = "",
    parent_told_at: datetime | None = None,
    follow_up: str = "",
    internal_notes: str = "",
) -> tuple[Incident, bool]:
    """Write a report about children on a meeting's roster and e-mail their families; and
    whether it is new (a `client_id` on record answers its report, nothing done again).

    Refused: a meeting not the actor's (NotFound); a child off the roster, an `at` in the
    future or before the meeting's day, an injury with no body area (InvalidInput)."""
    client_id = client_id or uuid4().hex
    with transaction.atomic():
        sent_before = _sent_before(actor=actor, meeting_id=meeting_id, client_id=client_id)
        if sent_before is not None:
            return sent_before, False
        now = timezone.now()
        meeting = access_meeting_for_attendance(user=actor, meeting_id=meeting_id, lock=True)
        children = _report_checked(
            meeting=meeting,
            participant_ids=participant_ids,
            at=at,
            kind=kind,
            body_area=body_area,
            parent_told_at=parent_told_at,
            now=now,
        )
        incident = Incident(
            meeting=meeting,
            at=at,
            kind=kind,
            body_area=body_area if kind == IncidentKind.INJURY else "",
            location=location,
            description=description,
            first_aid=first_aid,
            told=told,
            parent_told_at=parent_told_at,
            follow_up=follow_up,
            internal_notes=internal_notes,
            client_id=client_id,
            reported_by=actor,
            reported_by_name=actor.name or actor.email,
            recorded_at=now,
            keep_until=keep_until_for(at),
        )
        try:
            # A savepoint: a twin sending that wrote the same client id first leaves this
            # transaction usable, to read its report.
            with transaction.atomic():
                incident.save(force_insert=True)
        except IntegrityError:
            return _sent_before(actor=actor, meeting_id=meeting_id, client_id=client_id), False
        IncidentChild.objects.bulk_create(
            IncidentChild(incident=incident, participant=child, family_emailed_at=now)
            for child in children
        )
        _families_told(incident, children, kind=HealthMessage.INCIDENT_REPORTED)
    return incident, True


def _families_told(
    incident: Incident,
    children: list[Participant],
    *,
    kind: str,
    addendum: IncidentAddendum | None = None,
) -> None:
    """One e-mail to each family, naming its own children, with what a parent needs of the
    report (or of the addendum): never the internal notes."""
    families = defaultdict(list)
    for child in children:
        families[child.account].append(child)
    about = f"incident:{incident.pk}" if addendum is None else f"incident-addendum:{addendum.pk}"
    for family, own in families.items():
        message_queue(
            kind=kind,
            about=f"{about}:{family.pk}",
            in_order_of=f"incident:{incident.pk}:{family.pk}",
            recipient=family.email,
            context=_family_context(incident, family, own, addendum=addendum),
        )


def _joined(names: list[str]) -> str:
    """ "Mia", "Mia and Leo", "Mia, Leo and Ava"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _family_context(
    incident: Incident, family: User, own: list[Participant], *, addendum=None
) -> dict:
    camp_class = incident.meeting.camp_class
    names = [roster_name(child, family) for child in own]
    site = settings.SITE_URL.rstrip("/")
    return {
        "name": family.name,
        "children": _joined(names),
        "class_name": camp_class.name,
        "at": incident.at,
        "location": incident.location or camp_class.location,
        # In the reader's language, as the e-mail is rendered.
        "kind": IncidentKind(incident.kind).label,
        "body_area": incident.get_body_area_display() if incident.body_area else "",
        "description": incident.description,
        "first_aid": incident.first_aid,
        "told": incident.told,
        "parent_told_at": incident.parent_told_at,
        "follow_up": incident.follow_up,
        "reported_by": incident.reported_by_name,
        "addendum": addendum.text if addendum else "",
        "addendum_by": addendum.by_name if addendum else "",
        "report_url": f"{site}/dashboard/family/{own[0].pk}/care#incident-{incident.pk}",
        "school_phone": settings.SCHOOL_PHONE,
    }


def _open_checked(incident: Incident) -> None:
    if incident.closed_at is not None:
        raise Conflict(CLOSED, code="incident_closed")


def incident_update(*, actor: User, incident_id: int, **fields) -> Incident:
    """An admin's review of an open report: the fields given are written, the others kept.
    A closed report is never changed (Conflict `incident_closed`: the database refuses too)."""
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise ValueError(f"Not an incident's field to edit: {sorted(unknown)}")
    with transaction.atomic():
        incident = access_incident_for_admin(user=actor, incident_id=incident_id, lock=True)
        _open_checked(incident)
        for field, value in fields.items():
            setattr(incident, field, value)
        if incident.kind != IncidentKind.INJURY:
            incident.body_area = ""
        problems = _what_problems(
            kind=incident.kind,
            body_area=incident.body_area,
            parent_told_at=incident.parent_told_at,
            now=timezone.now(),
        )
        if problems:
            raise InvalidInput(problems)
        incident.save(update_fields=sorted({*fields, "body_area"}))
    return incident


def incident_close(*, actor: User, incident_id: int) -> Incident:
    """An admin closes a report they reviewed; closed twice is a Conflict."""
    with transaction.atomic():
        incident = access_incident_for_admin(user=actor, incident_id=incident_id, lock=True)
        _open_checked(incident)
        incident.closed_at = timezone.now()
        incident.closed_by = actor
        incident.closed_by_name = actor.name or actor.email
        incident.save(update_fields=["closed_at", "closed_by", "closed_by_name"])
    return incident


def incident_addendum_add(
    *, actor: User, incident_id: int, text: str, internal: bool = False
) -> IncidentAddendum:
    """Something the school adds to a report, open or closed (its class's instructor, or an
    admin). One not `internal` is e-mailed to the families of the children in it."""
    with transaction.atomic():
        incident = access_incident_for_staff(user=actor, incident_id=incident_id, lock=True)
        addendum = IncidentAddendum.objects.create(
            incident=incident,
            text=text,
            internal=internal,
            by=actor,
            by_name=actor.name or actor.email,
            at=timezone.now(),
        )
        if not internal:
            children = [
                line.participant
                for line in IncidentChild.objects.filter(incident=incident)
                .select_related("participant__account")
                .order_by("participant_id")
            ]
            _families_told(
                incident, children, kind=HealthMessage.INCIDENT_ADDENDUM, addendum=addendum
            )
    return addendum


# The database's own day, as its triggers read it (migrations/0002_records_never_edited.py).
_DATABASE_TODAY = RawSQL("CURRENT_DATE", [], output_field=DateField())


def incidents_past_retention(*, today: date | None = None) -> int:
    """Delete the reports whose retention ended (`keep_until` before today), with their
    children and addenda; how many reports. The daily beat's (health.tasks)."""
    today = today or school_today()
    with transaction.atomic():
        # Past by the school's day and by the database's own (UTC), which its triggers judge
        # a report's retention by: never sweep what they would refuse.
        _, deleted = (
            Incident.objects.filter(keep_until__lt=today)
            .filter(keep_until__lt=_DATABASE_TODAY)
            .delete()
        )
    return deleted.get(Incident._meta.label, 0)


def participant_leaving_checked(*, participant: Participant) -> None:
    """A child in an incident report is never removed while the report is kept
    (`core.events.PARTICIPANT_LEAVING`, from accounts.services.participant_delete)."""
    if IncidentChild.objects.filter(participant=participant).exists():
        raise Conflict(
            _(
                "%(first_name)s is named in an incident report the school keeps, so "
                "their record is kept with it."
            )
            % {"first_name": participant.first_name}
        )
