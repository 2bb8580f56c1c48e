"""A parent on a phone (390 px) fills in a child's care record from My Family a section at a
time, copying the people from her brother's record, and is taken to what is wrong when a number
is mistyped; then enrols her, signing every policy due with one typed name on the payment page;
next season they confirm the record in one click; the instructor sees the EpiPen flag on the
roster."""

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Role
from care.models import CareDocument, CareRecord, DocumentKind, PolicyAcceptance, empty_medical
from classes.models import ClassStatus
from e2e.class_steps import (
    check_accessible,
    instructor_member,
    log_out,
    member,
    sign_in,
)
from e2e.helpers import demo_image
from e2e.payment_steps import CARD_OK, card_field, fill_card, pay_button
from enrolments.models import Enrolment
from testing.care import CONTACTS, a_pdf, school_policies_seeded
from testing.dates import years_before
from testing.factories import ChildFactory, SelectionFactory, scheduled_class

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
# Signing in and out uses the navigation bar, folded behind a button on a phone.
LAPTOP = {"width": 1280, "height": 800}
WATERCOLOUR = "Watercolour for Kids"


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def watercolour(instructor):
    today = timezone.localdate()
    start = today + timedelta(days=35 - today.weekday())
    return scheduled_class(
        name=WATERCOLOUR,
        start=start,
        end=start + timedelta(days=4),
        days=(0, 2),
        hours=(time(9), time(12)),
        instructor=instructor,
        image=demo_image("watercolor.webp"),
        price=Decimal("45.50"),
        seats=6,
        age_min=6,
        age_max=12,
        status=ClassStatus.APPROVED,
    )


