"""The whole purchase in Spanish on a phone (390 px): a parent whose browser asks for Spanish
registers, adds her daughter in My Family, fills in the child's care record a section at a time,
accepts the school's policies, selects a class for her, checks out and pays by card (localstripe),
and finds the enrolment and its receipt. Every page, dialog and notice on the way is in Spanish
and axe-clean."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from accounts.models import Participant, User
from care.models import CareRecord, PolicyAcceptance
from e2e.class_steps import check_accessible
from e2e.helpers import PASSWORD
from e2e.language import assert_in_spanish
from e2e.payment_steps import CARD_OK, fill_card, summer_class
from enrolments.models import Enrolment
from payments.models import Checkout, CheckoutStatus
from testing.care import school_policies_seeded
from testing.dates import years_before
from testing.seasons import a_season

pytestmark = pytest.mark.usefixtures("emulator")

PHONE = {"width": 390, "height": 844}
POTTERY = "Wheel-Thrown Pottery"
EMAIL = "ana@camp.test"


@pytest.fixture
def spanish_phone(browser: Browser, live_server, transactional_db):
    """A phone whose browser asks for Spanish first (its Accept-Language), and nothing more."""
    context = browser.new_context(base_url=live_server.url, locale="es-ES", viewport=PHONE)
    context.set_default_timeout(8_000)
    yield context.new_page()
    context.close()


def in_spanish_and_accessible(page: Page) -> None:
    """What shows now (the page, and any dialog or notice open on it) speaks Spanish, fits the
    phone's screen, and has no serious accessibility fault."""
    assert_in_spanish(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check_accessible(page)


def registered(page: Page) -> None:
    page.goto("/register")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="Registrarse")).to_be_visible()
    in_spanish_and_accessible(page)
    main.get_by_label("Nombre", exact=True).fill("Ana López")
    main.get_by_label("Dirección de la foto").fill("https://images.camp.test/people/ana.webp")
    main.get_by_label("Correo electrónico").fill(EMAIL)
    main.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    main.get_by_label("Confirmar contraseña").fill(PASSWORD)
    main.get_by_role("button", name="Registrarse").click()

    expect(page).to_have_url(re.compile(r"/login$"))
    expect(main.get_by_role("heading", level=1, name="Iniciar sesión")).to_be_visible()
    in_spanish_and_accessible(page)
    main.get_by_label("Correo electrónico").fill(EMAIL)
    main.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    main.get_by_role("button", name="Iniciar sesión", exact=True).click()
    expect(page).not_to_have_url(re.compile(r"/login$"))


def child_added(page: Page, born: str) -> None:
    page.goto("/dashboard/family")
    expect(page.get_by_role("heading", level=1, name="Mi familia")).to_be_visible()
    in_spanish_and_accessible(page)
    form = page.get_by_role("form", name="Agregar un niño")
    form.get_by_label("Nombre", exact=True).fill("Mia")
    form.get_by_label("Apellido").fill("López")
    form.get_by_label("Fecha de nacimiento").fill(born)
    form.get_by_label("Notas para el instructor").fill("Le gusta dibujar animales.")
    form.get_by_label("Nombre del contacto de emergencia").fill("Rosa López")
    form.get_by_label("Teléfono del contacto de emergencia").fill("415 555 0134")
    form.get_by_role("button", name="Agregar niño").click()
    expect(page.get_by_role("article", name="Mia López")).to_be_visible()
    expect(page.get_by_text("Mia López se agregó a su familia")).to_be_visible()
    in_spanish_and_accessible(page)


def record_form(page: Page, section: str):
    return page.get_by_role("form", name=f"Ficha de cuidado de Mia: {section}")


def section_saved(page: Page, section: str) -> None:
    record_form(page, section).get_by_role("button", name=f"Guardar: {section}").click()
    notice = page.get_by_text(f"Ficha de cuidado de Mia: sección {section} guardada")
    expect(notice).to_be_visible()
    in_spanish_and_accessible(page)


def person(form, group: str, name: str, relationship: str, phone: str) -> None:
    row = form.get_by_role("group", name=group)
    row.get_by_label("Nombre", exact=True).fill(name)
    row.get_by_label("Parentesco").fill(relationship)
    row.get_by_label("Teléfono").fill(phone)


