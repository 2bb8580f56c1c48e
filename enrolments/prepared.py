"""The enrolments app's busiest reads as SQL, written once: a family's selections and seats, read
at every visit to the dashboard, a participant's standing in a class, read whenever a family
selects a class, holds a seat or pays (`rules.class_with_standing`), what holding a seat reads
under its locks (`hold_standing`, `rules.family_holds`'s counts), and the class's lock and the
back of its waitlist at every join of it (`class_lock`, `waitlist_queue`).

Building these as querysets and compiling them cost Python more than PostgreSQL took to answer
them (core.prepared). Each statement says what the ORM says elsewhere: the lists are their
selectors' querysets (which still serve a page or a count of them), the standing is the rules'
own reads (`rules.clashing_meetings`, `availability.holds_live`). The tests hold each to the ORM's
answer on SQLite and PostgreSQL; a change to one is a change to the other.
"""

from datetime import datetime, timedelta
from typing import NamedTuple

from accounts.models import Participant, User
from care import prepared as care_sql
from classes.models import Category, Class, Season
from core.prepared import Columns, Reader, statement
from enrolments.availability import free
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    HoldLapse,
    SeatHold,
    Selection,
    WaitlistStatus,
)

SELECTION = Columns(Selection, "s")
ENROLMENT = Columns(Enrolment, "e")
PARTICIPANT = Columns(Participant, "p")
CLASS = Columns(Class, "c")
INSTRUCTOR = Columns(User, "i")
CATEGORY = Columns(Category, "g")
SEASON = Columns(Season, "z")
HOLD = Columns(SeatHold, "o")


def _one_participant(alias: str, asked: bool) -> str:
    return f"AND {alias}.participant_id = %(participant)s" if asked else ""


def _holds_live(*, beside_participant: bool) -> str:
    # availability.holds_live, counted for the class `c`: the holds unexpired at `now`, and
    # not the participant's own when they are the one asking.
    own = "AND h.participant_id <> %(participant)s" if beside_participant else ""
    return f"""(
        SELECT COUNT(*) FROM "enrolments_seathold" h
        WHERE h.camp_class_id = c.id AND h.expires_at > %(now)s {own}
    )"""  # noqa: S608 - every value a parameter


@statement
def _selections_sql(one_participant: bool) -> str:
    return f"""
        SELECT {SELECTION.sql}, {PARTICIPANT.sql}, {CLASS.sql}, {INSTRUCTOR.sql}
        FROM "enrolments_selection" s
        JOIN "accounts_participant" p ON p.id = s.participant_id
        JOIN "classes_class" c ON c.id = s.camp_class_id
        JOIN "accounts_user" i ON i.id = c.instructor_id
        WHERE s.student_id = %(student)s {_one_participant("s", one_participant)}
        ORDER BY s.id
    """  # noqa: S608 - the models' columns; every value a parameter


def family_selections(*, student: User, participant_id: int | None) -> list[Selection]:
    """`selectors.selection_list_for`'s rows: each selection with its participant, its class and
    the class's instructor, and knowing its student."""
    params = {"student": student.pk}
    if participant_id is not None:
        params["participant"] = participant_id
    selections = []
    for row in Reader().rows(_selections_sql(participant_id is not None), params):
        selection = row.model(SELECTION)
        selection.student = student
        selection.participant = row.model(PARTICIPANT)
        camp_class = row.model(CLASS)
        camp_class.instructor = row.model(INSTRUCTOR)
        selection.camp_class = camp_class
        selections.append(selection)
    return selections


@statement
def _enrolments_sql(one_participant: bool) -> str:
    # Left joins where the key may be empty, as the ORM's select_related makes them: a seat's
    # participant (a cancelled seat's may be deleted), a class's category.
    return f"""
        SELECT {ENROLMENT.sql}, {PARTICIPANT.sql}, {CLASS.sql}, {INSTRUCTOR.sql}, {CATEGORY.sql},
            {_holds_live(beside_participant=False)}
        FROM "enrolments_enrolment" e
        LEFT JOIN "accounts_participant" p ON p.id = e.participant_id
        JOIN "classes_class" c ON c.id = e.camp_class_id
        JOIN "accounts_user" i ON i.id = c.instructor_id
        LEFT JOIN "classes_category" g ON g.id = c.category_id
        WHERE e.student_id = %(student)s AND e.status = %(active)s
            {_one_participant("e", one_participant)}
        ORDER BY e.created_at DESC, e.id DESC
    """  # noqa: S608 - the models' columns; every value a parameter


