"""The books' exports: a season of family checkouts (every kind of discount, account credit, a
plan and its first instalment, add-ons, a refund, a cancellation to credit) and a payment in
cash, against localstripe; the journal balances entry by entry and its accounts' totals are the
season report's figures to the cent, in each file a bookkeeper imports. Stripe's payouts are
matched to the charges and refunds they pay out."""

import csv
import io
import time
from collections import defaultdict
from datetime import timedelta
from decimal import Decimal

import openpyxl
import pytest
import requests
from django.conf import settings
from django.utils import timezone

from accounts.models import Role
from accounts.tests.test_back_office import signed_in_as_admin
from books.accounts import DEFAULT_ACCOUNTS, chart_read
from books.journal import payout_entry
from books.models import CategoryAccount, LedgerAccount
from books.models import Role as AccountRole
from books.payouts import Payout
from books.tests.test_season_report import (  # noqa: F401 - the season report's own fixtures
    cents,
    checkout_paid,
    classes,
    on,
    plan,
    summer,
)
from changes.services import enrolment_cancel
from changes.services.enrolment_cancellations import RefundTo
from classes.models import Category, Class
from core.school_time import school_today
from enrolments.models import Enrolment
from extras.models import AddOn
from payments import stripe_client
from payments.models import (
    CreditEntry,
    LedgerEntry,
    LedgerKind,
    PaidWith,
    Payment,
    PaymentStatus,
)
from payments.services import payment_refund
from plans.services import instalments_charge
from testing.factories import ChildFactory, UserFactory

pytestmark = pytest.mark.django_db

D = Decimal
CODES = {role: code for role, (code, _, _) in DEFAULT_ACCOUNTS.items()}


def number(cell: str) -> Decimal:
    """A cell as a spreadsheet reads it: a number, or nothing (text is not a number)."""
    return D(cell) if cell else D(0)


def csv_rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def by_account(rows: list[dict], *, entries: str = "") -> dict[str, tuple[Decimal, Decimal]]:
    """Each account's debits and credits in the journal's CSV (the entries whose number begins
    with `entries`, if given)."""
    totals = defaultdict(lambda: (D(0), D(0)))
    for row in rows:
        if row["Entry"].startswith(entries):
            debit, credit = totals[row["Account code"]]
            totals[row["Account code"]] = (
                debit + number(row["Debit"]),
                credit + number(row["Credit"]),
            )
    return totals


def balanced(rows: list[dict], key: str, amount) -> None:
    """Every entry's lines add up to nothing (a debit positive, a credit negative)."""
    entries = defaultdict(lambda: D(0))
    for row in rows:
        entries[row[key]] += amount(row)
    assert entries and all(total == 0 for total in entries.values()), entries


def a_cash_payment(family, camp_class, price: str) -> Payment:
    """A seat paid in cash at the office: the payment and its money in the ledger."""
    payment = Payment.objects.create(
        student=family,
        participant=ChildFactory(account=family),
        camp_class=camp_class,
        transaction_id=f"cash-{family.pk}-{camp_class.pk}",
        price=D(price),
        list_price=D(price),
        status=PaymentStatus.ENROLL_PENDING,
        paid_with=PaidWith.CASH,
    )
    LedgerEntry.objects.create(
        family=family, payment=payment, kind=LedgerKind.OFFLINE, amount=D(price)
    )
    return payment


