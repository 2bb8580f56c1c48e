"""The journal (`books.journal`) in the files the school's bookkeeping reads: a plain journal
(CSV and XLSX), QuickBooks Desktop's IIF, and the journal imports of QuickBooks Online and Xero.
Amounts are numbers in every one of them (never text a spreadsheet leaves out of a sum); text
is made safe to open in a spreadsheet (`core.spreadsheets`)."""

import io
from collections.abc import Iterator
from decimal import Decimal

from books.journal import JournalEntry
from books.models import AccountType, Role
from core.spreadsheets import SafeCsvWriter, xlsx_bytes

JOURNAL_HEADINGS = (
    "Date",
    "Entry",
    "Account code",
    "Account",
    "Debit",
    "Credit",
    "Memo",
    "Family",
    "Reference",
)


def _amount(value: Decimal) -> Decimal | str:
    # An empty cell where a line has no debit (or no credit), as bookkeepers' journals show it.
    return value if value else ""


def journal_rows(entries: list[JournalEntry]) -> Iterator[tuple]:
    for entry in entries:
        for line in entry.lines:
            yield (
                entry.day,
                entry.number,
                line.account.code,
                line.account.name,
                _amount(line.debit),
                _amount(line.credit),
                entry.memo,
                entry.family,
                entry.reference,
            )


def journal_csv(entries: list[JournalEntry]) -> str:
    target = io.StringIO()
    writer = SafeCsvWriter(target)
    writer.writerow(JOURNAL_HEADINGS)
    for row in journal_rows(entries):
        writer.writerow([row[0].isoformat(), *row[1:]])
    return target.getvalue()


def journal_xlsx(entries: list[JournalEntry]) -> bytes:
    return xlsx_bytes(JOURNAL_HEADINGS, journal_rows(entries), title="Journal")


def _us_day(entry: JournalEntry) -> str:
    return entry.day.strftime("%m/%d/%Y")


def _iif_text(text: str) -> str:
    # IIF is tab-separated, a line per row: a tab, a line break or a quote would split a field.
    return " ".join(str(text).replace('"', "'").split())


# QuickBooks Desktop's account types, by the chart's: an account the import names that the
# company file lacks is made with its type (the bank as a bank account), not guessed.
IIF_TYPES = {
    AccountType.ASSET: "OCASSET",
    AccountType.LIABILITY: "OCLIAB",
    AccountType.INCOME: "INC",
    AccountType.CONTRA_INCOME: "INC",
    AccountType.EXPENSE: "EXP",
}


def _iif_accounts(entries: list[JournalEntry]) -> list[str]:
    accounts = {line.account.name: line.account for entry in entries for line in entry.lines}
    rows = ["!ACCNT\tNAME\tACCNTTYPE\tACCNUM"]
    for name, account in sorted(accounts.items()):
        kind = "BANK" if account.default_for == Role.BANK else IIF_TYPES[account.type]
        rows.append("\t".join(("ACCNT", _iif_text(name), kind, _iif_text(account.code))))
    return rows


def journal_iif(entries: list[JournalEntry]) -> str:
    """QuickBooks Desktop's import: the accounts it names (ACCNT), then each entry a GENERAL
    JOURNAL transaction, its first line the TRNS row and the rest SPL rows, closed by ENDTRNS; a
    debit positive, a credit negative; accounts by name, the family in the memo."""
    rows = _iif_accounts(entries) + [
        "!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO",
        "!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO",
        "!ENDTRNS",
    ]
    for entry in entries:
        memo = _iif_text(f"{entry.memo} ({entry.family})" if entry.family else entry.memo)
        for index, line in enumerate(entry.lines):
            rows.append(
                "\t".join(
                    (
                        "SPL" if index else "TRNS",
                        "",
                        "GENERAL JOURNAL",
                        _us_day(entry),
                        _iif_text(line.account.name),
                        f"{line.debit - line.credit:.2f}",
                        _iif_text(entry.number),
                        memo,
                    )
                )
            )
        rows.append("ENDTRNS")
    return "\r\n".join(rows) + "\r\n"


QBO_HEADINGS = (
    "JournalNo",
    "JournalDate",
    "AccountName",
    "Debits",
    "Credits",
    "Description",
    "Name",
)


def journal_qbo_csv(entries: list[JournalEntry]) -> str:
    """QuickBooks Online's journal entry import: a row per line, the lines of one entry sharing
    its JournalNo; accounts by name, dates MM/DD/YYYY."""
    target = io.StringIO()
    writer = SafeCsvWriter(target)
    writer.writerow(QBO_HEADINGS)
    for entry in entries:
        for line in entry.lines:
            writer.writerow(
                (
                    entry.number,
                    _us_day(entry),
                    line.account.name,
                    _amount(line.debit),
                    _amount(line.credit),
                    f"{entry.memo} ({entry.reference})",
                    entry.family,
                )
            )
    return target.getvalue()


XERO_HEADINGS = ("*Narration", "*Date", "Description", "*AccountCode", "*TaxRate", "*Amount")
# Tuition, care and their money carry no sales tax in the school's books.
XERO_TAX_RATE = "Tax Exempt"


def journal_xero_csv(entries: list[JournalEntry]) -> str:
    """Xero's manual journal import: a row per line, the lines of one entry sharing its
    narration and date; accounts by code, a debit positive and a credit negative."""
    target = io.StringIO()
    writer = SafeCsvWriter(target)
    writer.writerow(XERO_HEADINGS)
    for entry in entries:
        narration = f"{entry.number} {entry.memo}"
        for line in entry.lines:
            writer.writerow(
                (
                    narration,
                    _us_day(entry),
                    f"{entry.family} {entry.reference}".strip(),
                    line.account.code,
                    XERO_TAX_RATE,
                    line.debit - line.credit,
                )
            )
    return target.getvalue()