def family_enrolments(
    *, student: User, participant_id: int | None, now: datetime
) -> list[Enrolment]:
    """`selectors.enrolment_list_for`'s rows: each active seat with its participant, its class,
    the class's instructor and category, and the class's seats free at `now`
    (`class_seats_free`, `availability.free` of its seats and the holds live)."""
    params = {"student": student.pk, "active": EnrolmentStatus.ACTIVE.value, "now": now}
    if participant_id is not None:
        params["participant"] = participant_id
    enrolments = []
    for row in Reader().rows(_enrolments_sql(participant_id is not None), params):
        enrolment = row.model(ENROLMENT)
        enrolment.student = student
        enrolment.participant = row.model(PARTICIPANT)
        camp_class = row.model(CLASS)
        camp_class.instructor = row.model(INSTRUCTOR)
        camp_class.category = row.model(CATEGORY)
        enrolment.camp_class = camp_class
        enrolment.class_seats_free = free(camp_class.seats, row.value())
        enrolments.append(enrolment)
    return enrolments


class ClassStanding(NamedTuple):
    """A class, with its season, and what the database says of one participant in it
    (`rules.Standing`)."""

    camp_class: Class
    enrolled: bool
    selected: bool
    overridden: bool
    held_for_others: int
    clashing_class_name: str | None
    waitlisted: bool
    # The participant's paperwork, read only for a family about to pay (`rules.RULES`' care).
    care: care_sql.CareStanding | None


def _participant_in_class_sql() -> str:
    # Whether the participant is enrolled in the class `c`, has selected it, may take it
    # whatever their age; their class that clashes with it first; whether they wait on its
    # waitlist. The clash is rules.clashing_meetings's: the meetings of the participant's other
    # classes (selected, or holding a seat) that overlap one of this class's, cancelled ones
    # left out, the soonest first; the class whose seat a move gives back (`leaving`, 0 for
    # none) is counted as gone already.
    return """
            EXISTS (
                SELECT 1 FROM "enrolments_enrolment" e
                WHERE e.participant_id = %(participant)s AND e.camp_class_id = c.id
                    AND e.status = %(active)s
            ),
            EXISTS (
                SELECT 1 FROM "enrolments_selection" s
                WHERE s.participant_id = %(participant)s AND s.camp_class_id = c.id
            ),
            EXISTS (
                SELECT 1 FROM "enrolments_ageoverride" o
                WHERE o.participant_id = %(participant)s AND o.camp_class_id = c.id
            ),
            (
                SELECT k.name
                FROM "classes_meeting" m
                JOIN "classes_class" k ON k.id = m.camp_class_id
                WHERE m.camp_class_id IN (
                        SELECT s.camp_class_id FROM "enrolments_selection" s
                        WHERE s.participant_id = %(participant)s
                        UNION
                        SELECT e.camp_class_id FROM "enrolments_enrolment" e
                        WHERE e.participant_id = %(participant)s AND e.status = %(active)s
                    )
                    AND NOT m.cancelled
                    AND m.camp_class_id <> c.id
                    AND m.camp_class_id <> %(leaving)s
                    AND EXISTS (
                        SELECT 1 FROM "classes_meeting" n
                        WHERE n.camp_class_id = c.id AND NOT n.cancelled
                            AND n."start" < m."end" AND n."end" > m."start"
                    )
                ORDER BY m."start", m.id
                LIMIT 1
            ),
            EXISTS (
                SELECT 1 FROM "enrolments_waitlistentry" w
                WHERE w.participant_id = %(participant)s AND w.camp_class_id = c.id
                    AND w.status IN (%(offered)s, %(waiting)s)
            )"""


