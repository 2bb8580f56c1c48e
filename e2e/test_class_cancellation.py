"""The school calls a class off in Chromium. A family paid its seat partly with account credit
and the rest by the season's plan: a card deposit, one instalment paid in cash at the office and
one charged to the card kept. An admin cancels the class from the back office's Classes page;
the family's My Payment History then shows every cent going back the way it came: each card
charge refunded to the card, and the credit and the cash as account credit."""

import re
from datetime import datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from classes.models import Class, ClassStatus
from core.school_time import school_timezone
from e2e.class_steps import admin_member, check_accessible, dashboard_menu, sign_in
from e2e.payment_steps import summer_class
from e2e.test_back_office import sign_in_from_the_admin
from e2e.test_payment_plans import demo_plan, first_day_of, parent_and_child, shown
from payments.models import (
    Checkout,
    CreditEntry,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentStatus,
)
from payments.selectors import credit_balance
from payments.tests import stripe_js
from plans.services import instalment_paid_offline, instalments_charge
from plans.tests.test_payment_plans import item, paid
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

POTTERY = "Wheel-Thrown Pottery"


def test_a_cancelled_class_gives_back_card_credit_and_cash_each_its_own_way(
    page: Page, browser, emulator, live_server, api_client_for
):
    # Registration stays open past the second instalment's date, so the beat charges it.
    season = a_season(starts_in_days=60, closes_at=timezone.now() + timedelta(days=59))
    plan = demo_plan(season)
    pottery = summer_class(season, POTTERY, "pottery.webp", "400.00")
    sam, mia = parent_and_child(emulator, live_server)
    ada = admin_member(emulator, live_server)
    CreditEntry.objects.create(family=sam, amount=Decimal("40.00"), reason="A gift from the school")

    # Sam checks out with his credit and the plan: the $40 comes off the $400 first, then 25%
    # of the $360 left is the deposit on his card and the rest two instalments of $135.
    as_sam = api_client_for(sam)
    checkout = as_sam.post(
        "/api/checkouts", {"items": [item(mia, pottery, plan)], "applyCredit": True}, format="json"
    ).json()
    assert paid(as_sam, sam, checkout).status_code == 201
    payment = Payment.objects.get(student=sam)
    first, second = payment.instalments.order_by("due_on")
    assert (payment.price, first.amount, second.amount) == (
        Decimal("90.00"),
        Decimal("135.00"),
        Decimal("135.00"),
    )
    instalment_paid_offline(instalment_id=first.pk, by=ada, note="Cash at the office")
    second_due = first_day_of(pottery) - timedelta(days=14)
    with time_machine.travel(datetime.combine(second_due, time(10), school_timezone())):
        assert instalments_charge() == 1
    second.refresh_from_db()
    assert (second.status, second.paid_by) == (InstalmentStatus.PAID, PaidBy.CARD)
    assert credit_balance(sam.pk) == Decimal("0.00")

    # Ada, of the office, cancels the class in the back office, in a browser of her own.
    back_office = browser.new_context(base_url=live_server.url)
    back_office.set_default_timeout(8_000)
    admin = back_office.new_page()
    sign_in_from_the_admin(admin, ada.email)
    expect(admin.get_by_role("heading", name="Run the school")).to_be_visible()
    admin.goto("/admin/classes/class/")
    admin.locator(f"input[name='_selected_action'][value='{pottery.pk}']").check()
    admin.get_by_role("combobox", name="Action").select_option(
        label="Cancel selected classes, refunding every seat…"
    )
    admin.get_by_role("button", name="Go").click()
    # The dry run first: one seat, and all it was paid ($40 + $90 + $135 + $135).
    preview = admin.get_by_role("row").filter(has_text=POTTERY)
    expect(preview).to_have_text(re.compile(rf"{POTTERY}\s*1\s*\$400\.00\s*0"))
    admin.get_by_label("Message to families").fill("The kiln is broken.")
    admin.get_by_role("button", name="Cancel these classes and refund every seat").click()
    expect(admin.get_by_text(f"{POTTERY} is cancelled: 1 seats refunded ($400.00)")).to_be_visible()
    back_office.close()

    assert Class.objects.get(pk=pottery.pk).status == ClassStatus.CANCELLED
    payment.refresh_from_db()
    assert payment.status == PaymentStatus.REFUNDED
    assert [r["amount"] for r in stripe_js.refunds_of(payment.charge_id)] == [9000]
    assert [r["amount"] for r in stripe_js.refunds_of(second.payment_intent_id)] == [13500]
    assert credit_balance(sam.pk) == Decimal("175.00")

    sign_in(page, sam.email)
    page.goto("/dashboard")
    dashboard_menu(page).get_by_role("link", name="My Payment History").click()
    main = page.get_by_role("main")
    # $175 back as credit: the $40 he spent at checkout and the $135 paid in cash.
    credit = main.get_by_role("region", name="Account credit")
    expect(credit.locator("p").filter(has_text="Balance:")).to_have_text("Balance: $175.00")
    entries = credit.get_by_role("list", name="Credit entries, newest first").get_by_role(
        "listitem"
    )
    expect(entries).to_have_count(3)
    expect(entries.nth(0)).to_contain_text(
        f"The school cancelled {POTTERY}. The kiln is broken. Given back as account credit"
    )
    expect(entries.nth(0)).to_contain_text("+$175.00")
    expect(entries.nth(1)).to_contain_text("\u2212$40.00")
    expect(entries.nth(2)).to_contain_text("A gift from the school")

    rows = main.get_by_role("row").filter(has_text=POTTERY)
    expect(rows).to_have_count(6)
    seat, cash, card, deposit_back, instalment_back, credit_back = (rows.nth(n) for n in range(6))
    # The seat, refunded by the school with its reason, and the three ways it was paid.
    expect(seat).to_contain_text("Deposit$90.00")
    expect(seat.get_by_text("Refunded", exact=True)).to_be_visible()
    expect(seat).to_contain_text(f"The school cancelled {POTTERY}. The kiln is broken.")
    expect(cash).to_contain_text(f"Instalment: {POTTERY}")
    expect(cash).to_contain_text("$135.00")
    expect(cash).to_contain_text("Paid in person")
    expect(card).to_contain_text("$135.00")
    expect(card).to_contain_text("Paid by card")
    # Then where it all went: each card charge to the card, the rest to the account credit,
    # $90 + $135 + $175 = the $400 the seat was paid.
    expect(deposit_back).to_contain_text(f"Refund to card: {POTTERY}Deposit")
    expect(deposit_back.get_by_text("\u2212$90.00")).to_be_visible()
    # The deposit was the seat's line of a checkout: the family knows it by the checkout's number.
    expect(deposit_back).to_contain_text(Checkout.objects.get(lines__payment=payment).reference)
    expect(instalment_back).to_contain_text(
        f"Refund to card: {POTTERY}Instalment due {shown(second_due)}"
    )
    expect(instalment_back.get_by_text("\u2212$135.00")).to_be_visible()
    expect(credit_back).to_contain_text(f"Account credit: {POTTERY}")
    expect(credit_back.get_by_text("\u2212$175.00")).to_be_visible()
    check_accessible(page)
