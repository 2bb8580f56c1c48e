"""A student pays for a selected class with a card (localstripe standing in for Stripe)."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from classes.models import Class, ClassStatus
from e2e.class_steps import (
    check_accessible,
    class_card,
    dashboard_menu,
    open_dashboard,
    sign_in,
)
from e2e.helpers import demo_image
from e2e.payment_steps import (
    CARD_DECLINED,
    CARD_OK,
    available_seats,
    fill_card,
    open_payment_for,
    pay_button,
    student_member,
)
from enrolments.models import Selection
from payments.models import Payment, PaymentStatus
from payments.tests import stripe_js
from testing.factories import ClassFactory, SelectionFactory
from testing.faults import stripe_gives_up_after, stripe_line

pytestmark = pytest.mark.usefixtures("emulator")

CLASS_NAME = "Watercolor Landscapes"


@pytest.fixture
def student(emulator, live_server):
    return student_member(emulator, live_server)


@pytest.fixture
def watercolor(student):
    """An approved class with seats, already in the student's selected classes."""
    camp_class = ClassFactory(
        name=CLASS_NAME,
        image=demo_image("watercolor.webp"),
        status=ClassStatus.APPROVED,
        price=Decimal("45.50"),
        seats=8,
        enroll=2,
    )
    SelectionFactory(student=student, camp_class=camp_class)
    return camp_class


def test_a_card_payment_enrols_the_student_and_takes_a_seat(page, student, watercolor):
    sign_in(page, student.email)
    open_dashboard(page, "my-selected-classes")
    check_accessible(page)

    open_payment_for(page, CLASS_NAME)
    main = page.get_by_role("main")
    expect(main).to_contain_text("$45.50")
    check_accessible(page)
    fill_card(page, CARD_OK)
    pay_button(page).click()

    success = main.get_by_text(re.compile(r"^Transaction complete with transactionId: pi_\w+$"))
    expect(success).to_be_visible(timeout=15_000)
    expect(pay_button(page)).to_be_disabled()
    check_accessible(page)
    payment = Payment.objects.get(student=student, camp_class=watercolor)
    assert payment.status == PaymentStatus.ENROLLED
    expect(success).to_have_text(
        f"Transaction complete with transactionId: {payment.transaction_id}"
    )
    watercolor.refresh_from_db()
    assert (watercolor.seats, watercolor.enroll) == (7, 3)
    assert not Selection.objects.filter(student=student, camp_class=watercolor).exists()

    dashboard_menu(page).get_by_role("link", name="My Enrolled Classes").click()
    expect(page).to_have_title("My Enrolled Classes | Camp")
    card = class_card(page, CLASS_NAME)
    expect(card).to_contain_text(watercolor.instructor.name)
    expect(card).to_contain_text("$45.50")
    expect(card.get_by_role("link", name="Start Class")).to_have_attribute(
        "href", f"/classes/{watercolor.pk}"
    )
    check_accessible(page)

    dashboard_menu(page).get_by_role("link", name="My Payment History").click()
    expect(page).to_have_title("My Payment History | Camp")
    row = page.get_by_role("row").filter(has_text=CLASS_NAME)
    expect(row).to_contain_text(watercolor.instructor.email)
    expect(row).to_contain_text("$45.50")
    expect(row).to_contain_text(payment.transaction_id)
    expect(row).to_contain_text("Enrolled")
    check_accessible(page)

    dashboard_menu(page).get_by_role("link", name="My Selected Classes").click()
    expect(page.get_by_text("You have not selected any classes yet.")).to_be_visible()

    dashboard_menu(page).get_by_role("link", name="All Classes").click()
    expect(available_seats(page, CLASS_NAME)).to_have_text("7")


def test_a_declined_card_shows_the_providers_message_and_enrols_nobody(page, student, watercolor):
    sign_in(page, student.email)
    open_dashboard(page, "my-selected-classes")
    open_payment_for(page, CLASS_NAME)

    fill_card(page, CARD_DECLINED)
    pay_button(page).click()

    alert = page.get_by_role("main").get_by_role("alert")
    expect(alert).to_contain_text("declined")
    expect(alert).to_have_class(re.compile(r"\btext-danger\b"))
    expect(page.get_by_text(re.compile("Transaction complete"))).to_have_count(0)
    # The cardholder may try another card.
    expect(pay_button(page)).to_be_enabled()
    check_accessible(page)
    assert not Payment.objects.filter(student=student, status=PaymentStatus.ENROLLED).exists()
    unchanged = Class.objects.get(pk=watercolor.pk)
    assert (unchanged.seats, unchanged.enroll) == (8, 2)
    assert Selection.objects.filter(student=student, camp_class=watercolor).exists()

    # Nothing was taken, but the seat stays held for the student while the hold lasts.
    dashboard_menu(page).get_by_role("link", name="All Classes").click()
    expect(available_seats(page, CLASS_NAME)).to_have_text("7")


@pytest.fixture
def slow_stripe(settings):
    """The server's line to Stripe, which the test can freeze (testing.faults)."""
    with stripe_line(settings.STRIPE_API_BASE) as line:
        settings.STRIPE_API_BASE = line.url
        yield line


def test_with_stripe_frozen_the_page_says_confirming_then_shows_the_enrolment(
    page, student, watercolor, slow_stripe, settings
):
    sign_in(page, student.email)
    open_dashboard(page, "my-selected-classes")
    open_payment_for(page, CLASS_NAME)
    fill_card(page, CARD_OK)
    # Stripe charges, then stops answering.
    slow_stripe.freeze("POST", "/v1/payment_intents")

    main = page.get_by_role("main")
    # The charge's call gives up quickly; the checks that then find the charge keep the normal
    # timeout.
    with stripe_gives_up_after(settings, 1.0):
        pay_button(page).click()
        expect(main.get_by_text("Your payment is being confirmed with the bank.")).to_be_visible()
    success = main.get_by_text(re.compile(r"^Transaction complete with transactionId: pi_\w+$"))
    expect(success).to_be_visible(timeout=15_000)
    expect(main.get_by_role("alert")).to_have_text("")
    payment = Payment.objects.get(student=student, camp_class=watercolor)
    assert payment.status == PaymentStatus.ENROLLED
    assert slow_stripe.frozen_requests == 1
    watercolor.refresh_from_db()
    assert (watercolor.seats, watercolor.enroll) == (7, 3)


def test_a_class_repriced_while_paying_charges_only_the_price_confirmed(page, student, watercolor):
    sign_in(page, student.email)
    open_dashboard(page, "my-selected-classes")
    open_payment_for(page, CLASS_NAME)
    fill_card(page, CARD_OK)
    # The instructor raises the price while the student types the card.
    Class.objects.filter(pk=watercolor.pk).update(price=Decimal("52.00"))

    pay_button(page).click()

    main = page.get_by_role("main")
    expect(main.get_by_role("alert")).to_contain_text("The price of this class is now $52.00")
    assert not Payment.objects.filter(student=student).exists()
    confirm_new_price = main.get_by_role("button", name="Pay $52.00")
    expect(confirm_new_price).to_be_enabled()
    confirm_new_price.click()

    success = main.get_by_text(re.compile(r"^Transaction complete with transactionId: pi_\w+$"))
    expect(success).to_be_visible(timeout=15_000)
    payment = Payment.objects.get(student=student, camp_class=watercolor)
    assert (payment.status, payment.price) == (PaymentStatus.ENROLLED, Decimal("52.00"))
    assert stripe_js.payment_intent(payment.transaction_id)["amount"] == 5200
