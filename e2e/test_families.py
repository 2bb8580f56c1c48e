"""A parent registers, adds two children, enrols both in one class and one of them in a second,
pays by card (localstripe), and follows them in the dashboard; then the instructor opens the
roster and sees the two children with their notes."""

import re
from datetime import date, time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Participant, User
from classes.models import ClassStatus
from e2e.class_steps import (
    check_accessible,
    dashboard_menu,
    instructor_member,
    log_out,
    main_navigation,
    sign_in,
)
from e2e.helpers import PASSWORD, demo_image, log_in
from e2e.payment_steps import CARD_OK, card_field, fill_card, pay_button
from enrolments.models import Enrolment
from notifications.models import Message
from payments.message_kinds import PaymentMessage
from testing.care import care_completed
from testing.factories import scheduled_class
from testing.outbox import send_queued

pytestmark = pytest.mark.usefixtures("emulator")

WATERCOLOUR = "Watercolour for Kids"
CLAY = "Clay Creatures"


def first_monday_in(weeks: int) -> date:
    today = timezone.localdate()
    return today + timedelta(days=7 * weeks - today.weekday())


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def classes(instructor):
    start = first_monday_in(weeks=5)
    made = {}
    for name, days, banner in (
        (WATERCOLOUR, (0, 2), "watercolor.webp"),
        (CLAY, (1, 3), "pottery.webp"),
    ):
        made[name] = scheduled_class(
            name=name,
            start=start,
            end=start + timedelta(days=4),
            days=days,
            hours=(time(9), time(12)),
            instructor=instructor,
            image=demo_image(banner),
            price=Decimal("45.50"),
            seats=6,
            age_min=6,
            age_max=12,
            status=ClassStatus.APPROVED,
        )
    return made


def register(page: Page, name: str, email: str) -> None:
    page.goto("/register")
    form = page.get_by_role("main")
    form.get_by_label("Name", exact=True).fill(name)
    form.get_by_label("Photo URL").fill("https://images.camp.test/people/ana.webp")
    form.get_by_label("Email").fill(email)
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_label("Confirm password").fill(PASSWORD)
    form.get_by_role("button", name="Register").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    log_in(page, email)
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()


def add_child(page: Page, first: str, last: str, born: str, notes: str = "") -> None:
    form = page.get_by_role("form", name="Add a child")
    form.get_by_label("First name").fill(first)
    form.get_by_label("Last name").fill(last)
    form.get_by_label("Date of birth").fill(born)
    if notes:
        form.get_by_label("Notes for the instructor").fill(notes)
    form.get_by_label("Emergency contact name").fill("Rosa Lopez")
    form.get_by_label("Emergency contact phone").fill("415 555 0134")
    form.get_by_role("button", name="Add child").click()
    expect(page.get_by_role("article", name=f"{first} {last}")).to_be_visible()


