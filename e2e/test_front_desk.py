"""At the front desk, on a laptop: the office registers a family who telephoned, adds its two
children with the care records read out on the phone, chooses a class for each and takes
the payment with the card typed into Stripe's form; both children are enrolled."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from accounts.models import Participant, Role, User
from core.school_time import school_today
from e2e.class_steps import dashboard_menu, member, sign_in
from e2e.payment_steps import CARD_OK, card_field, fill_card, summer_class
from enrolments.models import Enrolment
from payments.models import Checkout, CheckoutStatus
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")


CONTACTS = [
    ("Rosa Rivera", "Grandmother", "+14155550199"),
    ("Tomás Rivera", "Uncle", "+14155550142"),
]


def add_child(page: Page, first: str, last: str, born, *, photos: bool) -> None:
    """Add a child with the care record the family reads out on the phone."""
    form = page.get_by_role("region", name="Add a child")
    form.get_by_label("First name").fill(first)
    form.get_by_label("Last name").fill(last)
    form.get_by_label("Date of birth").fill(born.isoformat())
    taking = form.get_by_role("checkbox", name="Take the care record by phone now")
    expect(taking).to_be_checked()
    for number, (name, relationship, phone) in enumerate(CONTACTS, start=1):
        contact = form.get_by_role("group", name=f"Emergency contact {number}")
        contact.get_by_label("Name").fill(name)
        contact.get_by_label("Relationship").fill(relationship)
        contact.get_by_label("Phone").fill(phone)
    form.get_by_role("radio", name="Yes" if photos else "No").check()
    form.get_by_role("button", name="Add the child").click()
    children = page.get_by_role("list", name="Children")
    expect(children.get_by_text(f"{first} {last}")).to_be_visible()


def add_class(page: Page, search: str, class_name: str, first: str) -> None:
    page.get_by_label("Find a class").fill(search)
    page.get_by_role("button", name=f"Add {class_name} for {first}").click()
    chosen = page.get_by_role("list", name="Classes chosen")
    expect(chosen.get_by_text(f"{class_name} for {first}", exact=True)).to_be_visible()


def test_the_office_registers_a_family_with_two_children_and_takes_a_card_payment(
    page: Page, emulator, live_server
):
    season = a_season(starts_in_days=40)
    painting = summer_class(season, "Meadow Painting", "pottery.webp", "120.00", week=0)
    weaving = summer_class(season, "Loom Weaving", "origami.webp", "150.00", week=1)
    office = member(
        emulator,
        live_server,
        name="Olive Office",
        email="olive@camp.test",
        role=Role.OFFICE,
        portrait="admin",
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, office.email)
    page.goto("/dashboard")

    # The office's own menu: the desk, its takings and the rosters, nothing of the school's.
    expect(page).to_have_url(re.compile(r"/frontDesk$"))
    menu = dashboard_menu(page)
    expect(menu.get_by_role("link", name="Front desk")).to_be_visible()
    expect(menu.get_by_role("link", name="Manage Users")).to_have_count(0)

    register = page.get_by_role("region", name="Register a new family")
    register.get_by_label("Account holder's name").fill("Inés Rivera")
    register.get_by_label("E-mail").fill("ines@family.test")
    register.get_by_label("Telephone").fill("+14155550101")
    register.get_by_role("button", name="Register the family").click()
    expect(page.get_by_role("heading", name="Inés Rivera", exact=True)).to_be_visible()

    today = school_today()
    add_child(page, "Mia", "Rivera", today - timedelta(days=8 * 365), photos=True)
    add_child(page, "Leo", "Rivera", today - timedelta(days=10 * 365), photos=False)
    children = page.get_by_role("list", name="Children")
    expect(children.get_by_text("Taken by phone, to be confirmed by the family")).to_have_count(2)

    add_class(page, "Meadow", "Meadow Painting", "Mia")
    add_class(page, "Loom", "Loom Weaving", "Leo")
    page.get_by_role("button", name="Check out").click()

    payment = page.get_by_role("region", name="Payment")
    expect(card_field(page).get_by_placeholder("number")).to_be_visible()
    fill_card(page, CARD_OK)
    take = payment.get_by_role("button", name=re.compile(r"^Take \$"))
    expect(take).to_be_enabled()
    take.click()

    expect(page.get_by_role("heading", name="Paid and enrolled")).to_be_visible(timeout=15_000)
    enrolled = page.get_by_role("list", name="Enrolled")
    expect(enrolled.get_by_text("Enrolled: Meadow Painting for Mia Rivera")).to_be_visible()
    expect(enrolled.get_by_text("Enrolled: Loom Weaving for Leo Rivera")).to_be_visible()

    family = User.objects.get(email="ines@family.test")
    assert family.role == Role.STUDENT
    mia = Participant.objects.get(account=family, first_name="Mia")
    leo = Participant.objects.get(account=family, first_name="Leo")
    assert Enrolment.objects.filter(participant=mia, camp_class=painting).exists()
    assert Enrolment.objects.filter(participant=leo, camp_class=weaving).exists()
    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    assert checkout.opened_by == office
