"""Reading care records: what is missing before a child may be enrolled, what each reader may
see, the history and the access log. `care_missing_for` is the one answer to "is this child's
paperwork done", asked by the eligibility rules (`enrolments.rules`), the roster, the reminders
and the admins' list."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import (
    Count,
    DateTimeField,
    Exists,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from accounts.models import Participant, Role, User
from care.models import (
    CareDocument,
    CareRead,
    CareRecord,
    CareRecordVersion,
    DocumentKind,
    PolicyAcceptance,
    PolicyVersion,
    Severity,
)
from core import events
from core.school_time import school_timezone

# What may be missing, by name (the API's `missing`); a policy is `policy:<slug>`.
RECORD = "record"
CONFIRMATION = "confirmation"
EMERGENCY_CONTACTS = "emergencyContacts"
PHOTO_CONSENT = "photoConsent"
ACTION_PLAN = "actionPlan"
POLICY_PREFIX = "policy:"

SEVERITY_ORDER = [Severity.MILD, Severity.SEVERE, Severity.ANAPHYLACTIC]


def care_required(participant: Participant) -> bool:
    """A child always; an adult enrolling themself only where the school asks it."""
    return not participant.is_account_holder or settings.CARE_REQUIRED_FOR_ADULTS


def emergency_contacts_required(participant: Participant) -> int:
    return settings.CARE_EMERGENCY_CONTACTS_REQUIRED if not participant.is_account_holder else 1


def policies_current(*, now: datetime | None = None) -> list[PolicyVersion]:
    """Each policy's newest published version, in the policies' order."""
    now = now or timezone.now()
    latest: dict[int, PolicyVersion] = {}
    versions = (
        PolicyVersion.objects.filter(published_at__lte=now)
        .select_related("policy")
        .order_by("policy__position", "policy_id", "-number")
    )
    for version in versions:
        latest.setdefault(version.policy_id, version)
    return list(latest.values())


def school_day_of(now: datetime):
    return timezone.localdate(now, timezone=school_timezone())


def action_plan_asked(medical: dict) -> bool:
    """Whether a record's medical part asks for an allergy action plan: an allergy of a
    severity in `CARE_ACTION_PLAN_FOR` (kept as `CareRecord.action_plan_needed` at each save)."""
    asked = set(settings.CARE_ACTION_PLAN_FOR)
    return any(allergy.get("severity") in asked for allergy in medical.get("allergies", []))


def action_plans_current(*, now: datetime | None = None) -> QuerySet[CareDocument]:
    """Allergy action plans on file that have not expired on the school's day of `now`: one
    expiring today still holds today. The day is the database's reading of `now` (not a date
    made here), so a statement compiled once (`enrolments.facts`) reads each call's own."""
    today = TruncDate(
        Value(now or timezone.now(), output_field=DateTimeField()), tzinfo=school_timezone()
    )
    return CareDocument.objects.filter(kind=DocumentKind.ACTION_PLAN).filter(
        Q(expires_on__isnull=True) | Q(expires_on__gte=today)
    )


def _plan_on_file(participant_id, now: datetime) -> Exists:
    return Exists(action_plans_current(now=now).filter(participant_id=participant_id))


def _with_plan_on_file(records: QuerySet[CareRecord], now: datetime) -> QuerySet[CareRecord]:
    # In the same query as the records: whether each child has a current action plan.
    return records.annotate(action_plan_on_file=_plan_on_file(OuterRef("participant_id"), now))


def action_plan_on_file(record: CareRecord, now: datetime) -> bool:
    """From the records' own query where it asked (`records_of`), else asked here."""
    known = getattr(record, "action_plan_on_file", None)
    if known is not None:
        return known
    return action_plans_current(now=now).filter(participant_id=record.participant_id).exists()


def action_plan_missing(record: CareRecord, now: datetime) -> bool:
    """The record asks for an action plan (as saved, while the school asks for any) and none
    is on file, or the one on file has expired."""
    return (
        record.action_plan_needed
        and bool(settings.CARE_ACTION_PLAN_FOR)
        and not action_plan_on_file(record, now)
    )


def record_of(participant_id: int) -> CareRecord | None:
    records = CareRecord.objects.filter(participant_id=participant_id)
    return _with_plan_on_file(records, timezone.now()).first()


def vouched_at(record: CareRecord | None) -> datetime | None:
    """When the record was last given as true: saved or confirmed by the family, or taken by
    phone by the office (the family told it then), whichever is the later."""
    if record is None:
        return None
    times = [at for at in (record.confirmed_at, record.taken_at) if at is not None]
    return max(times) if times else None


