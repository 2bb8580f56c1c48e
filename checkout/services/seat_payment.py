"""A student pays for a selected class: the card is saved first, then charged the amount due
that `checkout.pricing.price_for` computes from our database; a class with nothing due is
enrolled in without a card."""

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from checkout.access import access_selection_to_pay
from checkout.pricing import Quote, price_for
from checkout.services.attempts import SelectionCharge, attempt_charge
from checkout.services.fulfilment import payment_enrol, payment_fulfil
from core.errors import Conflict, InvalidInput, NotFound
from enrolments.models import Selection
from enrolments.rules import enrolment_refusal
from enrolments.services import hold_take
from payments.models import Payment, PaymentStatus
from payments.money import in_cents
from payments.refund_policy import RefundTerms
from payments.selectors import refund_terms_of
from payments.services import card_charges
from payments.services.common import (
    CURRENCY,
    MINIMUM_CARD_CHARGE_CENTS,
    PaymentOutcome,
    PriceChanged,
    charge_metadata,
    free_transaction_id,
    is_for,
    is_made_ahead_for,
)
from payments.services.customers import card_setup_for, ready_setup_take

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CheckoutOpened:
    """The payment page's start: the client secret of the SetupIntent Stripe.js saves the card
    into, and until when the seat is held for the family."""

    client_secret: str
    hold_expires_at: datetime
    quote: Quote


def payment_setup_create(*, student: User, selection_id: int) -> CheckoutOpened:
    """Hold a seat for the family while they pay (`enrolments.services.hold_take`, which asks
    the rules under its locks), and give the browser a SetupIntent to save the card into: the
    one the worker made ahead for the family, taken for this selection, else one made now for
    it (`payments.services.customers`); nothing is charged yet."""
    read = access_selection_to_pay(student=student, selection_id=selection_id)
    selection = read.selection
    quote = price_for(selection.participant, selection.camp_class, rules=read.season_rules)
    amount = quote.amount_due_cents
    if amount == 0 and quote.list_price > 0:
        # Nothing is due after the family's discounts: the payment enrols without a card.
        raise Conflict(
            _("Your discounts cover this class: enrol without a card."), code="nothing_due"
        )
    if amount == 0:
        raise Conflict(_("This class is free: enrol without a card."))
    if amount < MINIMUM_CARD_CHARGE_CENTS:
        raise Conflict(_("Card payments start at $0.50, so this class cannot be paid by card."))
    hold = hold_take(selection=selection, paying=True)
    client_secret = ready_setup_take(student=student, ready=read.ready_setup, selection=selection)
    if client_secret is None:
        client_secret = card_setup_for(
            student=student,
            metadata=charge_metadata(student=student, selection=selection),
            known_customer=read.customer_id,
        ).client_secret
    return CheckoutOpened(client_secret=client_secret, hold_expires_at=hold.expires_at, quote=quote)


def _earlier_payment(
    *, student: User, selection_id: int, setup_intent_id: str, payment_intent_id: str
) -> Payment | None:
    payments = Payment.objects.filter(student=student)
    if payment_intent_id:
        return payments.filter(transaction_id=payment_intent_id).first()
    if setup_intent_id:
        return payments.filter(setup_intent_id=setup_intent_id).order_by("id").first()
    return payments.filter(transaction_id=free_transaction_id(selection_id)).first()


