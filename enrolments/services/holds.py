"""A seat held for a participant while their family pays.

Opening the payment page holds a seat for `SEAT_HOLD_MINUTES`; the family may ask once, before
it runs out, for `SEAT_HOLD_EXTENSION_MINUTES` more. A hold stops counting at its expiry by
itself (every count asks the clock); `expiry.holds_tidy`, run each minute, removes the rows that
ran out and hands their seats, and those of waitlist offers that ran out, to the waitlist. A
waitlist offer is a hold too (`waitlists`).

Every hold is taken under the class row's lock, as a seat is (`seats.seat_take`), so the count
of free seats read under it is the one the write acts on, however many processes race.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from classes.models import Class
from core.errors import Conflict, NotFound
from enrolments.access import access_selection
from enrolments.availability import add_on_options_held, seats_free_beside
from enrolments.facts import hold_read
from enrolments.locks import class_and_family_lock
from enrolments.models import HoldLapse, SeatHold, SeatHoldAddOn, Selection, WaitlistEntry
from enrolments.rules import Refusal, hold_refusal, standing_refusal
from extras.models import AddOnOption


def class_locked(camp_class_id: int) -> Class:
    """The class row, locked until the transaction ends: every write that takes or frees a
    seat, a hold or an offer of this class takes this lock first."""
    return Class.objects.select_for_update().get(pk=camp_class_id)


def hold_put(
    *,
    camp_class: Class,
    student_id: int,
    participant_id: int,
    expires_at,
    none_yet: bool = False,
    **kept,
) -> SeatHold:
    """The participant's one hold of the class, made or renewed (a hold that ran out is replaced,
    never stacked). The caller holds the class's lock, so no other request writes this row
    between the two statements; `none_yet` says it read under that lock that there is none."""
    fields = {
        "student_id": student_id,
        "expires_at": expires_at,
        "extended": False,
        "created_at": timezone.now(),
        **kept,
    }
    # The queryset is built only where a hold may be there already: a family's first hold of a
    # class, the morning's most common, asks none of the ORM.
    if not none_yet and (mine := _own_hold(participant_id, camp_class.pk)).update(**fields):
        return mine.get()
    hold = SeatHold.objects.insert_unless_present(
        participant_id=participant_id, camp_class_id=camp_class.pk, **fields
    )
    if hold is not None:
        return hold
    # There after all: renewed, as any hold of theirs is.
    mine = _own_hold(participant_id, camp_class.pk)
    mine.update(**fields)
    return mine.get()


def _own_hold(participant_id: int, camp_class_id: int) -> QuerySet[SeatHold]:
    return SeatHold.objects.filter(participant_id=participant_id, camp_class_id=camp_class_id)


def holds_lapsed(holds) -> None:
    """Record holds that ran out unpaid, as they are removed or replaced (`HoldLapse`): a
    waitlist offer never taken up is recorded as one."""
    HoldLapse.objects.bulk_create(
        HoldLapse(
            student_id=hold.student_id,
            camp_class_id=hold.camp_class_id,
            was_offer=hold.waitlist_entry_id is not None and hold.selection_id is None,
            lapsed_at=hold.expires_at,
        )
        for hold in holds
    )


@transaction.atomic
def hold_take(*, selection: Selection, paying: bool = False, at_desk: bool = False) -> SeatHold:
    """Hold a seat for the selection's participant while their family pays.

    `paying`: the family is on the payment page, so the rules (`rules.first_refusal`) are asked
    first, as for a family about to pay, of what is read under the locks, and a refusal is
    raised as the payment page hears it.

    A hold still running (the page opened again, an accepted waitlist offer) is kept as it is,
    expiry and all; otherwise a seat must be free for them, or the class is full to them, and
    the family must not keep too much from others already (`rules.hold_refusal`). A hold of
    theirs that ran out is replaced and counts as lapsed.

    The class's lock is taken first, then the family's, in one statement
    (`prepared.class_and_family_lock`); what they guard is read after it, in one query
    (`facts.hold_read`), so it counts every hold written under them before, of this
    class or of the family's other classes (a statement that waits for a lock reads as things
    stood before it waited).
    """
    now = timezone.now()
    participant_id = selection.participant_id
    if not class_and_family_lock(
        camp_class_id=selection.camp_class_id, family_id=selection.student_id
    ):
        raise NotFound(_("No such selected class."))
    read = hold_read(
        camp_class_id=selection.camp_class_id,
        participant_id=participant_id,
        family_id=selection.student_id,
        now=now,
        paying=paying,
    )
    camp_class, held = read.camp_class, read.own
    if paying:
        refusal = standing_refusal(
            participant=selection.participant,
            camp_class=camp_class,
            standing=read.standing,
            now=now,
            paying=True,
        )
        if refusal is not None:
            raise refusal.conflict_before_paying()
    if held is not None and held.expires_at > now:
        if held.selection_id != selection.pk:
            held.selection = selection
            held.save(update_fields=["selection"])
        return held
    if seats_free_beside(camp_class, held_for_others=read.held_for_others) == 0:
        raise Conflict(Refusal.FULL.before_paying)
    if held is not None:
        holds_lapsed([held])
        # The stock it kept lapsed with it: renewed, the hold keeps none until asked again.
        SeatHoldAddOn.objects.filter(hold=held).delete()
    refusal = hold_refusal(holds=read.family, now=now, at_desk=at_desk)
    if refusal is not None:
        raise Conflict(refusal.before_paying, code=refusal.kind)
    return hold_put(
        camp_class=camp_class,
        student_id=selection.student_id,
        participant_id=participant_id,
        expires_at=now + timedelta(minutes=settings.SEAT_HOLD_MINUTES),
        none_yet=held is None,
        selection=selection,
        waitlist_entry=None,
    )


def add_on_sold_out(option: AddOnOption, *, hold: int = 0) -> Conflict:
    return Conflict(
        _("%(add_on)s (%(option)s) is sold out.")
        % {"add_on": option.add_on.label, "option": option.label},
        code="add_on_sold_out",
        details={"optionId": option.pk, "hold": hold},
    )


@transaction.atomic
def hold_add_ons_put(*, holds: list[tuple[SeatHold, dict[int, int]]]) -> None:
    """The add-on stock each hold keeps while it lives ({option id: how many}), replacing what
    it kept before. Under the options' locks, taken in id order (after the seats' locks, so
    never in another order than another checkout's): an option may be held while its stock
    less its sold and the live holds of others has room; else a Conflict `add_on_sold_out`
    naming the option and (`details["hold"]`) the index of the hold refused."""
    option_ids = sorted({option_id for _, wanted in holds for option_id in wanted})
    SeatHoldAddOn.objects.filter(hold__in=[hold for hold, _ in holds]).delete()
    if not option_ids:
        return
    options = {
        option.pk: option
        for option in AddOnOption.objects.select_for_update(of=("self",))
        .select_related("add_on")
        .filter(pk__in=option_ids)
        .order_by("pk")
    }
    now = timezone.now()
    held = add_on_options_held(option_ids=option_ids, now=now)
    rows = []
    for index, (hold, wanted) in enumerate(holds):
        for option_id, quantity in sorted(wanted.items()):
            option = options[option_id]
            if option.stock is not None:
                left = option.stock - option.sold - held.get(option_id, 0)
                if quantity > left:
                    raise add_on_sold_out(option, hold=index)
            held[option_id] = held.get(option_id, 0) + quantity
            rows.append(SeatHoldAddOn(hold=hold, option_id=option_id, quantity=quantity))
    SeatHoldAddOn.objects.bulk_create(rows)


@transaction.atomic
def holds_keep_until(*, student_id: int, seats: list[tuple[int, int]], until) -> int:
    """The family's live holds of these seats ((participant id, class id)) kept until `until`:
    a checkout the office sent them a link to pay later. How many were kept."""
    held = SeatHold.objects.filter(student_id=student_id, expires_at__gt=timezone.now())
    kept = 0
    for participant_id, camp_class_id in sorted(seats, key=lambda seat: seat[1]):
        class_locked(camp_class_id)
        kept += held.filter(participant_id=participant_id, camp_class_id=camp_class_id).update(
            expires_at=until
        )
    return kept


@transaction.atomic
def hold_extend(*, student: User, selection_id: int) -> SeatHold:
    """Once per hold, before it runs out: `SEAT_HOLD_EXTENSION_MINUTES` more."""
    selection = access_selection(student=student, selection_id=selection_id)
    class_locked(selection.camp_class_id)
    hold = SeatHold.objects.filter(
        participant_id=selection.participant_id, camp_class_id=selection.camp_class_id
    ).first()
    if hold is None or hold.expires_at <= timezone.now():
        raise Conflict(_("This seat is no longer held: open the payment page again to hold one."))
    if hold.extended:
        raise Conflict(_("This hold has been extended once already."))
    hold.expires_at += timedelta(minutes=settings.SEAT_HOLD_EXTENSION_MINUTES)
    hold.extended = True
    hold.save(update_fields=["expires_at", "extended"])
    if hold.waitlist_entry_id is not None:
        WaitlistEntry.objects.filter(pk=hold.waitlist_entry_id).update(
            offer_expires_at=hold.expires_at
        )
    return hold
