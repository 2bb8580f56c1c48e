"""Writing care records: saving and confirming a child's record (each version kept), logging
staff reads, accepting a policy, erasing the medical part at the end of retention, re-encrypting
under a new key, the reminders to complete a record (each sent once), and a child's documents
(uploaded, and their family reminded before each expires)."""

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q, TextField, Value
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.ages import age_on
from accounts.models import Participant, User
from care.documents import (
    document_checked,
    document_removed,
    document_resealed,
    document_sealed_store,
)
from care.encryption import resealed
from care.models import (
    CareChange,
    CareDocument,
    CarePart,
    CareRead,
    CareRecord,
    CareRecordVersion,
    CareReminder,
    DocumentKind,
    PolicyAcceptance,
    PolicyVersion,
    empty_medical,
)
from care.phones import INVALID, e164
from care.selectors import (
    POLICY_PREFIX,
    action_plan_asked,
    care_required,
    documents_expiring,
    school_day_of,
    vouched_at,
)
from core.errors import Conflict, InvalidInput
from core.school_time import school_today
from notifications.services import message_queue

MEDICAL_FIELDS = ("allergies", "medications", "conditions", "dietary", "doctor")
OTHER_FIELDS = ("emergency_contacts", "pickups", "may_leave_alone", "photo_consent")


def record_as_saved(record: CareRecord) -> dict:
    """The record's content, as a version keeps it."""
    return {
        **record.medical,
        "emergency_contacts": record.emergency_contacts,
        "pickups": record.pickups,
        "may_leave_alone": record.may_leave_alone,
        "photo_consent": record.photo_consent,
    }


def _contacts(people: list[dict], *, field: str, problems: dict) -> list[dict]:
    kept = []
    for index, person in enumerate(people):
        phone = e164(person["phone"])
        if phone is None:
            problems.setdefault(field, []).append(f"Item {index + 1}: phone: {INVALID}")
            continue
        kept.append({**person, "phone": phone})
    return kept


def _age_today(participant: Participant) -> int | None:
    born = participant.date_of_birth
    return None if born is None else age_on(born, school_today())


def may_leave_alone_allowed(participant: Participant) -> bool:
    age = _age_today(participant)
    return age is None or age >= settings.CARE_LEAVE_ALONE_MIN_AGE


def _version_kept(
    *, record: CareRecord, change: CareChange, fields: list[str], by: User | None, at: datetime
) -> None:
    CareRecordVersion.objects.create(
        participant_id=record.participant_id,
        change=change,
        fields=fields,
        snapshot=record_as_saved(record),
        changed_by=by,
        changed_by_name=(by.name or by.email) if by is not None else "",
        changed_at=at,
    )


