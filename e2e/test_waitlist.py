"""A full class's waitlist in Chromium: one family joins it, the family holding the seat cancels,
the offer e-mail reaches the other through a real Celery worker and SMTP server, they accept and
pay within the countdown, and the family that cancelled finds the refund in their history."""

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Role
from camp.celery import app as celery_app
from classes.models import ClassStatus
from e2e.class_steps import check_accessible, class_card, dashboard_menu, member, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import CARD_OK, fill_card, paid_seat, pay_button, student_member
from enrolments.models import Enrolment, WaitlistEntry, WaitlistStatus
from payments.models import Payment, PaymentStatus
from testing.factories import scheduled_class

pytestmark = pytest.mark.usefixtures("emulator")

BATIK = "Batik on Silk"


@pytest.fixture
def worker(live_server):
    """A Celery worker sending what the live server queues, in a thread of this process."""
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        yield


def mail_to(smtp_sink, page: Page, email: str, kind: str):
    # A thread's messages go out in order (notifications.sending), each after the one before,
    # so the last of a few may take a while behind its elders' retries.
    for _ in range(600):
        found = [m for m in smtp_sink.messages() if m["To"] == email and m["X-Camp-Kind"] == kind]
        if found:
            return found
        page.wait_for_timeout(100)
    return []


def text_of(message) -> str:
    part = message.get_body(preferencelist=("plain",))
    return part.get_content()


def test_a_freed_seat_goes_to_the_waitlist_and_the_canceller_is_refunded(
    page, browser, emulator, live_server, smtp_sink, worker
):
    start = timezone.localdate() + timedelta(days=35)
    batik = scheduled_class(
        name=BATIK,
        start=start,
        days=(start.weekday(),),
        hours=(time(9), time(12)),
        image=demo_image("watercolor.webp"),
        price=Decimal("45.50"),
        seats=1,
        status=ClassStatus.APPROVED,
    )
    # Sam took the one seat, paid by card at localstripe.
    sam = student_member(emulator, live_server)
    paid_seat(sam, batik)
    ana = member(
        emulator,
        live_server,
        name="Ana Reyes",
        email="ana@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )

    # The class is full: Ana joins its waitlist and reads her place.
    sign_in(page, ana.email)
    page.goto("/all-classes")
    card = class_card(page, BATIK)
    expect(card.get_by_role("button", name="Select")).to_have_count(0)
    card.get_by_role("button", name="Join the waitlist").click()
    expect(page.get_by_text("You are on the waitlist, number 1")).to_be_visible()
    page.goto("/dashboard/my-selected-classes")
    dashboard_menu(page).get_by_role("link", name="My Waitlist").click()
    entry_card = page.get_by_role("main").get_by_role("article", name=re.compile(BATIK))
    expect(entry_card.get_by_text("Number 1 on the list")).to_be_visible()
    check_accessible(page)

    # Sam cancels, in a browser of his own, and is shown the refund first.
    sams = browser.new_context(base_url=live_server.url)
    sams_page = sams.new_page()
    sign_in(sams_page, sam.email)
    sams_page.goto("/dashboard/my-enrolled-classes")
    class_card(sams_page, BATIK).get_by_role("button", name="Cancel enrolment").click()
    dialog = sams_page.get_by_role("dialog")
    refund = dialog.locator("dt:text-is('Refund') + dd")
    expect(refund).to_contain_text("$45.50")
    check_accessible(sams_page)
    dialog.get_by_role("button", name="Cancel enrolment").click()
    expect(dialog).to_have_count(0)
    expect(class_card(sams_page, BATIK)).to_have_count(0)

    # The offer e-mail reaches Ana, with the link to accept it.
    [offer] = mail_to(smtp_sink, page, ana.email, "waitlist_offer")
    assert offer["Subject"] == f"A seat for you: {BATIK}"
    entry = WaitlistEntry.objects.get(participant__account=ana)
    link = f"{settings.SITE_URL.rstrip('/')}/dashboard/waitlist#offer-{entry.pk}"
    assert link in text_of(offer)

    # Ana follows it (a new tab, as from her mail), accepts, and pays while the seat is held.
    page = page.context.new_page()
    page.goto(link.removeprefix(settings.SITE_URL.rstrip("/")))
    offered = page.get_by_role("main").get_by_role("article", name=re.compile(BATIK))
    expect(offered.get_by_text("Seat offered")).to_be_visible()
    expect(offered).to_have_attribute("aria-current", "true")
    check_accessible(page)
    offered.get_by_role("button", name="Accept").click()
    expect(page).to_have_url(re.compile(r"/dashboard/payment/\d+$"))
    expect(page.get_by_role("timer")).to_contain_text("Your seat is held for")
    check_accessible(page)
    fill_card(page, CARD_OK)
    pay_button(page).click()
    expect(page.get_by_role("main").get_by_text(re.compile("^Transaction complete"))).to_be_visible(
        timeout=15_000
    )
    assert Enrolment.objects.get(camp_class=batik, status="active").student == ana
    assert WaitlistEntry.objects.get(pk=entry.pk).status == WaitlistStatus.ACCEPTED

    # Sam's history shows the refund as its own row, and his e-mail says so once.
    sams_page.goto("/dashboard/my-payment-history")
    history = sams_page.get_by_role("main")
    expect(history.get_by_text(f"Refund: {BATIK}")).to_be_visible()
    expect(history.get_by_text("−$45.50")).to_be_visible()
    [refund] = mail_to(smtp_sink, page, sam.email, "refund_made")
    assert BATIK in refund["Subject"]
    assert Payment.objects.get(student=sam).status != PaymentStatus.ENROLLED
    sams.close()
