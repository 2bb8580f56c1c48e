"""A visitor browsing the approved classes and trying to select one."""

import re
from decimal import Decimal

from playwright.sync_api import Locator, expect

from accounts.models import Role
from classes.models import ClassStatus
from e2e.helpers import assert_accessible, demo_image, log_in
from e2e.payment_steps import student_member
from enrolments.models import Selection
from testing.factories import ClassFactory, UserFactory


def background_rgb(card: Locator) -> tuple[int, ...]:
    color = card.evaluate("element => getComputedStyle(element).backgroundColor")
    return tuple(int(part) for part in re.findall(r"\d+", color)[:3])


def make_classes():
    maya = UserFactory(
        name="Maya Lindqvist",
        photo=demo_image("people/maya-lindqvist.webp"),
        role=Role.INSTRUCTOR,
    )
    aiko = UserFactory(
        name="Aiko Tanaka", photo=demo_image("people/aiko-tanaka.webp"), role=Role.INSTRUCTOR
    )
    approved = {
        "pottery": ClassFactory(
            name="Wheel-Thrown Pottery",
            image=demo_image("pottery.webp"),
            price=Decimal("45.50"),
            seats=12,
            status=ClassStatus.APPROVED,
            instructor=maya,
        ),
        "calligraphy": ClassFactory(
            name="Brush Calligraphy",
            image=demo_image("calligraphy.webp"),
            price=Decimal("29.99"),
            seats=0,
            enroll=22,
            status=ClassStatus.APPROVED,
            instructor=aiko,
        ),
        "origami": ClassFactory(
            name="Origami Animals",
            image=demo_image("origami.webp"),
            price=Decimal("12"),
            seats=25,
            status=ClassStatus.APPROVED,
            instructor=aiko,
        ),
    }
    ClassFactory(
        name="Linocut Printmaking",
        image=demo_image("printmaking.webp"),
        status=ClassStatus.PENDING,
        instructor=maya,
    )
    ClassFactory(
        name="Clay Sculpture",
        image=demo_image("sculpture.webp"),
        status=ClassStatus.DENIED,
        instructor=maya,
    )
    return approved


def test_all_classes_shows_approved_classes_and_marks_full_ones(page):
    approved = make_classes()

    page.goto("/all-classes")

    expect(page).to_have_title("All Classes | Camp")
    main = page.get_by_role("main")
    expect(main.get_by_role("article")).to_have_count(len(approved))
    for name, price, seats, instructor in [
        ("Wheel-Thrown Pottery", "$45.50", 12, "Maya Lindqvist"),
        ("Brush Calligraphy", "$29.99", 0, "Aiko Tanaka"),
        ("Origami Animals", "$12.00", 25, "Aiko Tanaka"),
    ]:
        card = main.get_by_role("article", name=name)
        expect(card.get_by_role("img", name=name)).to_be_visible()
        expect(card).to_contain_text(price)
        expect(card).to_contain_text(instructor)
        expect(card).to_contain_text(re.compile(rf"seats\W*{seats}(?!\d)", re.IGNORECASE))
    for hidden in ["Linocut Printmaking", "Clay Sculpture"]:
        expect(main.get_by_text(hidden)).to_have_count(0)

    full = main.get_by_role("article", name="Brush Calligraphy")
    open_class = main.get_by_role("article", name="Origami Animals")
    # Once the visitor is known to be logged out, only the full class cannot be selected, and its
    # button says why.
    expect(open_class.get_by_role("button", name="Select")).to_be_enabled()
    no_seats = full.get_by_role("button", name="No seats left")
    expect(no_seats).to_be_disabled()
    expect(no_seats).to_have_accessible_description(
        "Brush Calligraphy Sign in to join the waitlist."
    )
    red, green, blue = background_rgb(full)
    assert red - max(green, blue) >= 20, (
        f"a full class should be shaded red, not {red, green, blue}"
    )
    red, green, blue = background_rgb(open_class)
    assert red - max(green, blue) < 20, f"an open class should not be red: {red, green, blue}"
    assert_accessible(page)


def test_visitor_selecting_a_class_is_asked_to_log_in(page):
    make_classes()

    page.goto("/all-classes")
    page.get_by_role("article", name="Origami Animals").get_by_role("button", name="Select").click()

    dialog = page.get_by_role("dialog", name="Please Login at First to Select this Class")
    expect(dialog).to_be_visible()
    assert_accessible(page)
    dialog.get_by_role("button", name="Login Now!").click()
    expect(page).to_have_url(re.compile(r"/login$"))


def test_three_quick_clicks_on_select_make_one_selection_and_no_error(page, emulator, live_server):
    student = student_member(emulator, live_server)
    origami = make_classes()["origami"]
    posts = []
    page.on(
        "request",
        lambda request: (
            posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/api/selectClass")
            else None
        ),
    )
    page.goto("/login")
    log_in(page, student.email)
    navigation = page.get_by_role("navigation", name="Main")
    expect(navigation.get_by_role("button", name="Log Out")).to_be_visible()
    navigation.get_by_role("link", name="All Classes").click()
    select = page.get_by_role("article", name="Origami Animals").get_by_role(
        "button", name="Select"
    )
    expect(select).to_be_enabled()

    select.click(click_count=3)

    expect(page.get_by_text("Origami Animals is Selected Successfully")).to_be_visible()
    expect(select).to_be_disabled()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert len(posts) == 1
    assert Selection.objects.filter(student=student, camp_class=origami).count() == 1
