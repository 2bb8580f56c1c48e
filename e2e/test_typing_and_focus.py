"""What a person types stays as typed, and a dialog starts on its way forward, in Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from classes.models import ClassStatus
from e2e.class_steps import instructor_member, sign_in
from e2e.helpers import PASSWORD, demo_image
from e2e.payment_steps import student_member
from testing.factories import ClassFactory

pytestmark = pytest.mark.usefixtures("emulator")


def test_a_dialog_opens_with_its_way_forward_focused(page: Page):
    ClassFactory(
        name="Origami Animals", image=demo_image("origami.webp"), status=ClassStatus.APPROVED
    )
    page.goto("/all-classes")
    page.get_by_role("article", name="Origami Animals").get_by_role("button", name="Select").click()

    dialog = page.get_by_role("dialog", name="Please Login at First to Select this Class")
    expect(dialog.get_by_role("button", name="Login Now!")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/login$"))


def test_a_refused_registration_keeps_everything_that_was_typed(page: Page, emulator, live_server):
    student_member(emulator, live_server)
    typed = {
        "Name": "Sam Again",
        "Photo URL": "https://images.camp.test/sam.png",
        "Email": "sam@camp.test",
        "Password": PASSWORD,
        "Confirm password": PASSWORD,
    }
    page.goto("/register")
    form = page.get_by_role("main")
    for label, text in typed.items():
        form.get_by_label(label, exact=True).press_sequentially(text)
    form.get_by_role("button", name="Register").click()

    expect(page.get_by_role("alert")).to_have_text("An account with this e-mail already exists.")
    for label, text in typed.items():
        expect(form.get_by_label(label, exact=True)).to_have_value(text)


def test_a_price_keeps_the_zero_typed_after_its_point(page: Page, emulator, live_server):
    instructor = instructor_member(emulator, live_server)
    sign_in(page, instructor.email)
    page.goto("/dashboard/add-class")

    price = page.get_by_role("main").get_by_label("Price", exact=True)
    # Key by key, as a person types: "45.0" reads as 45 on its way to 45.05.
    price.press_sequentially("45.05")

    expect(price).to_have_value("45.05")