@transaction.atomic
def care_record_save(
    *,
    participant: Participant,
    by: User,
    allergies: list[dict],
    medications: list[dict],
    conditions: str,
    dietary: str,
    doctor: dict,
    emergency_contacts: list[dict],
    pickups: list[dict],
    may_leave_alone: bool,
    photo_consent: bool | None,
    taken_by_phone: bool = False,
) -> CareRecord:
    """The family saves their child's whole record; saving it confirms it. The version it
    replaces stays in the history, with what changed.

    `taken_by_phone`: the office (`by`) typed it at the front desk as the family told it: it
    counts as given (`care.selectors.vouched_at`), is marked taken by `by` now, and waits for
    the family to confirm it (`care.selectors.taken_to_confirm`); the family's own confirmation
    is left as it was."""
    problems: dict[str, list[str]] = {}
    emergency_contacts = _contacts(
        emergency_contacts, field="emergency_contacts", problems=problems
    )
    pickups = _contacts(pickups, field="pickups", problems=problems)
    if doctor.get("phone"):
        phone = e164(doctor["phone"])
        if phone is None:
            problems["doctor"] = [_("phone: %(INVALID)s") % {"INVALID": INVALID}]
        doctor = {**doctor, "phone": phone or ""}
    if may_leave_alone and not may_leave_alone_allowed(participant):
        problems["may_leave_alone"] = [
            _("A child may leave on their own from the age of %(CARE_LEAVE_ALONE_MIN_AGE)s.")
            % {"CARE_LEAVE_ALONE_MIN_AGE": settings.CARE_LEAVE_ALONE_MIN_AGE}
        ]
    if problems:
        raise InvalidInput(problems)
    now = timezone.now()
    record = CareRecord.objects.select_for_update().filter(participant=participant).first()
    before = record_as_saved(record) if record is not None else None
    if record is None:
        record = CareRecord(participant=participant)
    record.medical = {
        **empty_medical(),
        "allergies": allergies,
        "medications": medications,
        "conditions": conditions,
        "dietary": dietary,
        "doctor": {"name": doctor.get("name", ""), "phone": doctor.get("phone", "")},
    }
    record.emergency_contacts = emergency_contacts
    record.pickups = pickups
    record.may_leave_alone = may_leave_alone
    record.photo_consent = photo_consent
    if taken_by_phone:
        record.taken_by, record.taken_at = by, now
    else:
        record.confirmed_at = now
    record.medical_erased_at = None
    record.action_plan_needed = action_plan_asked(record.medical)
    _record_written(record, consent_before=before["photo_consent"] if before else None)
    after = record_as_saved(record)
    if before is None:
        _version_kept(record=record, change=CareChange.CREATED, fields=[], by=by, at=now)
    else:
        changed = [
            name for name in (*MEDICAL_FIELDS, *OTHER_FIELDS) if before.get(name) != after[name]
        ]
        _version_kept(
            record=record,
            change=CareChange.CHANGED if changed else CareChange.CONFIRMED,
            fields=changed,
            by=by,
            at=now,
        )
    return record


def _record_written(record: CareRecord, *, consent_before: bool | None) -> None:
    """The record saved whole; with its photo consent as it was, written without it, so that
    the public lists (whose gallery reads it) keep their answers, as they should through a
    morning of families saving records. A new record is written whole."""
    if record.pk is None or consent_before != record.photo_consent:
        record.save()
        return
    record.save(
        update_fields=[
            field.name
            for field in CareRecord._meta.concrete_fields
            if not field.primary_key and field.name not in {"participant", "photo_consent"}
        ]
    )


# A record never saved, as a section saved on its own completes it.
def _record_blank() -> dict:
    return {
        **empty_medical(),
        "emergency_contacts": [],
        "pickups": [],
        "may_leave_alone": False,
        "photo_consent": None,
    }


@transaction.atomic
def care_record_update(*, participant: Participant, by: User, **parts) -> CareRecord:
    """One section of the record saved on its own (its health, its contacts, its pick-ups, its
    consent): the fields given replace the saved ones and the others stay as they were (blank
    on a first save). As a whole save does, it confirms the record."""
    unknown = set(parts) - {*MEDICAL_FIELDS, *OTHER_FIELDS}
    if unknown:
        raise InvalidInput(
            {name: [_("This is not a field of the care record.")] for name in unknown}
        )
    record = CareRecord.objects.select_for_update().filter(participant=participant).first()
    now_saved = record_as_saved(record) if record is not None else _record_blank()
    whole = {**_record_blank(), **now_saved, **parts}
    # What the record kept as saved is checked again with the rest: a child too young to leave
    # alone is caught whichever section says so.
    if "may_leave_alone" not in parts and not may_leave_alone_allowed(participant):
        whole["may_leave_alone"] = False
    return care_record_save(
        participant=participant,
        by=by,
        **{name: whole[name] for name in (*MEDICAL_FIELDS, *OTHER_FIELDS)},
    )


