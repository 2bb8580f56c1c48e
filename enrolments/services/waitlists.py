"""The waitlist: a full class's queue, and the offers that hand its freed seats on.

A seat comes free when an enrolment ends, a hold or an offer runs out or is declined, or the
class gets more seats. Each of those, under the class row's lock and in its own transaction,
calls `waitlist_offers_make`, which offers every seat then free to the first waiting entries that
still qualify, one seat each: an offer is a hold (`SeatHold` with its entry), so the seat it
offers stops being free in the same transaction, and no seat is offered twice. Entries that no
longer qualify are closed and told why. An entry once closed stays closed: a later seat goes
only to entries still waiting.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, User
from classes.mail import class_mail
from classes.models import Class, ClassStatus, Meeting, is_sold_by_unit
from classes.schedule import registration_closes_at, school_timezone
from core import events
from core.errors import Conflict, InvalidInput, NotFound
from core.prepared import insert_unless_present
from enrolments.access import access_waitlist_entry, participant_for
from enrolments.availability import holds_live, seats_free_beside
from enrolments.facts import hold_read, standing_read
from enrolments.locks import class_lock, family_lock
from enrolments.message_kinds import EnrolmentMessage
from enrolments.models import (
    OPEN_WAITLIST_STATUSES,
    EnrolmentStatus,
    HoldLapse,
    SeatHold,
    Selection,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.rules import (
    Refusal,
    RefusalKind,
    enrolment_refusal,
    hold_refusal,
    registration_refusal,
    standing_refusal,
)
from enrolments.selectors import waitlist_queue
from enrolments.services.holds import class_locked, hold_put, holds_lapsed
from notifications.services import message_queue

# An offer for a class that starts within this many days is shorter
# (`WAITLIST_OFFER_SHORT_HOURS`), so the seat can still go round the list in time.
SOON_DAYS = 7


@transaction.atomic
def waitlist_join(*, student: User, class_id: int, participant_id: int | None) -> WaitlistEntry:
    """Put one of the family at the back of a full class's list, once while they wait. The entry
    knows its place (`position`), counted under the class's lock.

    A class sold by the week or the day has no list of its own: each week or day has its own,
    as it has its own seats. A day of extended care has one too, for a child booked that day."""
    participant = participant_for(student=student, participant_id=participant_id, lock=True)
    if not class_lock(camp_class_id=class_id):
        raise NotFound(_("No such class."))
    camp_class, standing = standing_read(participant_id=participant.pk, camp_class_id=class_id)
    if is_sold_by_unit(camp_class):
        raise InvalidInput(
            {
                "class_id": [
                    _(
                        "This class is booked by the week or the day: join the waitlist of the "
                        "week or day that is full."
                    )
                ]
            }
        )
    if camp_class.extended_care_id is not None and not _booked_that_day(participant, camp_class):
        raise Refusal.EXTENDED_CARE.conflict()
    refusal = standing_refusal(participant=participant, camp_class=camp_class, standing=standing)
    if refusal is None:
        raise Conflict(_("Seats are free in this class: select it instead."))
    if refusal.kind != RefusalKind.FULL:
        raise refusal.conflict()
    # The seat count comes before the clash in the rule's order; a clash would close the entry
    # at its offer, so it is said now.
    other = standing.clash_with(camp_class)
    if other is not None:
        raise Conflict(Refusal.schedule_conflict(other, participant).to_select)
    queue = waitlist_queue(camp_class_id=class_id)
    # A twin request that won the race leaves its entry, and no error that would spoil the
    # transaction: nothing is inserted then.
    entry = insert_unless_present(
        WaitlistEntry,
        student=student,
        participant=participant,
        camp_class=camp_class,
        rank=(queue.last_rank or 0) + 1,
    )
    if entry is None:
        raise Conflict(_already_on_list(participant))
    # At the back: every entry waiting is ahead of it.
    entry.position = queue.waiting + 1
    return entry


def _already_on_list(participant) -> str:
    if participant.is_account_holder:
        return _("You are already on this class's waitlist.")
    return _("%(name)s is already on this class's waitlist.") % {"name": participant.first_name}


def _booked_that_day(participant: Participant, care_day: Class) -> bool:
    """Whether the participant has a seat meeting on the day of care's day, which it goes with."""
    return Meeting.objects.filter(
        day=care_day.start_date,
        cancelled=False,
        camp_class__extended_care__isnull=True,
        camp_class__enrolments__participant=participant,
        camp_class__enrolments__status=EnrolmentStatus.ACTIVE,
    ).exists()