def _participant_in_class_params(leaving_class_id: int | None = None) -> dict:
    return {
        "leaving": leaving_class_id or 0,
        "active": EnrolmentStatus.ACTIVE.value,
        "offered": WaitlistStatus.OFFERED.value,
        "waiting": WaitlistStatus.WAITING.value,
    }


def _season_read(row, camp_class: Class) -> Class:
    """`SEASON`'s columns, from where the row has come to, as the class's season."""
    season = row.model(SEASON)
    if season is not None:
        camp_class.season = season
    return camp_class


@statement
def _standing_sql(paying: bool) -> str:
    # The class's season comes with it: the rules ask when it opens.
    paperwork = f", {care_sql.columns_sql('r')}" if paying else ""
    paperwork_join = care_sql.record_join("r") if paying else ""
    return f"""
        SELECT {CLASS.sql}, {SEASON.sql},
            {_holds_live(beside_participant=True)},
            {_participant_in_class_sql()}{paperwork}
        FROM "classes_class" c
        LEFT JOIN "classes_season" z ON z.id = c.season_id
        {paperwork_join}
        WHERE c.id = %(class)s
    """  # noqa: S608 - the models' columns; every value a parameter


def class_standing(
    *,
    participant_id: int,
    camp_class_id: int,
    now: datetime,
    paying: bool = False,
    leaving_class_id: int | None = None,
) -> ClassStanding | None:
    """The class (its season read with it) and the participant's standing in it at `now`, in one
    query; None for no such class. `paying`: their paperwork too (`care.prepared`).
    `leaving_class_id`: the class whose seat a move gives back, which clashes with nothing."""
    params = {
        "participant": participant_id,
        "class": camp_class_id,
        "now": now,
        **_participant_in_class_params(leaving_class_id),
    }
    for row in Reader().rows(_standing_sql(paying), params):
        camp_class = _season_read(row, row.model(CLASS))
        return _class_standing(row, camp_class, held_for_others=row.value(), care=paying)
    return None


def _class_standing(row, camp_class: Class, *, held_for_others: int, care: bool):
    """`_participant_in_class_sql`'s columns, from where the row has come to, then the
    paperwork when `care`, as the participant's standing beside the seats others hold."""
    enrolled, selected, overridden = (bool(row.value()) for _ in range(3))
    clashing_class_name = row.value()
    waitlisted = bool(row.value())
    return ClassStanding(
        camp_class=camp_class,
        enrolled=enrolled,
        selected=selected,
        overridden=overridden,
        held_for_others=held_for_others,
        clashing_class_name=clashing_class_name,
        waitlisted=waitlisted,
        care=care_sql.care_standing(row) if care else None,
    )


def class_lock(*, camp_class_id: int) -> bool:
    """Lock the class row until the transaction ends (`services.holds.class_locked`'s lock, for a
    caller that reads the class afterwards); whether there is such a class."""
    return Reader().lock_row(Class._meta.db_table, camp_class_id)


class Queue(NamedTuple):
    """A class's waitlist: the rank of the last entry ever made (None before the first), and the
    entries waiting now."""

    last_rank: int | None
    waiting: int


def waitlist_queue(*, camp_class_id: int) -> Queue:
    """The class's waitlist as `Queue` says, in one query; read under the class's lock, the new
    entry goes at the back and its place is the waiting entries' count and one."""
    sql = """
        SELECT MAX(w."rank"), COALESCE(SUM(CASE WHEN w.status = %(waiting)s THEN 1 ELSE 0 END), 0)
        FROM "enrolments_waitlistentry" w WHERE w.camp_class_id = %(class)s
    """
    params = {"class": camp_class_id, "waiting": WaitlistStatus.WAITING.value}
    for row in Reader().rows(sql, params):
        return Queue(last_rank=row.value(), waiting=row.value())
    return Queue(None, 0)


