"""What every step of a payment shares: money as Stripe counts it, Stripe's failures as the
school's errors, and the metadata that marks a charge as this site's."""

import logging
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext as _

from accounts.models import User
from core.errors import CardDeclined, Conflict, ProviderUnavailable
from enrolments.models import Selection
from payments import stripe_client
from payments.models import ChargeAttempt, Payment
from payments.money import in_cents

logger = logging.getLogger(__name__)

CURRENCY = "usd"
# Stripe refuses card charges under $0.50.
MINIMUM_CARD_CHARGE_CENTS = 50
# Marks what this site created at Stripe, among anything else on the same account.
METADATA_APP = "camp"
# Transaction ids of free enrolments, which never reach Stripe.
FREE_TRANSACTION_PREFIX = "free_"


class PriceChanged(Conflict):
    """The class costs other than what the student confirmed: nothing is charged."""

    def __init__(self, current_price: Decimal):
        self.current_price = current_price
        super().__init__(
            f"The price of this class is now ${current_price:.2f}. "
            "Please check the new price and confirm again."
        )


@dataclass(frozen=True)
class PaymentOutcome:
    """What `payment_create` did. Without a payment, the bank wants the cardholder first."""

    payment: Payment | None
    created: bool
    action_client_secret: str = ""
    payment_intent_id: str = ""
    # Set when Stripe has not said yet what became of the charge: the browser asks again.
    confirming: ChargeAttempt | None = field(default=None)
    # The payment is fulfilled already and read as an answer shows it (its student, its class
    # and instructor, what of it went back): nothing is left to do or read.
    fulfilled: bool = False


@contextmanager
def stripe_call():
    try:
        yield
    except stripe_client.CardDeclined as error:
        raise CardDeclined(str(error)) from error
    except stripe_client.NotFoundAtProvider as error:
        # Stripe answered, and has no such object: a fact about our record, not an outage.
        logger.error("Stripe has no record of this: %s", error)
        raise Conflict(_("Stripe has no record of this payment.")) from error
    except stripe_client.PaymentProviderError as error:
        logger.exception("Stripe call failed")
        raise ProviderUnavailable() from error


def free_transaction_id(selection_id: int) -> str:
    # Deterministic, so a repeated free enrolment meets the unique transaction id.
    return f"{FREE_TRANSACTION_PREFIX}{selection_id}"


def is_free_enrolment(payment: Payment) -> bool:
    """Whether the payment is a free enrolment, which never reached Stripe."""
    return payment.transaction_id.startswith(FREE_TRANSACTION_PREFIX)


def charge_metadata(*, student: User, selection: Selection) -> dict[str, str]:
    return {
        "app": METADATA_APP,
        "student_id": str(student.pk),
        "student_email": student.email,
        "class_id": str(selection.camp_class_id),
        "selection_id": str(selection.pk),
        # Whom the seat is for: the selection is gone by the time a late webhook records it.
        "participant_id": str(selection.participant_id),
    }


def is_for(metadata: dict[str, str], *, student: User, selection_id: int) -> bool:
    return (
        metadata.get("app") == METADATA_APP
        and metadata.get("student_id") == str(student.pk)
        and metadata.get("selection_id") == str(selection_id)
    )


def ready_setup_metadata(student: User) -> dict[str, str]:
    """A SetupIntent made ahead is the family's, for no selection yet: the hold that takes it
    records which (`CardSetupClaim`)."""
    return {"app": METADATA_APP, "student_id": str(student.pk), "student_email": student.email}


def is_made_ahead_for(metadata: dict[str, str], *, student: User) -> bool:
    # The family's e-mail may have changed since it was made; the account it is for may not.
    return (
        metadata.keys() == ready_setup_metadata(student).keys()
        and metadata.get("app") == METADATA_APP
        and metadata.get("student_id") == str(student.pk)
    )


def is_ours(charge: stripe_client.Charge) -> bool:
    return charge.metadata.get("app") == METADATA_APP


def payment_charge_refund(
    payment: Payment, *, reason: str, amount_cents: int | None = None, idempotency_key: str = ""
) -> str:
    """Give back at Stripe what a payment took, or `amount_cents` of it; the refund's id.

    A payment that shared its charge with others (a family checkout's line) takes back at most
    its own price, under a key of its own, so the other lines' money stays where it is. Nothing
    is asked of Stripe for a line that cost nothing.
    """
    if payment.shares_its_charge:
        if amount_cents is None:
            amount_cents = in_cents(payment.price)
        idempotency_key = idempotency_key or f"camp-refund-{payment.transaction_id}"
        if amount_cents == 0:
            return ""
    return stripe_client.charge_refund(
        payment_intent_id=payment.charge_id,
        reason=reason,
        amount_cents=amount_cents,
        idempotency_key=idempotency_key,
    )
