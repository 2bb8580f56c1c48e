"""Reads of the payments app."""

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.db.models import (
    DecimalField,
    Exists,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from accounts.models import User
from payments.models import (
    MONEY_IN,
    MONEY_OUT,
    Checkout,
    CheckoutLine,
    CheckoutStatus,
    CreditEntry,
    Instalment,
    InstalmentKind,
    LedgerEntry,
    LedgerKind,
    PaidBy,
    Payment,
    PaymentStatus,
    Refund,
    RefundPolicy,
    RefundStatus,
)
from payments.refund_policy import RefundTerms

# A refund owed and not yet made: on record, not yet made at Stripe, or refused there.
ZERO = Decimal("0.00")
# Of the ledger's entries, the money that has gone back: all but a refund on record still owed
# (what a seat holds counts that one gone too; the card processor and the family's tax
# statement do not, until it is made).
MONEY_BACK_MADE = Q(refund__isnull=True) | Q(refund__status=RefundStatus.SUCCEEDED)
OWED_REFUND_STATUSES = (RefundStatus.PENDING, RefundStatus.FAILED)


def _payments_with_class(payments: QuerySet[Payment] | None = None) -> QuerySet[Payment]:
    # Every payment answer shows the student, the class and its instructor, and what of it went
    # back or is still owed (read in the same query, however long the history). One person's
    # payments, read through `student.payments`, know their student without a join.
    if payments is None:
        payments = Payment.objects.select_related("student")
    succeeded = (
        LedgerEntry.objects.filter(payment=OuterRef("pk"), kind=LedgerKind.REFUND)
        .filter(MONEY_BACK_MADE)
        .values("payment")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    # A checkout's line knows its checkout (its one receipt, its reference) in the same join.
    return payments.select_related("camp_class__instructor", "checkout_line").annotate(
        refunds_made=Coalesce(
            Subquery(succeeded, output_field=DecimalField(max_digits=8, decimal_places=2)),
            Value(Decimal("0.00")),
            output_field=DecimalField(max_digits=8, decimal_places=2),
        ),
        refund_owed=Exists(
            Refund.objects.filter(payment=OuterRef("pk"), status__in=OWED_REFUND_STATUSES)
        ),
    )


def payment_get(*, payment_id: int) -> Payment:
    return _payments_with_class().get(pk=payment_id)


def payment_find(*, payment_id: int) -> Payment | None:
    """One payment as its receipt shows it, or None; who may see it is `payments.access`'s."""
    return _payments_with_class().filter(pk=payment_id).first()


def payment_list_for(*, student: User, participant_id: int | None = None) -> QuerySet[Payment]:
    """A family's payment history, newest first; one participant's when asked."""
    payments = _payments_with_class(student.payments.all())
    if participant_id is not None:
        payments = payments.filter(participant_id=participant_id)
    return payments.order_by("-date", "-id")


@dataclass(frozen=True)
class CareWeek:
    """A participant's days of one option of extended care in one week of a checkout, as its
    receipt shows them: together, with what they cost together (the weekly rate among the
    adjustments), rather than a line a day. `week` names the week booked with them ("Week 2"),
    or, without one in the checkout, the days' span ("Jun 28–Jul 2")."""

    lines: list[CheckoutLine]
    week: str

    @property
    def first(self) -> CheckoutLine:
        return self.lines[0]

    @property
    def days(self) -> list[date]:
        return [line.camp_class.start_date for line in self.lines]

    @property
    def list_price(self) -> Decimal:
        return sum(
            (line.payment.list_price or line.payment.price for line in self.lines), Decimal(0)
        )

    @property
    def price(self) -> Decimal:
        return sum((line.payment.price for line in self.lines), Decimal(0))

    @property
    def adjustments(self) -> list[dict]:
        """Each kind of adjustment of the days, added up, in the order they were made."""
        summed: dict[tuple[str, str], Decimal] = {}
        for line in self.lines:
            for adjustment in line.payment.adjustments:
                key = (adjustment["kind"], adjustment["label"])
                summed[key] = summed.get(key, Decimal(0)) + Decimal(str(adjustment["amount"]))
        return [
            {"kind": kind, "label": label, "amount": amount}
            for (kind, label), amount in summed.items()
        ]

    @property
    def refunded(self) -> bool:
        return self.first.payment.status == PaymentStatus.REFUNDED


def _day_span(first: date, last: date) -> str:
    if first == last:
        return f"{first:%a %b} {first.day}"
    return f"{first:%b} {first.day}–{last:%b} {last.day}"


def _week_named(days: list[CheckoutLine], booked: list[CheckoutLine]) -> str:
    """The week a participant's days of care fall in, by the name of the week of a class they
    booked in the same checkout ("Week 2: Jun 28–Jul 2" reads "Week 2"); else the days' span."""
    first, last = days[0].camp_class.start_date, days[-1].camp_class.start_date
    for line in booked:
        unit = line.camp_class
        is_week = unit.unit_of_id is not None and unit.start_date != unit.end_date
        if is_week and unit.start_date <= first and last <= unit.end_date:
            return unit.unit_label.split(":")[0]
    return _day_span(first, last)


def _care_weeks(care: list[CheckoutLine], classes: list[CheckoutLine]) -> list[CareWeek]:
    """The checkout's days of extended care together by participant, option and week (Monday to
    Sunday), a day refused its seat apart from those taken; in the order the checkout has them."""
    weeks: dict[tuple, list[CheckoutLine]] = {}
    for line in care:
        day = line.camp_class.start_date
        monday = day - timedelta(days=day.weekday())
        refunded = line.payment.status == PaymentStatus.REFUNDED
        key = (line.participant_id, line.camp_class.extended_care_id, monday, refunded)
        weeks.setdefault(key, []).append(line)
    together = []
    for (participant_id, *_), lines in weeks.items():
        days = sorted(lines, key=lambda line: line.camp_class.start_date)
        booked = [line for line in classes if line.participant_id == participant_id]
        together.append(CareWeek(lines=days, week=_week_named(days, booked)))
    return together


@dataclass(frozen=True)
class CheckoutReceipt:
    """A paid checkout as its receipt shows it: the family that paid, and each line, in the
    order the family put them, with whom it was for, the class it bought (and its instructor)
    and the payment it became (a plan's instalments read with it)."""

    checkout: Checkout
    lines: list[CheckoutLine]

    @property
    def first_payment(self) -> Payment | None:
        return next((line.payment for line in self.lines if line.payment is not None), None)

    @property
    def paid_lines(self) -> list[CheckoutLine]:
        return [line for line in self.lines if line.payment is not None]

    @property
    def class_lines(self) -> list[CheckoutLine]:
        """The lines of classes, a week or a day of one among them; not extended care's."""
        return [line for line in self.paid_lines if line.camp_class.extended_care_id is None]

    @property
    def care_weeks(self) -> list[CareWeek]:
        """The days of extended care, together by participant, option and week."""
        care = [line for line in self.paid_lines if line.camp_class.extended_care_id is not None]
        return _care_weeks(care, self.class_lines)


def checkout_receipt_read(*, checkout_id: int) -> CheckoutReceipt | None:
    """The paid checkout's receipt, or None when there is no such checkout or it is not paid;
    who may read it is `payments.access`'s. Three queries, whatever the number of lines."""
    checkout = (
        Checkout.objects.select_related("family", "promo_code")
        .filter(pk=checkout_id, status=CheckoutStatus.PAID)
        .first()
    )
    if checkout is None:
        return None
    lines = list(
        checkout.lines.select_related(
            "participant", "camp_class__instructor", "payment"
        ).prefetch_related(
            Prefetch(
                "payment__instalments",
                queryset=Instalment.objects.filter(kind=InstalmentKind.INSTALMENT).order_by(
                    "due_on", "id"
                ),
                to_attr="plan_instalments",
            )
        )
    )
    return CheckoutReceipt(checkout=checkout, lines=lines)


def refund_policy_in_force() -> RefundTerms:
    """The school's refund terms now: the newest policy the back office saved, else the
    defaults. The words a family reads are its `text`."""
    return refund_terms_of(RefundPolicy.objects.order_by("-created_at", "-id").first())


def refund_terms_of(policy: RefundPolicy | None) -> RefundTerms:
    """A saved refund policy's terms; the defaults where none was saved."""
    return RefundTerms() if policy is None else RefundTerms.of(policy)


def payments_of_enrolments(*, enrolments) -> dict[int, Payment]:
    """The payment that bought each of these seats (a queryset of enrolments, or their ids),
    by enrolment id: what the back office's roster export shows beside each seat."""
    return {
        payment.enrolment_id: payment
        for payment in Payment.objects.filter(enrolment__in=enrolments).order_by()
    }


def credit_balance(family_id: int) -> Decimal:
    """The family's account credit: the sum of its ledger."""
    total = CreditEntry.objects.filter(family_id=family_id).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0.00")


def credit_entries_of(family: User) -> QuerySet[CreditEntry]:
    """The family's credit ledger, newest first (`credit_family_idx`)."""
    return CreditEntry.objects.filter(family_id=family.pk).order_by("-at", "-id")


# --- What a seat paid: the one answer, read from the ledger (`payments.services.ledger`).

# The ways a seat's parts go back: a card charge to its card; the account credit spent at
# checkout, and an instalment paid with credit, in cash or by cheque, as account credit.
CARD = "card"
CHECKOUT_CREDIT = "checkout_credit"
OTHER = "other"


@dataclass(frozen=True)
class SeatPart:
    """One part of what a seat was paid with: a card charge (the payment's own when
    `instalment_id` is None), the credit spent at checkout, or an instalment paid otherwise."""

    kind: str
    instalment_id: int | None
    at: datetime

    @property
    def way(self) -> str:
        if self.kind == LedgerKind.CHARGE:
            return CARD
        # The payment's own cash or cheque (a desk checkout's) goes back as credit, as an
        # instalment's does; only the credit spent at checkout is its own way.
        if self.kind == LedgerKind.CREDIT_SPENT and self.instalment_id is None:
            return CHECKOUT_CREDIT
        return OTHER


@dataclass(frozen=True)
class SeatPaid:
    """What a seat's payment holds now, part by part, newest first (the payment's own card
    charge and checkout credit last): what came in less what went out of each. A refund on
    record counts as gone, made or still owed."""

    parts: tuple[tuple[SeatPart, Decimal], ...]

    def _held(self, *ways: str) -> Decimal:
        return sum((room for part, room in self.parts if part.way in ways), ZERO)

    @property
    def card(self) -> Decimal:
        """What the card charges can still give back to their cards."""
        return self._held(CARD)

    @property
    def credit_at_checkout(self) -> Decimal:
        return self._held(CHECKOUT_CREDIT)

    @property
    def paid_otherwise(self) -> Decimal:
        """Instalments paid with credit, in cash or by cheque."""
        return self._held(OTHER)

    @property
    def other(self) -> Decimal:
        """Everything no card can take back: it goes back as account credit."""
        return self.total - self.card

    @property
    def total(self) -> Decimal:
        return sum((room for _, room in self.parts), ZERO)

    @property
    def charges(self) -> list[tuple[int | None, Decimal]]:
        """Each card charge with what it can still give back, newest first."""
        return [(part.instalment_id, room) for part, room in self.parts if part.way == CARD]

    def room_of(self, kind: str, instalment_id: int | None) -> Decimal:
        for part, room in self.parts:
            if part.kind == kind and part.instalment_id == instalment_id:
                return room
        return ZERO

    def parts_in(self, ways: tuple[str, ...]):
        """The parts of these ways, way by way in the order given, each newest first."""
        for way in ways:
            for part, room in self.parts:
                if part.way == way:
                    yield part, room


def seat_paid(payment: Payment) -> SeatPaid:
    """What the seat's payment took and still holds, in one query over its ledger entries."""
    came_in: dict[tuple[str, int | None], Decimal] = {}
    when: dict[tuple[str, int | None], datetime] = {}
    went_out: dict[tuple[str, int | None], Decimal] = {}
    rows = (
        LedgerEntry.objects.filter(payment_id=payment.pk)
        .values("kind", "drawn_from", "instalment_id")
        .annotate(total=Sum("amount"), last=Max("at"))
        .order_by()
    )
    for row in rows:
        if row["kind"] in MONEY_IN:
            key = (row["kind"], row["instalment_id"])
            came_in[key] = row["total"]
            when[key] = row["last"]
        else:
            key = (row["drawn_from"], row["instalment_id"])
            went_out[key] = went_out.get(key, ZERO) + row["total"]
    parts = [
        (
            SeatPart(kind, instalment_id, when[(kind, instalment_id)]),
            total - went_out.get((kind, instalment_id), ZERO),
        )
        for (kind, instalment_id), total in came_in.items()
    ]
    # Newest first; the payment's own parts, made with it, after every instalment.
    parts.sort(
        key=lambda pair: (
            pair[0].instalment_id is not None,
            pair[0].at,
            pair[0].instalment_id or 0,
        ),
        reverse=True,
    )
    return SeatPaid(parts=tuple(parts))


@dataclass(frozen=True)
class GivenBack:
    """One way a seat refunded whole gave its money back: a card charge's (the payment's first,
    or an instalment's, named) to its card, or what went back as account credit."""

    way: str
    amount: Decimal
    instalment_id: int | None = None


def seat_given_back(payment: Payment) -> list[GivenBack]:
    """Where the money of a seat refunded whole (`payment_refund`, or a charge refused its seat)
    went, from the ledger, so the family can follow every cent: each card charge's refunds to
    its card, the first charge's, then each instalment's by its due date, and then what went
    back as account credit. Nothing for a payment not refunded whole (a family's cancellation
    shows its own refunds); the school's bonus on credit is no part of the seat's money."""
    if payment.status != PaymentStatus.REFUNDED:
        return []
    rows = (
        LedgerEntry.objects.filter(payment_id=payment.pk, kind__in=MONEY_OUT)
        .values("kind", "instalment_id", "instalment__due_on")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    card = sorted(
        (row for row in rows if row["kind"] == LedgerKind.REFUND),
        key=lambda row: (
            row["instalment_id"] is not None,
            row["instalment__due_on"],
            row["instalment_id"] or 0,
        ),
    )
    parts = [GivenBack(PaidBy.CARD, row["total"], row["instalment_id"]) for row in card]
    credit = sum((row["total"] for row in rows if row["kind"] == LedgerKind.CREDIT_GIVEN), ZERO)
    if credit:
        parts.append(GivenBack(PaidBy.CREDIT, credit))
    return parts