@pytest.fixture
def a_season_of_money(api_client_for, localstripe, summer, classes, plan):  # noqa: F811
    pottery, watercolour, clay = classes
    admin = UserFactory(role=Role.ADMIN)
    silva = UserFactory(role=Role.STUDENT, email="silva@camp.test")
    okafor = UserFactory(role=Role.STUDENT, email="okafor@camp.test")
    berg = UserFactory(role=Role.STUDENT, email="berg@camp.test")
    mia, leo = ChildFactory(account=silva), ChildFactory(account=silva)
    zoe, ben = ChildFactory(account=okafor), ChildFactory(account=berg)
    CreditEntry.objects.create(family=berg, amount=D("50.00"), reason="A gift from the school")
    AddOn.objects.create(
        camp_class=pottery, label="Clay and glazes", price=D("25.00"), required=True
    )

    checkout_paid(
        api_client_for(silva),
        silva,
        [(mia, pottery, None), (leo, watercolour, None), (mia, clay, plan)],
        promoCode="WELCOME10",
    )
    checkout_paid(api_client_for(okafor), okafor, [(zoe, watercolour, None)])
    checkout_paid(api_client_for(berg), berg, [(ben, pottery, None)], applyCredit=True)
    cash = a_cash_payment(UserFactory(role=Role.STUDENT), watercolour, "200.00")

    assert payment_refund(payment_id=Payment.objects.get(participant=zoe).pk, reason="Moved")
    bens = Enrolment.objects.get(participant=ben)
    enrolment_cancel(student=berg, enrolment_id=bens.pk, refund_to=RefundTo.CREDIT)
    first = Payment.objects.get(participant=mia, camp_class=clay).instalments.first()
    with on(first.due_on, 9):
        assert instalments_charge() == 1

    season_end = Class.objects.filter(season=summer).latest("ends_at").ends_at.date()
    days = {
        "from": (school_today() - timedelta(days=1)).isoformat(),
        "to": max(season_end, first.due_on).isoformat(),
    }
    client = api_client_for(admin)
    report = client.get("/api/reports/season", {"season": summer.pk, **days}).json()
    return client, {**days, "season": summer.pk}, report["money"], cash


def test_the_journal_balances_and_its_accounts_are_the_season_report_s(a_season_of_money):
    client, days, money, cash = a_season_of_money

    response = client.get("/api/reports/journal.csv", days)

    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/csv")
    rows = csv_rows(response.content.decode())
    balanced(rows, "Entry", lambda row: number(row["Debit"]) - number(row["Credit"]))
    # Payouts other tests made at localstripe are not this season's.
    rows = [row for row in rows if not row["Entry"].startswith("P")]
    sales, accounts = by_account(rows, entries="S"), by_account(rows)
    income = sum((sales[CODES[role]][1] for role in ("tuition", "add_ons", "extended_care")), D(0))
    assert cents(income) == cents(money["gross"])
    assert sales[CODES["add_ons"]][1] == D("50.00")  # two seats of pottery, their clay
    assert cents(sales[CODES["discounts"]][0]) == -cents(sum(money["adjustments"].values()))
    assert cents(sales[CODES["credit"]][0]) == cents(money["creditSpent"]) == 5000
    assert cents(sales[CODES["receivable"]][0]) == cents(money["planLater"])
    assert cents(accounts[CODES["receivable"]][1]) == cents(money["instalmentsPaid"])
    clearing = accounts[CODES["stripe_clearing"]]
    assert (cents(clearing[0]), cents(clearing[1])) == (
        cents(money["charged"]),
        cents(money["refunds"]),
    )
    assert cents(clearing[0] - clearing[1]) == cents(money["net"])
    assert accounts[CODES["cash"]] == (cash.price, D(0))
    # Refunds: to the card, and given back as credit (the gift is the school's discount).
    refunds = accounts[CODES["refunds"]]
    assert cents(refunds[0]) == cents(money["refunds"]) + cents(money["creditIssued"])
    assert accounts[CODES["credit"]][1] == D(money["creditIssued"]) + D("50.00")