@pytest.fixture
def ana(emulator, live_server):
    return member(
        emulator,
        live_server,
        name="Ana Lopez",
        email="ana@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )


def fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def contact(form, group: str, name: str, relationship: str, phone: str) -> None:
    row = form.get_by_role("group", name=group)
    row.get_by_label("Name").fill(name)
    row.get_by_label("Relationship").fill(relationship)
    row.get_by_label("Phone").fill(phone)


def saved(page: Page, section: str) -> None:
    form = page.get_by_role("form", name=f"Mia's care record: {section}")
    form.get_by_role("button", name=f"Save {section}").click()
    expect(page.get_by_text(f"Mia's care record: {section} saved")).to_be_visible()


def put_right(form, phone, typed: str) -> None:
    """Save refused for the phone: the summary at the top of the form has the focus, on screen,
    and its link takes the parent to the field."""
    form.get_by_role("button", name="Save emergency contacts").click()
    summary = form.get_by_role("alert")
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    expect(summary).to_contain_text(
        "Emergency contact 2, phone: Enter a valid phone number, with its area code."
    )
    expect(summary).not_to_contain_text("emergencyContacts")
    summary.get_by_role("link").click()
    expect(phone).to_be_focused()
    phone.fill(typed)


def fill_in_the_record(page: Page) -> None:
    expect(page.get_by_text("0 of 4 sections done")).to_be_visible()
    health = page.get_by_role("form", name="Mia's care record: health")
    health.get_by_role("button", name="Add an allergy").click()
    allergy = health.get_by_role("group", name="Allergy 1")
    allergy.get_by_label("Allergic to").fill("Peanuts")
    allergy.get_by_label("Severity").select_option("anaphylactic")
    allergy.get_by_label("What to do").fill("EpiPen in her bag's front pocket, then call 911.")
    saved(page, "health")
    # Pick-ups ask for nothing (the parents may collect her): saved with the record, done.
    expect(page.get_by_text("2 of 4 sections done")).to_be_visible()

    # Her brother's people, copied in to look over; one number is then mistyped, by the
    # browser's reckoning and then by the server's.
    page.get_by_role("button", name="Copy contacts and pick-ups from Leo").click()
    contacts = page.get_by_role("form", name="Mia's care record: emergency contacts")
    first = contacts.get_by_role("group", name="Emergency contact 1")
    expect(first.get_by_label("Name")).to_have_value("Rosa Lopez")
    phone = contacts.get_by_role("group", name="Emergency contact 2").get_by_label("Phone")
    phone.fill("555 01")
    put_right(contacts, phone, "123 456 7890")
    put_right(contacts, phone, "(415) 555-0177")
    saved(page, "emergency contacts")

    pickups = page.get_by_role("form", name="Mia's care record: pick-ups")
    first_pickup = pickups.get_by_role("group", name="Pick-up person 1").get_by_label("Name")
    expect(first_pickup).to_have_value("Luis Lopez")
    saved(page, "pick-ups")
    consent = page.get_by_role("form", name="Mia's care record: consent")
    consent.get_by_role("group", name="Photo consent").get_by_label("No").check()
    fits_the_screen(page)
    saved(page, "consent")
    expect(page.get_by_text("4 of 4 sections done")).to_be_visible()


def test_a_parent_on_a_phone_fills_in_the_record_signs_and_enrols(
    page: Page, ana, instructor, watercolour, tmp_path
):
    school_policies_seeded()
    mia = ChildFactory(
        account=ana,
        first_name="Mia",
        last_name="Lopez",
        # Nine on the day of the run: inside the class's ages (6 to 12), whatever the year.
        date_of_birth=years_before(timezone.localdate(), 9),
        care=False,
    )
    leo = ChildFactory(account=ana, first_name="Leo", last_name="Lopez", care=False)
    CareRecord.objects.create(
        participant=leo,
        medical=empty_medical(),
        emergency_contacts=CONTACTS,
        pickups=[CONTACTS[1]],
        photo_consent=True,
        confirmed_at=timezone.now(),
    )
    selection = SelectionFactory(student=ana, participant=mia, camp_class=watercolour)
    sign_in(page, ana.email)
    page.set_viewport_size(PHONE)

    page.goto("/dashboard/family")
    page.get_by_role("article", name="Mia Lopez").get_by_role("link", name="Care record").click()
    expect(page.get_by_role("heading", level=1, name="Care record: Mia Lopez")).to_be_visible()
    fill_in_the_record(page)
    check_accessible(page)
    record = CareRecord.objects.get(participant=mia)
    assert record.medical["allergies"][0]["severity"] == "anaphylactic"

    # An anaphylactic allergy asks for an allergy action plan: the doctor's, uploaded here.
    plan = tmp_path / "action-plan.pdf"
    plan.write_bytes(a_pdf())
    upload = page.get_by_role("form", name=re.compile("^Upload a document for Mia"))
    upload.get_by_label("File", exact=True).set_input_files(plan)
    upload.get_by_label("Kind of document").select_option("action_plan")
    upload.get_by_role("button", name="Upload document").click()
    expect(page.get_by_role("button", name="Download action-plan.pdf")).to_be_visible()
    assert CareDocument.objects.get(participant=mia).kind == DocumentKind.ACTION_PLAN
    assert [c["phone"] for c in record.emergency_contacts] == ["+14155550134", "+14155550177"]

    # My Family names every policy due, for whom, in one form.
    page.get_by_role("link", name="Back to My Family").click()
    signature = page.get_by_role("form", name="Accept the school's policies")
    expect(signature.get_by_text("for Mia and Leo").first).to_be_visible()
    fits_the_screen(page)

    # The payment page asks for the four still due for Mia, signed at once with one name.
    page.goto(f"/dashboard/payment/{selection.pk}")
    main = page.get_by_role("main")
    expect(
        main.get_by_role("heading", name="Before Mia's first class the school needs:")
    ).to_be_visible()
    check_accessible(page)
    signature = main.get_by_role("form", name="Accept the school's policies")
    for title in ("Liability waiver", "Photo policy", "Refund policy", "Code of conduct"):
        expect(signature.get_by_text(title, exact=True)).to_be_visible()
    signature.get_by_label("Type your full name to accept").fill("Ana Lopez")
    signature.get_by_role("button", name="Accept all").click()
    expect(signature).to_be_hidden()
    expect(main.get_by_text("Thank you: the school has everything it needs.")).to_be_visible()
    expect(card_field(page).get_by_placeholder("number")).to_be_visible(timeout=15_000)
    fill_card(page, CARD_OK)
    pay_button(page).click()
    expect(main.get_by_text(re.compile("^Transaction complete"))).to_be_visible(timeout=15_000)
    assert Enrolment.objects.get(participant=mia).camp_class == watercolour
    assert PolicyAcceptance.objects.filter(account=ana).count() == 4

    # Next season: the record was confirmed ten months ago; one click says it is still correct.
    CareRecord.objects.filter(participant=mia).update(
        confirmed_at=timezone.now() - timedelta(days=301)
    )
    page.goto(f"/dashboard/family/{mia.pk}/care")
    page.get_by_role("button", name="Still correct").click()
    expect(page.get_by_text("Thank you: Mia's care record is confirmed")).to_be_visible()
    assert CareRecord.objects.get(participant=mia).confirmed_at > timezone.now() - timedelta(
        minutes=5
    )

    # The instructor's roster, on a phone too: the EpiPen flag and who may collect her.
    page.set_viewport_size(LAPTOP)
    page.goto("/")
    log_out(page)
    sign_in(page, instructor.email)
    page.set_viewport_size(PHONE)
    page.goto(f"/dashboard/my-classes/{watercolour.pk}/roster")
    expect(page.get_by_text("EpiPen: Peanuts (anaphylactic)")).to_be_visible()
    expect(page.get_by_text("Pick-up: Luis Lopez")).to_be_visible()
    expect(page.get_by_text("No photos")).to_be_visible()
    fits_the_screen(page)
    check_accessible(page)