def taken_to_confirm(record: CareRecord | None) -> bool:
    """Taken by phone at the front desk and not yet confirmed (or saved) by the family since:
    complete for the rules, but the family is asked to read it through (`family_home`'s to-do,
    the record's page)."""
    return (
        record is not None
        and record.taken_at is not None
        and (record.confirmed_at is None or record.confirmed_at < record.taken_at)
    )


def confirmation_due(record: CareRecord | None, *, now: datetime) -> bool:
    vouched = vouched_at(record)
    return record is not None and (
        vouched is None or vouched < now - timedelta(days=settings.CARE_CONFIRM_DAYS)
    )


def record_missing(participant: Participant, record: CareRecord | None, now: datetime) -> list:
    """What the participant's record still lacks at `now` (`care_missing_for`'s first part). A
    record the office took by phone counts as the family's own: the family gave it then."""
    if vouched_at(record) is None:
        return [RECORD]
    missing = []
    if confirmation_due(record, now=now):
        missing.append(CONFIRMATION)
    if len(record.emergency_contacts) < emergency_contacts_required(participant):
        missing.append(EMERGENCY_CONTACTS)
    if not participant.is_account_holder and record.photo_consent is None:
        missing.append(PHOTO_CONSENT)
    if action_plan_missing(record, now):
        missing.append(ACTION_PLAN)
    return missing


def care_missing_for(
    participants: list[Participant],
    *,
    now: datetime | None = None,
    records: dict[int, CareRecord] | None = None,
) -> dict[int, list[str]]:
    """For each participant, what the school still needs before they are enrolled: their
    record's items, then each policy version not accepted (for the family, or for them where
    the policy is per child). Nothing for an adult unless `CARE_REQUIRED_FOR_ADULTS`. Three
    queries however many participants (two when the caller read the `records` already); the
    medical part is not read (nor decrypted) here."""
    now = now or timezone.now()
    asked = [participant for participant in participants if care_required(participant)]
    missing: dict[int, list[str]] = {participant.pk: [] for participant in participants}
    if not asked:
        return missing
    if records is None:
        records = records_of([participant.pk for participant in asked], medical=False, now=now)
    current = policies_current(now=now)
    accepted = set(
        PolicyAcceptance.objects.filter(
            version__in=current, account_id__in={participant.account_id for participant in asked}
        ).values_list("version_id", "account_id", "participant_id")
    )
    for participant in asked:
        items = record_missing(participant, records.get(participant.pk), now)
        for version in current:
            signer = participant.pk if version.policy.per_child else None
            if (version.pk, participant.account_id, signer) not in accepted:
                items.append(f"{POLICY_PREFIX}{version.policy.slug}")
        missing[participant.pk] = items
    return missing


def records_of(
    participant_ids: list[int], *, medical: bool = True, now: datetime | None = None
) -> dict[int, CareRecord]:
    """The participants' records by participant id, each with whether a current action plan
    is on file at `now`; without the medical part unless asked."""
    records = _with_plan_on_file(
        CareRecord.objects.filter(participant_id__in=participant_ids), now or timezone.now()
    )
    if not medical:
        records = records.defer("medical")
    return {record.participant_id: record for record in records}


class _ListLength(Func):
    """The number of items of a JSON list column, on either database."""

    function = "json_array_length"
    output_field = IntegerField()

    def as_postgresql(self, compiler, connection, **extra):
        return super().as_sql(compiler, connection, function="jsonb_array_length", **extra)


def care_missing_count(participants: QuerySet[Participant], *, now: datetime | None = None) -> int:
    """How many of these participants `care_missing_for` finds something missing for, counted
    by the database in one query, for a season's thousands of children at once. The same
    rule, written as a query (`camp/tests/test_reports.py` holds the two together):
    each part a list of who has it done, not asked participant by participant, so the database
    reads each list once."""
    now = now or timezone.now()
    if not settings.CARE_REQUIRED_FOR_ADULTS:
        participants = participants.filter(is_account_holder=False)
    fresh = now - timedelta(days=settings.CARE_CONFIRM_DAYS)
    records_done = (
        CareRecord.objects.filter(Q(confirmed_at__gte=fresh) | Q(taken_at__gte=fresh))
        .annotate(contacts=_ListLength("emergency_contacts"))
        .filter(
            Q(
                participant__is_account_holder=False,
                contacts__gte=settings.CARE_EMERGENCY_CONTACTS_REQUIRED,
                photo_consent__isnull=False,
            )
            | Q(participant__is_account_holder=True, contacts__gte=1)
        )
    )
    if settings.CARE_ACTION_PLAN_FOR:
        records_done = records_done.filter(
            Q(action_plan_needed=False) | _plan_on_file(OuterRef("participant_id"), now)
        )
    records_done = records_done.values("participant_id")
    missing = ~Q(pk__in=records_done)
    for version in policies_current(now=now):
        signed = PolicyAcceptance.objects.filter(version=version)
        if version.policy.per_child:
            missing |= ~Q(pk__in=signed.filter(participant__isnull=False).values("participant_id"))
        else:
            missing |= ~Q(
                account_id__in=signed.filter(participant__isnull=True).values("account_id")
            )
    return participants.filter(missing).count()