@transaction.atomic
def care_record_confirm(*, participant: Participant, by: User) -> CareRecord:
    """ "Still correct": the family confirms the record unchanged for another season."""
    record = CareRecord.objects.select_for_update().filter(participant=participant).first()
    if vouched_at(record) is None:
        raise Conflict(
            _("There is no care record to confirm yet: fill it in first."),
            code="care_not_started",
        )
    now = timezone.now()
    record.confirmed_at = now
    record.save(update_fields=["confirmed_at", "updated_at"])
    _version_kept(record=record, change=CareChange.CONFIRMED, fields=[], by=by, at=now)
    return record


def care_reads_logged(
    *, participants: Iterable[Participant], reader: User, part: CarePart | str
) -> None:
    """Someone outside the family read these children's records, or the part of them `part`
    names: one entry per child for their family to see, with who, when and where, in one
    INSERT however many. A family's reads of their own children are theirs, not logged."""
    # A part by its name (the back office's, which may not import this app's models) is one of
    # the log's, or refused before anything is shown.
    part = CarePart(part)
    read_at = timezone.now()
    reads = {
        participant.pk: CareRead(
            participant_id=participant.pk,
            reader=reader,
            reader_name=reader.name or reader.email,
            reader_role=reader.role,
            read_at=read_at,
            part=part,
        )
        for participant in participants
        if participant.account_id != reader.pk
    }
    if reads:
        CareRead.objects.bulk_create(reads.values())


def _same_name(typed: str, name: str) -> bool:
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


def policy_accept(
    *,
    family: User,
    version: PolicyVersion,
    participant: Participant | None,
    signed_name: str,
    ip_address: str | None,
    user_agent: str,
) -> tuple[PolicyAcceptance, bool]:
    """A parent accepts a policy's version for the family or for one child, by typing their
    full name as on their account; accepting it again answers the first acceptance."""
    policy = version.policy
    if policy.per_child and participant is None:
        raise InvalidInput({"participant": [_("Choose the child this policy is accepted for.")]})
    if not policy.per_child and participant is not None:
        raise InvalidInput({"participant": [_("This policy is accepted once for the family.")]})
    if participant is not None and not care_required(participant):
        raise InvalidInput({"participant": [_("The school asks no policy of this person.")]})
    name = family.name or family.email
    if not _same_name(signed_name, name):
        raise InvalidInput(
            {
                "signed_name": [
                    _("Type your full name as it is on your account: %(name)s.") % {"name": name}
                ]
            }
        )
    earlier = PolicyAcceptance.objects.filter(
        version=version, account=family, participant=participant
    ).first()
    if earlier is not None:
        return earlier, False
    try:
        with transaction.atomic():
            return (
                PolicyAcceptance.objects.create(
                    version=version,
                    account=family,
                    participant=participant,
                    signed_name=" ".join(signed_name.split()),
                    ip_address=ip_address,
                    user_agent=user_agent[:500],
                ),
                True,
            )
    except IntegrityError:
        return PolicyAcceptance.objects.get(
            version=version, account=family, participant=participant
        ), False


@transaction.atomic
def policies_accept(
    *,
    family: User,
    acceptances: list[tuple[PolicyVersion, Participant | None]],
    signed_name: str,
    ip_address: str | None,
    user_agent: str,
) -> list[tuple[PolicyAcceptance, bool]]:
    """One typed name accepting several policies at once (each for the family or one child):
    every one is recorded, or, if one of them cannot be, none is. A problem with one is told
    under `acceptances` by its place in the list."""
    name = family.name or family.email
    if not _same_name(signed_name, name):
        raise InvalidInput(
            {
                "signed_name": [
                    _("Type your full name as it is on your account: %(name)s.") % {"name": name}
                ]
            }
        )
    answers = []
    problems: list[str] = []
    for index, (version, participant) in enumerate(acceptances):
        try:
            answers.append(
                policy_accept(
                    family=family,
                    version=version,
                    participant=participant,
                    signed_name=signed_name,
                    ip_address=ip_address,
                    user_agent=user_agent,
                )
            )
        except InvalidInput as invalid:
            problems.extend(
                f"Item {index + 1}: {message}"
                for messages in invalid.problems.values()
                for message in messages
            )
    if problems:
        raise InvalidInput({"acceptances": problems})
    return answers