def _entry_locked(*, student: User, entry_id: int) -> WaitlistEntry:
    """The family's entry, read after its class's lock, so an offer cannot change under it."""
    entry = access_waitlist_entry(student=student, entry_id=entry_id)
    class_locked(entry.camp_class_id)
    return access_waitlist_entry(student=student, entry_id=entry_id, lock=True)


@transaction.atomic
def waitlist_accept(*, student: User, entry_id: int) -> WaitlistEntry:
    """Take an offered seat: the participant's selection of the class now holds it, until the
    offer's own time, and the family goes on to pay."""
    entry = _entry_locked(student=student, entry_id=entry_id)
    now = timezone.now()
    if entry.status == WaitlistStatus.ACCEPTED:
        return entry
    if entry.status != WaitlistStatus.OFFERED or entry.offer_expires_at <= now:
        raise Conflict(_("This offer has ended."))
    selection, _created = Selection.objects.get_or_create(
        participant_id=entry.participant_id,
        camp_class_id=entry.camp_class_id,
        defaults={"student_id": entry.student_id},
    )
    SeatHold.objects.filter(waitlist_entry=entry).update(selection=selection)
    entry.status = WaitlistStatus.ACCEPTED
    entry.selection_id = selection.pk
    entry.save(update_fields=["status", "selection_id"])
    return entry


@transaction.atomic
def waitlist_decline(*, student: User, entry_id: int) -> WaitlistEntry:
    """Say no to an offer: the entry closes and the seat goes to the next in line at once."""
    entry = _entry_locked(student=student, entry_id=entry_id)
    if entry.status != WaitlistStatus.OFFERED:
        raise Conflict(_("Only an offer can be declined."))
    return _closed(entry, status=WaitlistStatus.DECLINED)


@transaction.atomic
def waitlist_leave(*, student: User, entry_id: int) -> WaitlistEntry:
    """Leave the list, whether waiting or offered a seat (which then goes to the next)."""
    entry = _entry_locked(student=student, entry_id=entry_id)
    if entry.status not in (*OPEN_WAITLIST_STATUSES, WaitlistStatus.ACCEPTED):
        raise Conflict(_("This entry is no longer on the waitlist."))
    if (
        entry.status == WaitlistStatus.ACCEPTED
        and not SeatHold.objects.filter(waitlist_entry=entry).exists()
    ):
        raise Conflict(_("This offer was taken up; the seat is no longer the waitlist's."))
    return _closed(entry, status=WaitlistStatus.LEFT)


def _entry_end(entry: WaitlistEntry, *, status: str, reason: str = "") -> bool:
    """Close an entry and drop the seat it held, if any; whether it held one."""
    held = SeatHold.objects.filter(waitlist_entry=entry).delete()[0]
    entry.status = status
    entry.closed_at = timezone.now()
    entry.closed_reason = reason
    entry.save(update_fields=["status", "closed_at", "closed_reason"])
    return bool(held)


def _closed(entry: WaitlistEntry, *, status: str, reason: str = "") -> WaitlistEntry:
    """Close an entry; a seat it held is offered on, in the same transaction."""
    if _entry_end(entry, status=status, reason=reason):
        waitlist_offers_make(camp_class=Class.objects.get(pk=entry.camp_class_id))
    return entry


@transaction.atomic
def waitlist_move_up(*, entry_id: int, reason: str, by: User | None) -> WaitlistEntry:
    """An admin moves a waiting entry one place up the list, and says why."""
    reason = reason.strip()
    if not reason:
        raise InvalidInput({"reason": [_("Say why this entry moves up.")]})
    entry = WaitlistEntry.objects.filter(pk=entry_id).first()
    if entry is None:
        raise NotFound(_("No such waitlist entry."))
    class_locked(entry.camp_class_id)
    entry = WaitlistEntry.objects.select_for_update().get(pk=entry_id)
    if entry.status != WaitlistStatus.WAITING:
        raise Conflict(_("Only a waiting entry moves on the list."))
    ahead = (
        WaitlistEntry.objects.select_for_update()
        .filter(
            camp_class_id=entry.camp_class_id, status=WaitlistStatus.WAITING, rank__lt=entry.rank
        )
        .order_by("-rank")
        .first()
    )
    if ahead is None:
        raise Conflict(_("This entry is first on the list already."))
    entry.rank, ahead.rank = ahead.rank, entry.rank
    entry.move_reason = reason
    entry.moved_by = by
    WaitlistEntry.objects.bulk_update([entry, ahead], ["rank"])
    entry.save(update_fields=["move_reason", "moved_by"])
    return entry


