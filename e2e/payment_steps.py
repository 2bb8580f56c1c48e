"""Steps the payment tests share: a student with a class to pay for, and localstripe's card form.

localstripe's stand-in for Stripe.js draws plain inputs inside the card element, named only by
their placeholders (number, exp_month, exp_year, cvc, postal_code); real Stripe.js draws an
iframe instead. The stand-in reads a two-digit year and prefixes "20".
"""

import re

from playwright.sync_api import Page, expect

from accounts.models import Role
from checkout.services import payment_fulfil, payment_record
from checkout.tests.test_fulfilment import charge_for
from classes.models import ClassStatus
from e2e.class_steps import class_card, dashboard_menu, member
from e2e.helpers import demo_image
from e2e.language import spoken
from testing.factories import SelectionFactory
from testing.seasons import a_season_class

CARD_OK = "4242424242424242"
CARD_DECLINED = "4000000000000002"


def student_member(emulator, live_server):
    return member(
        emulator,
        live_server,
        name="Sam Student",
        email="sam@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )


def summer_class(season, name: str, image: str, price: str, week: int = 0):
    """A morning class for children of 6 to 12 in the season, `week` weeks into it."""
    return a_season_class(
        season,
        price,
        week=week,
        name=name,
        image=demo_image(image),
        status=ClassStatus.APPROVED,
        age_min=6,
        age_max=12,
    )


def paid_seat(student, camp_class):
    """A seat the student paid for by card at localstripe, as the payment page would have."""
    selection = SelectionFactory(student=student, camp_class=camp_class)
    return payment_fulfil(payment_id=payment_record(charge=charge_for(selection)).pk)


def card_field(page: Page, language: str = "en"):
    return page.get_by_role("group", name=spoken("Card details", language))


def fill_card(page: Page, number: str, *, language: str = "en") -> None:
    """Type a test card into the stand-in's inputs, as a cardholder would."""
    card = card_field(page, language)
    card.get_by_placeholder("number").fill(number)
    card.get_by_placeholder("exp_month").fill("12")
    card.get_by_placeholder("exp_year").fill("34")
    card.get_by_placeholder("cvc").fill("123")
    card.get_by_placeholder("postal_code").fill("10001")


def pay_button(page: Page):
    return page.get_by_role("main").get_by_role("button", name=re.compile(r"^Pay "))


def open_payment_for(page: Page, class_name: str) -> None:
    """From My Selected Classes, press the class's Pay link and wait for the card form."""
    dashboard_menu(page).get_by_role("link", name="My Selected Classes").click()
    class_card(page, class_name).get_by_role("link", name="Pay").click()
    expect(page).to_have_url(re.compile(r"/dashboard/payment/\d+$"))
    expect(page).to_have_title("Payment | Camp")
    expect(page.get_by_role("heading", name=class_name)).to_be_visible()
    # Pay comes on once Stripe.js is loaded and the server handed over a client secret.
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    expect(pay_button(page)).to_be_enabled()


def available_seats(page: Page, class_name: str):
    """The Available seats figure on a class's public card."""
    return class_card(page, class_name).locator("dt:text-is('Available seats') + dd")
