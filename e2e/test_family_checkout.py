"""A parent puts two children in one checkout, types a promo code, reads each line's price and
the total, pays once and reads the checkout's one receipt; then, cancelling the full-price
child's class, reads that the sibling's lost discount is kept from the refund."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from checkout.pricing import discount_lost_by_cancelling
from e2e.class_steps import check_accessible, class_card, dashboard_menu, sign_in
from e2e.payment_steps import CARD_OK, card_field, fill_card, student_member, summer_class
from payments.models import Checkout, CheckoutStatus, Payment, PromoCode, SiblingDiscount
from payments.tests import stripe_js
from testing.factories import ChildFactory, SelectionFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")


def test_two_children_one_checkout_with_a_code_one_charge_and_the_withheld_discount(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    PromoCode.objects.create(
        season=season, code="WELCOME10", percent=Decimal(10), uses_limit=1000, uses_per_family=1
    )
    pottery = summer_class(season, "Wheel-Thrown Pottery", "pottery.webp", "300.00", week=0)
    weaving = summer_class(season, "Loom Weaving", "origami.webp", "200.00", week=1)
    sam = student_member(emulator, live_server)
    mia = ChildFactory(account=sam, first_name="Mia", last_name="Rivera")
    leo = ChildFactory(account=sam, first_name="Leo", last_name="Rivera")
    SelectionFactory(student=sam, participant=mia, camp_class=pottery)
    SelectionFactory(student=sam, participant=leo, camp_class=weaving)

    sign_in(page, sam.email)
    page.goto("/dashboard")
    dashboard_menu(page).get_by_role("link", name="My Selected Classes").click()
    together = page.get_by_role("region", name="Check out together")
    expect(
        together.get_by_role("checkbox", name="Wheel-Thrown Pottery for Mia Rivera")
    ).to_be_checked()
    expect(together.get_by_role("checkbox", name="Loom Weaving for Leo Rivera")).to_be_checked()
    together.get_by_label("Promo code").fill("welcome10")
    together.get_by_role("button", name="Check out").click()

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(main.get_by_text("Sibling discount")).to_be_visible()
    expect(main.get_by_text("Code WELCOME10")).to_have_count(2)
    expect(main.locator("dt:text-is('Total due') + dd").last).to_have_text("$432.00")
    check_accessible(page)
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    fill_card(page, CARD_OK)
    pay = main.get_by_role("button", name="Pay $432.00")
    expect(pay).to_be_enabled()
    pay.click()
    expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)

    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    # The checkout's one receipt: both children's classes, and the one charge the bank shows.
    main.get_by_role("link", name="Your receipt for this checkout").click()
    expect(page).to_have_url(re.compile(rf"/dashboard/receipts/checkouts/{checkout.pk}$"))
    expect(main.locator("dt:text-is('Reference') + dd")).to_have_text(f"Checkout #{checkout.pk}")
    expect(main.locator("dt:text-is('Charged to your card') + dd")).to_contain_text("$432.00")
    expect(main.get_by_role("region", name="Loom Weaving for Leo Rivera")).to_be_visible()
    expect(main.get_by_role("region", name="Wheel-Thrown Pottery for Mia Rivera")).to_be_visible()
    check_accessible(page)
    assert stripe_js.payment_intent(checkout.payment_intent_id)["amount"] == 43200
    mias = Payment.objects.get(participant=mia)
    assert (mias.price, Payment.objects.get(participant=leo).price) == (
        Decimal("270.00"),
        Decimal("162.00"),
    )

    page.goto("/dashboard/my-enrolled-classes")
    class_card(page, "Wheel-Thrown Pottery").get_by_role("button", name="Cancel enrolment").click()
    dialog = page.get_by_role("dialog")
    withheld = discount_lost_by_cancelling(mias)
    assert withheld > 0
    expect(dialog.locator("dt:text-is('Discount withheld') + dd")).to_contain_text(
        f"${withheld:.2f}"
    )
    expect(dialog.locator("dt:text-is('Refund') + dd")).to_contain_text(
        f"${Decimal('270.00') - withheld:.2f}"
    )
    check_accessible(page)


def test_the_cart_bar_follows_the_family_and_opens_one_checkout_of_everything(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    pottery = summer_class(season, "Wheel-Thrown Pottery", "pottery.webp", "300.00", week=0)
    weaving = summer_class(season, "Loom Weaving", "origami.webp", "200.00", week=1)
    sam = student_member(emulator, live_server)
    mia = ChildFactory(account=sam, first_name="Mia", last_name="Rivera")
    leo = ChildFactory(account=sam, first_name="Leo", last_name="Rivera")
    SelectionFactory(student=sam, participant=mia, camp_class=pottery)
    SelectionFactory(student=sam, participant=leo, camp_class=weaving)

    sign_in(page, sam.email)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/all-classes")
    cart = page.get_by_role("region", name="Your cart")
    # Leo's is the cheaper class: his sibling discount is in the total, as checkout prices it.
    checkout = cart.get_by_role("button", name="Checkout (2) · $480")
    expect(checkout).to_be_visible()
    # The page's end scrolls clear of the bar: the footer's last line is above it.
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    footer = page.get_by_role("contentinfo")
    footer_bottom = footer.evaluate("node => node.getBoundingClientRect().bottom")
    bar_top = cart.evaluate("node => node.getBoundingClientRect().top")
    assert footer_bottom <= bar_top + 1
    check_accessible(page)

    checkout.focus()
    page.keyboard.press("Enter")

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(main.get_by_text("Sibling discount")).to_be_visible()
    expect(main.locator("dt:text-is('Total due') + dd").last).to_have_text("$480.00")
    # On the checkout itself the bar has nothing more to offer.
    expect(page.get_by_role("region", name="Your cart")).to_have_count(0)