def care_missing(participant: Participant, *, now: datetime | None = None) -> list[str]:
    return care_missing_for([participant], now=now)[participant.pk]


# What an instructor may read of a record, beside the family's and the admins' everything.
CLASS_SCOPE = "class"
FULL_SCOPE = "full"


def read_scope(*, reader: User, participant: Participant) -> str | None:
    """How much of a participant's record the reader may see: everything for their family and
    admins; for an instructor, what `events.CARE_READ_SCOPE` answers (a child in one of their
    classes); else nothing."""
    if participant.account_id == reader.pk or reader.role == Role.ADMIN:
        return FULL_SCOPE
    if reader.role == Role.INSTRUCTOR:
        return events.ask(
            events.CARE_READ_SCOPE, instructor_id=reader.pk, participant_id=participant.pk
        )
    return None


@dataclass(frozen=True)
class CareFlags:
    """What a roster shows of a child's record: the most severe allergy and their names,
    medication given at camp, photo consent, who may collect them, and whether it is complete."""

    allergy: str | None
    allergies: list[str]
    medication_at_camp: bool
    photo_consent: bool | None
    pickups: list[str]
    may_leave_alone: bool
    complete: bool
    missing: list[str]
    # A current allergy action plan is on file: an instructor may open it from the roster.
    action_plan_on_file: bool = False


def care_flags_for(participants: list[Participant]) -> dict[int, CareFlags]:
    """Each participant's roster flags; three queries however many."""
    records = records_of([participant.pk for participant in participants])
    missing = care_missing_for(participants, records=records)
    flags = {}
    for participant in participants:
        record = records.get(participant.pk)
        medical = record.medical if record is not None else {}
        allergies = medical.get("allergies", [])
        severities = [allergy["severity"] for allergy in allergies]
        flags[participant.pk] = CareFlags(
            allergy=max(severities, key=SEVERITY_ORDER.index) if severities else None,
            allergies=[allergy["name"] for allergy in allergies],
            medication_at_camp=any(
                medication.get("at_camp") for medication in medical.get("medications", [])
            ),
            photo_consent=record.photo_consent if record is not None else None,
            pickups=[pickup["name"] for pickup in record.pickups] if record is not None else [],
            may_leave_alone=record.may_leave_alone if record is not None else False,
            complete=not missing[participant.pk],
            missing=missing[participant.pk],
            action_plan_on_file=bool(record is not None and record.action_plan_on_file),
        )
    return flags


def care_history_of(*, participant_id: int) -> QuerySet[CareRecordVersion]:
    return CareRecordVersion.objects.filter(participant_id=participant_id)


def care_reads_of(*, participant_id: int) -> QuerySet[CareRead]:
    return CareRead.objects.filter(participant_id=participant_id)


@dataclass(frozen=True)
class PolicyStanding:
    """A policy's current version, with what the signed-in family accepted of it and what is
    still due (participant ids, or None for the family)."""

    version: PolicyVersion
    accepted: list[PolicyAcceptance]
    due: list[int | None]


def policies_for(*, family: User | None) -> list[PolicyStanding]:
    """The current policies; for a family, who accepted each and who still must."""
    current = policies_current()
    if family is None:
        return [PolicyStanding(version, [], []) for version in current]
    participants = [p for p in Participant.objects.filter(account=family) if care_required(p)]
    acceptances = list(
        PolicyAcceptance.objects.filter(version__in=current, account=family).order_by(
            "accepted_at", "id"
        )
    )
    standings = []
    for version in current:
        accepted = [a for a in acceptances if a.version_id == version.pk]
        signed = {a.participant_id for a in accepted}
        if version.policy.per_child:
            due = [p.pk for p in participants if p.pk not in signed]
        else:
            due = [None] if participants and None not in signed else []
        standings.append(PolicyStanding(version, accepted, due))
    return standings


def policy_current(*, policy_id: int) -> PolicyVersion | None:
    versions = [version for version in policies_current() if version.policy_id == policy_id]
    return versions[0] if versions else None


