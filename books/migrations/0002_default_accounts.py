"""The school's default accounts, one for each kind of money the journal records; the school
renames or renumbers them in the back office to match its own books."""

from django.db import migrations

DEFAULTS = [
    ("1000", "Bank", "asset", "bank"),
    ("1010", "Stripe clearing", "asset", "stripe_clearing"),
    ("1020", "Undeposited funds (cash and cheques)", "asset", "cash"),
    ("1100", "Owed by families (payment plans)", "asset", "receivable"),
    ("2100", "Account credit held for families", "liability", "credit"),
    ("4000", "Tuition", "income", "tuition"),
    ("4100", "Materials and add-ons", "income", "add_ons"),
    ("4200", "Extended care", "income", "extended_care"),
    ("4300", "Fees", "income", "fees"),
    ("4900", "Discounts", "contra_income", "discounts"),
    ("4950", "Refunds", "contra_income", "refunds"),
    ("6100", "Stripe fees", "expense", "stripe_fees"),
]


def accounts_made(apps, schema_editor):
    LedgerAccount = apps.get_model("books", "LedgerAccount")
    for code, name, kind, role in DEFAULTS:
        LedgerAccount.objects.get_or_create(
            default_for=role, defaults={"code": code, "name": name, "type": kind}
        )


class Migration(migrations.Migration):
    dependencies = [("books", "0001_ledger_accounts")]

    operations = [migrations.RunPython(accounts_made, migrations.RunPython.noop)]
