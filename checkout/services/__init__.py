"""Selling seats: a student's one class, or a family's lines in one checkout.

The flow of one class, the same against Stripe and localstripe:
1. `payment_setup_create`: a SetupIntent for the student's selection; the browser saves the
   card into it with Stripe.js (confirmCardSetup).
2. `payment_create`: the server reads the SetupIntent back from Stripe, charges the saved card
   the amount due from our database (`checkout.pricing.price_for`) under a charge attempt
   (`attempts.attempt_charge`, by the lifecycle every card charge shares:
   `payments.services.card_charges`), then records the charge with the seat it bought, in one
   transaction (`payment_record_enrolled`: enrolled). A charge that cannot take its seat so is
   recorded (enrollPending), and `payment_fulfil` takes a seat or gives the money back
   (refunded).
3. Stripe's payment_intent.succeeded webhook (`settlement`) records and fulfils a charge the
   browser did not come back for (a closed tab after 3-D Secure).
Each step is keyed by Stripe's ids, so any step may run twice, or concurrently with its twin.
A family's checkout (`family_checkout`) sells several lines under one charge the same way.
"""

from checkout.services.attempts import attempt_get_for, attempt_settle
from checkout.services.fulfilment import payment_fulfil, payment_record, payment_record_enrolled
from checkout.services.seat_payment import payment_create, payment_setup_create

__all__ = [
    "attempt_get_for",
    "attempt_settle",
    "payment_create",
    "payment_fulfil",
    "payment_record",
    "payment_record_enrolled",
    "payment_setup_create",
]
