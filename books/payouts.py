"""Stripe's payouts for a period, each matched to the balance's movements it pays out: the
charges, the refunds and Stripe's fees on them, so the bank's deposit is seen to be the payout
(`matched`), and the journal's payout entry (`books.journal.payout_entry`) says so."""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.utils.translation import gettext as _

from books.reports import Period
from core.errors import ProviderUnavailable
from core.school_time import school_timezone
from payments import stripe_client

CENT = Decimal("0.01")
CHARGES = ("charge", "payment")
REFUNDS = ("refund", "payment_refund")


@dataclass(frozen=True)
class PayoutMatched:
    id: str
    arrives_on: date
    status: str
    currency: str
    amount: Decimal
    charges: Decimal
    refunds: Decimal
    fees: Decimal
    # Anything else that moved the balance (an adjustment, a dispute): its net.
    other: Decimal
    movements: int
    matched_by: str

    @property
    def net(self) -> Decimal:
        return self.charges - self.refunds - self.fees + self.other

    @property
    def matched(self) -> bool:
        return self.net == self.amount


@dataclass(frozen=True)
class Payout:
    """A payout and the balance's movements it pays out. `matched_by` says how they were found:
    Stripe's own list of the payout's ("payout"), or, where the provider keeps none
    (localstripe), those made after the payout before it and up to this one ("window")."""

    id: str
    amount: int
    currency: str
    status: str
    arrival: int
    lines: tuple[stripe_client.BalanceLine, ...]
    matched_by: str


def _payout(sent: stripe_client.PayoutSent, lines, matched_by: str) -> Payout:
    return Payout(
        id=sent.id,
        amount=sent.amount,
        currency=sent.currency,
        status=sent.status,
        arrival=sent.arrival,
        lines=tuple(lines),
        matched_by=matched_by,
    )


def _payouts_arriving(start: datetime, end: datetime) -> list[Payout]:
    window = {"gte": int(start.timestamp()), "lt": int(end.timestamp())}
    if stripe_client.lists_by_payout():
        return [
            _payout(sent, stripe_client.balance_lines(payout=sent.id), "payout")
            for sent in stripe_client.payouts_list(arrival_date=window)
        ]
    lines = sorted(stripe_client.balance_lines(), key=lambda line: line.created)
    found, since = [], -1
    for sent in sorted(stripe_client.payouts_list(), key=lambda p: (p.created, p.id)):
        made = [line for line in lines if since < line.created <= sent.created]
        since = sent.created
        if window["gte"] <= sent.arrival < window["lt"]:
            found.append(_payout(sent, made, "window"))
    return found


def payouts_read(period: Period) -> list[Payout]:
    try:
        return _payouts_arriving(period.begins, period.ends)
    except stripe_client.PaymentProviderError as error:
        raise ProviderUnavailable(
            _("Stripe's payouts could not be read. Try again in a moment.")
        ) from error


def payout_matched(payout: Payout) -> PayoutMatched:
    lines = payout.lines
    return PayoutMatched(
        id=payout.id,
        arrives_on=datetime.fromtimestamp(payout.arrival, tz=school_timezone()).date(),
        status=payout.status,
        currency=payout.currency,
        amount=payout.amount * CENT,
        charges=sum(line.amount for line in lines if line.type in CHARGES) * CENT,
        refunds=-sum(line.amount for line in lines if line.type in REFUNDS) * CENT,
        fees=sum(line.fee for line in lines) * CENT,
        other=sum(line.amount for line in lines if line.type not in CHARGES + REFUNDS) * CENT,
        movements=len(lines),
        matched_by=payout.matched_by,
    )


def payouts_matched(period: Period) -> list[PayoutMatched]:
    """The period's payouts by the day they arrive, each matched."""
    matched = [payout_matched(payout) for payout in payouts_read(period)]
    return sorted(matched, key=lambda payout: (payout.arrives_on, payout.id))
