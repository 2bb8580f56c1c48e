"""Stripe's word that a charge succeeded, for a student who did not come back to the site (a
closed tab after 3-D Secure)."""

from checkout.services.family_checkout import checkout_charge_settle, is_checkout_charge
from checkout.services.fulfilment import payment_fulfil, payment_record
from payments import stripe_client
from payments.models import Payment
from payments.services.common import stripe_call
from plans.services import instalment_charge_settle, is_instalment_charge


def stripe_event_handle(*, payload: bytes, signature: str) -> Payment | None:
    """A signed Stripe webhook: a succeeded charge is recorded and fulfilled, once."""
    event = stripe_client.webhook_event(payload=payload, signature=signature)
    if event.type != "payment_intent.succeeded" or not event.object_id:
        return None
    # The payload only names the charge; its state is what Stripe says now.
    with stripe_call():
        charge = stripe_client.charge_retrieve(event.object_id)
    if charge.status != "succeeded":
        return None
    if is_checkout_charge(charge):
        checkout_charge_settle(charge=charge)
        return None
    if is_instalment_charge(charge):
        instalment_charge_settle(charge=charge)
        return None
    payment = payment_record(charge=charge)
    if payment is None:
        return None
    return payment_fulfil(payment_id=payment.pk)
