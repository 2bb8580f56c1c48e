"""Payment plans and moves in Chromium. A parent chooses the season's plan at checkout, reads
the deposit due today and the two instalments, pays the deposit with a card; a month on, the
beat charges the first instalment to the card kept, and My Payment History and the receipt
show the deposit and that instalment paid. Then a parent moves a paid seat to a cheaper class
of the same season and the difference goes back to the card."""

import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
import time_machine
from playwright.sync_api import Page, expect

from accounts.models import Participant, User
from accounts.services import account_holder_of
from checkout.services import payment_fulfil, payment_record
from checkout.tests.test_fulfilment import charge_for
from classes.models import Class
from core.school_time import school_timezone
from e2e.class_steps import (
    check_accessible,
    class_card,
    dashboard_menu,
    main_navigation,
    sign_in,
)
from e2e.payment_steps import CARD_OK, card_field, fill_card, student_member, summer_class
from enrolments.models import Enrolment, EnrolmentStatus
from payments.models import (
    Checkout,
    Instalment,
    InstalmentStatus,
    PaidBy,
    Payment,
    PaymentPlan,
    PaymentPlanDue,
    PaymentStatus,
    Refund,
    RefundStatus,
    Transfer,
)
from payments.tests import stripe_js
from settlement import tasks
from testing.factories import ChildFactory, SelectionFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

POTTERY = "Wheel-Thrown Pottery"
WEAVING = "Loom Weaving"
# The demo seed's plan (payments/management/commands/seed_demo_prices.py).
PLAN = "Deposit and two instalments"


def demo_plan(season) -> PaymentPlan:
    """The plan the demo seed gives the open season: 25% now, the rest in two instalments due
    30 and 14 days before each class's first meeting."""
    plan = PaymentPlan.objects.create(season=season, label=PLAN, deposit_percent=Decimal(25))
    for days in (30, 14):
        PaymentPlanDue.objects.create(plan=plan, days_before=days)
    return plan


def parent_and_child(emulator, live_server) -> tuple[User, Participant]:
    """Sam, registered (which makes his own "Myself" participant), and his daughter Mia."""
    sam = student_member(emulator, live_server)
    # Made at registration; a first page asking for it from several requests at once would
    # otherwise have them race to make it.
    account_holder_of(sam)
    return sam, ChildFactory(account=sam, first_name="Mia", last_name="Rivera")


def first_day_of(camp_class: Class) -> date:
    return camp_class.starts_at.astimezone(school_timezone()).date()


def shown(day: date) -> str:
    """A calendar date as the pages write it: "Mon, Jun 14, 2027"."""
    return f"{day:%a, %b} {day.day}, {day.year}"


def select_for(page: Page, class_name: str, who: str) -> None:
    """On All Classes, the class's Select button, then the child it is for; once the server has
    taken it, on to My Selected Classes by the link the card then shows."""
    card = class_card(page, class_name)
    card.get_by_role("button", name=re.compile(r"^Select")).click()
    dialog = page.get_by_role("dialog", name=f"Who is {class_name} for?")
    dialog.get_by_role("button", name=who).click()
    expect(dialog).to_be_hidden()
    expect(card).to_contain_text(f"Selected for {who.split()[0]}.")
    card.get_by_role("link", name="Go to My Selected Classes").click()


