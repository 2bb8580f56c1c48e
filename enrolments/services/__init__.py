"""Writes of enrolment, one module per part: choosing a class and taking or giving back a seat
(`seats`), holding a seat while a family pays (`holds`), the waitlist (`waitlists`), and the
care records' reminders (`care_reminders`).

Imported from the package root.
"""

from enrolments.services.care_reminders import (
    care_family_remind,
    care_reminders_due,
    care_retention_pass,
)
from enrolments.services.expiry import holds_tidy
from enrolments.services.holds import hold_add_ons_put, hold_extend, hold_take, holds_keep_until
from enrolments.services.seats import (
    SeatRefused,
    seat_give_back,
    seat_take,
    selection_create,
    selection_delete,
)
from enrolments.services.waitlists import (
    hold_release,
    waitlist_accept,
    waitlist_close_for_class,
    waitlist_decline,
    waitlist_join,
    waitlist_leave,
    waitlist_move_up,
    waitlist_offers_make,
)

__all__ = [
    "SeatRefused",
    "care_family_remind",
    "care_reminders_due",
    "care_retention_pass",
    "hold_add_ons_put",
    "hold_extend",
    "hold_release",
    "hold_take",
    "holds_keep_until",
    "holds_tidy",
    "seat_give_back",
    "seat_take",
    "selection_create",
    "selection_delete",
    "waitlist_accept",
    "waitlist_close_for_class",
    "waitlist_decline",
    "waitlist_join",
    "waitlist_leave",
    "waitlist_move_up",
    "waitlist_offers_make",
]
