"""The opening morning's waiting room in Chromium: a family finds the catalog under a banner that
leads to the line, joins it behind two others, reads its place move as the page asks after it,
is let in, goes back to the classes, selects one and buys it with the test card, its admission
sent with each registration write. While it waits, the line names a class it looked at that is
full, and the family joins its waitlist from there. The line's page reads well at a phone's
width and a laptop's, in the light theme and the dark.

The room is on for these tests alone, with a line of their own in the suite's Redis. The line
moves with the server's clock, which the test stops and moves on by the second (one family a
second), so each place the family reads is certain; the browser asks after its place at the
server's pace.
"""

import re
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from e2e.class_steps import check_accessible, class_card, sign_in
from e2e.payment_steps import CARD_OK, fill_card, open_payment_for, pay_button, student_member
from enrolments.models import Selection, WaitlistEntry
from payments.models import Payment, PaymentStatus
from testing.seasons import a_season, a_season_class
from testing.waiting_rooms import waiting_room_on
from waiting_room import line

pytestmark = pytest.mark.usefixtures("emulator")

CLASS_NAME = "Wheel-Thrown Pottery"
FULL_CLASS_NAME = "Raku Firing"
# The page waits up to the server's pace between two questions (10 s while the line is held).
NEXT_POLL = 15_000
# The registration writes the line stands in front of.
GATED = r"/api/(selectClass|createPaymentIntent|payments)$"
# What in the main region reaches past the screen's right edge.
TOO_WIDE = """() => [...document.querySelectorAll("main *")]
    .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
    .map((element) => element.outerHTML.slice(0, 120))"""


@pytest.fixture
def room(settings):
    """The room turned on with keys of its own, one family let in a second, and held until the
    test lets it move: a line empty after its opening would close at once."""
    with waiting_room_on(settings, "e2e-waiting-room"):
        line.waiting_room_pause(paused=True)
        season = a_season("Summer", opens_in=-timedelta(minutes=1))
        assert line.waiting_room_sync() is not None
        yield season


def others_join(count: int) -> None:
    """Families who came through other browsers: each holds a place of its own."""
    for _ in range(count):
        standing = line.line_join(line_token=None, access_token=None)
        assert standing.active and standing.position is not None


def place(page: Page):
    """The family's place, said where a screen reader hears it change."""
    said = re.compile(r"^(Finding your place|You are|It's your turn)")
    return page.get_by_role("main").get_by_role("status").filter(has_text=said)


def test_a_family_waits_its_turn_then_selects_and_pays(page: Page, emulator, live_server, room):
    pottery = a_season_class(room, "45.50", name=CLASS_NAME, seats=6)
    raku = a_season_class(room, "30.00", name=FULL_CLASS_NAME, seats=0)
    student = student_member(emulator, live_server)
    others_join(2)
    sign_in(page, student.email)
    # The family opened the page of a class that has filled since: the browser kept its id.
    page.evaluate(f"window.localStorage.setItem('watched-classes', '[{raku.pk}]')")
    # Each registration write, and whether it carried an admission.
    writes: list[tuple[str, bool]] = []
    page.on(
        "request",
        lambda request: (
            writes.append(
                (request.url.split("/api/")[1], bool(request.headers.get("camp-admission")))
            )
            if request.method == "POST" and re.search(GATED, request.url)
            else None
        ),
    )

    page.goto("/all-classes")
    main = page.get_by_role("main")
    banner = main.get_by_text("Summer registration takes families in turn.")
    expect(banner).to_be_visible()
    expect(class_card(page, CLASS_NAME)).to_be_visible()
    banner.get_by_role("link", name="join the line").click()

    expect(page).to_have_url(re.compile(r"/waiting-room$"))
    expect(page).to_have_title("Waiting Room | Camp")
    expect(place(page)).to_have_text("You are number 3 in line")
    expect(main.get_by_text("The line is paused for a moment.")).to_be_visible()
    expect(main.get_by_text(re.compile(r"^Summer registration opened"))).to_be_visible()
    # Told while in line, it joins the full class's waitlist from there: that takes no seat.
    full = main.get_by_role("region", name="Already full")
    expect(full.get_by_role("listitem")).to_contain_text(FULL_CLASS_NAME)
    check_accessible(page)
    full.get_by_role("button", name="Join the waitlist").click()
    expect(full.get_by_role("status")).to_have_text("You are on the waitlist, number 1")
    assert WaitlistEntry.objects.filter(student=student, camp_class=raku).exists()
    # A reload keeps the place.
    page.reload()
    expect(place(page)).to_have_text("You are number 3 in line")
    others_join(2)

    with time_machine.travel(timezone.now(), tick=False) as clock:
        line.waiting_room_pause(paused=False)
        expect(main.get_by_text("The line is paused for a moment.")).to_have_count(
            0, timeout=NEXT_POLL
        )
        expect(main.get_by_text("Estimated wait: less than a minute")).to_be_visible()
        clock.shift(1)
        expect(place(page)).to_have_text("You are number 2 in line", timeout=NEXT_POLL)
        clock.shift(1)
        expect(place(page)).to_have_text("You are number 1 in line", timeout=NEXT_POLL)
        clock.shift(1)
        expect(place(page)).to_have_text("It's your turn!", timeout=NEXT_POLL)
        # The school holds the line again: the two behind wait, the family let in carries on.
        live = line.waiting_room_pause(paused=True)
        assert (live.active, live.paused, live.in_line, live.admitted) == (True, True, 5, 3)
    # Back where the family was going, with its admission.
    expect(page).to_have_url(re.compile(r"/all-classes$"))
    expect(banner).to_have_count(0)

    class_card(page, CLASS_NAME).get_by_role("button", name="Select").click()
    expect(class_card(page, CLASS_NAME).get_by_role("button")).to_have_accessible_name("Selected")
    assert writes == [("selectClass", True)]
    assert Selection.objects.filter(student=student, camp_class=pottery).exists()

    page.goto("/dashboard")
    open_payment_for(page, CLASS_NAME)
    fill_card(page, CARD_OK)
    pay_button(page).click()
    success = main.get_by_text(re.compile(r"^Transaction complete with transactionId: pi_\w+$"))
    expect(success).to_be_visible(timeout=15_000)
    payment = Payment.objects.get(student=student, camp_class=pottery)
    assert payment.status == PaymentStatus.ENROLLED
    # The line was there all along: each write went through on the family's admission.
    assert line.waiting_room_live().active
    assert {path for path, _ in writes} == {"selectClass", "createPaymentIntent", "payments"}
    assert all(carried for _, carried in writes)


@pytest.mark.parametrize(("width", "height", "theme"), [(390, 844, "dark"), (1280, 800, "light")])
def test_the_line_reads_well_on_a_phone_and_a_laptop_in_both_themes(
    page: Page, room, width, height, theme
):
    others_join(41)
    page.context.add_init_script(f"window.localStorage.setItem('theme', '{theme}')")
    page.set_viewport_size({"width": width, "height": height})

    page.goto("/waiting-room")

    expect(place(page)).to_have_text("You are number 42 in line")
    expect(page.locator("html")).to_have_attribute("data-bs-theme", theme)
    expect(page.get_by_role("heading", level=1, name="Waiting Room")).to_be_visible()
    expect(page.get_by_text("The line is paused for a moment.")).to_be_visible()
    assert page.evaluate(TOO_WIDE) == []
    check_accessible(page)
