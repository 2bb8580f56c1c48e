"""Reading the medication log: the doses due at a meeting, from each child's care record (the
medications given at camp), with what was recorded of each; and a child's whole log.

An entry a correction names (`MedicationAdministration.corrects`) counts for nothing: a dose's
status is the outcome of its latest entry that no other corrects, and `due` while there is none.
"""

import re
from dataclasses import dataclass, field

from accounts.models import User
from care.models import CarePart, CareRecord
from care.selectors import records_of
from care.services import care_reads_logged
from classes.models import Class, Meeting
from enrolments.selectors import roster_for, roster_name
from health.models import MedicationAdministration

DUE = "due"
# Where a dose stands at a meeting: due, or the outcome of its entry that stands.
DOSE_STATUSES = (DUE, "given", "refused", "missed")

# A time as families write it in a schedule: "12:00", "9:30 am", "1 pm", "12.30pm".
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?:\s*([ap])\.?\s*m\b)?", re.IGNORECASE)
_HOUR = re.compile(r"\b(\d{1,2})(?:\.(\d{2}))?\s*([ap])\.?\s*m\b", re.IGNORECASE)


def _as_clock(hour: int, minute: int, half: str | None) -> str | None:
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.lower() == "p" else 0)
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def schedule_time(schedule: str) -> str | None:
    """The time of day a schedule in the family's words names ("12:00 with lunch", "1 pm"),
    as "HH:MM"; the first one, when it names several; None when it names none."""
    found = []
    for pattern in (_CLOCK, _HOUR):
        for match in pattern.finditer(schedule or ""):
            hour, minute, half = match.group(1), match.group(2), match.group(3)
            clock = _as_clock(int(hour), int(minute or 0), half)
            if clock is not None:
                found.append((match.start(), clock))
    return min(found)[1] if found else None


def _same_name(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def medications_at_camp(record: CareRecord | None) -> list[dict]:
    """The medications the record says are given at camp, in its order; a name listed twice
    is the first one (the log names a medication by its name)."""
    if record is None:
        return []
    listed: dict[str, dict] = {}
    for medication in record.medical.get("medications", []):
        if medication.get("at_camp") and _same_name(medication.get("name", "")):
            listed.setdefault(_same_name(medication["name"]), medication)
    return list(listed.values())


def medication_at_camp(record: CareRecord | None, name: str) -> dict | None:
    """The record's medication given at camp by this name (whatever its case and spacing)."""
    wanted = _same_name(name)
    for medication in medications_at_camp(record):
        if _same_name(medication["name"]) == wanted:
            return medication
    return None


def corrected_by(entries) -> dict[int, int]:
    """For each entry a correction names, the correction's id (corrections are of the same
    child, meeting and medication, so one list of them holds both)."""
    return {entry.corrects_id: entry.pk for entry in entries if entry.corrects_id is not None}


@dataclass
class DoseDue:
    """One medication of one child at one meeting: the record's words for it and its entries
    (each with `corrected_by_id`), oldest first."""

    participant_id: int
    name: str
    medication: str
    dose: str
    schedule: str
    time: str | None
    entries: list[MedicationAdministration] = field(default_factory=list)

    @property
    def status(self) -> str:
        standing = [entry for entry in self.entries if entry.corrected_by_id is None]
        return standing[-1].outcome if standing else DUE


def _doses_of(participant_id: int, name: str, record, entries) -> list[DoseDue]:
    """A child's doses at a meeting: each medication their record lists at camp, and any their
    entries name that the record no longer does (what was recorded is never out of sight)."""
    doses = {
        _same_name(medication["name"]): DoseDue(
            participant_id=participant_id,
            name=name,
            medication=medication["name"],
            dose=medication.get("dose", ""),
            schedule=medication.get("schedule", ""),
            time=schedule_time(medication.get("schedule", "")),
        )
        for medication in medications_at_camp(record)
    }
    for entry in entries:
        dose = doses.setdefault(
            _same_name(entry.medication),
            DoseDue(
                participant_id=participant_id,
                name=name,
                medication=entry.medication,
                dose=entry.dose,
                schedule="",
                time=None,
            ),
        )
        dose.entries.append(entry)
    return list(doses.values())


def doses_due(meeting: Meeting, *, reader: User) -> list[DoseDue]:
    """The doses due at a meeting: for each child holding a seat in its class whose care record
    lists medications given at camp, each medication, by time (none last) then name. Their read
    of the records is logged for the families of the children listed (`CarePart.MEDICATION`).
    Four queries however many children and entries: the roster with its families, the records,
    the entries, and the read logged in one INSERT."""
    seats = list(roster_for(classes=Class.objects.filter(pk=meeting.camp_class_id)))
    records = records_of([seat.participant_id for seat in seats])
    entries: dict[int, list[MedicationAdministration]] = {}
    given = list(
        MedicationAdministration.objects.filter(
            meeting=meeting, participant_id__in=[seat.participant_id for seat in seats]
        ).order_by("at", "id")
    )
    corrections = corrected_by(given)
    for entry in given:
        entry.corrected_by_id = corrections.get(entry.pk)
        entries.setdefault(entry.participant_id, []).append(entry)
    doses = []
    listed = []
    for seat in seats:
        participant = seat.participant
        of_child = _doses_of(
            participant.pk,
            roster_name(participant, seat.student),
            records.get(participant.pk),
            entries.get(participant.pk, []),
        )
        if of_child:
            listed.append(participant)
            doses += of_child
    care_reads_logged(participants=listed, reader=reader, part=CarePart.MEDICATION)
    return sorted(
        doses, key=lambda dose: (dose.time is None, dose.time or "", dose.name, dose.medication)
    )


def medication_log_of(*, participant_id: int) -> list[MedicationAdministration]:
    """A child's log, newest first, each entry with its meeting and class and
    `corrected_by_id`; in one query."""
    entries = list(
        MedicationAdministration.objects.filter(participant_id=participant_id)
        .select_related("meeting__camp_class")
        .order_by("-at", "-id")
    )
    corrections = corrected_by(entries)
    for entry in entries:
        entry.corrected_by_id = corrections.get(entry.pk)
    return entries
