"""Writing the medication log: a dose given, refused or missed, recorded by the class's
instructor or an admin, and the school's admins told of a missed one.

Entries are only ever added (database triggers refuse an UPDATE or a DELETE): a mistake is put
right by a correction, a new entry naming the one it corrects, which then counts for nothing.
A phone with no signal keeps what it records and sends it later, maybe more than once: its
`client_id` makes every sending after the first answer the first's entry, nothing checked again.
"""

import uuid
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, Role, User
from attendance.access import access_meeting_for_attendance
from care.models import CarePart
from care.selectors import record_of
from care.services import care_reads_logged
from classes.models import Class, Meeting
from core.client_ids import sent_before
from core.errors import Conflict, InvalidInput
from core.school_time import school_timezone
from enrolments.selectors import roster_for, roster_name
from health.message_kinds import HealthMessage
from health.models import MedicationAdministration, MedicationOutcome
from health.selectors.medications import medication_at_camp
from notifications.services import message_queue

# How far ahead of the server's clock a device's may run: a dose is not given in the future.
AT_AHEAD_ALLOWED = timedelta(minutes=2)


def _sent_before(*, actor: User, client_id: str) -> MedicationAdministration | None:
    return sent_before(
        MedicationAdministration.objects,
        client_id=client_id,
        same={"by_id": actor.pk},
        what="entry",
    )


def _seat_holder(meeting: Meeting, participant_id: int) -> Participant | None:
    seat = (
        roster_for(classes=Class.objects.filter(pk=meeting.camp_class_id))
        .filter(participant_id=participant_id)
        .first()
    )
    return seat.participant if seat is not None else None


def _corrected(
    *, corrects_id: int, meeting: Meeting, participant: Participant, medication: str
) -> MedicationAdministration:
    """The entry a correction names: of the same child, meeting and medication, and not
    corrected already."""
    entry = (
        MedicationAdministration.objects.filter(
            pk=corrects_id, meeting=meeting, participant=participant
        )
        .filter(medication__iexact=medication)
        .first()
    )
    if entry is None:
        raise InvalidInput(
            {
                "corrects": [
                    _("No entry of %(medication)s for %(roster_name)s here.")
                    % {"medication": medication, "roster_name": roster_name(participant)}
                ]
            }
        )
    if MedicationAdministration.objects.filter(corrects=entry).exists():
        raise InvalidInput({"corrects": [_("This entry was corrected already.")]})
    return entry


def _checked(
    *,
    meeting: Meeting,
    participant_id: int,
    medication: str,
    outcome: str,
    at: datetime,
    note: str,
    corrects_id: int | None,
) -> tuple[Participant, dict, MedicationAdministration | None]:
    """The child, the record's medication and the entry corrected, once each is one the entry
    may name; every problem found at once, by field."""
    problems: dict[str, list[str]] = {}
    if outcome not in MedicationOutcome.values:
        problems["outcome"] = [_("Choose given, refused or missed.")]
    if at > timezone.now() + AT_AHEAD_ALLOWED:
        problems["at"] = [_("The time of a dose cannot be in the future.")]
    elif at.astimezone(school_timezone()).date() != meeting.day:
        day = f"{meeting.day:%A, %B} {meeting.day.day}"
        problems["at"] = [_("The time of a dose is on the meeting's day, %(day)s.") % {"day": day}]
    participant = _seat_holder(meeting, participant_id)
    listed = None
    if participant is None:
        problems["participant_id"] = [_("This person holds no seat in this class.")]
    else:
        listed = medication_at_camp(record_of(participant.pk), medication)
        if listed is None:
            problems["medication"] = [
                _("%(roster_name)s's care record lists no %(medication)s given at camp.")
                % {"roster_name": roster_name(participant), "medication": medication}
            ]
    if corrects_id is not None and not note.strip():
        problems["note"] = [_("Say what was wrong with the entry this corrects.")]
    if problems:
        raise InvalidInput(problems)
    corrected = None
    if corrects_id is not None:
        corrected = _corrected(
            corrects_id=corrects_id,
            meeting=meeting,
            participant=participant,
            medication=listed["name"],
        )
    return participant, listed, corrected