def care_record_filled_in(page: Page) -> None:
    mia = page.get_by_role("article", name="Mia López")
    mia.get_by_role("link", name="Ficha de cuidado").click()
    expect(page.get_by_role("heading", level=1, name="Ficha de cuidado: Mia López")).to_be_visible()
    expect(page.get_by_text("0 de 4 secciones completas")).to_be_visible()
    in_spanish_and_accessible(page)

    health = record_form(page, "salud")
    health.get_by_role("button", name="Agregar una alergia").click()
    allergy = health.get_by_role("group", name="Alergia 1")
    allergy.get_by_label("Alérgico a").fill("Fresas")
    allergy.get_by_label("Gravedad").select_option("mild")
    allergy.get_by_label("Qué hacer").fill("Darle agua y avisar a su madre.")
    section_saved(page, "salud")

    contacts = record_form(page, "contactos de emergencia")
    person(contacts, "Contacto de emergencia 1", "Rosa López", "Madre", "(415) 555-0134")
    person(contacts, "Contacto de emergencia 2", "Luis López", "Padre", "(415) 555-0166")
    section_saved(page, "contactos de emergencia")

    pickups = record_form(page, "quién lo recoge")
    pickups.get_by_role("button", name="Agregar una persona").click()
    person(pickups, "Persona autorizada 1", "Luis López", "Padre", "(415) 555-0166")
    section_saved(page, "quién lo recoge")

    consent = record_form(page, "consentimiento")
    consent.get_by_role("group", name="Consentimiento para fotos").get_by_label("Sí").check()
    section_saved(page, "consentimiento")
    expect(page.get_by_text("4 de 4 secciones completas")).to_be_visible()


def policies_accepted(page: Page) -> None:
    page.get_by_role("link", name="Volver a Mi familia").click()
    signature = page.get_by_role("form", name="Aceptar las políticas de la escuela")
    expect(signature).to_be_visible()
    in_spanish_and_accessible(page)
    signature.get_by_label("Escriba su nombre completo para aceptar").fill("Ana López")
    signature.get_by_role("button", name="Aceptar todo").click()
    expect(signature).to_be_hidden()
    # The notice names the policies by the titles the school wrote.
    expect(page.get_by_text(re.compile(r"^Usted aceptó «liability waiver»"))).to_be_visible()
    in_spanish_and_accessible(page)


def class_selected(page: Page) -> None:
    page.goto("/all-classes")
    card = page.get_by_role("main").get_by_role("article", name=POTTERY)
    expect(card).to_be_visible()
    in_spanish_and_accessible(page)
    card.get_by_role("button", name=re.compile(r"^Seleccionar")).click()
    dialog = page.get_by_role("dialog", name=f"¿Para quién es {POTTERY}?")
    expect(dialog).to_be_visible()
    in_spanish_and_accessible(page)
    dialog.get_by_role("button", name="Mia López").click()
    expect(dialog).to_be_hidden()
    cart = page.get_by_role("region", name="Su selección")
    expect(cart).to_be_visible()
    in_spanish_and_accessible(page)
    cart.get_by_role("button", name=re.compile(r"^Pagar \(1\)")).click()


def paid_by_card(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/dashboard/checkout/\d+$"))
    main = page.get_by_role("main")
    expect(main.locator("dt:text-is('Total a pagar') + dd").last).to_have_text("$120.00")
    card = page.get_by_role("group", name="Datos de la tarjeta")
    expect(card.get_by_placeholder("number")).to_be_visible(timeout=15_000)
    in_spanish_and_accessible(page)
    fill_card(page, CARD_OK, language="es")
    main.get_by_role("button", name="Pagar $120.00").click()
    expect(main.get_by_text("Pagado: su familia está inscrita.")).to_be_visible(timeout=15_000)
    in_spanish_and_accessible(page)


def enrolment_and_receipt_shown(page: Page) -> None:
    page.goto("/dashboard/my-enrolled-classes")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="Mis clases inscritas")).to_be_visible()
    expect(main.get_by_role("article", name=POTTERY)).to_contain_text("Mia López")
    in_spanish_and_accessible(page)

    page.goto("/dashboard/my-payment-history")
    expect(page.get_by_role("row").filter(has_text="Mia López")).to_have_count(1)
    in_spanish_and_accessible(page)
    page.get_by_role("row").filter(has_text="Mia López").get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/dashboard/receipts/checkouts/\d+$"))
    expect(main.get_by_role("heading", level=1, name=re.compile("^Recibo"))).to_be_visible()
    expect(main).to_contain_text(POTTERY)
    in_spanish_and_accessible(page)


def test_a_spanish_speaking_parent_buys_a_class_on_a_phone_in_spanish(spanish_phone: Page):
    page = spanish_phone
    school_policies_seeded()
    season = a_season(starts_in_days=40)
    summer_class(season, POTTERY, "pottery.webp", "120.00")
    # Nine on the day of the run: inside the class's ages (6 to 12), whatever the year.
    born = years_before(timezone.localdate(), 9).isoformat()

    registered(page)
    ana = User.objects.get(email=EMAIL)
    # Her first sign-in keeps the language she was reading the site in.
    assert ana.language == "es"

    child_added(page, born)
    mia = Participant.objects.get(account=ana, first_name="Mia")
    care_record_filled_in(page)
    assert CareRecord.objects.get(participant=mia).medical["allergies"][0]["name"] == "Fresas"
    policies_accepted(page)
    assert PolicyAcceptance.objects.filter(account=ana).exists()

    class_selected(page)
    paid_by_card(page)
    assert Checkout.objects.get(family=ana).status == CheckoutStatus.PAID
    assert Enrolment.objects.get(participant=mia).camp_class.name == POTTERY

    enrolment_and_receipt_shown(page)
