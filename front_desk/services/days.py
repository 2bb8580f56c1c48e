from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import Conflict, InvalidInput
from core.language import WEEKDAY_DAY_MONTH, said
from core.school_time import school_today
from front_desk.models import DayClose, DeskActionKind
from front_desk.selectors import DayTakings, day_takings
from front_desk.services.log import desk_log
from payments.models import PaidWith


def _day_closed(day: date) -> Conflict:
    return Conflict(
        _("%(day)s is closed already.") % {"day": said(day, WEEKDAY_DAY_MONTH)}, code="day_closed"
    )


def day_close(
    *, staff: User, day: date, counted_cash: Decimal, counted_cheques: Decimal, note: str
) -> DayTakings:
    """Close a day of the desk: the cash and cheques counted set against what was recorded taken
    that day, the difference kept (short is negative) and, when there is one, said why. A day is
    closed once, and not before it has begun."""
    if day > school_today():
        raise InvalidInput({"date": [_("A day is closed once it has begun, not before.")]})
    taken = day_takings(day)
    if taken.closed is not None:
        raise _day_closed(day)
    recorded_cash = taken.by_method[PaidWith.CASH]
    recorded_cheques = taken.by_method[PaidWith.CHEQUE]
    difference = (counted_cash + counted_cheques) - (recorded_cash + recorded_cheques)
    if difference and not note.strip():
        raise InvalidInput({"note": [_("Say why the count differs from what was recorded.")]})
    try:
        with transaction.atomic():
            DayClose.objects.create(
                day=day,
                closed_by=staff,
                recorded_cash=recorded_cash,
                recorded_cheques=recorded_cheques,
                counted_cash=counted_cash,
                counted_cheques=counted_cheques,
                difference=difference,
                note=note.strip(),
            )
            desk_log(
                actor=staff,
                family=None,
                kind=DeskActionKind.DAY_CLOSED,
                summary=f"Closed {day:%A %-d %B}: counted ${counted_cash + counted_cheques:,.2f}"
                f" against ${recorded_cash + recorded_cheques:,.2f} recorded",
                detail={"day": day.isoformat(), "difference": str(difference)},
            )
    except IntegrityError:
        # Closed by someone else a moment ago: the unique day says so.
        raise _day_closed(day) from None
    return day_takings(day)
