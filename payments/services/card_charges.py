"""One card charge's life, the same for every flow that charges a card: a class paid for
(`attempts`), a family's checkout (`family_checkout`), a plan's instalment or balance
(`instalments`) and a move's charge (`transfers`).

1. The card: `card_setup_verified` reads the SetupIntent the browser saved it into back from
   Stripe and checks it was made for what is being paid (each flow says what that means, and
   how to say it is not), and that it holds a card.
2. The charge: `card_charge` asks Stripe once under the flow's idempotency key, outside any
   transaction, and hands Stripe's answer to the flow (`charge_settle`): paid, the bank's
   question (3-D Secure), still with the bank, declined; or the request never left, or it left
   and no answer came (Stripe may have charged: the flow leaves it open for reconciliation).
3. After the bank: `charge_after_the_bank` reads the PaymentIntent the cardholder answered
   their bank for, checks it is this flow's, and settles it the same way.

A flow (`ChargeFlow`) keeps only what is its own: what a paid charge puts on record, how a
decline gives back what the charge held, what it tells the family while the bank decides.
"""

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Generic, TypeVar

from django.utils.translation import gettext

from core.errors import CardDeclined, Conflict, InvalidInput
from payments import stripe_client
from payments.services.common import CURRENCY, METADATA_APP, stripe_call

logger = logging.getLogger(__name__)

# A charge Stripe has not told us about this long after it was asked is taken as never made.
UNANSWERED_CHARGE_GRACE = timedelta(minutes=2)
# The bank has not decided yet: the webhook or reconciliation settles the charge when it has.
STILL_WITH_THE_BANK = ("processing", "requires_confirmation", "requires_capture")
DID_NOT_GO_THROUGH = "The payment did not go through."

Answer = TypeVar("Answer")


class ChargeNotSent(Conflict):
    """The charge never reached the bank: nothing was charged, and the family may try again."""

    def __init__(self):
        super().__init__(
            gettext("The payment did not reach the bank; nothing was charged. Please try again."),
            code="not_charged",
        )


def card_metadata(*, family_id: int, **made_for: str) -> dict[str, str]:
    """What marks a card saved (or charged) at Stripe as this site's, for this family, and for
    what (`made_for`: a checkout, a payment's balance, a move)."""
    return {"app": METADATA_APP, "student_id": str(family_id), **made_for}


def card_setup_verified(
    setup_intent_id: str,
    *,
    made_for: Callable[[dict[str, str]], bool],
    not_made_for: str,
) -> stripe_client.CardSetup:
    """The SetupIntent as Stripe has it, made for what is paid (`made_for`, asked of its
    metadata; else InvalidInput with `not_made_for`), its card saved (else CardDeclined)."""
    with stripe_call():
        try:
            setup = stripe_client.card_setup_retrieve(setup_intent_id)
        except stripe_client.NotFoundAtProvider:
            setup = None
    if setup is None or not made_for(setup.metadata):
        raise InvalidInput({"setup_intent": [not_made_for]})
    if setup.status != "succeeded" or not setup.payment_method_id:
        raise CardDeclined(
            setup.error_message
            or gettext("Your card was not accepted. Please check it or use another.")
        )
    return setup


