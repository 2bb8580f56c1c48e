"""The family's whole path on a phone (390 px), axe-clean in the light theme and the dark at every
step (one walk, each step checked in both): a parent
with two children fills in both care records (the second copying the first's contacts), meets a
mistyped phone number and is taken to it, signs the school's policies once for both, puts two
classes in the cart from the catalog, pays once, and gets one receipt e-mail for the checkout.
The to-do list on the dashboard's home shrinks as each thing is done, and is empty at the end."""

import re
from decimal import Decimal

import pytest
from celery.contrib.testing.worker import start_worker
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Role
from camp.celery import app as celery_app
from care.models import CareRecord, PolicyAcceptance
from e2e.class_steps import check_accessible, member, sign_in
from e2e.payment_steps import CARD_OK, card_field, fill_card, summer_class
from enrolments.models import Enrolment
from payments.models import Checkout, CheckoutStatus, SiblingDiscount
from payments.tests import stripe_js
from testing.care import school_policies_seeded
from testing.dates import years_before
from testing.factories import ChildFactory
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
POTTERY, WEAVING = "Wheel-Thrown Pottery", "Loom Weaving"


@pytest.fixture
def worker(live_server):
    """A Celery worker sending what the live server queues, as `make run`'s does."""
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        yield


def check_accessible_in_both_themes(page: Page) -> None:
    """axe-core on the page as it stands in the dark theme, then the light one the walk goes on
    in: the theme the toggle sets (the attribute) and the browser's preference alike, so one walk
    checks what a walk per theme would, without walking twice."""
    for theme in ("dark", "light"):
        page.emulate_media(color_scheme=theme)
        page.evaluate(
            "theme => document.documentElement.setAttribute('data-bs-theme', theme)", theme
        )
        check_accessible(page)


def fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def my_family(page: Page) -> None:
    """My Family once each child's portfolio has answered: its line under a child's card pushes
    the cards below it down, so a tap aimed before then may land beside its link."""
    page.goto("/dashboard/family")
    for child in ("Mia Lopez", "Leo Lopez"):
        card = page.get_by_role("article", name=child)
        expect(card.get_by_text(re.compile(r"instructor photographs a piece"))).to_be_visible()


def to_do(page: Page) -> list[str]:
    """The dashboard home's list, each thing's task in the family's words."""
    page.goto("/dashboard")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="To Do")).to_be_visible()
    things = main.get_by_role("list", name="Things to do, the most urgent first")
    expect(things.or_(main.get_by_text("Nothing to do. You are all set."))).to_be_visible()
    fits_the_screen(page)
    check_accessible_in_both_themes(page)
    return [text.strip() for text in things.locator("li .fw-semibold").all_inner_texts()]


def record_form(page: Page, first: str, section: str):
    return page.get_by_role("form", name=f"{first}'s care record: {section}")


def section_saved(page: Page, first: str, section: str) -> None:
    record_form(page, first, section).get_by_role("button", name=f"Save {section}").click()
    expect(page.get_by_text(f"{first}'s care record: {section} saved")).to_be_visible()


def contact(form, group: str, name: str, relationship: str, phone: str) -> None:
    row = form.get_by_role("group", name=group)
    row.get_by_label("Name").fill(name)
    row.get_by_label("Relationship").fill(relationship)
    row.get_by_label("Phone").fill(phone)


def leos_record_by_hand(page: Page) -> None:
    expect(page.get_by_text("0 of 4 sections done")).to_be_visible()
    section_saved(page, "Leo", "health")
    contacts = record_form(page, "Leo", "emergency contacts")
    contact(contacts, "Emergency contact 1", "Rosa Lopez", "Mother", "(415) 555-0134")
    contact(contacts, "Emergency contact 2", "Luis Lopez", "Father", "(415) 555-0166")
    section_saved(page, "Leo", "emergency contacts")
    pickups = record_form(page, "Leo", "pick-ups")
    pickups.get_by_role("button", name="Add a person").click()
    contact(pickups, "Pick-up person 1", "Luis Lopez", "Father", "(415) 555-0166")
    section_saved(page, "Leo", "pick-ups")
    consent = record_form(page, "Leo", "consent")
    consent.get_by_role("group", name="Photo consent").get_by_label("Yes").check()
    section_saved(page, "Leo", "consent")
    expect(page.get_by_text("4 of 4 sections done")).to_be_visible()
    fits_the_screen(page)
    check_accessible_in_both_themes(page)


def mias_record_copied(page: Page) -> None:
    """Her brother's people copied in; one number mistyped, refused, found and put right."""
    page.get_by_role("button", name="Copy contacts and pick-ups from Leo").click()
    contacts = record_form(page, "Mia", "emergency contacts")
    expect(
        contacts.get_by_role("group", name="Emergency contact 1").get_by_label("Name")
    ).to_have_value("Rosa Lopez")
    phone = contacts.get_by_role("group", name="Emergency contact 2").get_by_label("Phone")
    phone.fill("555 01")
    contacts.get_by_role("button", name="Save emergency contacts").click()
    summary = contacts.get_by_role("alert")
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    expect(summary).to_contain_text("Emergency contact 2, phone")
    expect(summary).not_to_contain_text("emergencyContacts")
    check_accessible_in_both_themes(page)
    summary.get_by_role("link").first.click()
    expect(phone).to_be_focused()
    expect(phone).to_be_in_viewport()
    phone.fill("(415) 555-0177")
    section_saved(page, "Mia", "emergency contacts")
    expect(
        record_form(page, "Mia", "pick-ups")
        .get_by_role("group", name="Pick-up person 1")
        .get_by_label("Name")
    ).to_have_value("Luis Lopez")
    section_saved(page, "Mia", "pick-ups")
    section_saved(page, "Mia", "health")
    consent = record_form(page, "Mia", "consent")
    consent.get_by_role("group", name="Photo consent").get_by_label("No").check()
    section_saved(page, "Mia", "consent")
    expect(page.get_by_text("4 of 4 sections done")).to_be_visible()
    check_accessible_in_both_themes(page)