@transaction.atomic
def care_medical_erase(*, participant_ids: list[int], unchanged_since: datetime) -> int:
    """The medical part of these records (and of their kept versions) emptied, and the children's
    documents removed, for records not saved or confirmed since `unchanged_since`; contacts and
    consents stay. Returns how many records were erased."""
    now = timezone.now()
    erased = 0
    # Given (saved, confirmed or taken by phone) at some time, and at none since.
    for record in (
        CareRecord.objects.select_for_update()
        .filter(participant_id__in=participant_ids, medical_erased_at__isnull=True)
        .filter(Q(confirmed_at__isnull=False) | Q(taken_at__isnull=False))
        .exclude(confirmed_at__gte=unchanged_since)
        .exclude(taken_at__gte=unchanged_since)
    ):
        record.medical = empty_medical()
        record.medical_erased_at = now
        # No allergy is left on it to ask for a plan.
        record.action_plan_needed = False
        record.save(
            update_fields=["medical", "medical_erased_at", "action_plan_needed", "updated_at"]
        )
        versions = list(CareRecordVersion.objects.filter(participant_id=record.participant_id))
        for version in versions:
            version.snapshot = {**version.snapshot, **empty_medical()}
        # Each snapshot is sealed on its own (care.encryption), so each is written, in one go.
        CareRecordVersion.objects.bulk_update(versions, ["snapshot"], batch_size=200)
        _version_kept(
            record=record, change=CareChange.ERASED, fields=list(MEDICAL_FIELDS), by=None, at=now
        )
        # The child's documents say what the medical part said: they go with it (their files
        # once this is committed, `document_file_forgotten`).
        CareDocument.objects.filter(participant_id=record.participant_id).delete()
        erased += 1
    return erased


def care_keys_rotated(*, batch: int = 500) -> int:
    """Every encrypted value re-encrypted under the newest of `CARE_ENCRYPTION_KEYS`, read and
    written as the tokens they are (never decrypted into Python objects and back)."""
    rotated = 0
    for model, column in ((CareRecord, "medical"), (CareRecordVersion, "snapshot")):
        last = 0
        while True:
            with transaction.atomic():
                rows = list(
                    model.objects.filter(pk__gt=last)
                    .order_by("pk")
                    .annotate(token=Cast(column, TextField()))
                    .values_list("pk", "token")[:batch]
                )
                if not rows:
                    break
                for pk, token in rows:
                    model.objects.filter(pk=pk).update(
                        **{column: Value(resealed(token), output_field=TextField())}
                    )
                rotated += len(rows)
                last = rows[-1][0]
    return rotated + care_documents_resealed()


def care_documents_resealed() -> int:
    """Every document's file encrypted again under the newest key: stored anew, the row moved
    to it, then the old file removed, so a failure midway leaves each document readable."""
    resealed_count = 0
    for document in CareDocument.objects.order_by("pk").iterator():
        new_name = document_resealed(document.storage_name)
        CareDocument.objects.filter(pk=document.pk).update(storage_name=new_name)
        document_removed(document.storage_name)
        resealed_count += 1
    return resealed_count


def care_reminder_send(
    *, key: str, family: User, children: list[tuple[str, list[str]]], first_class: str = ""
) -> bool:
    """One e-mail asking the family to complete what is missing (by the item's name, never the
    record's content), sent once for `key`; False if it was sent already."""
    try:
        with transaction.atomic():
            CareReminder.objects.create(key=key, account=family)
    except IntegrityError:
        return False
    message_queue(
        kind="care_reminder",
        about=key,
        recipient=family.email,
        context={
            "name": family.name,
            "children": [
                {"name": name, "missing": [missing_in_words(item) for item in items]}
                for name, items in children
            ],
            "first_class": first_class,
        },
    )
    return True


