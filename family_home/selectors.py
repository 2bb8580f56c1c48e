"""What a family has to do, in one list: a seat offered from a waitlist to take before the offer
lapses, money due on a plan, a child's care record to complete or confirm, a school policy to
accept, messages from a class not read yet. Each app answers its own part (`todo_for` names
them); this module only puts them in one order.

The order is the one a family should act in: the soonest deadline first (an overdue balance's is
behind it already, so it leads), then what has none, by kind (`KINDS`). A deadline is when the
thing stops being possible or starts to cost: an offer's lapse, the day a seat goes back to the
waitlist for an unpaid balance (else the day it was due), for paperwork the start of the child's
first class ahead. Messages have none and come last, the newest first.
"""

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from decimal import Decimal

from django.utils import timezone

from accounts.models import Participant, User
from accounts.selectors import participant_list_for
from care.selectors import (
    POLICY_PREFIX,
    care_missing_for,
    care_required,
    policies_current,
    records_of,
    taken_to_confirm,
)
from class_messages.selectors import class_messages_unread_for
from classes.models import Class
from core.school_time import school_timezone
from enrolments.selectors import first_class_starts_of, waitlist_offers_open_for
from plans.selectors import balances_due_for


class Kind:
    OFFER = "waitlistOffer"
    BALANCE = "balance"
    CARE = "careRecord"
    # A care record the office took by phone, for the family to read through and confirm.
    CARE_TAKEN = "careTakenByPhone"
    POLICY = "policy"
    MESSAGES = "classMessages"


# Between two things due at the same moment, or with no deadline, the first of these first.
KINDS = (Kind.OFFER, Kind.BALANCE, Kind.CARE, Kind.CARE_TAKEN, Kind.POLICY, Kind.MESSAGES)


@dataclass(frozen=True)
class ToDo:
    """One thing to do, with what its page needs to find it (the browser builds the link)."""

    kind: str
    due_at: datetime | None
    participant: Participant | None = None
    camp_class: Class | None = None
    # A care record's missing parts (`care.selectors`' names), without the policies.
    missing: tuple[str, ...] = ()
    policy_id: int | None = None
    policy_title: str = ""
    # For a policy per child: the children it still waits on.
    participants: tuple[Participant, ...] = field(default=())
    amount: Decimal | None = None
    enrolment_id: int | None = None
    waitlist_entry_id: int | None = None
    count: int | None = None
    subject: str = ""
    # When the office took the care record by phone.
    taken_at: datetime | None = None


def _school_day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=school_timezone())


def _offers(family: User, now: datetime) -> list[ToDo]:
    return [
        ToDo(
            kind=Kind.OFFER,
            due_at=entry.offer_expires_at,
            participant=entry.participant,
            camp_class=entry.camp_class,
            waitlist_entry_id=entry.pk,
        )
        for entry in waitlist_offers_open_for(student=family, now=now)
    ]


def _balances(family: User) -> list[ToDo]:
    return [
        ToDo(
            kind=Kind.BALANCE,
            due_at=_school_day_start(due.release_on or due.due_on),
            participant=due.payment.participant,
            camp_class=due.payment.camp_class,
            amount=due.amount,
            enrolment_id=due.payment.enrolment_id,
        )
        for due in balances_due_for(family=family)
    ]


def _paperwork(family: User, now: datetime) -> list[ToDo]:
    """Each child's care record still to complete or confirm (or, taken by phone by the office,
    to read through and confirm), then each policy still to accept, due by the first class
    ahead of whoever it waits on."""
    people = [person for person in participant_list_for(account=family) if care_required(person)]
    if not people:
        return []
    firsts = first_class_starts_of(student=family, now=now)
    records = records_of([person.pk for person in people], medical=False)
    missing = care_missing_for(people, now=now, records=records)
    todos = []
    for person in people:
        record_of_person = records.get(person.pk)
        if taken_to_confirm(record_of_person):
            todos.append(
                ToDo(
                    kind=Kind.CARE_TAKEN,
                    due_at=firsts.get(person.pk),
                    participant=person,
                    taken_at=record_of_person.taken_at,
                )
            )
        record = tuple(item for item in missing[person.pk] if not item.startswith(POLICY_PREFIX))
        if record:
            todos.append(
                ToDo(
                    kind=Kind.CARE, due_at=firsts.get(person.pk), participant=person, missing=record
                )
            )
    for version in policies_current(now=now):
        item = f"{POLICY_PREFIX}{version.policy.slug}"
        waiting = [person for person in people if item in missing[person.pk]]
        if not waiting:
            continue
        # A family policy is accepted once, for everyone: by the first class of any of them.
        per_child = version.policy.per_child
        starts = [firsts[p.pk] for p in (waiting if per_child else people) if p.pk in firsts]
        todos.append(
            ToDo(
                kind=Kind.POLICY,
                due_at=min(starts) if starts else None,
                policy_id=version.policy_id,
                policy_title=version.policy.title,
                participants=tuple(waiting) if per_child else (),
            )
        )
    return todos


def _messages(family: User) -> list[ToDo]:
    return [
        ToDo(
            kind=Kind.MESSAGES,
            due_at=None,
            camp_class=unread.camp_class,
            count=unread.count,
            subject=unread.newest.subject,
        )
        for unread in class_messages_unread_for(family=family)
    ]


# Where a thing with no deadline sorts among the deadlines: after them all.
_NEVER = datetime.max.replace(tzinfo=UTC)


def _order(todo: ToDo) -> tuple:
    return (todo.due_at or _NEVER, KINDS.index(todo.kind))


def todo_for(*, family: User, now: datetime | None = None) -> list[ToDo]:
    """Everything the family has to do now, in the order to do it (the module says which)."""
    now = now or timezone.now()
    todos = [
        *_offers(family, now),
        *_balances(family),
        *_paperwork(family, now),
        *_messages(family),
    ]
    # A stable sort: messages, all without a deadline, stay the newest first.
    return sorted(todos, key=_order)