def select_for(page: Page, class_name: str, who: str) -> None:
    card = page.get_by_role("main").get_by_role("article", name=class_name)
    card.get_by_role("button", name=re.compile(r"^Select")).click()
    dialog = page.get_by_role("dialog", name=f"Who is {class_name} for?")
    expect(dialog).to_be_visible()
    check_accessible_in_both_themes(page)
    dialog.get_by_role("button", name=who).click()
    expect(dialog).to_be_hidden()


def test_a_parent_on_a_phone_does_everything_once(
    page: Page, emulator, live_server, smtp_sink, worker
):
    school_policies_seeded()
    season = a_season(starts_in_days=40)
    SiblingDiscount.objects.create(
        season=season, second_percent=Decimal(10), third_percent=Decimal(15)
    )
    summer_class(season, POTTERY, "pottery.webp", "120.00", week=0)
    summer_class(season, WEAVING, "origami.webp", "80.00", week=1)
    ana = member(
        emulator,
        live_server,
        name="Ana Lopez",
        email="ana@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )
    # Nine and seven on the day of the run: inside the classes' ages (6 to 12).
    today = timezone.localdate()
    mia = ChildFactory(
        account=ana,
        first_name="Mia",
        last_name="Lopez",
        date_of_birth=years_before(today, 9),
        care=False,
    )
    ChildFactory(
        account=ana,
        first_name="Leo",
        last_name="Lopez",
        date_of_birth=years_before(today, 7),
        care=False,
    )

    sign_in(page, ana.email)
    page.set_viewport_size(PHONE)

    # At first: both records, and each of the school's policies.
    first = to_do(page)
    assert "Fill in Leo Lopez's care record" in first and "Fill in Mia Lopez's care record" in first
    policies = [task for task in first if task.startswith("Accept the")]
    assert policies

    my_family(page)
    page.get_by_role("article", name="Leo Lopez").get_by_role("link", name="Care record").click()
    leos_record_by_hand(page)
    assert "Fill in Leo Lopez's care record" not in to_do(page)

    my_family(page)
    page.get_by_role("article", name="Mia Lopez").get_by_role("link", name="Care record").click()
    mias_record_copied(page)
    assert [c["phone"] for c in CareRecord.objects.get(participant=mia).emergency_contacts] == [
        "+14155550134",
        "+14155550177",
    ]
    assert to_do(page) == policies

    # One signature for every policy due, each named.
    page.goto("/dashboard/family")
    signature = page.get_by_role("form", name="Accept the school's policies")
    expect(signature).to_be_visible()
    check_accessible_in_both_themes(page)
    signature.get_by_label("Type your full name to accept").fill("Ana Lopez")
    signature.get_by_role("button", name="Accept all").click()
    expect(signature).to_be_hidden()
    assert PolicyAcceptance.objects.filter(account=ana).count() >= len(policies)
    assert to_do(page) == []

    # Two classes into the cart from the catalog; the bar totals them as checkout will.
    page.goto("/all-classes")
    select_for(page, POTTERY, "Mia Lopez")
    select_for(page, WEAVING, "Leo Lopez")
    cart = page.get_by_role("region", name="Your cart")
    # Leo's is the cheaper class, 10% off as the second child: $120 + $72.
    checkout_button = cart.get_by_role("button", name="Checkout (2) · $192")
    expect(checkout_button).to_be_visible()
    fits_the_screen(page)
    check_accessible_in_both_themes(page)
    checkout_button.click()

    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(main.locator("dt:text-is('Total due') + dd").last).to_have_text("$192.00")
    expect(card_field(page).get_by_placeholder("number")).to_be_visible(timeout=15_000)
    check_accessible_in_both_themes(page)
    fill_card(page, CARD_OK)
    main.get_by_role("button", name="Pay $192.00").click()
    expect(main.get_by_text("Paid: your family is enrolled.")).to_be_visible(timeout=15_000)
    check_accessible_in_both_themes(page)

    checkout = Checkout.objects.get()
    assert checkout.status == CheckoutStatus.PAID
    assert stripe_js.payment_intent(checkout.payment_intent_id)["amount"] == 19200
    assert sorted(
        (e.participant.first_name, e.camp_class.name)
        for e in Enrolment.objects.select_related("participant", "camp_class")
    ) == [("Leo", WEAVING), ("Mia", POTTERY)]

    def receipts():
        return [
            m
            for m in smtp_sink.messages()
            if m["X-Camp-Kind"] in ("payment_receipt", "checkout_receipt")
        ]

    for _ in range(150):
        if receipts():
            break
        page.wait_for_timeout(100)
    # A moment more for a second receipt, were one coming: the worker sends in queue order.
    page.wait_for_timeout(1_000)
    [receipt] = receipts()
    assert receipt["To"] == ana.email
    assert receipt["X-Camp-Kind"] == "checkout_receipt"
    text = receipt.get_body(preferencelist=("plain",)).get_content()
    assert f"{POTTERY} for Mia Lopez" in text and f"{WEAVING} for Leo Lopez" in text
    assert "Charged to your card: $192.00" in text
    assert f"Reference: Checkout #{checkout.pk}" in text
    assert "pi_" not in text

    assert to_do(page) == []
    expect(page.get_by_role("main").get_by_text("Nothing to do. You are all set.")).to_be_visible()
    expect(page.get_by_role("region", name="Your cart")).to_have_count(0)
