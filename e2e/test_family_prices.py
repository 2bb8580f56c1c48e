"""A parent pays for a second child and reads the sibling discount before paying; then, opening
the cancellation of the full-price child's class, reads that the sibling's lost discount is kept
from the refund, and may take the refund as account credit instead."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from e2e.class_steps import check_accessible, class_card, sign_in
from e2e.payment_steps import (
    CARD_OK,
    fill_card,
    open_payment_for,
    pay_button,
    student_member,
    summer_class,
)
from payments.models import Payment, PaymentStatus, SiblingDiscount
from testing.factories import ChildFactory, PaymentFactory, SelectionFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")


def test_the_second_child_is_priced_as_a_sibling_and_cancelling_the_first_keeps_it(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    pottery = summer_class(season, "Wheel-Thrown Pottery", "pottery.webp", "300.00")
    weaving = summer_class(season, "Loom Weaving", "origami.webp", "200.00")
    sam = student_member(emulator, live_server)
    mia, leo = (
        ChildFactory(account=sam, first_name="Mia"),
        ChildFactory(account=sam, first_name="Leo"),
    )
    PaymentFactory(student=sam, participant=mia, camp_class=pottery, status=PaymentStatus.ENROLLED)
    SelectionFactory(student=sam, participant=leo, camp_class=weaving)

    sign_in(page, sam.email)
    page.goto("/dashboard")
    open_payment_for(page, "Loom Weaving")

    main = page.get_by_role("main")
    expect(main.locator("dt:text-is('List price') + dd")).to_have_text("$200.00")
    expect(main.locator("dt:text-is('Sibling discount') + dd")).to_have_text(
        re.compile(r"^−\$20\.00$")
    )
    expect(main.locator("dt:text-is('Total due') + dd")).to_have_text("$180.00")
    check_accessible(page)
    fill_card(page, CARD_OK)
    pay_button(page).click()
    expect(main.get_by_text(re.compile(r"^Transaction complete"))).to_be_visible(timeout=15_000)
    assert Payment.objects.get(participant=leo).price == Decimal("180.00")

    page.goto("/dashboard/my-enrolled-classes")
    class_card(page, "Wheel-Thrown Pottery").get_by_role("button", name="Cancel enrolment").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.locator("dt:text-is('Discount withheld') + dd")).to_contain_text("$20.00")
    expect(dialog.locator("dt:text-is('Refund') + dd")).to_contain_text("$280.00")
    dialog.get_by_role("radio", name=re.compile(r"^Add to my account credit")).check()
    expect(dialog.get_by_role("button", name=re.compile("Cancel enrolment"))).to_be_enabled()
    check_accessible(page)
