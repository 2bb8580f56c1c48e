"""The medication log: the doses due at a meeting, from the care records' medications given at
camp (`selectors`), and each dose given, refused or missed, only ever added to (`services`).

Imported from the package root.
"""

from health.medications.selectors import (
    DOSE_STATUSES,
    DoseDue,
    doses_due,
    medication_log_of,
    schedule_time,
)
from health.medications.services import (
    medication_administration_record,
    participant_leaving_checked,
)

__all__ = [
    "DOSE_STATUSES",
    "DoseDue",
    "doses_due",
    "medication_administration_record",
    "medication_log_of",
    "participant_leaving_checked",
    "schedule_time",
]
