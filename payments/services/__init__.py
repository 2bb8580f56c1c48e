"""Card payments and enrolment: the writes of the payments app.

The flow, the same against Stripe and localstripe:
1. `payment_setup_create`: a SetupIntent for the student's selection; the browser saves the
   card into it with Stripe.js (confirmCardSetup).
2. `payment_create`: the server reads the SetupIntent back from Stripe, charges the saved card
   the amount due from our database (`payments.pricing.price_for`) under a charge attempt
   (`attempts.attempt_charge`, by the lifecycle every card charge shares: `card_charges`),
   then records the charge with the seat it bought, in one transaction
   (`payment_record_enrolled`: enrolled). A charge that cannot take its seat so is recorded
   (enrollPending), and `payment_fulfil` takes a seat or gives the money back (refunded).
3. `stripe_event_handle`: Stripe's payment_intent.succeeded webhook records and fulfils a charge
   the browser did not come back for (a closed tab after 3-D Secure).
Each step is keyed by Stripe's ids, so any step may run twice, or concurrently with its twin.
Later, a family may cancel an enrolment (`enrolment_cancel`): the refund the policy they paid
under gives back is put on record, then made at Stripe with its own idempotency key.

The rest of the project imports from here; the modules below hold one step each, and what one
of them shares with another is a public function of that module (no module reads another's
`_private` names: camp/tests/test_private_names.py).
"""

from payments.services.attempts import attempt_get_for, attempt_settle
from payments.services.cancellations import (
    ClassCancellation,
    class_cancel,
    class_cancellation_preview,
)
from payments.services.checkout import payment_create, payment_setup_create
from payments.services.common import PaymentOutcome, PriceChanged
from payments.services.enrolment_cancellations import (
    CancellationQuote,
    EnrolmentCancellation,
    RefundChanged,
    RefundOutcome,
    enrolment_cancel,
    enrolment_cancellation_preview,
    refund_retry,
)
from payments.services.fulfilment import payment_fulfil, payment_record, payment_record_enrolled
from payments.services.reconcile import ReconcileReport, payments_reconcile
from payments.services.refunds import payment_refund
from payments.services.webhooks import stripe_event_handle

__all__ = [
    "CancellationQuote",
    "ClassCancellation",
    "EnrolmentCancellation",
    "PaymentOutcome",
    "PriceChanged",
    "ReconcileReport",
    "RefundChanged",
    "RefundOutcome",
    "attempt_get_for",
    "attempt_settle",
    "class_cancel",
    "class_cancellation_preview",
    "enrolment_cancel",
    "enrolment_cancellation_preview",
    "payment_create",
    "payment_fulfil",
    "payment_record",
    "payment_record_enrolled",
    "payment_refund",
    "payment_setup_create",
    "payments_reconcile",
    "refund_retry",
    "stripe_event_handle",
]
