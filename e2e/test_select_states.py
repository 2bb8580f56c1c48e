"""What a class's Select button says, and why, for a signed-in student and for a visitor."""

import re
from datetime import date, time, timedelta

from django.utils import timezone
from playwright.sync_api import Locator, expect

from classes.models import Class
from e2e.class_steps import check_accessible, class_card, sign_in
from e2e.helpers import demo_image
from e2e.payment_steps import student_member
from testing.factories import EnrolmentFactory, SelectionFactory, scheduled_class

MON, WED, FRI = 0, 2, 4


def season_start() -> date:
    today = date.today()
    return today + timedelta(days=35 - today.weekday())


def make_classes():
    start = season_start()

    def week_class(name: str, image: str, hours: tuple[time, time], **details) -> Class:
        return scheduled_class(
            name=name,
            image=demo_image(image),
            start=start,
            end=start + timedelta(days=4),
            days=(MON, WED, FRI),
            hours=hours,
            **details,
        )

    classes = {
        "open": week_class("Origami Animals", "origami.webp", (time(8), time(9))),
        "closed": week_class("Botanical Watercolour", "painting.webp", (time(10), time(11))),
        "full": week_class("Brush Calligraphy", "calligraphy.webp", (time(12), time(13)), seats=0),
        "selected": week_class("Wheel-Thrown Pottery", "pottery.webp", (time(14), time(15))),
        "enrolled": week_class("Linocut Printmaking", "printmaking.webp", (time(16), time(17))),
    }
    # Its registration closed three days ago, ahead of its first meeting.
    Class.objects.filter(pk=classes["closed"].pk).update(
        registration_closes_at=timezone.now() - timedelta(days=3)
    )
    return classes


def select_button(card: Locator) -> Locator:
    # The card's one button, whatever it says.
    return card.get_by_role("button")


def expect_off(button: Locator, name: str, reason: str | re.Pattern) -> None:
    expect(button).to_have_accessible_name(name)
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_have_accessible_description(reason)


def test_a_student_reads_each_class_state_on_its_button_with_the_reason(
    page, emulator, live_server
):
    student = student_member(emulator, live_server)
    classes = make_classes()
    SelectionFactory(student=student, camp_class=classes["selected"])
    EnrolmentFactory(student=student, camp_class=classes["enrolled"])
    sign_in(page, student.email)

    page.goto("/all-classes")

    expect(select_button(class_card(page, "Origami Animals"))).to_have_accessible_name("Select")
    expect(select_button(class_card(page, "Origami Animals"))).not_to_have_attribute(
        "aria-disabled", "true"
    )
    # The server's sentence (enrolments.rules.Refusal.registration_closed), its day in full.
    closed = select_button(class_card(page, "Botanical Watercolour"))
    expect_off(
        closed,
        "Registration closed",
        re.compile(
            r"^Botanical Watercolour Registration for this class closed on "
            r"\w+, \w+ \d{1,2}, \d{4}\.$"
        ),
    )
    # Full: a student may wait for a seat, and the button says why it is not Select.
    full = select_button(class_card(page, "Brush Calligraphy"))
    expect(full).to_have_accessible_name("Join the waitlist")
    expect(full).to_have_accessible_description("Brush Calligraphy No seats left")
    expect_off(
        select_button(class_card(page, "Wheel-Thrown Pottery")),
        "Selected",
        "Wheel-Thrown Pottery You have already selected this class.",
    )
    expect_off(
        select_button(class_card(page, "Linocut Printmaking")),
        "Enrolled",
        "Linocut Printmaking You are already enrolled in this class.",
    )
    check_accessible(page)

    # Off, yet reachable from the keyboard, and pressing it does nothing.
    closed.focus()
    expect(closed).to_be_focused()
    closed.press("Enter")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_role("alert")).to_have_count(0)

    # The class's own page says the same.
    class_card(page, "Botanical Watercolour").get_by_role(
        "link", name="Botanical Watercolour"
    ).click()
    expect(page.get_by_role("heading", level=1, name="Botanical Watercolour")).to_be_visible()
    expect_off(
        page.get_by_role("main").get_by_role("button", name="Registration closed"),
        "Registration closed",
        re.compile(r"^Registration for this class closed on \w+, \w+ \d{1,2}, \d{4}\.$"),
    )
    check_accessible(page)


def test_a_visitor_reads_a_full_class_as_no_seats_left_and_how_to_wait_for_one(page):
    make_classes()

    page.goto("/all-classes")

    expect_off(
        select_button(class_card(page, "Brush Calligraphy")),
        "No seats left",
        "Brush Calligraphy Sign in to join the waitlist.",
    )
    expect(select_button(class_card(page, "Origami Animals"))).to_have_accessible_name("Select")
    check_accessible(page)
