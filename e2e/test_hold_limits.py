"""A family that holds as many seats of a class as the school allows one family sees, on the
payment page for a third child, why no seat is held for them, and nothing to pay with."""

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Role
from classes.models import ClassStatus
from e2e.class_steps import dashboard_menu, member, open_dashboard, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import card_field, pay_button
from enrolments.models import SeatHold
from testing.factories import ChildFactory, SelectionFactory, scheduled_class

pytestmark = pytest.mark.usefixtures("emulator")

MOSAIC = "Mosaic Tiles"


def open_payment_for_child(page: Page, who: str):
    dashboard_menu(page).get_by_role("link", name="My Selected Classes").click()
    card = page.get_by_role("main").get_by_role("article", name=MOSAIC).filter(has_text=who)
    card.get_by_role("link", name="Pay").click()
    expect(page).to_have_title("Payment | Camp")
    expect(page.get_by_role("main")).to_contain_text(f"For: {who}")


def test_a_family_sees_why_it_cannot_hold_a_third_seat(page: Page, emulator, live_server, settings):
    settings.HOLDS_PER_FAMILY_PER_CLASS = 2
    start = timezone.localdate() + timedelta(days=30)
    mosaic = scheduled_class(
        name=MOSAIC,
        start=start,
        days=(start.weekday(),),
        hours=(time(9), time(12)),
        image=demo_image("pottery.webp"),
        price=Decimal("45.50"),
        seats=8,
        status=ClassStatus.APPROVED,
    )
    ana = member(
        emulator,
        live_server,
        name="Ana Lopez",
        email="ana@camp.test",
        role=Role.STUDENT,
        portrait="student",
    )
    children = [ChildFactory(account=ana, first_name=name) for name in ("Mia", "Leo", "Ivy")]
    for child in children:
        SelectionFactory(student=ana, participant=child, camp_class=mosaic)
    sign_in(page, ana.email)
    open_dashboard(page, "my-selected-classes")

    for child in children[:2]:
        open_payment_for_child(page, child.name)
        expect(card_field(page).get_by_placeholder("number")).to_be_visible()
        expect(pay_button(page)).to_be_enabled()
    open_payment_for_child(page, children[2].name)

    expect(page.get_by_role("alert")).to_have_text(
        re.compile(
            r"Your family already holds 2 seats in this class, the most one family may hold at "
            r"once\. Pay for one, or remove one from your selected classes, to hold another\."
        )
    )
    expect(pay_button(page)).to_be_disabled()
    assert sorted(SeatHold.objects.values_list("participant__first_name", flat=True)) == [
        "Leo",
        "Mia",
    ]
