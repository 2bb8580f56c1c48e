"""A seat changed after it was paid for: a family cancels it (`enrolment_cancellations`), the
school calls a class off (`class_cancellations`), or a family moves it to another class
(`transfers`). Each gives back what the refund policy the family paid under says, through the
ledger and the refunds of `payments.services`."""

from changes.services.class_cancellations import (
    ClassCancellation,
    class_cancel,
    class_cancellation_preview,
)
from changes.services.enrolment_cancellations import (
    CancellationQuote,
    EnrolmentCancellation,
    RefundChanged,
    RefundOutcome,
    enrolment_cancel,
    enrolment_cancellation_preview,
)

__all__ = [
    "CancellationQuote",
    "ClassCancellation",
    "EnrolmentCancellation",
    "RefundChanged",
    "RefundOutcome",
    "class_cancel",
    "class_cancellation_preview",
    "enrolment_cancel",
    "enrolment_cancellation_preview",
]