def _offer_hours(camp_class: Class, now) -> int:
    if camp_class.starts_at is not None and camp_class.starts_at - now <= timedelta(days=SOON_DAYS):
        return settings.WAITLIST_OFFER_SHORT_HOURS
    return settings.WAITLIST_OFFER_HOURS


def waitlist_offers_make(*, camp_class: Class) -> int:
    """Offer each seat free now to the first waiting entry that still qualifies; how many were
    offered. The caller holds the class row's lock (`holds.class_locked`) in its transaction.

    No offers once the class is not approved, registration has closed or it has started: the
    entries then wait to be closed (`offers_after_expiry`, `waitlist_close_for_class`).
    """
    now = timezone.now()
    if camp_class.status != ClassStatus.APPROVED or registration_refusal(camp_class, now=now):
        return 0
    free = seats_free_beside(
        camp_class, held_for_others=holds_live(camp_class_id=camp_class.pk, now=now).count()
    )
    if free <= 0:
        return 0
    offered = 0
    # A family that let a hold or an offer of this class run out unpaid is offered its seats
    # after the families that did not, in its place among them: it stays on the list, behind.
    let_lapse = HoldLapse.objects.filter(camp_class=camp_class, student_id=OuterRef("student_id"))
    waiting = (
        WaitlistEntry.objects.filter(camp_class=camp_class, status=WaitlistStatus.WAITING)
        .select_related("participant", "student")
        .order_by(Exists(let_lapse).asc(), "rank", "id")
    )
    for entry in waiting.iterator():
        if offered == free:
            break
        refusal = enrolment_refusal(participant=entry.participant, camp_class=camp_class)
        if refusal is not None and refusal.kind != RefusalKind.FULL:
            _closed_and_told(entry, camp_class=camp_class, reason=refusal.to_select)
            continue
        # The family's lock, as a hold taken on the payment page takes it (`hold_take`), so an
        # offer and the family's own hold of another class are counted one after the other.
        family_lock(family_id=entry.student_id)
        read = hold_read(
            family_id=entry.student_id,
            participant_id=entry.participant_id,
            camp_class_id=camp_class.pk,
            now=now,
        )
        if hold_refusal(holds=read.family, now=now) is not None:
            # The family keeps enough from others already: it waits, in its place, for a
            # later seat.
            continue
        _offer(entry, camp_class=camp_class, now=now)
        offered += 1
    return offered


def _offer(entry: WaitlistEntry, *, camp_class: Class, now) -> None:
    expires_at = now + timedelta(hours=_offer_hours(camp_class, now))
    # Never past the end of registration: an offer is a chance to pay, and that ends then.
    closes_at = registration_closes_at(camp_class) or camp_class.starts_at
    if closes_at is not None:
        expires_at = min(expires_at, closes_at)
    selection = Selection.objects.filter(
        participant_id=entry.participant_id, camp_class=camp_class
    ).first()
    hold_put(
        camp_class=camp_class,
        student_id=entry.student_id,
        participant_id=entry.participant_id,
        expires_at=expires_at,
        waitlist_entry=entry,
        selection=selection,
    )
    entry.status = WaitlistStatus.OFFERED
    entry.offered_at = now
    entry.offer_expires_at = expires_at
    entry.save(update_fields=["status", "offered_at", "offer_expires_at"])
    local = expires_at.astimezone(school_timezone())
    details, calendar = class_mail(camp_class)
    message_queue(
        kind=EnrolmentMessage.WAITLIST_OFFER,
        about=f"waitlist-offer:{entry.pk}",
        in_order_of=f"waitlist:{entry.pk}",
        recipient=entry.student.email,
        calendar=calendar,
        context={
            **details,
            **_about_entry(entry, camp_class),
            "entry_id": entry.pk,
            # With its zone: a family away from the school reads the school's clock.
            "offer_expires_at": local,
            "price_lines": events.ask(
                events.PRICE_IN_WORDS, participant=entry.participant, camp_class=camp_class
            ),
        },
    )


def _about_entry(entry: WaitlistEntry, camp_class: Class) -> dict:
    return {
        "name": entry.student.name,
        "class_name": camp_class.name,
        "participant_name": entry.participant.name,
        "for_child": not entry.participant.is_account_holder,
    }


def _closed_and_told(entry: WaitlistEntry, *, camp_class: Class, reason: str) -> None:
    _entry_end(entry, status=WaitlistStatus.CLOSED, reason=reason)
    message_queue(
        kind=EnrolmentMessage.WAITLIST_CLOSED,
        about=f"waitlist-closed:{entry.pk}",
        in_order_of=f"waitlist:{entry.pk}",
        recipient=entry.student.email,
        context={**_about_entry(entry, camp_class), "reason": reason},
    )