def policy_acceptances_of(*, family: User) -> QuerySet[PolicyAcceptance]:
    return PolicyAcceptance.objects.filter(account=family).select_related("version")


@dataclass(frozen=True)
class CareStanding:
    """What the rules' `care` fact reads of a participant's paperwork with the rest of their
    standing: the record (only `RECORD_FIELDS` loaded; None for none) and how many policies in
    force the family has still to accept for them."""

    record: CareRecord | None
    policies_unaccepted: int


# The record's columns `record_missing` reads.
RECORD_FIELDS = (
    "emergency_contacts",
    "photo_consent",
    "confirmed_at",
    "taken_at",
    "action_plan_needed",
)


def care_columns(*, participant_id, now: datetime) -> dict:
    """`care_missing_for`'s reads of one participant as query expressions, for a statement about
    them and a class (`enrolments.facts`): the record's id and `RECORD_FIELDS`, and the number of
    the policies' current versions at `now` their family has not accepted (for them, where the
    policy is per child). `care_standing` makes them a `CareStanding`."""
    record = CareRecord.objects.filter(participant_id=participant_id)
    columns = {f"care_{name}": Subquery(record.values(name)[:1]) for name in ("id", *RECORD_FIELDS)}
    newer = PolicyVersion.objects.filter(
        policy_id=OuterRef("policy_id"), published_at__lte=now, number__gt=OuterRef("number")
    )
    accepted = PolicyAcceptance.objects.filter(
        version_id=OuterRef("pk"),
        account_id=Subquery(
            Participant.objects.filter(pk=participant_id).order_by().values("account_id")
        ),
    ).filter(
        Q(version__policy__per_child=True, participant_id=participant_id)
        | Q(version__policy__per_child=False, participant__isnull=True)
    )
    unaccepted = (
        PolicyVersion.objects.filter(published_at__lte=now)
        .exclude(Exists(newer))
        .exclude(Exists(accepted))
        .order_by()
        .annotate(one=Value(1))
        .values("one")
        .annotate(count=Count("*"))
        .values("count")
    )
    columns["care_policies_unaccepted"] = Coalesce(
        Subquery(unaccepted, output_field=IntegerField()), Value(0)
    )
    return columns


def care_standing(values: dict, using: str) -> CareStanding:
    """`care_columns`' values, read, as a `CareStanding`."""
    record = None
    if values["care_id"] is not None:
        names = ["id", *RECORD_FIELDS]
        record = CareRecord.from_db(using, names, [values[f"care_{name}"] for name in names])
    return CareStanding(record=record, policies_unaccepted=values["care_policies_unaccepted"])


def care_complete(participant: Participant, standing: CareStanding, *, now: datetime) -> bool:
    """Whether `care_missing_for` finds nothing missing for the participant at `now`, from what
    `care_columns` read."""
    if not care_required(participant):
        return True
    if standing.record is not None:
        # Whose record it is, for the action plan asked of it only where it needs one: the
        # statement that read it stays short enough for the driver to keep its parse.
        standing.record.participant_id = participant.pk
    return standing.policies_unaccepted == 0 and not record_missing(
        participant, standing.record, now
    )


def documents_of(*, participant_id: int, action_plans_only: bool) -> QuerySet[CareDocument]:
    """A child's documents, newest first, with who uploaded each; only the action plans for a
    reader who may see no other (an instructor of the child's class)."""
    documents = CareDocument.objects.filter(participant_id=participant_id).select_related(
        "uploaded_by"
    )
    if action_plans_only:
        documents = documents.filter(kind=DocumentKind.ACTION_PLAN)
    return documents


def document_expired(document: CareDocument, *, now: datetime | None = None) -> bool:
    today = school_day_of(now or timezone.now())
    return document.expires_on is not None and document.expires_on < today


def documents_expiring(*, first, last) -> QuerySet[CareDocument]:
    """The documents whose last day is between `first` and `last`, with their child and family,
    for the reminders: none the family has replaced already by one of the same kind that lasts
    longer (or does not expire)."""
    replaced = CareDocument.objects.filter(
        participant_id=OuterRef("participant_id"),
        kind=OuterRef("kind"),
        uploaded_at__gt=OuterRef("uploaded_at"),
    ).filter(Q(expires_on__isnull=True) | Q(expires_on__gt=OuterRef("expires_on")))
    return (
        CareDocument.objects.filter(expires_on__range=(first, last))
        .exclude(Exists(replaced))
        .select_related("participant__account")
        .order_by("expires_on", "id")
    )
