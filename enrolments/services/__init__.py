"""Writes of enrolment, one module per part: choosing a class and taking or giving back a seat
(`seats`), holding a seat while a family pays (`holds`), the waitlist (`waitlists`), and writing
to a class's families (`class_messages`), taking attendance on the days of camp (`attendance`),
and the school's checks on a day of camp (`attendance_checks`).

Imported from the package root.
"""

from enrolments.services.attendance import attendance_record, attendance_tallies_rebuild
from enrolments.services.attendance_checks import (
    attendance_checks_due,
    not_checked_in_due,
    still_checked_in_due,
)
from enrolments.services.care_reminders import (
    care_family_remind,
    care_reminders_due,
    care_retention_pass,
)
from enrolments.services.class_messages import AUDIENCE_UNKNOWN, class_message_send
from enrolments.services.expiry import holds_tidy
from enrolments.services.holds import hold_extend, hold_take
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
    "AUDIENCE_UNKNOWN",
    "SeatRefused",
    "attendance_checks_due",
    "attendance_record",
    "attendance_tallies_rebuild",
    "care_family_remind",
    "care_reminders_due",
    "care_retention_pass",
    "class_message_send",
    "hold_extend",
    "hold_release",
    "hold_take",
    "holds_tidy",
    "not_checked_in_due",
    "seat_give_back",
    "seat_take",
    "selection_create",
    "selection_delete",
    "still_checked_in_due",
    "waitlist_accept",
    "waitlist_close_for_class",
    "waitlist_decline",
    "waitlist_join",
    "waitlist_leave",
    "waitlist_move_up",
    "waitlist_offers_make",
]
