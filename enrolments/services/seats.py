"""Writes of enrolment: selecting a class, taking a seat and giving it back.

A seat is taken in one place, `seat_take`, and given back in one place, `seat_give_back`;
payments call them for a paid seat and for a refund, and nothing else changes a class's
seats or enrolment count.
"""

from django.db import IntegrityError, connection, transaction
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Participant, User
from classes.models import Class
from core.errors import Conflict, NotFound
from core.prepared import insert_unless_present
from enrolments.access import participant_for
from enrolments.availability import a_seat_free_beside
from enrolments.facts import standing_read
from enrolments.locks import class_lock
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    SeatHold,
    Selection,
    WaitlistEntry,
    WaitlistStatus,
)
from enrolments.rules import (
    Asked,
    Refusal,
    first_refusal,
    standing_refusal,
)
from enrolments.services.holds import class_locked
from enrolments.services.waitlists import hold_given_up, waitlist_offers_make
from extras.models import AddOnOption


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
    participant and it, in one query (`facts.standing_read`). A reason about the class
    itself is said even to one who selected it already; being full or clashing only to one who
    has not."""
    participant = participant_for(student=student, participant_id=participant_id, lock=True)
    read = standing_read(participant_id=participant.pk, camp_class_id=class_id)
    if read is None:
        raise NotFound(_("No such class."))
    camp_class, standing = read
    refusal = standing_refusal(
        participant=participant, camp_class=camp_class, standing=standing, selecting=True
    )
    if refusal is not None:
        raise refusal.conflict()
    # A twin request that won the race leaves its row, and no error that would spoil the
    # transaction: nothing is inserted then.
    selection = insert_unless_present(
        Selection, student=student, participant=participant, camp_class=camp_class
    )
    if selection is None:
        raise Conflict(Refusal.selected(participant).to_select)
    return selection


@transaction.atomic
def selection_delete(*, selection_id: int, student: User) -> int:
    """A student drops one of their own selections; anyone else's is as good as absent.

    One DELETE both checks the owner and removes the row. A seat held for paying for it goes
    back at once (to the waitlist first), rather than when the hold runs out.
    """
    held = SeatHold.objects.filter(
        selection__in=Selection.objects.filter(pk=selection_id, student=student)
    ).first()
    deleted, _by_model = Selection.objects.filter(pk=selection_id, student=student).delete()
    if not deleted:
        raise NotFound(_("No such selection."))
    if held is not None:
        hold_given_up(hold=held)
    return 1


def seat_take(
    *,
    student_id: int,
    participant: Participant,
    camp_class_id: int,
    savepoint: bool = True,
    leaving_class_id: int | None = None,
    add_on_options: dict[int, int] | None = None,
) -> Enrolment:
    """Give the participant a seat in the class, paid for by the account (`student_id`), or
    raise SeatRefused with the reason. What was paid is the payments app's to check
    (`checkout.services.fulfilment`), before it asks for the seat.

    One UPDATE takes a seat while the class has one left, which locks the class row, as every
    write of its seats, holds and offers does; under that lock the rules are asked again
    (`rules.first_refusal`, every rule that applies to taking a seat, of the class as it was
    before), since what let the family pay may have changed since (a hold ran out and another
    family's took the seat, registration closed, a clashing class was taken), and a refusal
    gives the seat back with the rest of the transaction. A class with no seat left is locked
    before its rules say why. The unique constraint on active enrolments keeps a participant
    from holding two. A payment whose hold ran out still gets a seat that nobody else holds.
    The participant's selection of the class and their hold are settled with it. The enrolment
    knows its class as the seat left it.

    In a savepoint of its own, so that a refusal leaves the caller's transaction usable; a
    caller that gives up its whole transaction on a refusal asks for none (`savepoint=False`).
    A move (`changes.services.transfers`) names the class whose seat it gives back next
    (`leaving_class_id`): the rules count that seat as gone already. The add-on stock bought
    with the seat (`add_on_options`) is taken with it (`_add_on_stock_taken`).
    """
    now = timezone.now()
    participant_id = participant.pk
    try:
        with transaction.atomic(savepoint=savepoint):
            taken = _seat_taken(camp_class_id)
            read = (
                standing_read(
                    participant_id=participant_id,
                    camp_class_id=camp_class_id,
                    now=now,
                    leaving_class_id=leaving_class_id,
                )
                if taken or class_lock(camp_class_id=camp_class_id)
                else None
            )
            if read is None:
                raise SeatRefused(Refusal.CLOSED)
            camp_class, standing = read
            if taken:
                # The rules judge the class as it stood before this seat.
                camp_class.seats += 1
                camp_class.enroll -= 1
            refusal = first_refusal(Asked(participant, camp_class, standing, now), taking=True)
            if refusal is not None:
                raise SeatRefused(refusal)
            # A seat given back after the first UPDATE found none is taken now, under the lock.
            if not (taken or _seat_taken(camp_class_id)):
                raise SeatRefused(Refusal.FULL)
            camp_class.seats -= 1
            camp_class.enroll += 1
            enrolment = Enrolment.objects.create(
                student_id=student_id,
                participant=participant,
                camp_class=camp_class,
                status=EnrolmentStatus.ACTIVE,
            )
            SeatHold.objects.filter(
                participant_id=participant_id, camp_class_id=camp_class_id
            ).delete()
            _add_on_stock_taken(add_on_options or {})
            _selection_settled(participant_id=participant_id, camp_class_id=camp_class_id)
            if standing.waitlisted:
                _waitlist_settled(
                    participant_id=participant_id, camp_class_id=camp_class_id, now=now
                )
    except IntegrityError:
        # Another request enrolled the participant in this class a moment ago; the savepoint
        # gave the seat back.
        raise SeatRefused(Refusal.enrolled(participant)) from None
    return enrolment


def _add_on_stock_taken(wanted: dict[int, int]) -> None:
    """Each option's quantity ({option id: how many}) added to its sold, in id order, by one
    conditional UPDATE that never sells past its stock (the seat's hold of it went with the
    hold): an option sold out refuses the seat as a class full does."""
    for option_id, quantity in sorted(wanted.items()):
        room = Q(stock__isnull=True) | Q(stock__gte=F("sold") + quantity)
        if not AddOnOption.objects.filter(room, pk=option_id).update(sold=F("sold") + quantity):
            option = AddOnOption.objects.select_related("add_on").get(pk=option_id)
            raise SeatRefused(Refusal.add_on_sold_out(f"{option.add_on.label} ({option.label})"))


def _seat_taken(camp_class_id: int) -> bool:
    """One seat of the class taken, if it has one left: the database's own guard, whatever was
    read, so no seat is ever taken beyond the class's. The rules, asked under the lock this
    takes, count the seats held for others (`a_seat_free_beside` is theirs to say, here beside
    none)."""
    # The lists stay cached and show the seat taken from their next serving (`figures_update`).
    return bool(
        Class.objects.filter(a_seat_free_beside(0)).figures_update(
            camp_class_id, seats=F("seats") - 1, enroll=F("enroll") + 1
        )
    )


def _selection_settled(*, participant_id: int, camp_class_id: int) -> None:
    """The participant's selection of the class goes with the seat. The one row that may name
    it, their hold of the class, is gone already, so one plain DELETE does what Django's would
    do in three statements (find the rows, unset the holds that name them, delete)."""
    with connection.cursor() as cursor:
        cursor.execute(
            'DELETE FROM "enrolments_selection" WHERE participant_id = %s AND camp_class_id = %s',
            [participant_id, camp_class_id],
        )


def _waitlist_settled(*, participant_id: int, camp_class_id: int, now) -> None:
    """The participant has the seat: an offer they paid for without pressing Accept counts as
    accepted, and a place they still held in the queue closes, with nothing to tell them; one
    UPDATE for both."""
    offered = Q(status=WaitlistStatus.OFFERED)

    def offer_or_place(name: str, *, offer, place) -> Case:
        field = WaitlistEntry._meta.get_field(name)
        return Case(When(offered, then=offer), default=place, output_field=field)

    WaitlistEntry.objects.filter(
        participant_id=participant_id,
        camp_class_id=camp_class_id,
        status__in=(WaitlistStatus.OFFERED, WaitlistStatus.WAITING),
    ).update(
        status=offer_or_place(
            "status",
            offer=Value(WaitlistStatus.ACCEPTED.value),
            place=Value(WaitlistStatus.CLOSED.value),
        ),
        closed_at=offer_or_place("closed_at", offer=F("closed_at"), place=Value(now)),
        closed_reason=offer_or_place(
            "closed_reason", offer=F("closed_reason"), place=Value("Enrolled in the class.")
        ),
    )


def participant_leaving_checked(*, participant: Participant) -> None:
    """A child's record is removed only when no seat or choice of theirs would be left to
    nobody (`core.events.PARTICIPANT_LEAVING`, from accounts.services.participant_delete; the
    attendance app keeps a child with attendance on record)."""
    if Selection.objects.filter(participant=participant).exists():
        raise Conflict(
            _("%(first_name)s has a class selected. Remove it from your selected classes first.")
            % {"first_name": participant.first_name}
        )
    if Enrolment.objects.filter(participant=participant, status=EnrolmentStatus.ACTIVE).exists():
        raise Conflict(
            _(
                "%(first_name)s is enrolled in a class, so their record is kept until "
                "the class is over or the seat is cancelled."
            )
            % {"first_name": participant.first_name}
        )


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