def test_every_file_has_the_same_numbers_as_numbers(a_season_of_money):
    client, days, money, _ = a_season_of_money
    plain = csv_rows(client.get("/api/reports/journal.csv", days).content.decode())
    debits = sum((number(row["Debit"]) for row in plain), D(0))
    assert debits > 0

    workbook = openpyxl.load_workbook(
        io.BytesIO(client.get("/api/reports/journal.xlsx", days).content)
    )
    sheet = list(workbook.active.iter_rows(values_only=True))
    debit, credit = sheet[0].index("Debit"), sheet[0].index("Credit")
    assert all(isinstance(row[debit] or 0, int | float) for row in sheet[1:])
    assert D(str(round(sum(row[debit] or 0 for row in sheet[1:]), 2))) == debits
    assert D(str(round(sum(row[credit] or 0 for row in sheet[1:]), 2))) == debits

    qbo = csv_rows(client.get("/api/reports/journal.qbo.csv", days).content.decode())
    balanced(qbo, "JournalNo", lambda row: number(row["Debits"]) - number(row["Credits"]))
    assert sum((number(row["Debits"]) for row in qbo), D(0)) == debits

    xero = csv_rows(client.get("/api/reports/journal.xero.csv", days).content.decode())
    balanced(xero, "*Narration", lambda row: number(row["*Amount"]))
    assert sum((number(row["*Amount"]) for row in xero if row["*Amount"][0] != "-"), D(0)) == (
        debits
    )

    iif = client.get("/api/reports/journal.iif", days).content.decode().splitlines()
    accounts = [line.split("\t") for line in iif if line.startswith("ACCNT")]
    assert iif[0] == "!ACCNT\tNAME\tACCNTTYPE\tACCNUM"
    assert ["ACCNT", "Stripe clearing", "OCASSET", CODES["stripe_clearing"]] in accounts
    assert ["ACCNT", "Tuition", "INC", CODES["tuition"]] in accounts
    iif = iif[1 + len(accounts) :]
    assert iif[:3] == [
        "!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO",
        "!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tAMOUNT\tDOCNUM\tMEMO",
        "!ENDTRNS",
    ]
    transactions, total = 0, D(0)
    for line in iif[3:]:
        if line == "ENDTRNS":
            assert total == 0
            transactions, total = transactions + 1, D(0)
            continue
        fields = line.split("\t")
        assert fields[0] in ("TRNS", "SPL") and fields[2] == "GENERAL JOURNAL"
        total += D(fields[5])
    assert transactions == len({row["Entry"] for row in plain})


def number_cells(rows) -> list[list]:
    """Rows as a spreadsheet reads a CSV: a cell that is a number is one."""

    def read(cell):
        try:
            return D(cell)
        except ArithmeticError:
            return cell

    return [[read(cell) for cell in row] for row in rows]


MONEY_COLUMNS = ("gross", "adjustments", "charged", "refunds", "net")


@pytest.mark.parametrize("table", ["money-by-week", "money-by-category", "money-by-kind"])
def test_each_money_table_adds_up_to_the_season_s_totals_in_a_spreadsheet(a_season_of_money, table):
    client, days, money, _ = a_season_of_money
    totals = {
        "gross": money["gross"],
        "adjustments": sum(money["adjustments"].values()) - money["creditSpent"],
        "charged": money["charged"],
        "refunds": money["refunds"],
        "net": money["net"],
    }
    assert totals["adjustments"] < 0 and totals["refunds"] > 0
    plain = client.get(f"/api/reports/{table}.csv", days).content.decode()
    workbook = openpyxl.load_workbook(
        io.BytesIO(client.get(f"/api/reports/{table}.xlsx", days).content)
    )
    read_csv = number_cells(list(csv.reader(io.StringIO(plain)))[1:])
    read_xlsx = list(workbook.active.iter_rows(min_row=2, values_only=True))

    for column, figure in enumerate(MONEY_COLUMNS, start=1):
        assert cents(sum(row[column] for row in read_csv)) == cents(totals[figure]), figure
        assert cents(sum(row[column] for row in read_xlsx)) == cents(totals[figure]), figure


