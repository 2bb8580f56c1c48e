"""An instructor writes to the families of their class from My Classes; a real Celery worker sends
one e-mail per family to the SMTP sink. A parent stops announcements with the link at the foot of
one, in one click, and still gets the reminder before the first meeting."""

import re
from datetime import time, timedelta
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from celery.contrib.testing.worker import start_worker
from django.core.management import call_command
from playwright.sync_api import Page, expect

from camp.celery import app as celery_app
from class_messages.models import ClassMessage
from classes.models import ClassStatus
from core.school_time import school_today
from e2e.class_steps import check_accessible, instructor_member, log_out, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import student_member
from testing.factories import ChildFactory, EnrolmentFactory, UserFactory, scheduled_class

pytestmark = pytest.mark.usefixtures("emulator")

CLAY = "Clay Creatures"


@pytest.fixture
def worker(live_server):
    """A Celery worker consuming what the live server queues, in a thread of its own."""
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        yield


def mail_to(smtp_sink, page: Page, address: str, kind: str, count: int = 1) -> list:
    """The messages of `kind` the sink received for `address`, once `count` of them arrived."""
    for _ in range(150):
        found = [m for m in smtp_sink.messages() if m["X-Camp-Kind"] == kind and m["To"] == address]
        if len(found) >= count:
            return found
        page.wait_for_timeout(100)
    return found


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def test_an_instructor_writes_to_the_class_and_a_parent_stops_announcements_in_one_click(
    page: Page, emulator, live_server, smtp_sink, worker, settings
):
    maya = instructor_member(emulator, live_server)
    first = school_today() + timedelta(days=20)
    clay = scheduled_class(
        name=CLAY,
        start=first,
        end=first + timedelta(days=4),
        days=tuple(range(7)),
        hours=(time(9), time(12)),
        instructor=maya,
        image=demo_image("pottery.webp"),
        price=Decimal("80.00"),
        location="Studio A, 12 Kiln Lane",
        what_to_bring="An apron",
        status=ClassStatus.APPROVED,
    )
    sam = student_member(emulator, live_server)
    ana = UserFactory(name="Ana Silva", email="ana@camp.test")
    for family in (sam, ana):
        EnrolmentFactory(student=family, participant=ChildFactory(account=family), camp_class=clay)

    # The instructor writes from My Classes: one e-mail to each family, from the school.
    sign_in(page, maya.email)
    page.goto("/dashboard/my-classes")
    page.get_by_role("article", name=CLAY).get_by_role("link", name="Message families").click()
    expect(page.get_by_role("heading", level=1, name=f"Message families: {CLAY}")).to_be_visible()
    form = page.get_by_role("form", name="Message families")
    form.get_by_label("Subject").fill("Kiln open day")
    form.get_by_label("Message").fill(
        "Families are welcome at the kiln on Friday.\n\nThe map: https://camp.test/kiln."
    )
    form.get_by_role("radio", name="Enrolled families").check()
    form.get_by_role("checkbox", name="Announcement").check()
    check_accessible(page)
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_text("Sent to 2 families.")).to_be_visible()
    message = ClassMessage.objects.get(camp_class=clay)
    assert (message.sender, message.recipients, message.announcement) == (maya, 2, True)

    [to_sam] = mail_to(smtp_sink, page, sam.email, "class_message")
    [to_ana] = mail_to(smtp_sink, page, ana.email, "class_message")
    assert to_sam["Subject"] == f"{CLAY}: Kiln open day"
    assert maya.email not in to_sam.as_string()
    assert "Maya Lindqvist, your instructor" in text_of(to_sam)
    assert to_sam["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    html = to_ana.get_body(preferencelist=("html",)).get_content()
    assert '<a href="https://camp.test/kiln">https://camp.test/kiln</a>.' in html

    # Sam follows the link at the foot of the announcement: opening it changes nothing, the
    # button stops announcements.
    page.goto("/")
    log_out(page)
    link = re.search(r"https?://\S+/unsubscribe/\S+", text_of(to_sam)).group()
    page.goto(urlsplit(link).path)
    expect(page.get_by_text(re.compile(r"^Announcements to .+ are on\.$"))).to_be_visible()
    check_accessible(page)
    page.get_by_role("button", name="Stop announcements").click()
    expect(page.get_by_text(re.compile("^Done: no more announcements to"))).to_be_visible()

    # The next announcement reaches Ana alone; the reminder before the first meeting reaches
    # both, Sam's with what to bring.
    sign_in(page, maya.email)
    page.goto(f"/dashboard/my-classes/{clay.pk}/messages")
    # The page has settled once what was written before is listed.
    expect(page.get_by_text("Kiln open day")).to_be_visible()
    form = page.get_by_role("form", name="Message families")
    form.get_by_label("Subject").fill("Glaze colours")
    form.get_by_label("Message").fill("Pick two colours for your pot.")
    form.get_by_role("radio", name="Enrolled families").check()
    form.get_by_role("checkbox", name="Announcement").check()
    form.get_by_role("button", name="Send").click()
    expect(page.get_by_text("Sent to 1 family.")).to_be_visible()
    assert len(mail_to(smtp_sink, page, ana.email, "class_message", count=2)) == 2

    # The reminder pass, as the beat runs it, with the class inside the reminder's window.
    settings.CLASS_REMINDER_DAYS = 21
    call_command("send_class_reminders")
    [reminder] = mail_to(smtp_sink, page, sam.email, "class_reminder")
    assert "An apron" in text_of(reminder)
    assert len(mail_to(smtp_sink, page, sam.email, "class_message")) == 1