def medication_administration_record(
    *,
    actor: User,
    meeting_id: int,
    participant_id: int,
    medication: str,
    outcome: str,
    at: datetime,
    note: str = "",
    corrects_id: int | None = None,
    client_id: str | None = None,
) -> tuple[MedicationAdministration, bool]:
    """Record one dose of a medication the child's care record says is given at camp, at a
    meeting of a class the actor teaches (any, for an admin), and whether it is new: a
    `client_id` on record already answers that entry, nothing checked or written again.
    A missed dose tells every admin (`_missed_told`).

    Refused: a meeting not the actor's (NotFound), a cancelled one (Conflict); an outcome not
    given, refused or missed, an `at` in the future or off the meeting's day, a child with no
    seat in the class, a medication their record does not list at camp, a correction with no
    note or of an entry not of the same child, meeting and medication or corrected already
    (InvalidInput, by field)."""
    client_id = client_id or uuid.uuid4().hex
    with transaction.atomic():
        sent_before = _sent_before(actor=actor, client_id=client_id)
        if sent_before is not None:
            return sent_before, False
        meeting = access_meeting_for_attendance(user=actor, meeting_id=meeting_id)
        if meeting.cancelled:
            raise Conflict(_("This meeting is cancelled: no dose is given at it."))
        participant, listed, corrected = _checked(
            meeting=meeting,
            participant_id=participant_id,
            medication=medication,
            outcome=outcome,
            at=at,
            note=note,
            corrects_id=corrects_id,
        )
        entry = MedicationAdministration(
            participant=participant,
            meeting=meeting,
            medication=listed["name"],
            dose=listed.get("dose", ""),
            outcome=outcome,
            at=at,
            note=note.strip(),
            corrects=corrected,
            client_id=client_id,
            by=actor,
            by_name=actor.name or actor.email,
            recorded_at=timezone.now(),
        )
        sent_before = _written_or_sent_before(entry, actor=actor)
        if sent_before is not None:
            return sent_before, False
        if outcome == MedicationOutcome.MISSED and (
            corrected is None or corrected.outcome != MedicationOutcome.MISSED
        ):
            _missed_told(entry, schedule=listed.get("schedule", ""))
    return entry, True


def _written_or_sent_before(
    entry: MedicationAdministration, *, actor: User
) -> MedicationAdministration | None:
    """The entry written; or, when a twin sending wrote the same client id first, its entry."""
    try:
        # A savepoint: a twin that wrote first leaves this transaction usable, to read its row.
        with transaction.atomic():
            entry.save(force_insert=True)
    except IntegrityError:
        sent_before = _sent_before(actor=actor, client_id=entry.client_id)
        if sent_before is None:
            # The other unique rule: an entry is corrected once.
            raise InvalidInput({"corrects": [_("This entry was corrected already.")]}) from None
        return sent_before
    return None


def medication_missed_key(entry: MedicationAdministration) -> str:
    return f"medication-missed:{entry.pk}"


def _missed_told(entry: MedicationAdministration, *, schedule: str) -> None:
    """Every active admin is e-mailed once about a missed dose, in the entry's transaction. The
    e-mail names the child's medication: each admin's read is logged for the family."""
    participant, meeting = entry.participant, entry.meeting
    family = participant.account
    admins = User.objects.filter(role=Role.ADMIN, is_active=True).exclude(email="").order_by("id")
    for admin in admins:
        message_queue(
            kind=HealthMessage.MEDICATION_MISSED,
            about=medication_missed_key(entry),
            recipient=admin.email,
            context={
                "name": admin.name,
                "participant_name": roster_name(participant, family),
                "class_name": meeting.camp_class.name,
                "meeting_day": meeting.start,
                "medication": entry.medication,
                "dose": entry.dose,
                "schedule": schedule,
                "at": entry.at,
                "by": entry.by_name,
                "note": entry.note,
                "family_name": family.name,
                "family_email": family.email,
            },
        )
        care_reads_logged(participants=[participant], reader=admin, part=CarePart.MEDICATION)


def participant_leaving_checked(*, participant: Participant) -> None:
    """A child's record is never removed once they have medication given on record: the log is
    the school's record of their doses (`core.events.PARTICIPANT_LEAVING`, from
    accounts.services.participant_delete)."""
    if MedicationAdministration.objects.filter(participant=participant).exists():
        raise Conflict(
            _(
                "%(first_name)s has medication given at the school on record, so their "
                "record is kept: it says which doses were given, refused or missed."
            )
            % {"first_name": participant.first_name}
        )