def waitlist_close_for_class(*, class_id: int, reason: str) -> int:
    """Close every open entry of a class the school called off or closed, each family told
    once; the seats they held go with them. In the caller's transaction, under the class's
    lock. How many were closed."""
    camp_class = Class.objects.get(pk=class_id)
    entries = WaitlistEntry.objects.filter(
        camp_class_id=class_id,
        status__in=[*OPEN_WAITLIST_STATUSES, WaitlistStatus.ACCEPTED],
    ).select_related("participant", "student")
    closed = 0
    for entry in entries:
        if (
            entry.status == WaitlistStatus.ACCEPTED
            and not SeatHold.objects.filter(waitlist_entry=entry).exists()
        ):
            # Taken up and paid for: a seat, which the class's own cancellation refunds.
            continue
        _closed_and_told(entry, camp_class=camp_class, reason=reason)
        closed += 1
    SeatHold.objects.filter(camp_class_id=class_id).delete()
    return closed


def offers_after_expiry() -> int:
    """The minute's round for the waitlists: offers (taken up or not) whose seat's hold ran out
    are expired, the lists of classes whose registration is over are closed, and every seat
    then free is offered on. Each class in its own transaction; how many offers were made."""
    now = timezone.now()
    lapsed = set(
        WaitlistEntry.objects.filter(
            status__in=[WaitlistStatus.OFFERED, WaitlistStatus.ACCEPTED],
            hold__expires_at__lte=now,
        ).values_list("camp_class_id", flat=True)
    )
    waiting = set(
        WaitlistEntry.objects.filter(status=WaitlistStatus.WAITING).values_list(
            "camp_class_id", flat=True
        )
    )
    offered = 0
    for class_id in sorted(lapsed | waiting):
        offered += _class_round(class_id)
    return offered


@transaction.atomic
def _class_round(class_id: int) -> int:
    camp_class = class_locked(class_id)
    now = timezone.now()
    for entry in WaitlistEntry.objects.filter(
        camp_class_id=class_id,
        status__in=[WaitlistStatus.OFFERED, WaitlistStatus.ACCEPTED],
        hold__expires_at__lte=now,
    ):
        holds_lapsed(SeatHold.objects.filter(waitlist_entry=entry))
        _entry_end(entry, status=WaitlistStatus.EXPIRED)
    if camp_class.status == ClassStatus.APPROVED:
        too_late = registration_refusal(camp_class, now=now)
        if too_late is not None:
            waitlist_close_for_class(class_id=class_id, reason=too_late.to_select)
            return 0
    return waitlist_offers_make(camp_class=camp_class)


def seats_added_offered(*, camp_class: Class) -> None:
    """More seats in a class (`core.events.SEATS_ADDED`): offered to its waitlist."""
    waitlist_offers_make(camp_class=camp_class)


def hold_given_up(*, hold: SeatHold) -> None:
    """A family gave up the seat held for them (they dropped the class they were paying for):
    an offer they took up closes as left, and the seat is offered on at once."""
    camp_class = class_locked(hold.camp_class_id)
    if hold.waitlist_entry_id is not None:
        entry = WaitlistEntry.objects.select_for_update().get(pk=hold.waitlist_entry_id)
        _closed(entry, status=WaitlistStatus.LEFT)
        return
    if SeatHold.objects.filter(pk=hold.pk).delete()[0]:
        waitlist_offers_make(camp_class=camp_class)


@transaction.atomic
def hold_release(*, hold_id: int) -> bool:
    """The school frees a seat held for a family (its payment page's hold or a waitlist offer):
    the seat goes to the waitlist as when a hold runs out, and an offer's entry closes. Whether
    there was such a hold still running."""
    hold = SeatHold.objects.filter(pk=hold_id).first()
    if hold is None:
        return False
    camp_class = class_locked(hold.camp_class_id)
    hold = SeatHold.objects.filter(pk=hold_id, expires_at__gt=timezone.now()).first()
    if hold is None:
        return False
    if hold.waitlist_entry_id is not None:
        entry = WaitlistEntry.objects.select_for_update().get(pk=hold.waitlist_entry_id)
        _closed(entry, status=WaitlistStatus.CLOSED, reason="The school released this seat.")
        return True
    hold.delete()
    waitlist_offers_make(camp_class=camp_class)
    return True
