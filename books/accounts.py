"""Which account each kind of money goes to: a category's, an add-on's or an extended care's
own, else the default for its role. Read once per export."""

from dataclasses import dataclass, field

from books.models import (
    AddOnAccount,
    CategoryAccount,
    ExtendedCareAccount,
    LedgerAccount,
    Role,
)

# The defaults as the app's migration makes them: a role whose account was removed (or a test
# database flushed of the migration's rows) still has one to name.
DEFAULT_ACCOUNTS = {
    Role.BANK: ("1000", "Bank", "asset"),
    Role.STRIPE_CLEARING: ("1010", "Stripe clearing", "asset"),
    Role.CASH: ("1020", "Undeposited funds (cash and cheques)", "asset"),
    Role.RECEIVABLE: ("1100", "Owed by families (payment plans)", "asset"),
    Role.CREDIT: ("2100", "Account credit held for families", "liability"),
    Role.TUITION: ("4000", "Tuition", "income"),
    Role.ADD_ONS: ("4100", "Materials and add-ons", "income"),
    Role.EXTENDED_CARE: ("4200", "Extended care", "income"),
    Role.FEES: ("4300", "Fees", "income"),
    Role.DISCOUNTS: ("4900", "Discounts", "contra_income"),
    Role.REFUNDS: ("4950", "Refunds", "contra_income"),
    Role.STRIPE_FEES: ("6100", "Stripe fees", "expense"),
}


@dataclass(frozen=True)
class Chart:
    """The school's accounts as one export reads them."""

    by_role: dict[str, LedgerAccount]
    by_category: dict[int, LedgerAccount] = field(default_factory=dict)
    by_add_on: dict[int, LedgerAccount] = field(default_factory=dict)
    by_extended_care: dict[int, LedgerAccount] = field(default_factory=dict)

    def role(self, role: str) -> LedgerAccount:
        return self.by_role[role]

    def of_class(self, category_id: int | None, extended_care_id: int | None) -> LedgerAccount:
        """The income account of a seat in a class (or a day of extended care)."""
        if extended_care_id is not None:
            own = self.by_extended_care.get(extended_care_id)
            return own or self.by_role[Role.EXTENDED_CARE]
        return self.by_category.get(category_id) or self.by_role[Role.TUITION]

    def of_add_on(self, add_on_id: int) -> LedgerAccount:
        return self.by_add_on.get(add_on_id) or self.by_role[Role.ADD_ONS]


def chart_read() -> Chart:
    """The accounts: four queries."""
    by_role = {
        account.default_for: account for account in LedgerAccount.objects.exclude(default_for="")
    }
    for role, (code, name, kind) in DEFAULT_ACCOUNTS.items():
        by_role.setdefault(role, LedgerAccount(code=code, name=name, type=kind, default_for=role))

    def mapped(model, key: str) -> dict[int, LedgerAccount]:
        return {getattr(row, key): row.account for row in model.objects.select_related("account")}

    return Chart(
        by_role=by_role,
        by_category=mapped(CategoryAccount, "category_id"),
        by_add_on=mapped(AddOnAccount, "add_on_id"),
        by_extended_care=mapped(ExtendedCareAccount, "extended_care_id"),
    )