def test_a_deposit_now_then_the_beat_charges_the_first_instalment_on_its_date(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=60)
    demo_plan(season)
    pottery = summer_class(season, POTTERY, "pottery.webp", "400.00")
    first_day = first_day_of(pottery)
    first_due, second_due = first_day - timedelta(days=30), first_day - timedelta(days=14)
    sam, _ = parent_and_child(emulator, live_server)

    sign_in(page, sam.email)
    main_navigation(page).get_by_role("link", name="All Classes").click()
    select_for(page, POTTERY, "Mia Rivera")
    together = page.get_by_role("region", name="Check out together")
    expect(together.get_by_role("checkbox", name=f"{POTTERY} for Mia Rivera")).to_be_checked()
    together.get_by_role("button", name="Check out").click()

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    how = main.get_by_role("group", name=f"How to pay for {POTTERY} for Mia Rivera")
    expect(how.get_by_role("radio", name="Pay in full")).to_be_checked()
    expect(main.locator("dt:text-is('Total due') + dd")).to_have_text("$400.00")
    # Each choice reads what it costs today and, for the plan, each instalment on its date.
    plan = how.get_by_role("radio", name=PLAN)
    expect(plan).to_have_accessible_description(
        f"$100.00 today, then 2 instalments: $150.00 on {shown(first_due)} "
        f"$150.00 on {shown(second_due)}"
    )
    plan.check()
    expect(main.locator("dt:text-is('Due today') + dd")).to_have_text("$100.00")
    expect(main.locator("dt:text-is('Later') + dd")).to_have_text("$300.00 in 2 instalments")
    expect(card_field(page)).to_contain_text("The card is kept for the instalments")
    check_accessible(page)
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    fill_card(page, CARD_OK)
    pay = main.get_by_role("button", name="Pay $100.00")
    expect(pay).to_be_enabled()
    pay.click()
    expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)
    expect(main.locator("dt:text-is('Deposit paid') + dd")).to_have_text("$100.00")
    expect(main.get_by_role("list", name=f"Instalments for {POTTERY} for Mia Rivera")).to_have_text(
        f"$150.00 on {shown(first_due)}$150.00 on {shown(second_due)}"
    )

    payment = Payment.objects.get(student=sam)
    assert (payment.status, payment.price, payment.plan_total) == (
        PaymentStatus.ENROLLED,
        Decimal("100.00"),
        Decimal("400.00"),
    )
    first, second = payment.instalments.order_by("due_on")
    assert [(i.due_on, i.amount, i.status) for i in (first, second)] == [
        (first_due, Decimal("150.00"), InstalmentStatus.DUE),
        (second_due, Decimal("150.00"), InstalmentStatus.DUE),
    ]
    checkout = Checkout.objects.get()
    assert stripe_js.payment_intent(checkout.payment_intent_id)["amount"] == 10000

    # The family leaves the site before the clock moves: their session's tokens are dated today
    # by the browser and the identity emulator, whose clocks stay where they are, so a page left
    # open would find them expired on the due date and sign the family out.
    page.goto("about:blank")
    with time_machine.travel(datetime.combine(first_due, time(10), school_timezone())):
        tasks.instalments()

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.paid_by, first.tries) == (InstalmentStatus.PAID, PaidBy.CARD, 1)
    assert second.status == InstalmentStatus.DUE
    charged = stripe_js.payment_intent(first.payment_intent_id)
    assert (charged["amount"], charged["status"]) == (15000, "succeeded")
    assert charged["metadata"]["instalment_id"] == str(first.pk)

    page.goto("/dashboard")
    dashboard_menu(page).get_by_role("link", name="My Payment History").click()
    rows = page.get_by_role("row").filter(has_text=POTTERY)
    expect(rows).to_have_count(3)
    deposit, paid_part, due_part = rows.nth(0), rows.nth(1), rows.nth(2)
    expect(deposit).to_contain_text(f"Payment plan: {PLAN}")
    expect(deposit).to_contain_text("Deposit$100.00")
    # Paid as a line of a checkout: the row names the checkout's one charge.
    expect(deposit).to_contain_text(Checkout.objects.get(lines__payment=payment).reference)
    expect(paid_part).to_contain_text(f"Instalment: {POTTERY}")
    expect(paid_part).to_contain_text("$150.00")
    expect(paid_part).to_contain_text(f"Due {shown(first_due)}")
    expect(paid_part).to_contain_text("Paid by card")
    expect(due_part).to_contain_text(f"Due {shown(second_due)}")
    expect(due_part.get_by_text("Due", exact=True)).to_be_visible()
    check_accessible(page)

    deposit.get_by_role("link", name=re.compile(r"^Receipt")).click()
    receipt = page.get_by_role("main")
    expect(receipt.locator("dt:text-is('Deposit') + dd")).to_have_text("$100.00")
    # The checkout's one receipt, whose line shows its plan's parts.
    plan = receipt.get_by_role("table", name=re.compile(f"^Payment plan: {PLAN}"))
    parts = plan.get_by_role("row")
    expect(parts.nth(1)).to_have_text(f"{shown(first_due)}$150.00Paid by card")
    expect(parts.nth(2)).to_have_text(f"{shown(second_due)}$150.00Due")