def test_the_money_table_s_discounts_credit_and_refunds_are_numbers(a_season_of_money):
    client, days, money, _ = a_season_of_money

    plain = client.get("/api/reports/money.csv", days).content.decode()

    figures = dict(number_cells(list(csv.reader(io.StringIO(plain)))[1:]))
    assert figures["Refunds"] == -D(str(money["refunds"])) < 0
    assert figures["Paid with account credit"] == -D(str(money["creditSpent"])) < 0
    assert figures["Promo codes"] == D(str(money["adjustments"]["code"])) < 0
    # A spreadsheet's sum of the sales' rows: what the families were asked for at once.
    reduced = sum(amount for name, amount in figures.items() if amount < 0 and name != "Refunds")
    assert cents(figures["Gross (list prices)"] + reduced) == cents(
        money["gross"]
        + sum(money["adjustments"].values())
        - money["creditSpent"]
        - money["planLater"]
    )


def test_a_category_s_own_account_takes_its_classes_sales(a_season_of_money, summer):  # noqa: F811
    client, days, money, _ = a_season_of_money
    ceramics = LedgerAccount.objects.create(code="4010", name="Ceramics tuition", type="income")
    pottery = Category.objects.create(slug="pottery", name="Pottery")
    Class.objects.filter(season=summer, name__icontains="pottery").update(category=pottery)
    CategoryAccount.objects.create(category=pottery, account=ceramics)

    rows = csv_rows(client.get("/api/reports/journal.csv", days).content.decode())

    sales = by_account(rows, entries="S")
    pottery_lines = [line for line in money["byCategory"] if line["category"] == "No category"]
    assert sales["4010"][1] > 0
    assert sales["4010"][1] + sales[CODES["tuition"]][1] + sales[CODES["add_ons"]][1] == D(
        str(pottery_lines[0]["gross"])
    )


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"to": "today"}, "from"),
        ({"from": "soon", "to": "today"}, "from"),
        ({"from": "tomorrow", "to": "today"}, "to"),
        ({"from": "today"}, "to"),
        ({"from": "years ago", "to": "today"}, "to"),
    ],
)
@pytest.mark.parametrize("path", ["journal.csv", "journal.iif", "payouts"])
def test_a_bad_period_is_refused_naming_its_field(api_client_for, query, field, path):
    admin = UserFactory(role=Role.ADMIN)
    today = school_today()
    days = {
        "today": today,
        "tomorrow": today + timedelta(days=1),
        "years ago": today - timedelta(days=800),
    }
    query = {name: str(days.get(day, day)) for name, day in query.items()}

    response = api_client_for(admin).get(f"/api/reports/{path}", query)

    assert response.status_code == 400
    assert field in response.json()["errors"]


def stripe_post(path: str, **data) -> dict:
    response = requests.post(
        f"{settings.STRIPE_API_BASE}{path}",
        data=data,
        headers={"Authorization": f"Bearer {settings.STRIPE_SECRET_KEY}"},
        timeout=10,
    )
    response.raise_for_status()
    return response.json()