def payment_create(
    *,
    student: User,
    selection_id: int,
    setup_intent_id: str = "",
    payment_intent_id: str = "",
    confirmed_price: Decimal | None = None,
) -> PaymentOutcome:
    """Pay for a selection with the card saved in a SetupIntent (or after 3-D Secure, with the
    PaymentIntent the bank asked about), or enrol in a free class; then take the seat."""
    ids = {
        "student": student,
        "selection_id": selection_id,
        "setup_intent_id": setup_intent_id,
        "payment_intent_id": payment_intent_id,
    }
    # With the selection, the payment made before under the same Stripe id, if any.
    try:
        read = access_selection_to_pay(
            student=student,
            selection_id=selection_id,
            setup_intent_id=setup_intent_id,
            transaction_id=payment_intent_id or free_transaction_id(selection_id),
        )
    except NotFound:
        # A twin request (a double click) may have enrolled a moment ago, which removed the
        # selection.
        earlier = _earlier_payment(**ids)
        if earlier is None:
            raise
        earlier_id = earlier.pk
    else:
        earlier_id = read.earlier_payment_id
    if earlier_id is not None:
        # A retry of a request already answered: the same payment, finished if it was not.
        return PaymentOutcome(payment=payment_fulfil(payment_id=earlier_id), created=False)

    selection = read.selection
    refund_terms = refund_terms_of(read.refund_policy)
    quote = price_for(selection.participant, selection.camp_class, rules=read.season_rules)
    if quote.amount_due_cents == 0:
        return _enrol_free(
            student=student, selection=selection, quote=quote, refund_terms=refund_terms
        )
    if payment_intent_id:
        outcome = card_charges.charge_after_the_bank(
            SelectionCharge(student=student, selection=selection), payment_intent_id
        )
    elif setup_intent_id:
        try:
            outcome = _pay_with_saved_card(
                student=student,
                selection=selection,
                setup_intent_id=setup_intent_id,
                setup_claimed_for=read.claimed_for_class_id,
                quote=quote,
                confirmed_price=confirmed_price,
                refund_terms=refund_terms,
            )
        except Conflict:
            # A twin request (a double click) may have paid with this card and taken the seat
            # since this one looked: the rules now say "enrolled". It is the same payment.
            earlier = _earlier_payment(**ids)
            if earlier is None:
                raise
            return PaymentOutcome(payment=payment_fulfil(payment_id=earlier.pk), created=False)
    else:
        raise InvalidInput(
            {"setup_intent": [_("This class is not free: save a card to pay for it.")]}
        )
    if outcome.payment is None or outcome.fulfilled:
        return outcome
    return PaymentOutcome(
        payment=payment_fulfil(payment_id=outcome.payment.pk), created=outcome.created
    )


def _made_for(
    metadata: dict[str, str], *, student: User, selection: Selection, claimed_for: int | None
) -> bool:
    """Whether a SetupIntent is this student's, for this selection and its class: made for
    them by a hold (its metadata says so), or made ahead for the family and taken by a hold of
    this selection (`claimed_for`: the class it was taken for, None when no hold of the
    selection took it)."""
    return (
        is_for(metadata, student=student, selection_id=selection.pk)
        and metadata.get("class_id") == str(selection.camp_class_id)
    ) or (claimed_for == selection.camp_class_id and is_made_ahead_for(metadata, student=student))


def _pay_with_saved_card(
    *,
    student: User,
    selection: Selection,
    setup_intent_id: str,
    setup_claimed_for: int | None,
    quote: Quote,
    confirmed_price: Decimal | None = None,
    refund_terms: RefundTerms,
) -> PaymentOutcome:
    """Charge the saved card the amount due (`quote`), once the family confirmed it
    (`checkout.services.attempts.attempt_charge`), under the refund terms in force."""
    setup = card_charges.card_setup_verified(
        setup_intent_id,
        made_for=lambda metadata: _made_for(
            metadata, student=student, selection=selection, claimed_for=setup_claimed_for
        ),
        not_made_for="This card was not saved for this selected class.",
    )
    camp_class = selection.camp_class
    refusal = enrolment_refusal(
        participant=selection.participant, camp_class=camp_class, paying=True
    )
    if refusal is not None:
        raise refusal.conflict_before_paying()
    amount = quote.amount_due_cents
    if confirmed_price is not None and in_cents(confirmed_price) != amount:
        # Charged is exactly what the student saw and confirmed, or nothing.
        raise PriceChanged(quote.amount_due)

    return attempt_charge(
        student=student, selection=selection, setup=setup, quote=quote, refund_terms=refund_terms
    )


def _enrol_free(
    *, student: User, selection: Selection, quote: Quote, refund_terms: RefundTerms
) -> PaymentOutcome:
    refusal = enrolment_refusal(
        participant=selection.participant, camp_class=selection.camp_class, paying=True
    )
    if refusal is not None:
        raise refusal.conflict_before_paying()
    transaction_id = free_transaction_id(selection.pk)
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                student=student,
                participant=selection.participant,
                participant_name=selection.participant.name,
                camp_class_id=selection.camp_class_id,
                transaction_id=transaction_id,
                selection_id=selection.pk,
                price=Decimal("0.00"),
                list_price=quote.list_price,
                adjustments=[adjustment.as_record() for adjustment in quote.adjustments],
                currency=CURRENCY,
                status=PaymentStatus.ENROLL_PENDING,
                refund_policy=refund_terms.as_snapshot(),
            )
            refusal = payment_enrol(payment)
            if refusal is not None:
                # Nothing was charged, so nothing stays on record.
                raise Conflict(refusal.before_paying)
    except IntegrityError:
        earlier = Payment.objects.filter(transaction_id=transaction_id).first()
        if earlier is None:
            raise
        return PaymentOutcome(payment=earlier, created=False)
    return PaymentOutcome(payment=payment, created=True)
