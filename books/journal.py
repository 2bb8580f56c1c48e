"""The school's journal for a period, from the one ledger: double-entry, every entry balanced
(its debits equal its credits), each line on an account of the school's chart (`books.accounts`).

- A sale (a payment, on its day): the list price to the class's income account (its category's,
  its extended care's, else tuition's or extended care's) and each add-on bought to its own;
  the discounts against them; and what paid it then: the card to Stripe clearing, cash and
  cheques to undeposited funds, account credit out of the credit the school holds; what a plan
  left for later is owed by the family.
- An instalment paid (the ledger's entry): by card, cash or credit, against what the family
  owed; a move's difference to the class's income, a cancellation's charge to fees.
- A refund to the card, made: refunds against Stripe clearing. Money given back as account
  credit: refunds (the school's bonus on top: discounts) into the credit held. Credit an admin
  grants or takes back: discounts and the credit held.
- A Stripe payout: Stripe clearing to the bank, Stripe's fees to their expense.

Sales and card money are counted as the season report counts them (`books.reports`), so a
season's journal and its report agree to the cent.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.db.models import Prefetch, Q

from books.accounts import Chart, chart_read
from books.models import LedgerAccount, Role
from books.payouts import Payout, payouts_read
from books.reports import Period
from core.school_time import school_timezone
from payments.models import (
    MONEY_IN,
    AddOnPurchase,
    CreditEntry,
    InstalmentKind,
    Kind,
    LedgerEntry,
    LedgerKind,
    PaidWith,
    Payment,
)
from payments.selectors import MONEY_BACK_MADE

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


@dataclass(frozen=True)
class JournalLine:
    account: LedgerAccount
    debit: Decimal = ZERO
    credit: Decimal = ZERO


@dataclass(frozen=True)
class JournalEntry:
    """One balanced entry: its number (unique in the journal, stable between exports), day,
    what it was, whose, the provider's or the site's reference, and its lines."""

    number: str
    day: date
    memo: str
    family: str
    reference: str
    lines: tuple[JournalLine, ...]

    @property
    def balanced(self) -> bool:
        debits = sum((line.debit for line in self.lines), ZERO)
        return debits == sum((line.credit for line in self.lines), ZERO)


def _day(moment: datetime) -> date:
    return moment.astimezone(school_timezone()).date()


def _lines(*pairs: tuple[LedgerAccount, Decimal]) -> tuple[JournalLine, ...]:
    """Lines from (account, amount) pairs, a positive amount a debit and a negative a credit;
    an account's amounts together, noughts left out."""
    summed: dict[tuple[str, str], Decimal] = defaultdict(lambda: ZERO)
    accounts = {}
    for account, amount in pairs:
        key = (account.code, account.name)
        accounts[key] = account
        summed[key] += amount
    return tuple(
        JournalLine(accounts[key], debit=max(amount, ZERO), credit=max(-amount, ZERO))
        for key, amount in summed.items()
        if amount
    )


def _family(user) -> str:
    return user.name or user.email


def _money_in_account(chart: Chart, entry: LedgerEntry, paid_with: str) -> LedgerAccount:
    if entry.kind == LedgerKind.CREDIT_SPENT:
        return chart.role(Role.CREDIT)
    offline = entry.kind == LedgerKind.OFFLINE or (
        entry.instalment_id is None and paid_with in (PaidWith.CASH, PaidWith.CHEQUE)
    )
    return chart.role(Role.CASH if offline else Role.STRIPE_CLEARING)


def _sale(chart: Chart, payment: Payment) -> JournalEntry:
    """A payment's sale: gross, discounts, what paid it at once and what is owed."""
    income = chart.of_class(payment.camp_class.category_id, payment.camp_class.extended_care_id)
    listed = payment.list_price if payment.list_price is not None else payment.price
    due = payment.plan_total if payment.plan_total is not None else payment.price
    bought = [(chart.of_add_on(p.add_on_id), -p.amount) for p in payment.add_ons.all()]
    gross = listed - sum((amount for _, amount in bought), ZERO)
    credit = -sum(
        (Decimal(str(a["amount"])) for a in payment.adjustments if a.get("kind") == Kind.CREDIT),
        ZERO,
    )
    paid = [
        (_money_in_account(chart, entry, payment.paid_with), entry.amount)
        for entry in payment.ledger_entries.all()
        if entry.kind in MONEY_IN and entry.instalment_id is None
    ]
    owed = due + credit - sum((amount for _, amount in paid), ZERO)
    return JournalEntry(
        number=f"S{payment.pk}",
        day=_day(payment.date),
        memo=f"{payment.camp_class.name} for {payment.participant_name or 'the family'}",
        family=_family(payment.student),
        reference=payment.transaction_id,
        lines=_lines(
            (income, -listed),
            *bought,
            (chart.role(Role.DISCOUNTS), gross - due - credit),
            *paid,
            (chart.role(Role.RECEIVABLE), owed),
        ),
    )


def _sales(chart: Chart, period: Period) -> list[JournalEntry]:
    payments = (
        Payment.objects.filter(period.holds("date"))
        .select_related("student", "camp_class")
        .prefetch_related(
            Prefetch("add_ons", queryset=AddOnPurchase.objects.order_by("id")),
            Prefetch("ledger_entries", queryset=LedgerEntry.objects.order_by("id")),
        )
        .order_by("date", "id")
    )
    return [_sale(chart, payment) for payment in payments]