def paid_seat_for(child, camp_class) -> Payment:
    """A seat in `camp_class` the child's family paid for in full by card at localstripe."""
    selection = SelectionFactory(student=child.account, participant=child, camp_class=camp_class)
    charge = charge_for(selection, amount=int(camp_class.price * 100), participant_id=str(child.pk))
    return payment_fulfil(payment_id=payment_record(charge=charge).pk)


def test_a_move_to_a_cheaper_class_refunds_the_difference_to_the_card(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    pottery = summer_class(season, POTTERY, "pottery.webp", "300.00", week=0)
    weaving = summer_class(season, WEAVING, "origami.webp", "200.00", week=1)
    sam, mia = parent_and_child(emulator, live_server)
    payment = paid_seat_for(mia, pottery)
    assert payment.status == PaymentStatus.ENROLLED
    old_seat = payment.enrolment_id
    pottery_seats, weaving_seats = Class.objects.get(pk=pottery.pk).seats, weaving.seats

    sign_in(page, sam.email)
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    dashboard_menu(page).get_by_role("link", name="My Enrolled Classes").click()
    class_card(page, POTTERY).get_by_role("button", name="Move to another class").click()
    dialog = page.get_by_role("dialog", name=f"Move {POTTERY} for Mia Rivera to another class")
    move_to = dialog.get_by_label("Move to")
    expect(move_to.get_by_role("option", name=re.compile(rf"^{WEAVING} \("))).to_be_attached()
    move_to.select_option(str(weaving.pk))

    expect(dialog.locator("dt:text-is('Current price') + dd")).to_have_text("$300.00")
    expect(dialog.locator("dt:text-is('New price') + dd")).to_have_text("$200.00")
    # Written with a minus sign (U+2212), not a hyphen.
    expect(dialog.locator("dt:text-is('Difference') + dd")).to_have_text("\u2212$100.00")
    expect(dialog.locator("dt:text-is('To give back') + dd")).to_have_text("$100.00")
    where = dialog.get_by_role("group", name="Where should the $100.00 go?")
    where.get_by_role("radio", name="Refund $100.00 to your card").check()
    check_accessible(page)
    dialog.get_by_role("button", name="Move", exact=True).click()

    told = "Mia Rivera is now in Loom Weaving. $100.00 is refunded to the card you paid with."
    # The seat moves and the refund is asked of Stripe before the answer comes.
    expect(page.get_by_role("status").filter(has_text=told)).to_be_visible(timeout=15_000)
    expect(dialog).to_be_hidden()
    main = page.get_by_role("main")
    expect(class_card(page, WEAVING)).to_be_visible()
    expect(main.get_by_role("article", name=POTTERY)).to_have_count(0)

    payment.refresh_from_db()
    transfer = Transfer.objects.get(payment=payment)
    assert (transfer.from_class, transfer.to_class, transfer.difference) == (
        pottery,
        weaving,
        Decimal("-100.00"),
    )
    assert (payment.camp_class, payment.enrolment.status) == (weaving, EnrolmentStatus.ACTIVE)
    assert Enrolment.objects.get(pk=old_seat).status == EnrolmentStatus.CANCELLED
    # The new class's seat taken, the old one's given back.
    pottery.refresh_from_db()
    weaving.refresh_from_db()
    assert (pottery.seats, weaving.seats) == (pottery_seats + 1, weaving_seats - 1)
    refund = Refund.objects.get(payment=payment)
    assert (refund.amount, refund.status) == (Decimal("100.00"), RefundStatus.SUCCEEDED)
    [at_stripe] = stripe_js.refunds_of(payment.transaction_id)
    assert (at_stripe["id"], at_stripe["amount"], at_stripe["status"]) == (
        refund.stripe_refund_id,
        10000,
        "succeeded",
    )
    assert not Instalment.objects.filter(payment=payment).exists()