def select_for(page: Page, class_name: str, who: str) -> None:
    card = page.get_by_role("main").get_by_role("article", name=class_name)
    card.get_by_role("button", name=re.compile(r"^Select")).click()
    dialog = page.get_by_role("dialog", name=f"Who is {class_name} for?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=who).click()
    expect(dialog).to_be_hidden()


def pay_for(page: Page, class_name: str, who: str) -> None:
    dashboard_menu(page).get_by_role("link", name="My Selected Classes").click()
    card = page.get_by_role("main").get_by_role("article", name=class_name).filter(has_text=who)
    card.get_by_role("link", name="Pay").click()
    expect(page).to_have_title("Payment | Camp")
    expect(page.get_by_role("main")).to_contain_text(f"For: {who}")
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    expect(pay_button(page)).to_be_enabled()
    fill_card(page, CARD_OK)
    pay_button(page).click()
    expect(page.get_by_role("main").get_by_text(re.compile("^Transaction complete"))).to_be_visible(
        timeout=15_000
    )


def test_a_parent_enrols_two_children_and_the_instructor_sees_them(page: Page, instructor, classes):
    register(page, "Ana Lopez", "ana@camp.test")
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    dashboard_menu(page).get_by_role("link", name="My Family").click()
    expect(page.get_by_role("heading", level=1, name="My Family")).to_be_visible()
    add_child(page, "Mia", "Lopez", "2017-05-14", notes="Allergic to peanuts.")
    add_child(page, "Leo", "Lopez", "2015-03-02")
    check_accessible(page)
    parent = User.objects.get(email="ana@camp.test")
    assert list(
        Participant.objects.filter(account=parent).values_list("first_name", "is_account_holder")
    ) == [("Ana", True), ("Mia", False), ("Leo", False)]
    # Their care records and the school's policies are done (e2e/test_care.py walks that part):
    # this test is about choosing and paying for several children.
    for child in Participant.objects.filter(account=parent, is_account_holder=False):
        care_completed(child)

    page.goto("/all-classes")
    watercolour = page.get_by_role("main").get_by_role("article", name=WATERCOLOUR)
    # Before anyone clicks: the parent is an adult, the children fit the ages.
    expect(watercolour).to_contain_text("this class is for children")
    select_for(page, WATERCOLOUR, "Mia Lopez")
    select_for(page, WATERCOLOUR, "Leo Lopez")
    select_for(page, CLAY, "Mia Lopez")
    check_accessible(page)

    main_navigation(page).get_by_role("link", name="Dashboard").click()
    pay_for(page, WATERCOLOUR, "Mia Lopez")
    pay_for(page, WATERCOLOUR, "Leo Lopez")
    pay_for(page, CLAY, "Mia Lopez")

    dashboard_menu(page).get_by_role("link", name="My Enrolled Classes").click()
    main = page.get_by_role("main")
    expect(main.get_by_role("article", name=WATERCOLOUR)).to_have_count(2)
    for class_name, who in (
        (WATERCOLOUR, "Mia Lopez"),
        (WATERCOLOUR, "Leo Lopez"),
        (CLAY, "Mia Lopez"),
    ):
        expect(main.get_by_role("article", name=class_name).filter(has_text=who)).to_have_count(1)
    check_accessible(page)
    dashboard_menu(page).get_by_role("link", name="My Payment History").click()
    for who, count in (("Mia Lopez", 2), ("Leo Lopez", 1)):
        expect(page.get_by_role("row").filter(has_text=who)).to_have_count(count)
    seats = Enrolment.objects.filter(student=parent).select_related("participant", "camp_class")
    assert sorted((seat.camp_class.name, seat.participant.first_name) for seat in seats) == [
        (CLAY, "Mia"),
        (WATERCOLOUR, "Leo"),
        (WATERCOLOUR, "Mia"),
    ]
    # Each receipt is composed by the worker that sends it, as here.
    send_queued()
    receipts = Message.objects.filter(
        kind=PaymentMessage.PAYMENT_RECEIPT, recipient="ana@camp.test"
    )
    assert sorted(receipt.subject for receipt in receipts) == [
        f"Your receipt: {CLAY} for Mia Lopez",
        f"Your receipt: {WATERCOLOUR} for Leo Lopez",
        f"Your receipt: {WATERCOLOUR} for Mia Lopez",
    ]

    page.goto("/")
    log_out(page)
    sign_in(page, instructor.email)
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    dashboard_menu(page).get_by_role("link", name="My Classes").click()
    page.get_by_role("main").get_by_role("article", name=WATERCOLOUR).get_by_role(
        "link", name="Roster"
    ).click()
    expect(page.get_by_role("heading", level=1, name=f"Roster: {WATERCOLOUR}")).to_be_visible()
    mia = page.get_by_role("row").filter(has_text="Mia Lopez")
    expect(mia).to_contain_text("Allergic to peanuts.")
    expect(mia).to_contain_text("ana@camp.test")
    expect(mia).to_contain_text("Rosa Lopez")
    expect(page.get_by_role("row").filter(has_text="Leo Lopez")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text="Clay")).to_have_count(0)
    check_accessible(page)
