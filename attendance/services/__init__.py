"""Writes of attendance: taking it on the days of camp (`records`) and the school's checks on a
day of camp (`checks`).

Imported from the package root.
"""

from attendance.services.checks import (
    attendance_checks_due,
    not_checked_in_due,
    still_checked_in_due,
)
from attendance.services.records import (
    HAND_OVER_CHECK_IN,
    attendance_hand_over,
    attendance_record,
    attendance_tallies_rebuild,
    participant_leaving_checked,
)

__all__ = [
    "HAND_OVER_CHECK_IN",
    "attendance_checks_due",
    "attendance_hand_over",
    "attendance_record",
    "attendance_tallies_rebuild",
    "not_checked_in_due",
    "participant_leaving_checked",
    "still_checked_in_due",
]
