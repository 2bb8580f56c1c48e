"""The school's chart of accounts for the exports to its bookkeeping (`books.journal`): a ledger
code for each kind of money, the defaults made with the app, and a category's, an add-on's or
an extended care's own code where the school wants one."""

from django.db import models


class AccountType(models.TextChoices):
    ASSET = "asset", "Asset"
    LIABILITY = "liability", "Liability"
    INCOME = "income", "Income"
    # Discounts and refunds: income given up, shown against it.
    CONTRA_INCOME = "contra_income", "Contra-income"
    EXPENSE = "expense", "Expense"


class Role(models.TextChoices):
    """What a default account is for: the journal falls back to it when nothing more precise
    names an account. One account per role."""

    TUITION = "tuition", "Tuition"
    ADD_ONS = "add_ons", "Materials and add-ons"
    EXTENDED_CARE = "extended_care", "Extended care"
    FEES = "fees", "Fees"
    DISCOUNTS = "discounts", "Discounts"
    REFUNDS = "refunds", "Refunds"
    CREDIT = "credit", "Account credit"
    RECEIVABLE = "receivable", "Owed by families (payment plans)"
    STRIPE_FEES = "stripe_fees", "Stripe fees"
    STRIPE_CLEARING = "stripe_clearing", "Stripe clearing"
    BANK = "bank", "Bank"
    CASH = "cash", "Cash and cheques on hand"


class LedgerAccount(models.Model):
    """One account of the school's books, as its bookkeeping program names it: the code, the
    name and its type. QuickBooks reads accounts by name, Xero by code."""

    code = models.CharField(max_length=20, unique=True)
    name = models.CharField(max_length=100, unique=True)
    type = models.CharField(max_length=20, choices=AccountType.choices)
    default_for = models.CharField(
        max_length=20,
        choices=Role.choices,
        blank=True,
        help_text="The money this account takes when no category, add-on or extended care "
        "names its own.",
    )

    class Meta:
        ordering = ["code"]
        constraints = [
            models.UniqueConstraint(
                fields=["default_for"],
                condition=~models.Q(default_for=""),
                name="ledger_account_one_default_per_role",
            ),
            models.CheckConstraint(
                condition=models.Q(type__in=AccountType.values), name="ledger_account_type_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class CategoryAccount(models.Model):
    """The income account of a category's classes (else tuition's)."""

    category = models.OneToOneField(
        "classes.Category", on_delete=models.CASCADE, related_name="ledger_account"
    )
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="+")

    def __str__(self) -> str:
        return f"{self.category} → {self.account}"


class AddOnAccount(models.Model):
    """The income account of an add-on's sales (else materials and add-ons')."""

    add_on = models.OneToOneField(
        "extras.AddOn", on_delete=models.CASCADE, related_name="ledger_account"
    )
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="+")

    def __str__(self) -> str:
        return f"{self.add_on} → {self.account}"


class ExtendedCareAccount(models.Model):
    """The income account of an extended care's days (else extended care's)."""

    extended_care = models.OneToOneField(
        "classes.ExtendedCare", on_delete=models.CASCADE, related_name="ledger_account"
    )
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="+")

    def __str__(self) -> str:
        return f"{self.extended_care} → {self.account}"