_INSTALMENT_MEMO = {
    InstalmentKind.INSTALMENT: "Instalment",
    InstalmentKind.TRANSFER: "A move's difference",
    InstalmentKind.CANCELLATION: "Cancellation charge",
}


def _instalment(chart: Chart, entry: LedgerEntry) -> JournalEntry:
    payment, kind = entry.payment, entry.instalment.kind
    if kind == InstalmentKind.TRANSFER:
        against = chart.of_class(
            payment.camp_class.category_id, payment.camp_class.extended_care_id
        )
    elif kind == InstalmentKind.CANCELLATION:
        against = chart.role(Role.FEES)
    else:
        against = chart.role(Role.RECEIVABLE)
    return JournalEntry(
        number=f"L{entry.pk}",
        day=_day(entry.at),
        memo=f"{_INSTALMENT_MEMO[kind]} ({entry.get_kind_display().lower()}): "
        f"{payment.camp_class.name}",
        family=_family(payment.student),
        reference=entry.instalment.payment_intent_id or payment.transaction_id,
        lines=_lines(
            (_money_in_account(chart, entry, payment.paid_with), entry.amount),
            (against, -entry.amount),
        ),
    )


def _refund(chart: Chart, entry: LedgerEntry) -> JournalEntry:
    refund = entry.refund
    return JournalEntry(
        number=f"L{entry.pk}",
        day=_day(entry.at),
        memo=f"Refund to the card: {entry.payment.camp_class.name}",
        family=_family(entry.payment.student),
        reference=(refund.stripe_refund_id if refund else "") or entry.payment.charge_id,
        lines=_lines(
            (chart.role(Role.REFUNDS), entry.amount),
            (chart.role(Role.STRIPE_CLEARING), -entry.amount),
        ),
    )


def _ledger_money(chart: Chart, period: Period) -> list[JournalEntry]:
    """Instalments paid and refunds to the card made, in the period (as the ledger dates them)."""
    entries = (
        LedgerEntry.objects.filter(period.holds("at"))
        .filter(
            Q(kind__in=MONEY_IN, instalment__isnull=False)
            | (Q(kind=LedgerKind.REFUND) & MONEY_BACK_MADE)
        )
        .select_related("payment__student", "payment__camp_class", "instalment", "refund")
        .order_by("at", "id")
    )
    return [
        _refund(chart, entry) if entry.kind == LedgerKind.REFUND else _instalment(chart, entry)
        for entry in entries
    ]


def _credit(chart: Chart, credit: CreditEntry) -> JournalEntry:
    given = sum((entry.amount for entry in credit.ledger_entries.all()), ZERO)
    if credit.payment_id is not None:
        memo = f"Given back as account credit: {credit.payment.camp_class.name}"
    else:
        memo = f"Account credit {'granted' if credit.amount > 0 else 'taken back'}: {credit.reason}"
    return JournalEntry(
        number=f"C{credit.pk}",
        day=_day(credit.at),
        memo=memo,
        family=_family(credit.family),
        reference=f"credit-{credit.pk}",
        lines=_lines(
            (chart.role(Role.REFUNDS), given),
            (chart.role(Role.DISCOUNTS), credit.amount - given),
            (chart.role(Role.CREDIT), -credit.amount),
        ),
    )


def _credits(chart: Chart, period: Period) -> list[JournalEntry]:
    """Credit given back from a seat, and credit an admin granted or took back. Credit spent
    is the sales' and instalments' (the ledger has it); credit a failed checkout spent and
    gave back nets to nothing."""
    credits = (
        CreditEntry.objects.filter(period.holds("at"))
        .filter(Q(payment__isnull=False, amount__gt=0) | Q(payment=None, checkout=None))
        .select_related("family", "payment__camp_class")
        .prefetch_related(
            Prefetch(
                "ledger_entries", queryset=LedgerEntry.objects.filter(kind=LedgerKind.CREDIT_GIVEN)
            )
        )
        .order_by("at", "id")
    )
    return [_credit(chart, credit) for credit in credits]


def payout_entry(chart: Chart, payout: Payout) -> JournalEntry:
    """A payout: its cents to the bank and Stripe's fees on its movements to their expense,
    out of Stripe clearing."""
    fees = sum(line.fee for line in payout.lines) * CENT
    amount = payout.amount * CENT
    return JournalEntry(
        number=f"P{payout.id}",
        day=datetime.fromtimestamp(payout.arrival, tz=school_timezone()).date(),
        memo=f"Stripe payout ({len(payout.lines)} movements)",
        family="",
        reference=payout.id,
        lines=_lines(
            (chart.role(Role.BANK), amount),
            (chart.role(Role.STRIPE_FEES), fees),
            (chart.role(Role.STRIPE_CLEARING), -(amount + fees)),
        ),
    )


def journal_for(period: Period, *, payouts: bool = True) -> list[JournalEntry]:
    """Every entry of the period, by day: sales, instalments, refunds, credit and (asked of
    Stripe, unless `payouts` is false) payouts."""
    chart = chart_read()
    entries = [*_sales(chart, period), *_ledger_money(chart, period), *_credits(chart, period)]
    if payouts:
        entries += [payout_entry(chart, payout) for payout in payouts_read(period)]
    return sorted(entries, key=lambda entry: entry.day)