def family_lock(*, family_id: int) -> None:
    """Lock the family's account row until the transaction ends: the holds one family takes in
    different classes are counted one after the other (`services.hold_take`)."""
    Reader().lock_row(User._meta.db_table, family_id)


def class_and_family_lock(*, camp_class_id: int, family_id: int) -> bool:
    """`class_lock`, then `family_lock`, in one statement (`Reader.lock_rows`): the class first,
    as every write of its seats takes it; whether there is such a class."""
    return Reader().lock_rows(
        (Class._meta.db_table, camp_class_id), (User._meta.db_table, family_id)
    )


class HoldStanding(NamedTuple):
    """What taking a hold reads under the class's and the family's locks (`services.hold_take`):
    the class, the participant's own hold of it (running or run out), the seats others hold in
    it (`availability.holds_live`), and the family's holds as `rules.family_holds` counts them:
    beside this one, in the class and anywhere, and the holds it let run out within the day
    and when the last of them did. For a family about to pay, the participant's standing as
    `class_standing` reads it with their paperwork (`paying`), so the rules are asked of what
    the locks guard, in the same query."""

    camp_class: Class
    own: SeatHold | None
    held_for_others: int
    family_in_class: int
    family_anywhere: int
    lapses: int
    last_lapse: datetime | None
    paying: ClassStanding | None = None


@statement
def _hold_standing_sql(paying: bool) -> str:
    # The family's live holds beside the participant's own hold of this class, as
    # rules.family_holds filters them.
    family_live = """
        FROM "enrolments_seathold" f
        WHERE f.student_id = %(family)s AND f.expires_at > %(now)s
            AND NOT (f.camp_class_id = c.id AND f.participant_id = %(participant)s)
    """
    lapsed = """
        FROM "enrolments_holdlapse" l
        WHERE l.student_id = %(family)s AND l.was_offer = %(no)s AND l.lapsed_at > %(day_ago)s
    """
    standing = (
        f", {SEASON.sql}, {_participant_in_class_sql()}, {care_sql.columns_sql('r')}"
        if paying
        else ""
    )
    standing_joins = (
        f'LEFT JOIN "classes_season" z ON z.id = c.season_id {care_sql.record_join("r")}'
        if paying
        else ""
    )
    return f"""
        SELECT {CLASS.sql}, {HOLD.sql},
            {_holds_live(beside_participant=True)},
            (SELECT COUNT(*) {family_live} AND f.camp_class_id = c.id),
            (SELECT COUNT(*) {family_live}),
            (SELECT COUNT(*) {lapsed}),
            (SELECT MAX(l.lapsed_at) {lapsed}){standing}
        FROM "classes_class" c
        LEFT JOIN "enrolments_seathold" o
            ON o.camp_class_id = c.id AND o.participant_id = %(participant)s
        {standing_joins}
        WHERE c.id = %(class)s
    """  # noqa: S608 - the models' columns; every value a parameter


def hold_standing(
    *, camp_class_id: int, participant_id: int, family_id: int, now: datetime, paying: bool = False
) -> HoldStanding | None:
    """`HoldStanding` at `now`, in one query; None for no such class. `paying`: with the
    participant's standing and paperwork, as `class_standing(paying=True)` reads them."""
    params = {
        "class": camp_class_id,
        "participant": participant_id,
        "family": family_id,
        "now": now,
        "day_ago": now - timedelta(days=1),
        "no": False,
        **(_participant_in_class_params() if paying else {}),
    }
    lapsed_at = HoldLapse._meta.get_field("lapsed_at")
    for row in Reader().rows(_hold_standing_sql(paying), params):
        camp_class = row.model(CLASS)
        read = HoldStanding(
            camp_class=camp_class,
            own=row.model(HOLD),
            held_for_others=row.value(),
            family_in_class=row.value(),
            family_anywhere=row.value(),
            lapses=row.value(),
            last_lapse=row.value(lapsed_at),
        )
        if not paying:
            return read
        standing = _class_standing(
            row, _season_read(row, camp_class), held_for_others=read.held_for_others, care=True
        )
        return read._replace(paying=standing)
    return None
