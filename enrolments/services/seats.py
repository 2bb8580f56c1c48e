"""Writes of enrolment: selecting a class, taking a seat and giving it back.

A seat is taken in one place, `seat_take`, and given back in one place, `seat_give_back`;
payments call them for a paid seat and for a refund, and nothing else changes a class's
seats or enrolment count.
"""

from django.db import IntegrityError, transaction
from django.db.models import Exists, F, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from accounts.models import Participant, User
from classes.models import Class, ClassStatus
from core.errors import Conflict, NotFound
from enrolments.access import participant_for
from enrolments.availability import a_seat_free_beside, holds_live, seats_free_beside
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    SeatHold,
    Selection,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.rules import (
    Refusal,
    clashing_meetings,
    class_with_standing,
    is_enrolled,
    registration_refusal,
    soonest_clashing_class,
    standing_refusal,
)
from enrolments.services.holds import class_locked
from enrolments.services.waitlists import hold_given_up, waitlist_offers_make


class SeatRefused(Conflict):
    """No seat for this student in this class, and why: the caller decides what follows
    (a refund after a charge, an error before one)."""

    def __init__(self, refusal: Refusal):
        self.refusal = refusal
        super().__init__(refusal.before_paying)


@transaction.atomic
def selection_create(
    *, student: User, class_id: int, participant_id: int | None = None
) -> Selection:
    """A student picks a class for themself or one of their children, to pay for later;
    everything about it is read from our data: the class and what stands between the
    participant and it, in one query (`rules.class_with_standing`). A reason about the class
    itself is said even to one who selected it already; being full or clashing only to one who
    has not."""
    participant = participant_for(student=student, participant_id=participant_id, lock=True)
    read = class_with_standing(participant_id=participant.pk, camp_class_id=class_id)
    if read is None:
        raise NotFound("No such class.")
    camp_class, standing = read
    refusal = standing_refusal(
        participant=participant, camp_class=camp_class, standing=standing, selecting=True
    )
    if refusal is not None:
        raise Conflict(refusal.to_select)
    already_selected = Conflict(Refusal.selected(participant).to_select)
    try:
        # A savepoint, so that losing the race to a twin request leaves the transaction usable.
        with transaction.atomic():
            return Selection.objects.create(
                student=student, participant=participant, camp_class=camp_class
            )
    except IntegrityError:
        raise already_selected from None


@transaction.atomic
def selection_delete(*, selection_id: int, student: User) -> int:
    """A student drops one of their own selections; anyone else's is as good as absent.

    One DELETE both checks the owner and removes the row. A seat held for paying for it goes
    back at once (to the waitlist first), rather than when the hold runs out.
    """
    held = SeatHold.objects.filter(
        selection__in=Selection.objects.filter(pk=selection_id, student=student)
    ).first()
    deleted, _ = Selection.objects.filter(pk=selection_id, student=student).delete()
    if not deleted:
        raise NotFound("No such selection.")
    if held is not None:
        hold_given_up(hold=held)
    return 1