def test_a_payout_is_matched_to_its_charges_and_refunds_and_is_the_bank_s_deposit(
    api_client_for,
    localstripe,
    classes,  # noqa: F811
):
    pottery, watercolour, _ = classes
    # Localstripe lists no payout's movements: each payout takes those since the one before.
    stripe_post("/v1/payouts", amount=1, currency="eur")
    time.sleep(1.1)
    family = UserFactory(role=Role.STUDENT)
    zoe, leo = ChildFactory(account=family), ChildFactory(account=family)
    checkout_paid(api_client_for(family), family, [(zoe, pottery, None)])
    checkout_paid(api_client_for(family), family, [(leo, watercolour, None)])
    refunded = Payment.objects.get(participant=leo)
    assert payment_refund(payment_id=refunded.pk, reason="Moved")
    charged = sum(cents(p.price) for p in Payment.objects.filter(student=family))
    time.sleep(1.1)
    payout = stripe_post(
        "/v1/payouts", amount=charged - cents(refunded.price), currency="eur", status="paid"
    )
    admin = api_client_for(UserFactory(role=Role.ADMIN))
    days = {
        "from": school_today().isoformat(),
        "to": (school_today() + timedelta(days=5)).isoformat(),
    }

    response = admin.get("/api/reports/payouts", days)

    assert response.status_code == 200, response.json()
    ours = next(p for p in response.json()["payouts"] if p["id"] == payout["id"])
    assert (cents(ours["charges"]), cents(ours["refunds"]), ours["fees"]) == (
        charged,
        cents(refunded.price),
        0.0,
    )
    assert ours["net"] == ours["amount"] and ours["matched"] is True
    assert (ours["movements"], ours["matchedBy"]) == (3, "window")
    rows = csv_rows(admin.get("/api/reports/journal.csv", days).content.decode())
    entry = [row for row in rows if row["Entry"] == f"P{payout['id']}"]
    assert {(row["Account code"], row["Debit"], row["Credit"]) for row in entry} == {
        (CODES["bank"], f"{ours['amount']:.2f}", ""),
        (CODES["stripe_clearing"], "", f"{ours['amount']:.2f}"),
    }


def test_a_payout_s_fees_are_stripe_s_expense_and_its_deposit_the_bank_s():
    payout = Payout(
        id="po_1",
        amount=9410,
        currency="usd",
        status="paid",
        arrival=int(timezone.now().timestamp()),
        lines=(
            stripe_client.BalanceLine("txn_1", "charge", 10000, 320, "ch_1", 0),
            stripe_client.BalanceLine("txn_2", "refund", -300, 0, "re_1", 0),
        ),
        matched_by="payout",
    )

    entry = payout_entry(chart_read(), payout)

    assert entry.balanced
    lines = {line.account.default_for: (line.debit, line.credit) for line in entry.lines}
    assert lines == {
        AccountRole.BANK: (D("94.10"), D(0)),
        AccountRole.STRIPE_FEES: (D("3.20"), D(0)),
        AccountRole.STRIPE_CLEARING: (D(0), D("97.30")),
    }


def test_the_school_keeps_its_chart_of_accounts_in_the_back_office():
    browser = signed_in_as_admin()
    pages = ["ledgeraccount", "categoryaccount", "addonaccount", "extendedcareaccount"]

    for page in pages:
        assert browser.get(f"/admin/books/{page}/").status_code == 200, page
        assert browser.get(f"/admin/books/{page}/add/").status_code == 200, page
    listed = browser.get("/admin/books/ledgeraccount/").content.decode()
    # The defaults the app's migration made, each role once.
    for code, name, _ in DEFAULT_ACCOUNTS.values():
        assert code in listed and name.split(" (")[0] in listed
    assert LedgerAccount.objects.exclude(default_for="").count() == len(DEFAULT_ACCOUNTS)


def test_a_family_s_name_a_spreadsheet_would_run_is_text_and_its_amounts_numbers(
    api_client_for, localstripe
):
    family = UserFactory(role=Role.STUDENT, name='=HYPERLINK("http://evil.test","x")')
    CreditEntry.objects.create(family=family, amount=D("-5.00"), reason="-cmd taken back")
    today = school_today().isoformat()
    admin = api_client_for(UserFactory(role=Role.ADMIN))

    rows = csv_rows(
        admin.get("/api/reports/journal.csv", {"from": today, "to": today}).content.decode()
    )

    ours = [row for row in rows if row["Entry"].startswith("C")]
    assert {row["Family"] for row in ours} == {f"'{family.name}"}
    assert {(row["Account code"], row["Debit"], row["Credit"]) for row in ours} == {
        (CODES["credit"], "5.00", ""),
        (CODES["discounts"], "", "5.00"),
    }
    assert ours[0]["Memo"] == "Account credit taken back: -cmd taken back"
