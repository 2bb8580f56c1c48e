"""The writes of the payments app: the one path money moves by, whichever flow moves it.

`card_charges` is one card charge's life, the same for every flow (a seat, a family's checkout
in `checkout`, an instalment in `plans`, a move in `changes`); `customers` makes each family's
Stripe Customer and SetupIntents ahead; `ledger` writes an entry with every movement of money,
from which `payments.selectors.seat_paid` answers what a seat paid; `refunds` gives money back
the way it came, by the school's hand (`payment_refund`) or on record and then at Stripe, with
its own idempotency key (`refund_send`, and `refund_retry` from the back office's queue);
`messages` queues what a payment tells the family.

The rest of the project imports from here; the modules below hold one step each, and what one
of them shares with another is a public function of that module (no module reads another's
`_private` names: camp/tests/test_private_names.py).
"""

from payments.services.common import PaymentOutcome, PriceChanged
from payments.services.refunds import payment_refund, refund_retry, refund_send

__all__ = [
    "PaymentOutcome",
    "PriceChanged",
    "payment_refund",
    "refund_retry",
    "refund_send",
]