def seat_take(*, student_id: int, participant: Participant, camp_class_id: int) -> Enrolment:
    """Give the participant a seat in the class, paid for by the account (`student_id`), or
    raise SeatRefused with the reason. What was paid is the payments app's to check
    (`payments.services.fulfilment`), before it asks for the seat.

    The class row is locked first, so the count of seats held for others (holds and waitlist
    offers, `availability.holds_live`) read under it is the one the write acts on; then one
    conditional UPDATE takes the seat: whatever number of processes race for the last one,
    siblings and strangers alike, the database hands it to one of them, and the unique
    constraint on active enrolments keeps a participant from holding two. The same UPDATE asks
    again what may have changed since the family was let pay: registration closing (by the
    clock) and a clash with another of the participant's classes. A payment whose hold ran out
    still gets a seat that nobody else holds. The participant's selection of the class and
    their hold are settled with it.
    """
    now = timezone.now()
    participant_id = participant.pk
    try:
        with transaction.atomic():
            if is_enrolled(participant_id=participant_id, camp_class_id=camp_class_id):
                raise SeatRefused(Refusal.enrolled(participant))
            class_locked(camp_class_id)
            held_for_others = holds_live(
                camp_class_id=camp_class_id, participant_id=participant_id, now=now
            ).count()
            taken = (
                Class.objects.filter(
                    a_seat_free_beside(held_for_others),
                    pk=camp_class_id,
                    status=ClassStatus.APPROVED,
                )
                .filter(Q(starts_at__isnull=True) | Q(starts_at__gt=now))
                .filter(Q(registration_closes_at__isnull=True) | Q(registration_closes_at__gt=now))
                .exclude(
                    Exists(
                        clashing_meetings(
                            participant_id=participant_id, camp_class_id=camp_class_id
                        )
                    )
                )
                .update(seats=F("seats") - 1, enroll=F("enroll") + 1)
            )
            if not taken:
                raise SeatRefused(
                    _why_no_seat(participant=participant, camp_class_id=camp_class_id, now=now)
                )
            enrolment = Enrolment.objects.create(
                student_id=student_id,
                participant_id=participant_id,
                camp_class_id=camp_class_id,
                status=EnrolmentStatus.ACTIVE,
            )
            Selection.objects.filter(
                participant_id=participant_id, camp_class_id=camp_class_id
            ).delete()
            SeatHold.objects.filter(
                participant_id=participant_id, camp_class_id=camp_class_id
            ).delete()
            _waitlist_settled(participant_id=participant_id, camp_class_id=camp_class_id)
    except IntegrityError:
        # Another request enrolled the participant in this class a moment ago; the savepoint
        # gave the seat back.
        raise SeatRefused(Refusal.enrolled(participant)) from None
    return enrolment


def _waitlist_settled(*, participant_id: int, camp_class_id: int) -> None:
    """The participant has the seat: an offer they paid for without pressing Accept counts as
    accepted, and a place they still held in the queue closes, with nothing to tell them."""
    entries = WaitlistEntry.objects.filter(
        participant_id=participant_id, camp_class_id=camp_class_id
    )
    entries.filter(status=WaitlistStatus.OFFERED).update(status=WaitlistStatus.ACCEPTED)
    entries.filter(status=WaitlistStatus.WAITING).update(
        status=WaitlistStatus.CLOSED,
        closed_at=timezone.now(),
        closed_reason="Enrolled in the class.",
    )


def _why_no_seat(*, participant: Participant, camp_class_id: int, now) -> Refusal:
    camp_class = Class.objects.get(pk=camp_class_id)
    if camp_class.status != ClassStatus.APPROVED:
        return Refusal.CLOSED
    too_late = registration_refusal(camp_class, now=now)
    if too_late is not None:
        return too_late
    held_for_others = holds_live(
        camp_class_id=camp_class_id, participant_id=participant.pk, now=now
    ).count()
    if seats_free_beside(camp_class, held_for_others=held_for_others) == 0:
        return Refusal.FULL
    other = soonest_clashing_class(participant_id=participant.pk, camp_class_id=camp_class_id)
    if other is not None:
        return Refusal.schedule_conflict(other.name, participant)
    # What refused the seat changed before these reads (a seat given back, a clashing class
    # dropped a moment ago); the seat was not taken all the same.
    return Refusal.FULL


def seat_give_back(*, enrolment_id: int, reason: str) -> Enrolment:
    """End an active enrolment: its seat goes back to the class, once, and is offered to the
    class's waitlist in the same transaction."""
    with transaction.atomic():
        camp_class_id = Enrolment.objects.values_list("camp_class_id", flat=True).get(
            pk=enrolment_id
        )
        class_locked(camp_class_id)
        enrolment = Enrolment.objects.select_for_update().get(pk=enrolment_id)
        if enrolment.status != EnrolmentStatus.ACTIVE:
            return enrolment
        Class.objects.filter(pk=enrolment.camp_class_id).update(
            seats=F("seats") + 1,
            # Never below zero, even for a seat taken before the count was kept.
            enroll=Greatest(F("enroll") - 1, 0),
            updated_at=timezone.now(),
        )
        enrolment.status = EnrolmentStatus.CANCELLED
        enrolment.ended_at = timezone.now()
        enrolment.end_reason = reason
        enrolment.save(update_fields=["status", "ended_at", "end_reason"])
        waitlist_offers_make(camp_class=Class.objects.get(pk=camp_class_id))
    return enrolment
