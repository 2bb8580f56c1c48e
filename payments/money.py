"""How money is rounded: each rule once, and nowhere else (`payments/tests/test_rounding.py`
walks the product's code for a `quantize` or a rounding mode outside this module).

Amounts are `Decimal` dollars with cents, never floats. A half cent goes up (`ROUND_HALF_UP`,
away from zero) everywhere but in a plan's deposit, which goes to the even cent, and a plan's
instalments, which are cut down to the cent with the last taking what the cuts left.
"""

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


def cents(amount: Decimal) -> Decimal:
    """`amount` to the cent, a half cent up: $0.005 is $0.01, $0.025 is $0.03, $9.985 is $9.99.
    What a line comes to (`checkout.pricing.Quote.amount_due`), and every amount below."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def in_cents(amount: Decimal) -> int:
    """Money as Stripe counts it: whole cents (`cents`), never through a float."""
    return int(cents(amount) * 100)


def percent_of(amount: Decimal, percent: Decimal | int) -> Decimal:
    """`percent` of `amount`, to the cent, a half cent up (10% of $45.25 is $4.53, of $45.15
    $4.52). Every percentage but a plan's deposit: a code's, a scholarship's, a sibling or
    multi-class discount, a refund tier's (`RefundTerms.refund_for`) and the bonus on a refund
    taken as credit."""
    return cents(amount * percent / 100)


def shared(total: Decimal, weights: list[Decimal]) -> list[Decimal]:
    """`total` (to the cent, at most the weights' sum) split in proportion to `weights`: each
    share its part to the cent, a half cent up, and at most its weight; what that rounding left
    over, or gave too much, then goes on the last share, or as far as it has room (never above
    its weight, never below nothing) and the rest on the one before it, and so on. $1.00 over
    three equal lines is $0.33, $0.33, $0.34; $0.05 over two is $0.03, $0.02. Nothing for each
    when the total or the weights come to nothing.

    An amount shared by several lines: a code's or a scholarship's amount, a scholarship's cap,
    the family's account credit."""
    total = min(cents(total), sum(weights, ZERO))
    whole = sum(weights, ZERO)
    if total <= 0 or whole <= 0:
        return [ZERO for _ in weights]
    shares = [min(cents(total * weight / whole), weight) for weight in weights]
    left = total - sum(shares, ZERO)
    for index in reversed(range(len(weights))):
        if left == 0:
            break
        room = weights[index] - shares[index]
        moved = max(min(left, room), -shares[index])
        shares[index] += moved
        left -= moved
    return shares


def plan_deposit(amount: Decimal, percent: Decimal | int) -> Decimal:
    """A plan's deposit of `percent` of `amount`, to the cent, a half cent to the even cent
    (banker's: 25% of $100.02 is $25.00, of $100.06 $25.02), unlike `percent_of`."""
    return (amount * percent / 100).quantize(CENT, rounding=ROUND_HALF_EVEN)


def plan_instalments(rest: Decimal, count: int) -> list[Decimal]:
    """`rest` (what the deposit leaves) in `count` instalments: each the even part cut down to
    the cent, the last taking what the cuts left ($200.00 in three: $66.66, $66.66, $66.68)."""
    each = (rest / count).quantize(CENT, rounding=ROUND_DOWN)
    return [each] * (count - 1) + [rest - each * (count - 1)]
