"""After a lottery's draw, the writes that hand its result to the waitlists: each seat the draw
gave is a waitlist offer held until the payment window ends (`LOTTERY_PAYMENT_DAYS`), each wish
it could not give a place on the class's list in the draw's order, and every family of the draw
let in to register before the season opens to all. The families are told, and reminded once
before the window ends.

From there the waitlists' own machinery carries on (`enrolments.services.waitlists`): a family
accepts its offers and pays through the one checkout; an offer left unpaid runs out at the
window's end, and the minute's round offers its seat to the next on the list, who is next in the
draw's order. The season opens first come at its `opens_at` for what is left.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef

from accounts.models import User
from classes.models import Season, SeasonEarlyAccess
from enrolments.models import (
    Enrolment,
    EnrolmentStatus,
    SeatHold,
    WaitlistEntry,
    WaitlistStatus,
)
from lottery import draw as the_draw
from lottery.message_kinds import LotteryMessage
from lottery.models import Draw, DrawResult, Entry, Outcome
from notifications.services import message_queue_composed

# The rank a draw's own offer takes on its class's list: ahead of every place the draw gave,
# which are ranked from 1 in the draw's order.
OFFER_RANK = 0


def drawn_places_put(
    *, draw: Draw, rows: list[the_draw.Row], entries: dict[str, int], now: datetime
) -> dict[tuple[int, int], WaitlistEntry]:
    """Each row of the draw's result as a waitlist entry, (child, class) to entry: a seat as an
    offer held for the family until `draw.pay_by`, a wish not given as a place on the list."""
    family_of = dict(Entry.objects.filter(pk__in=entries.values()).values_list("pk", "family_id"))
    waitlist = {
        (row.child_id, row.class_id): _entry_of(row, family_of[entries[row.code]], draw, now)
        for row in rows
    }
    WaitlistEntry.objects.bulk_create(list(waitlist.values()), batch_size=2000)
    SeatHold.objects.bulk_create(
        [
            SeatHold(
                student_id=entry.student_id,
                participant_id=entry.participant_id,
                camp_class_id=entry.camp_class_id,
                waitlist_entry=entry,
                expires_at=draw.pay_by,
                created_at=now,
            )
            for entry in waitlist.values()
            if entry.status == WaitlistStatus.OFFERED
        ],
        batch_size=2000,
    )
    _families_let_in(draw.season, family_ids=set(family_of.values()), now=now)
    return waitlist


def _entry_of(row: the_draw.Row, family_id: int, draw: Draw, now: datetime) -> WaitlistEntry:
    placed = row.outcome == Outcome.PLACED
    return WaitlistEntry(
        student_id=family_id,
        participant_id=row.child_id,
        camp_class_id=row.class_id,
        status=WaitlistStatus.OFFERED if placed else WaitlistStatus.WAITING,
        rank=OFFER_RANK if placed else row.position,
        offered_at=now if placed else None,
        offer_expires_at=draw.pay_by if placed else None,
        created_at=now,
    )


def _families_let_in(season: Season, *, family_ids: set[int], now: datetime) -> None:
    """Every family of the draw registers from now, before the season opens to all: to pay for
    its seats, take an offer from a waitlist, or a class the draw left seats in."""
    emails = User.objects.filter(pk__in=family_ids).values_list("email", flat=True)
    SeasonEarlyAccess.objects.bulk_create(
        (SeasonEarlyAccess(season=season, email=email.lower()) for email in emails),
        ignore_conflicts=True,
        batch_size=2000,
    )
    if season.early_access_opens_at is None or season.early_access_opens_at > now:
        season.early_access_opens_at = now
        season.save(update_fields=["early_access_opens_at"])


def _tell(kind: str, entries) -> int:
    """A message of `kind` about each (entry id, family's e-mail), once per entry, composed when
    sent from the entry (lottery/mail.py); how many."""
    told = 0
    for entry_id, email in entries:
        message_queue_composed(
            kind=kind,
            about=f"{kind}:{entry_id}",
            recipient=email,
            facts={"entry_id": entry_id},
        )
        told += 1
    return told


def results_tell(*, draw: Draw) -> int:
    """Each family of the draw told its place and what each child got, with the day its seats
    must be paid by. How many were queued."""
    entries = Entry.objects.filter(season_id=draw.season_id, place__isnull=False)
    return _tell(LotteryMessage.RESULT, entries.values_list("pk", "family__email"))


def commitment_tell(*, entry: Entry) -> None:
    """The family told the draw's commitment, once: when the school commits, or at the family's
    first wish if it committed before."""
    _tell(LotteryMessage.COMMITMENT, [(entry.pk, entry.family.email)])


def unpaid_seats(*, now: datetime):
    """The draws' seats whose offer still stands at `now`, not yet paid: their result rows."""
    paid = Enrolment.objects.filter(
        participant_id=OuterRef("participant_id"),
        camp_class_id=OuterRef("camp_class_id"),
        status=EnrolmentStatus.ACTIVE,
    )
    return DrawResult.objects.filter(
        outcome=Outcome.PLACED,
        waitlist_entry__status__in=[WaitlistStatus.OFFERED, WaitlistStatus.ACCEPTED],
        waitlist_entry__hold__expires_at__gt=now,
    ).exclude(Exists(paid))


def payment_reminders_send(*, now: datetime) -> int:
    """Each family with a seat from a draw still unpaid `LOTTERY_REMINDER_HOURS` before its hold
    ends, reminded once; how many families were."""
    soon = now + timedelta(hours=settings.LOTTERY_REMINDER_HOURS)
    entries = (
        unpaid_seats(now=now)
        .filter(waitlist_entry__hold__expires_at__lte=soon)
        .values_list("entry_id", "entry__family__email")
        .distinct()
    )
    return _tell(LotteryMessage.PAYMENT_REMINDER, entries)
