"""A student pays in Chromium; a real Celery worker sends the receipt to a real SMTP server."""

import re
from decimal import Decimal

import pytest
from celery.contrib.testing.worker import start_worker
from playwright.sync_api import expect

from camp.celery import app as celery_app
from classes.models import ClassStatus
from e2e.class_steps import open_dashboard, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import CARD_OK, fill_card, open_payment_for, pay_button, student_member
from payments.models import Payment
from testing.factories import ClassFactory, SelectionFactory

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def worker(live_server):
    """A Celery worker consuming what the live server queues (the in-memory broker of this
    process), in a thread of its own: the same worker code `make run` starts as a process."""
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        yield


def test_a_student_pays_and_the_receipt_arrives(page, emulator, live_server, smtp_sink, worker):
    student = student_member(emulator, live_server)
    pottery = ClassFactory(
        name="Wheel-Thrown Pottery",
        image=demo_image("watercolor.webp"),
        status=ClassStatus.APPROVED,
        price=Decimal("45.50"),
        seats=8,
    )
    SelectionFactory(student=student, camp_class=pottery)

    sign_in(page, student.email)
    open_dashboard(page, "my-selected-classes")
    open_payment_for(page, pottery.name)
    fill_card(page, CARD_OK)
    pay_button(page).click()
    expect(page.get_by_role("main").get_by_text(re.compile("^Transaction complete"))).to_be_visible(
        timeout=15_000
    )

    payment = Payment.objects.get(student=student)

    def receipts():
        return [m for m in smtp_sink.messages() if m["X-Camp-Kind"] == "payment_receipt"]

    for _ in range(100):
        if receipts():
            break
        page.wait_for_timeout(100)
    [receipt] = receipts()
    assert receipt["To"] == student.email
    assert receipt["Subject"] == "Your receipt: Wheel-Thrown Pottery"
    text = receipt.get_body(preferencelist=("plain",)).get_content()
    assert "Paid: $45.50" in text
    assert f"Transaction: {payment.transaction_id}" in text
