"""Reads of enrolment: a family's selections and seats, and a class's roster as its instructor
and the school's admins read it (who comes, how old they are on the first day, what to know about
them, whom to call: one shape for the page, its CSV and the back office's export); a class's
families and the messages written to them."""

from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta
from typing import NamedTuple

from django.db.models import (
    Case,
    Count,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts.models import Participant, Role, User
from care.models import CarePart
from care.selectors import CareFlags, care_flags_for, care_missing_for
from care.services import care_reads_logged
from classes.models import Class, ClassStatus, ExtendedCare, Meeting
from classes.schedule import school_timezone
from classes.selectors import calendar_meetings
from core.compiled import CompiledQuery
from core.spreadsheets import SafeCsvWriter
from enrolments.access import access_enrolment
from enrolments.availability import seats_free
from enrolments.models import (
    OPEN_WAITLIST_STATUSES,
    Enrolment,
    EnrolmentStatus,
    Selection,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.rules import participant_age
from extras.models import Question
from extras.selectors import AnswerShown, offer_order, roster_answers


def selection_list_for(*, student: User, participant_id: int | None = None) -> QuerySet[Selection]:
    """A family's selections, each with its class, instructor and participant for the list's
    columns; one participant's when asked. Each knows its student without a join."""
    selections = student.selections.all()
    if participant_id is not None:
        selections = selections.filter(participant_id=participant_id)
    return selections.select_related("participant", "camp_class__instructor").order_by("id")


def first_class_starts_of(*, student: User, now: datetime | None = None) -> dict[int, datetime]:
    """When each of a family's people has their first class still ahead, seated or selected:
    by then their paperwork must be done. Two queries."""
    now = now or timezone.now()
    firsts: dict[int, datetime] = {}
    for rows in (
        Enrolment.objects.filter(student=student, status=EnrolmentStatus.ACTIVE),
        Selection.objects.filter(student=student),
    ):
        for participant_id, starts_at in rows.filter(camp_class__starts_at__gt=now).values_list(
            "participant_id", "camp_class__starts_at"
        ):
            if participant_id not in firsts or starts_at < firsts[participant_id]:
                firsts[participant_id] = starts_at
    return firsts


def enrolment_list_for(*, student: User, participant_id: int | None = None) -> QuerySet[Enrolment]:
    """The seats a family holds, the latest first: one row per participant and class, so two
    siblings in one class are two rows. One participant's when asked. Each class's free seats
    are counted when the rows are read (`availability.seats_free`: the holds still running)."""
    enrolments = Enrolment.objects.filter(student=student, status=EnrolmentStatus.ACTIVE)
    if participant_id is not None:
        enrolments = enrolments.filter(participant_id=participant_id)
    return (
        enrolments.select_related("participant", "camp_class__instructor", "camp_class__category")
        .annotate(class_seats_free=seats_free(through="camp_class", now=timezone.now()))
        .order_by("-created_at", "-id")
    )


def roster_for(*, classes: QuerySet[Class]) -> QuerySet[Enrolment]:
    """Who holds a seat in these classes, with their family, class by class, by the
    participant's name. (The payment that bought each seat is the payments app's to read:
    `payments.selectors.payments_of_enrolments`.)

    The children's details a roster shows are for the instructor of a class they are enrolled
    in and for admins: the callers check that (classes.access), this only reads.
    """
    return (
        Enrolment.objects.filter(camp_class__in=classes, status=EnrolmentStatus.ACTIVE)
        .select_related("camp_class", "student", "participant")
        .order_by(
            "camp_class__name",
            "camp_class_id",
            "participant__first_name",
            "participant__last_name",
            "id",
        )
    )


def calendar_meetings_for(*, student: User) -> QuerySet[Meeting]:
    """Every meeting of the classes a student holds a seat in, for their calendar feed: cancelled
    meetings too, so calendars learn they are off. Selections and seats given back are not
    there; a class whose schedule is to be announced has no meetings yet."""
    return calendar_meetings(
        classes=Enrolment.objects.filter(student=student, status=EnrolmentStatus.ACTIVE).values(
            "camp_class_id"
        )
    )


@dataclass(frozen=True)
class RosterLine:
    enrolment: Enrolment
    participant_id: int
    participant_name: str
    date_of_birth: date | None
    age: int | None
    notes: str
    account_name: str
    account_email: str
    emergency_contact_name: str
    emergency_contact_phone: str
    enrolled_at: datetime
    care: CareFlags
    # The child's answers to the school's questions, as the reader may read them.
    answers: tuple[AnswerShown, ...] = ()


def roster_name(participant, account=None) -> str:
    """The name a roster gives a participant: theirs, or, for an account holder taking a class
    themself, the account's name or e-mail. `account` is the participant's, when already read."""
    account = account or participant.account
    return participant.name or account.name or account.email


def roster_lines(enrolments, *, reader: User | None, part: CarePart | None) -> list[RosterLine]:
    """`enrolments.selectors.roster_for`'s rows as lines, with each child's care flags
    (`care.selectors.care_flags_for`, four queries for the whole roster).

    The flags show allergies and pick-ups, so the read is logged here, where they are read, for
    each child's family (`care.services.care_reads_logged`, one INSERT): `reader` is who the
    lines are shown to and `part` where. A write in a read, on purpose: no roster, page,
    download or back-office export can show a child's flags without it. `reader=None` only
    where no person sees the flags (the school's own checks, a file that leaves them out)."""
    enrolments = list(enrolments)
    participants = {enrolment.participant_id: enrolment.participant for enrolment in enrolments}
    flags = care_flags_for(list(participants.values()))
    answers = {}
    if reader is not None:
        care_reads_logged(participants=participants.values(), reader=reader, part=part)
        answers = roster_answers(enrolments, everything=reader.role == Role.ADMIN)
    lines = []
    for enrolment in enrolments:
        participant = enrolment.participant
        account = enrolment.student
        lines.append(
            RosterLine(
                enrolment=enrolment,
                participant_id=participant.pk,
                participant_name=roster_name(participant, account),
                date_of_birth=participant.date_of_birth,
                age=participant_age(participant, enrolment.camp_class),
                notes=participant.notes,
                account_name=account.name,
                account_email=account.email,
                emergency_contact_name=participant.emergency_contact_name,
                emergency_contact_phone=participant.emergency_contact_phone,
                enrolled_at=enrolment.created_at,
                care=flags[participant.pk],
                answers=answers.get(enrolment.pk, ()),
            )
        )
    return lines


def same_day_meetings(*, participant_ids, days) -> dict[tuple[int, date], list[Meeting]]:
    """Each of these children's meetings on these days, by child and day, in time order: the
    meetings of every class they hold a seat in (a whole class, a week or a day, a day of
    extended care), with the class, its series and its care option and leader. What a roster
    and the Today screen say of the rest of a child's day. Two queries."""
    seats = (
        Enrolment.objects.filter(
            status=EnrolmentStatus.ACTIVE,
            participant_id__in=list(participant_ids),
            camp_class__meetings__day__in=list(days),
        )
        .values_list("participant_id", "camp_class_id")
        .distinct()
    )
    children_of_class: dict[int, set[int]] = {}
    for participant_id, class_id in seats:
        children_of_class.setdefault(class_id, set()).add(participant_id)
    answer: dict[tuple[int, date], list[Meeting]] = {}
    if not children_of_class:
        return answer
    meetings = (
        Meeting.objects.filter(
            camp_class_id__in=list(children_of_class), day__in=list(days), cancelled=False
        )
        .select_related("camp_class__unit_of", "camp_class__extended_care__led_by")
        .order_by("start", "id")
    )
    for meeting in meetings:
        for participant_id in children_of_class[meeting.camp_class_id]:
            answer.setdefault((participant_id, meeting.day), []).append(meeting)
    return answer


@dataclass(frozen=True)
class CareBooked:
    """A child's days of one extended-care option in a week or on a day of camp."""

    option: ExtendedCare
    days: list[date]


@dataclass(frozen=True)
class UnitRosterLine(RosterLine):
    """A line of a week's or a day's roster: the class roster's, with the child's extended
    care on the unit's days."""

    extended_care: tuple[CareBooked, ...] = ()


def unit_roster_lines(unit: Class, *, reader: User, part: CarePart) -> list[UnitRosterLine]:
    """Who is booked on a week or day of a series (its roster, `roster_for` and
    `roster_lines`), each with the extended care booked on the days the unit meets, option by
    option in the day's order."""
    lines = roster_lines(
        roster_for(classes=Class.objects.filter(pk=unit.pk)), reader=reader, part=part
    )
    days = list(
        Meeting.objects.filter(camp_class=unit, cancelled=False).values_list("day", flat=True)
    )
    booked = same_day_meetings(participant_ids=[line.participant_id for line in lines], days=days)
    answer = []
    for line in lines:
        care: dict[int, CareBooked] = {}
        for day in sorted(days):
            for meeting in booked.get((line.participant_id, day), []):
                option = meeting.camp_class.extended_care
                if option is not None:
                    care.setdefault(option.pk, CareBooked(option=option, days=[])).days.append(day)
        answer.append(
            UnitRosterLine(
                **{field.name: getattr(line, field.name) for field in fields(RosterLine)},
                extended_care=tuple(
                    sorted(care.values(), key=lambda c: (c.option.start_time, c.option.pk))
                ),
            )
        )
    return answer


CSV_COLUMNS = (
    "participant",
    "age on the first day",
    "date of birth",
    "notes",
    "family contact",
    "family e-mail",
    "emergency contact",
    "emergency phone",
    "enrolled at",
    "allergies",
    "medication at camp",
    "photo consent",
    "pick-up",
    "care record",
)

_CONSENT = {True: "yes", False: "no", None: "not given"}


def roster_csv_cells(line: RosterLine) -> list:
    return [
        line.participant_name,
        "" if line.age is None else line.age,
        line.date_of_birth.isoformat() if line.date_of_birth else "",
        line.notes,
        line.account_name,
        line.account_email,
        line.emergency_contact_name,
        line.emergency_contact_phone,
        line.enrolled_at.isoformat(),
        "; ".join(line.care.allergies) + (f" ({line.care.allergy})" if line.care.allergy else ""),
        "yes" if line.care.medication_at_camp else "",
        _CONSENT[line.care.photo_consent],
        "; ".join(line.care.pickups + (["may leave alone"] if line.care.may_leave_alone else [])),
        "complete" if line.care.complete else "incomplete",
    ]


def roster_questions(lines: list[RosterLine]) -> list[Question]:
    """The questions the lines' answers answer, each once, as columns of a file: a class's own,
    then its season's, each in the school's order."""
    questions = {shown.question.pk: shown.question for line in lines for shown in line.answers}
    return sorted(questions.values(), key=offer_order)


def roster_answer_cells(line: RosterLine, questions: list[Question]) -> list[str]:
    """A line's answers under `questions`' columns, empty where it has none."""
    texts = {shown.question.pk: shown.text for shown in line.answers}
    return [texts.get(question.pk, "") for question in questions]


def roster_table(lines: list[RosterLine]) -> tuple[list, list[list]]:
    """The roster as a file's heading row and rows: a column for each question answered."""
    questions = roster_questions(lines)
    headings = [*CSV_COLUMNS, *(question.label for question in questions)]
    rows = [[*roster_csv_cells(line), *roster_answer_cells(line, questions)] for line in lines]
    return headings, rows


def roster_csv_write(lines: list[RosterLine], target) -> None:
    """The roster as CSV into `target` (a file or a response), every cell spreadsheet-safe."""
    writer = SafeCsvWriter(target)
    headings, rows = roster_table(lines)
    writer.writerow(headings)
    for row in rows:
        writer.writerow(row)


def enrolment_history_for(*, student: User) -> QuerySet[Enrolment]:
    """Every seat a family has held, given back ones too, the latest first (their data export)."""
    return (
        Enrolment.objects.filter(student=student)
        .select_related("participant", "camp_class")
        .order_by("-created_at", "-id")
    )


def _with_position(entries: QuerySet[WaitlistEntry]) -> QuerySet[WaitlistEntry]:
    """Each entry with its place among its class's waiting entries (1 is next for a seat),
    counted in the query; None for an entry not waiting."""
    ahead = (
        WaitlistEntry.objects.filter(
            camp_class_id=OuterRef("camp_class_id"),
            status=WaitlistStatus.WAITING,
            rank__lt=OuterRef("rank"),
        )
        .order_by()
        .values("camp_class_id")
        .annotate(count=Count("*"))
        .values("count")
    )
    return entries.annotate(
        position=Case(
            When(
                status=WaitlistStatus.WAITING,
                then=Coalesce(Subquery(ahead, output_field=IntegerField()), Value(0)) + 1,
            ),
            default=None,
            output_field=IntegerField(),
        )
    )


def waitlist_list_for(*, student: User) -> QuerySet[WaitlistEntry]:
    """A family's waitlist entries, open and closed, the newest first."""
    return _with_position(
        WaitlistEntry.objects.filter(student=student)
        .select_related("camp_class", "participant")
        .order_by("-created_at", "-id")
    )


def waitlist_offers_open_for(
    *, student: User, now: datetime | None = None
) -> QuerySet[WaitlistEntry]:
    """A family's seats offered from a waitlist and not yet lapsed, the soonest to lapse
    first."""
    return (
        WaitlistEntry.objects.filter(
            student=student,
            status=WaitlistStatus.OFFERED,
            offer_expires_at__gt=now or timezone.now(),
        )
        .select_related("camp_class", "participant")
        .order_by("offer_expires_at", "id")
    )


def waitlist_entry_for(*, entry_id: int) -> WaitlistEntry:
    return waitlist_list_for_class(class_id=None).get(pk=entry_id)


def waitlist_list_for_class(*, class_id: int | None) -> QuerySet[WaitlistEntry]:
    """A class's waitlist as its instructor and admins read it: the queue first, in order, then
    the entries that were offered a seat or closed, the latest first."""
    entries = WaitlistEntry.objects.all()
    if class_id is not None:
        entries = entries.filter(camp_class_id=class_id)
    return _with_position(
        entries.select_related("camp_class", "participant", "student").order_by(
            Case(When(status=WaitlistStatus.WAITING, then=Value(0)), default=Value(1)),
            "rank",
            "-id",
        )
    )


class Queue(NamedTuple):
    """A class's waitlist: the rank of the last entry ever made (None before the first), and the
    entries waiting now."""

    last_rank: int | None
    waiting: int


def _queue_of(given) -> QuerySet:
    return (
        WaitlistEntry.objects.filter(camp_class_id=given["class"])
        .order_by()
        .values("camp_class_id")
        .annotate(
            last_rank=Max("rank"), waiting=Count("pk", filter=Q(status=WaitlistStatus.WAITING))
        )
        .values("last_rank", "waiting")
    )


# Asked at every join of a waitlist, on the opening morning too: compiled once (`core.compiled`).
_QUEUE = CompiledQuery(_queue_of, {"class": int})


def waitlist_queue(*, camp_class_id: int) -> Queue:
    """The class's waitlist as `Queue` says, in one query; read under the class's lock, the new
    entry goes at the back and its place is the waiting entries' count and one."""
    for row in _QUEUE.rows({"class": camp_class_id}):
        return Queue(**row)
    return Queue(last_rank=None, waiting=0)


def waitlist_open_for_class(*, class_id: int) -> QuerySet[WaitlistEntry]:
    """The class's entries still on its list: waiting, offered a seat, or paying for one."""
    return WaitlistEntry.objects.filter(
        camp_class_id=class_id, status__in=[*OPEN_WAITLIST_STATUSES, WaitlistStatus.ACCEPTED]
    ).exclude(status=WaitlistStatus.ACCEPTED, hold__isnull=True)


def seats_in(class_id: int) -> QuerySet[Enrolment]:
    """A class's seats taken now."""
    return Enrolment.objects.filter(camp_class_id=class_id, status=EnrolmentStatus.ACTIVE)


def places_on_waitlist_of(class_id: int) -> QuerySet[WaitlistEntry]:
    """A class's places on its waitlist now, waiting or offered a seat."""
    return WaitlistEntry.objects.filter(camp_class_id=class_id, status__in=OPEN_WAITLIST_STATUSES)


def seat_holders_of(*, class_id: int) -> QuerySet[User]:
    """The accounts that hold an active seat in a class, for the messages its changes send
    (asked by the classes app as `core.events.SEAT_HOLDERS`)."""
    return User.objects.filter(pk__in=seats_in(class_id).values("student_id")).order_by("id")


def waiting_families_of(*, class_id: int) -> QuerySet[User]:
    """The accounts with a place on a class's waitlist, waiting or offered a seat, for the
    messages its changes send (asked by the classes app as `core.events.WAITING_FAMILIES`)."""
    return User.objects.filter(
        pk__in=places_on_waitlist_of(class_id).values("student_id")
    ).order_by("id")


def care_read_scope(*, instructor_id: int, participant_id: int) -> str | None:
    """How much of a child's care record an instructor may read (`events.CARE_READ_SCOPE`):
    only for a child holding a seat in a class they teach; the whole record where such a class
    is marked for it."""
    taught = Enrolment.objects.filter(
        participant_id=participant_id,
        status=EnrolmentStatus.ACTIVE,
        camp_class__instructor_id=instructor_id,
    ).values_list("camp_class__care_full_record", flat=True)
    marks = set(taught)
    if not marks:
        return None
    return "full" if True in marks else "class"


@dataclass(frozen=True)
class CareGap:
    """A child enrolled in an upcoming class whose care record or policies are incomplete."""

    camp_class: Class
    participant: Participant
    family: User
    missing: list[str]
    days_to_first_meeting: int


def school_day(moment: datetime) -> date:
    return moment.astimezone(school_timezone()).date()


def care_gaps(*, within_days: int | None = None, now: datetime | None = None) -> list[CareGap]:
    """The admins' "missing care records": each child enrolled in a class whose first meeting
    is still ahead (within `within_days`, if given) and whose record is incomplete, soonest
    class first. Four queries."""
    now = now or timezone.now()
    enrolments = Enrolment.objects.filter(
        status=EnrolmentStatus.ACTIVE,
        camp_class__status=ClassStatus.APPROVED,
        camp_class__starts_at__gt=now,
    )
    if within_days is not None:
        # Counted in the school's days: a class on the 10th is 7 days away all day on the 3rd.
        after_last_day = school_day(now) + timedelta(days=within_days + 1)
        enrolments = enrolments.filter(
            camp_class__starts_at__lt=datetime.combine(
                after_last_day, datetime.min.time(), tzinfo=school_timezone()
            )
        )
    enrolments = list(
        enrolments.select_related("camp_class", "participant", "student").order_by(
            "camp_class__starts_at", "camp_class_id", "participant__first_name", "id"
        )
    )
    missing = care_missing_for([enrolment.participant for enrolment in enrolments], now=now)
    return [
        CareGap(
            camp_class=enrolment.camp_class,
            participant=enrolment.participant,
            family=enrolment.student,
            missing=missing[enrolment.participant_id],
            days_to_first_meeting=(
                school_day(enrolment.camp_class.starts_at) - school_day(now)
            ).days,
        )
        for enrolment in enrolments
        if missing[enrolment.participant_id]
    ]


def seat_of_family(*, family: User, enrolment_id: int) -> Enrolment:
    """One of the family's own seats held now, for another app's page of it (the answers to the
    school's questions): `access.access_enrolment`'s check."""
    return access_enrolment(student=family, enrolment_id=enrolment_id)