def missing_in_words(item: str) -> str:
    """What is missing, as a family reads it: said in the reader's language where it is read
    (an e-mail renders it in its reader's, a refusal in the request's)."""
    words = {
        "record": gettext_lazy(
            "the care record (allergies, medication, contacts, pick-ups, photo consent)"
        ),
        "confirmation": gettext_lazy("a confirmation that the care record is still correct"),
        "emergencyContacts": gettext_lazy("emergency contacts"),
        "photoConsent": gettext_lazy("an answer about photos"),
        "actionPlan": gettext_lazy(
            "an allergy action plan that has not expired (upload it with the record)"
        ),
    }
    if item.startswith(POLICY_PREFIX):
        policy = item.removeprefix(POLICY_PREFIX).replace("-", " ")
        return format_lazy(gettext_lazy("acceptance of the {policy}"), policy=policy)
    return words.get(item, item)


def care_document_upload(
    *,
    participant: Participant,
    by: User,
    upload,
    kind: DocumentKind | str,
    expires_on: date | None = None,
) -> CareDocument:
    """A document the family (or an admin) gives the school for a child: checked by its
    content (`care.documents`), stored encrypted, and recorded."""
    if expires_on is not None and expires_on < school_day_of(timezone.now()):
        raise InvalidInput({"expires_on": [_("This date has passed: the document has expired.")]})
    checked = document_checked(upload)
    storage_name = document_sealed_store(checked.content)
    try:
        with transaction.atomic():
            return CareDocument.objects.create(
                participant=participant,
                kind=DocumentKind(kind),
                file_name=checked.file_name,
                content_type=checked.content_type,
                size=len(checked.content),
                storage_name=storage_name,
                expires_on=expires_on,
                uploaded_by=by,
            )
    except BaseException:
        # Nothing records the file: it would be nobody's.
        document_removed(storage_name)
        raise


def document_file_forgotten(*, storage_name: str) -> None:
    """A document's row is gone (its child removed, or the family's account): its file goes
    once the deletion is committed, never before (a rolled-back deletion keeps its file)."""
    transaction.on_commit(lambda: document_removed(storage_name))


def _reminder_day(days_left: int) -> int | None:
    """Which of `CARE_DOCUMENT_REMINDER_DAYS` a document with `days_left` is reminded for: the
    nearest not yet passed, so a document found late gets one reminder, not one for each."""
    due = [day for day in settings.CARE_DOCUMENT_REMINDER_DAYS if day >= days_left]
    return min(due) if due else None


def document_reminders_send(*, now: datetime | None = None) -> int:
    """Each family told, `CARE_DOCUMENT_REMINDER_DAYS` before a document of their child expires,
    to give a new one; once for each document and reminder day (keyed in `CareReminder`).
    Answers how many e-mails were queued."""
    if not settings.CARE_DOCUMENT_REMINDER_DAYS:
        return 0
    today = school_day_of(now or timezone.now())
    last = today + timedelta(days=max(settings.CARE_DOCUMENT_REMINDER_DAYS))
    sent = 0
    for document in documents_expiring(first=today, last=last):
        day = _reminder_day((document.expires_on - today).days)
        if day is not None and _document_reminder_send(document, day=day):
            sent += 1
    return sent


@transaction.atomic
def _document_reminder_send(document: CareDocument, *, day: int) -> bool:
    key = f"care-document:{document.pk}:{day}"
    family = document.participant.account
    _, created = CareReminder.objects.get_or_create(key=key, defaults={"account": family})
    if not created:
        return False
    message_queue(
        kind="care_document_reminder",
        about=key,
        recipient=family.email,
        context={
            "name": family.name,
            "child": document.participant.name,
            # Its kind in the reader's language, as the e-mail is rendered.
            "document": DocumentKind(document.kind).label,
            "file_name": document.file_name,
            "expires_on": document.expires_on,
        },
    )
    return True
