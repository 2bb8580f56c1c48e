"""A day camp sold by the week, booked as a parent books it: from the catalog's card to the camp's
page, three weeks for each of two children and after-care on one week, the running total the
server prices, one checkout, one charge and one receipt. The walk is on a phone (390 px); on a
desktop (1280 px) the same panel is read and priced."""

import re
from decimal import Decimal

import pytest
from django.db.models import Q
from playwright.sync_api import Page, expect

from checkout.items import CareAsked, Item
from checkout.selectors import checkout_quote
from classes.models import Class
from e2e.class_steps import check_accessible, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import CARD_OK, card_field, fill_card, student_member
from enrolments.models import Enrolment
from payments.models import Checkout, CheckoutStatus, MultiWeekDiscount, Payment, SiblingDiscount
from payments.tests import stripe_js
from testing.day_camp import a_day_camp, after_care, units
from testing.factories import ChildFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CAMP = "Art Explorers"
AFTER_CARE = "After-care, 3:00 PM–6:00 PM"


@pytest.fixture
def day_camp(emulator, live_server):
    """A season's weekly day camp with after-care, 10% off three weeks or more and 10% off the
    second child; a parent with two children whose care records are done."""
    season = a_season(starts_in_days=40)
    MultiWeekDiscount.objects.create(season=season, weeks=3, percent=Decimal(10))
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    camp = a_day_camp(season, "200.00", seats=10, name=CAMP)
    Class.objects.filter(Q(pk=camp.pk) | Q(unit_of=camp)).update(image=demo_image("painting.webp"))
    care = after_care(season)
    parent = student_member(emulator, live_server)
    mia = ChildFactory(account=parent, first_name="Mia", last_name="Rivera")
    leo = ChildFactory(account=parent, first_name="Leo", last_name="Rivera")
    return camp, care, parent, mia, leo


def fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def weeks_for(panel, who: str):
    return panel.get_by_role("group", name=f"Weeks for {who}")


def test_a_parent_on_a_phone_books_three_weeks_and_after_care_for_two_children_and_pays_once(
    page: Page, day_camp
):
    camp, care, parent, mia, leo = day_camp
    week = units(camp)[:3]
    sign_in(page, parent.email)
    page.set_viewport_size(PHONE)

    page.goto("/all-classes")
    card = page.get_by_role("article", name=CAMP)
    expect(card.get_by_text("From $200.00 / week")).to_be_visible()
    card.get_by_role("link", name="Book weeks").click()

    expect(page).to_have_url(re.compile(rf"/classes/{camp.pk}$"))
    panel = page.get_by_role("region", name="Book weeks")
    coming = panel.get_by_role("group", name="Who is coming?")
    coming.get_by_role("checkbox", name="Mia Rivera").check()
    coming.get_by_role("checkbox", name="Leo Rivera").check()
    for who in ("Mia Rivera", "Leo Rivera"):
        for unit in week:
            weeks_for(panel, who).get_by_role("checkbox", name=unit.unit_label).check()
    weeks_for(panel, "Mia Rivera").get_by_role(
        "group", name=f"Extended care, {week[1].unit_label}"
    ).get_by_role("checkbox", name=AFTER_CARE).check()

    # The total is the server's: what the checkout's own pricing makes of these items.
    quote = checkout_quote(
        family=parent,
        items=[
            Item(
                class_id=camp.pk,
                participant_id=mia.pk,
                unit_ids=tuple(unit.pk for unit in week),
                care=(CareAsked(option_id=care.pk, unit_ids=(week[1].pk,)),),
            ),
            Item(class_id=camp.pk, participant_id=leo.pk, unit_ids=tuple(u.pk for u in week)),
        ],
    )
    total = f"${quote.total:,.2f}"
    expect(panel.get_by_text(f"Total: {total}")).to_be_visible()
    fits_the_screen(page)
    check_accessible(page)
    panel.get_by_role("button", name="Check out").click()

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", name=f"{CAMP} — {week[1].unit_label}")).to_have_count(2)
    expect(main.locator("dt:text-is('Total due') + dd").last).to_have_text(total)
    expect(card_field(page).get_by_placeholder("number")).to_be_visible(timeout=15_000)
    fits_the_screen(page)
    fill_card(page, CARD_OK)
    main.get_by_role("button", name=f"Pay {total}").click()
    expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)

    # One charge for it all: one checkout, one payment at the bank, one receipt.
    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    assert stripe_js.payment_intent(checkout.payment_intent_id)["amount"] == round(
        quote.total * 100
    )
    # Each week and each day of after-care is a seat of its own, paid within the one charge.
    assert Payment.objects.filter(checkout_line__checkout=checkout).count() == 6 + 5
    assert Enrolment.objects.filter(camp_class__extended_care=care).count() == 5
    main.get_by_role("link", name="Your receipt for this checkout").click()
    expect(page).to_have_url(re.compile(rf"/dashboard/receipts/checkouts/{checkout.pk}$"))
    expect(main.locator("dt:text-is('Charged to your card') + dd")).to_contain_text(total)
    fits_the_screen(page)
    check_accessible(page)


def test_on_a_desktop_the_weeks_and_their_care_are_read_and_priced(page: Page, day_camp):
    camp, care, parent, mia, _ = day_camp
    first = units(camp)[0]
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.set_viewport_size(DESKTOP)

    # A visitor reads the weeks and is asked to sign in; the booking form (and the form
    # libraries) is not downloaded for them (frontend/scripts/bundle-report.js counts on it).
    page.goto(f"/classes/{camp.pk}")
    panel = page.get_by_role("region", name="Book weeks")
    expect(panel.get_by_text(first.unit_label)).to_be_visible()
    expect(panel.get_by_role("button", name="Sign in to book")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert not [url for url in requested if "/book-units." in url]

    sign_in(page, parent.email)
    page.goto(f"/classes/{camp.pk}")
    panel.get_by_role("group", name="Who is coming?").get_by_role(
        "checkbox", name="Mia Rivera"
    ).check()
    weeks_for(panel, "Mia Rivera").get_by_role("checkbox", name=first.unit_label).check()
    weeks_for(panel, "Mia Rivera").get_by_role("checkbox", name=AFTER_CARE).check()

    quote = checkout_quote(
        family=parent,
        items=[
            Item(
                class_id=camp.pk,
                participant_id=mia.pk,
                unit_ids=(first.pk,),
                care=(CareAsked(option_id=care.pk, unit_ids=(first.pk,)),),
            )
        ],
    )
    # A week of after-care at its weekly price: $200 and $100.
    assert quote.total == Decimal("300.00")
    expect(panel.get_by_text("Total: $300.00")).to_be_visible()
    assert [url for url in requested if "/book-units." in url]
    expect(page.get_by_role("button", name="Select")).to_have_count(0)
    fits_the_screen(page)
    check_accessible(page)