class ChargeFlow(Generic[Answer]):
    """What one flow does with each of Stripe's answers about its charge. `paid` and
    `declined` are every flow's own; a flow with nobody there to answer the bank takes its
    question, and a charge still with the bank, as declined."""

    # What the family is told of a PaymentIntent that is not this flow's (after the bank).
    not_its_charge: str

    def is_its_charge(self, charge: stripe_client.Charge) -> bool:
        """Whether a PaymentIntent named by the browser (or found at Stripe) is this flow's."""
        raise NotImplementedError

    def paid(self, charge: stripe_client.Charge) -> Answer:
        raise NotImplementedError

    def declined(self, message: str, charge: stripe_client.Charge | None) -> Answer:
        """The bank said no (`charge` None: Stripe refused the card before making one)."""
        raise NotImplementedError

    def awaiting_the_bank(self, charge: stripe_client.Charge) -> Answer:
        """The bank asks the cardholder to confirm (3-D Secure): `charge.client_secret` is
        what the browser answers it with."""
        return self.declined(charge.error_message or DID_NOT_GO_THROUGH, charge)

    def still_with_the_bank(self, charge: stripe_client.Charge) -> Answer:
        return self.declined(charge.error_message or DID_NOT_GO_THROUGH, charge)

    def answered(self, charge: stripe_client.Charge) -> None:
        """Stripe answered the charge this flow asked for, before it is settled."""

    def not_sent(self, error: stripe_client.ProviderUnreachable) -> Answer:
        """The request never left: nothing was charged."""
        raise error

    def unanswered(self, error: stripe_client.PaymentProviderError) -> Answer:
        """Sent, but no answer came: Stripe may have charged, and reconciliation settles it."""
        raise error


def charge_settle(flow: ChargeFlow[Answer], charge: stripe_client.Charge) -> Answer:
    """Stripe's word on a charge, handed to the flow's step for it."""
    if charge.status == "succeeded":
        return flow.paid(charge)
    if charge.status == "requires_action":
        return flow.awaiting_the_bank(charge)
    if charge.status in STILL_WITH_THE_BANK:
        return flow.still_with_the_bank(charge)
    return flow.declined(charge.error_message or DID_NOT_GO_THROUGH, charge)


def card_charge(
    flow: ChargeFlow[Answer],
    *,
    setup: stripe_client.CardSetup,
    amount_cents: int,
    metadata: dict[str, str],
    idempotency_key: str,
    off_session: bool = False,
) -> Answer:
    """Charge the card saved in `setup`, once however often it is asked (`idempotency_key`),
    and settle Stripe's answer by the flow. Called outside any transaction: the flow's record
    of the charge is committed before, its result put on record after. The charge names its
    SetupIntent: Stripe's own id tells this site's charge from another database's that names
    the same row ids."""
    try:
        charge = stripe_client.charge_create(
            amount=amount_cents,
            currency=CURRENCY,
            customer_id=setup.customer_id,
            payment_method_id=setup.payment_method_id,
            metadata={**metadata, "setup_intent_id": setup.id},
            idempotency_key=idempotency_key,
            off_session=off_session,
        )
    except stripe_client.CardDeclined as error:
        return flow.declined(str(error), None)
    except stripe_client.ProviderUnreachable as error:
        logger.warning("Stripe unreachable for charge %s: %s", idempotency_key, error)
        return flow.not_sent(error)
    except stripe_client.PaymentProviderError as error:
        logger.warning("No answer from Stripe for charge %s: %s", idempotency_key, error)
        return flow.unanswered(error)
    flow.answered(charge)
    return charge_settle(flow, charge)


def charge_after_the_bank(flow: ChargeFlow[Answer], payment_intent_id: str) -> Answer:
    """The charge the cardholder answered their bank for (3-D Secure), as Stripe has it now,
    settled by the flow; InvalidInput when it is not the flow's."""
    with stripe_call():
        try:
            charge = stripe_client.charge_retrieve(payment_intent_id)
        except stripe_client.NotFoundAtProvider:
            charge = None
    if charge is None or not flow.is_its_charge(charge):
        raise InvalidInput({"payment_intent": [flow.not_its_charge]})
    return charge_settle(flow, charge)


def charges_asked_since(
    asked_at: datetime, is_its_charge: Callable[[stripe_client.Charge], bool]
) -> list[stripe_client.Charge]:
    """The charges Stripe made for a request it never answered, found by their metadata."""
    # A minute before: Stripe's clock and ours may differ a little.
    return [
        charge
        for charge in stripe_client.charges_since(asked_at - timedelta(minutes=1))
        if is_its_charge(charge)
    ]
