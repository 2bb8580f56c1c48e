"""A newcomer who uses only the keyboard registers, selects a class, pays for it and opens its
receipt in Chromium, and after each step the focus is somewhere meaningful, never the page body.
Then the receipt on paper: the menus and buttons stay off it, black on white.

Nothing here clicks: every move is Tab, Shift+Tab, Enter or typing, as a keyboard user's."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from classes.models import ClassStatus
from e2e.class_steps import check_accessible, dashboard_menu, sign_in
from e2e.helpers import PASSWORD
from e2e.keyboard_steps import focused, tab_to
from e2e.payment_steps import CARD_OK, card_field, student_member
from payments.models import Payment, PaymentStatus
from testing.factories import ClassFactory, PaymentFactory

pytestmark = pytest.mark.usefixtures("emulator")


def expect_focus_on_heading(page: Page, heading: str) -> None:
    """After a move to another page, its main heading holds the focus."""
    page.wait_for_function(
        "name => document.activeElement.tagName === 'H1'"
        " && document.activeElement.innerText.trim() === name",
        arg=heading,
    )


def press_on(page: Page, name: str, address: str, heading: str, *, backwards: bool = False) -> None:
    """Tab to the link or button called `name` and press Enter: the page at `address` opens,
    its main heading holding the focus."""
    tab_to(page, name, backwards=backwards)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(address))
    expect_focus_on_heading(page, heading)


def type_into(page: Page, field: str, text: str) -> None:
    tab_to(page, field)
    page.keyboard.type(text)


def test_a_keyboard_only_student_registers_selects_pays_and_opens_the_receipt(page: Page):
    pottery = ClassFactory(
        name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED, price=Decimal("45.50"), seats=8
    )

    # Registering: every field reached with Tab and filled by typing; Enter sends the form.
    page.goto("/register")
    expect(page).to_have_title("Register | Camp")
    type_into(page, "Name", "Kim Keys")
    # The form takes https addresses only, so the picture lives elsewhere.
    type_into(page, "Photo URL", "https://images.camp.test/people/kim.webp")
    type_into(page, "Email", "kim@camp.test")
    type_into(page, "Password", PASSWORD)
    type_into(page, "Confirm password", PASSWORD)
    tab_to(page, "Register")
    page.keyboard.press("Enter")

    # Registration ends on the login page, whose heading takes the focus.
    expect(page).to_have_url(re.compile(r"/login$"))
    expect_focus_on_heading(page, "Log In")
    type_into(page, "Email", "kim@camp.test")
    type_into(page, "Password", PASSWORD)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"://[^/]+/$"))

    # To All Classes through the navigation bar, which sits before the page's heading.
    page.wait_for_function("() => document.activeElement.tagName === 'H1'")
    press_on(page, "All Classes", r"/all-classes$", "All Classes", backwards=True)

    # Select: once the answer comes, the class's notice holds the focus, not the page body.
    card = page.get_by_role("main").get_by_role("article", name=pottery.name)
    expect(card.get_by_role("button", name="Select")).to_be_enabled()
    tab_to(page, "Select")
    page.keyboard.press("Enter")
    expect(card.get_by_text("Selected. Go to My Selected Classes")).to_be_focused()
    assert focused(page)["name"] == "Selected. Go to My Selected Classes"

    # The notice leads on to My Selected Classes.
    page.keyboard.press("Tab")
    assert focused(page)["name"] == "Go to My Selected Classes"
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/dashboard/my-selected-classes$"))
    expect_focus_on_heading(page, "My Selected Classes")

    # Pay: the card typed into localstripe's fields, Enter on Pay.
    press_on(page, "Pay", r"/dashboard/payment/\d+$", "Payment")
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    type_into(page, "number", CARD_OK)
    type_into(page, "exp_month", "12")
    type_into(page, "exp_year", "34")
    type_into(page, "cvc", "123")
    type_into(page, "postal_code", "10001")
    pay = page.get_by_role("main").get_by_role("button", name=re.compile(r"^Pay "))
    expect(pay).to_be_enabled()
    tab_to(page, "Pay $45.50")
    page.keyboard.press("Enter")

    # What the payment came to holds the focus; the Pay button, off now, does not.
    outcome = page.get_by_role("main").get_by_role("status").filter(has_text="Transaction complete")
    expect(outcome).to_be_visible(timeout=15_000)
    expect(outcome).to_be_focused()
    payment = Payment.objects.get(student__email="kim@camp.test")
    assert payment.status == PaymentStatus.ENROLLED
    assert focused(page)["name"] == (
        f"Transaction complete with transactionId: {payment.transaction_id}"
    )

    # Back through the dashboard menu to My Payment History.
    press_on(
        page, "My Payment History", r"/dashboard/my-payment-history$", "My Payment History",
        backwards=True,
    )  # fmt: skip

    # The row's Receipt link, then the receipt's heading.
    press_on(
        page, "Receipt for Wheel-Thrown Pottery, Kim Keys", rf"/dashboard/receipts/{payment.pk}$",
        "Receipt",
    )  # fmt: skip
    receipt = page.get_by_role("main")
    expect(receipt.get_by_text(payment.transaction_id)).to_be_visible()
    expect(receipt.get_by_text("Kim Keys (kim@camp.test)")).to_be_visible()
    expect(receipt.get_by_role("button", name="Print")).to_be_visible()
    check_accessible(page)


def test_the_receipt_prints_without_menus_or_buttons_black_on_white(
    page: Page, emulator, live_server
):
    student = student_member(emulator, live_server)
    payment = PaymentFactory(
        student=student,
        camp_class=ClassFactory(name="Wheel-Thrown Pottery", status=ClassStatus.APPROVED),
        transaction_id="pi_print_receipt",
        status=PaymentStatus.ENROLLED,
    )
    sign_in(page, student.email)
    page.goto(f"/dashboard/receipts/{payment.pk}")
    main = page.get_by_role("main")
    expect(main.get_by_text("pi_print_receipt")).to_be_visible()
    # The dark theme too, as printing must not carry it onto paper.
    page.evaluate("document.documentElement.setAttribute('data-bs-theme', 'dark')")

    page.emulate_media(media="print")

    expect(dashboard_menu(page)).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.get_by_role("link", name="Back to payment history")).to_be_hidden()
    expect(page.get_by_role("button", name="Log Out")).to_be_hidden()
    for shown in ("Receipt", "Camp Art & Craft School", "pi_print_receipt", "Refund policy"):
        expect(main.get_by_text(shown, exact=True).first).to_be_visible()
    colours = main.evaluate(
        """main => [...main.querySelectorAll('h1, dt, dd, p')].map(el => {
            const style = getComputedStyle(el);
            return [style.color, getComputedStyle(document.body).backgroundColor];
        })"""
    )
    assert colours and all(
        colour == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"] for colour in colours
    ), colours
    # Headless Chromium prints it as the print dialog would.
    assert page.pdf(format="A4").startswith(b"%PDF")

    page.emulate_media(media="screen")
    expect(dashboard_menu(page)).to_be_visible()
