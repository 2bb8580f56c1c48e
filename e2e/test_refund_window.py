"""A class's first meeting moves after a family paid: in Chromium, the family opens the
cancellation on My Enrolled Classes and reads that everything it paid comes back, and until
when."""

import re
from datetime import time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from classes.models import ClassStatus
from classes.services import class_update
from core.school_time import school_timezone, school_today
from e2e.class_steps import check_accessible, class_card, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import paid_seat, student_member
from testing.factories import scheduled_class

pytestmark = pytest.mark.usefixtures("emulator")

LINO = "Linocut Printing"


def test_a_family_sees_its_full_refund_window_after_the_first_meeting_moves(
    page: Page, emulator, live_server
):
    # Ten days off when Sam pays: by the school's terms, half would come back.
    start = school_today() + timedelta(days=10)
    lino = scheduled_class(
        name=LINO,
        start=start,
        days=(start.weekday(),),
        hours=(time(9), time(12)),
        image=demo_image("watercolor.webp"),
        price=Decimal("45.50"),
        seats=4,
        status=ClassStatus.APPROVED,
    )
    sam = student_member(emulator, live_server)
    paid_seat(sam, lino)
    # The instructor moves it a day earlier, with the week's notice the school asks.
    moved = start - timedelta(days=1)
    class_update(
        class_id=lino.pk,
        editor=lino.instructor,
        name=lino.name,
        image=lino.image,
        price=lino.price,
        seats=lino.seats,
        start_date=moved,
        end_date=moved,
        meeting_days=[moved.weekday()],
    )
    today = timezone.localdate(timezone=school_timezone())
    until = today + timedelta(days=7)

    sign_in(page, sam.email)
    page.goto("/dashboard/my-enrolled-classes")
    class_card(page, LINO).get_by_role("button", name="Cancel enrolment").click()
    dialog = page.get_by_role("dialog")

    expect(dialog.locator("dt:text-is('Refund') + dd")).to_contain_text("$45.50")
    expect(dialog.locator("dt:text-is('Refund') + dd")).to_contain_text("Full refund")
    expect(dialog).to_contain_text(
        re.compile(
            rf"The class's first meeting moved on {today:%A, %B} {today.day}, so you may cancel "
            rf"for a full refund until {until:%A, %B} {until.day}\."
        )
    )
    check_accessible(page)
