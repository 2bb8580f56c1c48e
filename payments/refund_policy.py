"""The school's refund policy for a family's cancellation: its terms, what they give back, and
the words a family reads at checkout, on the receipt and before confirming.

The terms in force are the newest `RefundPolicy` row (`payments.selectors.refund_policy_in_force`);
each payment keeps a snapshot of them (`Payment.refund_policy`), read back with `from_snapshot`.
"""

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from payments.models import Payment, RefundPolicy
from payments.money import cents, percent_of


class RefundTier(StrEnum):
    FULL = "full"
    PARTIAL = "partial"
    NONE = "none"


def _money(amount: Decimal) -> str:
    return f"${amount:,.2f}"


def _days(count: int) -> str:
    return ngettext("%(count)s day", "%(count)s days", count) % {"count": count}


@dataclass(frozen=True)
class RefundTerms:
    """The defaults are the school's when the back office has set none."""

    admin_fee: Decimal = Decimal("0.00")
    full_refund_days: int = 14
    partial_refund_days: int = 7
    partial_refund_percent: int = 50

    @classmethod
    def of(cls, policy: RefundPolicy) -> "RefundTerms":
        return cls(
            admin_fee=cents(policy.admin_fee),
            full_refund_days=policy.full_refund_days,
            partial_refund_days=policy.partial_refund_days,
            partial_refund_percent=policy.partial_refund_percent,
        )

    def as_snapshot(self) -> dict:
        # JSON: the fee as a string, so no float ever touches money.
        return {
            "admin_fee": f"{self.admin_fee:.2f}",
            "full_refund_days": self.full_refund_days,
            "partial_refund_days": self.partial_refund_days,
            "partial_refund_percent": self.partial_refund_percent,
        }

    @classmethod
    def from_snapshot(cls, snapshot: dict | None) -> "RefundTerms":
        """The terms a payment was made under; the defaults for one made before terms were
        kept with each payment."""
        if not snapshot:
            return cls()
        default = cls()
        return cls(
            admin_fee=cents(Decimal(str(snapshot.get("admin_fee", default.admin_fee)))),
            full_refund_days=int(snapshot.get("full_refund_days", default.full_refund_days)),
            partial_refund_days=int(
                snapshot.get("partial_refund_days", default.partial_refund_days)
            ),
            partial_refund_percent=int(
                snapshot.get("partial_refund_percent", default.partial_refund_percent)
            ),
        )

    @property
    def has_partial_window(self) -> bool:
        return self.partial_refund_days < self.full_refund_days and self.partial_refund_percent > 0

    def tier(self, *, days_before: int | None, started: bool) -> RefundTier:
        """The tier of a cancellation `days_before` whole days (at the school) before the first
        meeting; None when the class has no dates yet, which is as early as can be."""
        if started:
            return RefundTier.NONE
        if days_before is None or days_before >= self.full_refund_days:
            return RefundTier.FULL
        if days_before >= self.partial_refund_days:
            return RefundTier.PARTIAL
        return RefundTier.NONE

    def refund_for(self, *, paid: Decimal, tier: RefundTier) -> Decimal:
        """What goes back of `paid`: never negative, never more than was paid; a partial tier's
        percentage to the cent, a half cent up (`payments.money.percent_of`)."""
        if tier == RefundTier.FULL:
            amount = paid - self.admin_fee
        elif tier == RefundTier.PARTIAL:
            amount = percent_of(paid, self.partial_refund_percent)
        else:
            amount = Decimal("0.00")
        return cents(min(max(amount, Decimal("0.00")), paid))

    def tier_label(self, tier: RefundTier) -> str:
        said = {"fee": _money(self.admin_fee), "percent": self.partial_refund_percent}
        if tier == RefundTier.FULL and self.admin_fee:
            return _("Full refund less the %(fee)s administration fee") % said
        if tier == RefundTier.FULL:
            return _("Full refund")
        return _("%(percent)s%% refund") % said if tier == RefundTier.PARTIAL else _("No refund")

    @property
    def text(self) -> str:
        """The policy in one sentence, in the active language."""
        said = {"fee": _money(self.admin_fee), "percent": self.partial_refund_percent}
        if self.full_refund_days == 0 and self.admin_fee:
            return (
                _(
                    "Cancel any time before the class starts for a full refund less a %(fee)s "
                    "administration fee; once it has started, nothing is refunded."
                )
                % said
            )
        if self.full_refund_days == 0:
            return _(
                "Cancel any time before the class starts for a full refund; once it has "
                "started, nothing is refunded."
            )
        said["days"] = _days(self.full_refund_days)
        parts = [
            _(
                "Cancel %(days)s or more before the first meeting for a full refund less a "
                "%(fee)s administration fee"
            )
            % said
            if self.admin_fee
            else _("Cancel %(days)s or more before the first meeting for a full refund") % said
        ]
        nothing_within = self.full_refund_days
        if self.has_partial_window:
            latest, earliest = self.full_refund_days - 1, self.partial_refund_days
            said.update(latest=latest, days=_days(earliest), first=_days(latest))
            if latest == 0:
                window = _("on the first day itself, %(percent)s%% is refunded")
            elif earliest == 0:
                window = _(
                    "from %(first)s before to the first day itself, %(percent)s%% is refunded"
                )
            elif latest == earliest:
                window = _("%(days)s before, %(percent)s%% is refunded")
            else:
                window = _("%(latest)s to %(days)s before, %(percent)s%% is refunded")
            parts.append(window % said)
            nothing_within = self.partial_refund_days
        said["days"] = _days(nothing_within)
        parts.append(
            _("fewer than %(days)s before, or once the class has started, nothing is refunded")
            % said
            if nothing_within > 0
            else _("once the class has started, nothing is refunded")
        )
        return "; ".join(parts) + "."


def refund_policy_text_of(payment: Payment) -> str:
    """The policy a payment was made under, which its cancellation follows, in the words the
    receipt (e-mail and page) quotes."""
    return RefundTerms.from_snapshot(payment.refund_policy).text
