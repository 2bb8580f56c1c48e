"""A class's life: an instructor proposes it, an admin reviews it, students see and select it."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from classes.models import Class, ClassStatus
from e2e.class_steps import (
    admin_member,
    check_accessible,
    class_card,
    dashboard_menu,
    instructor_member,
    main_navigation,
    open_dashboard,
    sign_in,
    small_png,
    wait_for_picture,
)
from e2e.conftest import ARTIFACTS
from e2e.helpers import demo_image
from e2e.payment_steps import student_member
from enrolments.models import Selection
from testing.factories import ClassFactory

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def another_browser(request, browser, live_server, transactional_db):
    """Open another person's browser, a profile of its own so sessions never mix."""
    contexts = []

    def open_page():
        context = browser.new_context(base_url=live_server.url)
        context.set_default_timeout(8_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    # Like the page fixture: a failing test leaves a picture of every browser it opened.
    report = getattr(request.node, "report_call", None)
    failed = report is not None and report.failed
    name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
    for person, context in enumerate(contexts, start=1):
        if failed:
            ARTIFACTS.mkdir(exist_ok=True)
            for number, open_page in enumerate(context.pages):
                open_page.screenshot(
                    path=ARTIFACTS / f"{name}-person{person}-{number}.png", full_page=True
                )
        context.close()


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def admin(emulator, live_server):
    return admin_member(emulator, live_server)


@pytest.fixture
def student(emulator, live_server):
    return student_member(emulator, live_server)


def test_a_proposed_class_is_approved_then_selected_and_dropped(
    page, another_browser, live_server, tmp_path, instructor, admin, student
):
    # Another class is already open, so the visitor's list is never empty for lack of data.
    ClassFactory(
        name="Origami Animals", image=demo_image("origami.webp"), status=ClassStatus.APPROVED
    )
    name = "Wheel-Thrown Pottery"

    # The instructor proposes the class, banner and all.
    sign_in(page, instructor.email)
    open_dashboard(page, "my-classes")
    dashboard_menu(page).get_by_role("link", name="Add a Class").click()
    expect(page).to_have_url(re.compile(r"/dashboard/add-class$"))
    expect(page).to_have_title("Add a Class | Camp")
    form = page.get_by_role("main")
    expect(form.get_by_label("Instructor Name")).to_have_value(instructor.name)
    expect(form.get_by_label("Instructor Email")).to_have_value(instructor.email)
    form.get_by_label("Class Name", exact=True).fill(name)
    form.get_by_label("Available Seats", exact=True).fill("12")
    form.get_by_label("Price", exact=True).fill("45.50")
    form.get_by_label("Class Image", exact=True).set_input_files(small_png(tmp_path))
    check_accessible(page)
    form.get_by_role("button", name="Add Class").click()

    expect(page.get_by_text("The class has been added successfully")).to_be_visible()
    expect(form.get_by_label("Class Name", exact=True)).to_have_value("")
    proposed = Class.objects.get(name=name)
    assert (proposed.status, proposed.seats, proposed.price, proposed.instructor) == (
        ClassStatus.PENDING,
        12,
        Decimal("45.50"),
        instructor,
    )
    # The upload is kept as a path on this site, whatever host the page was served under.
    assert re.fullmatch(r"/media/classes/\w+\.png", proposed.image), proposed.image
    check_accessible(page)

    dashboard_menu(page).get_by_role("link", name="My Classes").click()
    card = class_card(page, name)
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text("$45.50")
    check_accessible(page)

    # Until an admin approves it, a visitor does not see it.
    visitor = another_browser()
    visitor.goto("/all-classes")
    expect(class_card(visitor, "Origami Animals")).to_be_visible()
    expect(class_card(visitor, name)).to_have_count(0)

    # The admin approves it; a decided class cannot be decided again.
    reviewer = another_browser()
    sign_in(reviewer, admin.email)
    open_dashboard(reviewer, "all-users")
    dashboard_menu(reviewer).get_by_role("link", name="Manage Classes").click()
    expect(reviewer).to_have_url(re.compile(r"/dashboard/manage-classes$"))
    card = class_card(reviewer, name)
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text(instructor.email)
    card.get_by_role("button", name="Approve").click()

    expect(reviewer.get_by_text("Class is Approved Successfully")).to_be_visible()
    expect(card.get_by_role("button", name="Approve")).to_be_disabled()
    expect(card.get_by_role("button", name="Deny")).to_be_disabled()
    expect(card).to_contain_text("Approved")
    check_accessible(reviewer)
    proposed.refresh_from_db()
    assert proposed.status == ClassStatus.APPROVED

    # Now the visitor finds it, with the banner the instructor uploaded.
    visitor.goto("/all-classes")
    card = class_card(visitor, name)
    expect(card).to_contain_text("Maya Lindqvist")
    banner = card.get_by_role("img", name=name)
    expect(banner).to_have_attribute("src", proposed.image)
    # The server re-encoded the picture; it is still the instructor's 64 pixels wide.
    assert wait_for_picture(visitor, banner) == 64, "the uploaded banner did not load"
    check_accessible(visitor)

    # A student selects it, then thinks better of it.
    learner = another_browser()
    sign_in(learner, student.email)
    main_navigation(learner).get_by_role("link", name="All Classes").click()
    select = class_card(learner, name).get_by_role("button", name="Select")
    expect(select).to_be_enabled()
    select.click()

    expect(learner.get_by_text(f"{name} is Selected Successfully")).to_be_visible()
    expect(select).to_be_disabled()
    assert Selection.objects.filter(student=student, camp_class=proposed).exists()
    check_accessible(learner)

    open_dashboard(learner, "my-selected-classes")
    card = class_card(learner, name)
    expect(card).to_contain_text("$45.50")
    check_accessible(learner)
    card.get_by_role("button", name="Delete").click()
    dialog = learner.get_by_role("dialog", name=f"Remove {name} from your selected classes?")
    expect(dialog).to_be_visible()
    check_accessible(learner)
    dialog.get_by_role("button", name="Remove").click()

    expect(dialog).to_have_count(0)
    expect(card).to_have_count(0)
    expect(learner.get_by_text("You have not selected any classes yet.")).to_be_visible()
    assert not Selection.objects.filter(student=student).exists()


def test_a_denied_class_gets_feedback_and_goes_back_for_review_once_updated(
    page, another_browser, instructor, admin
):
    ClassFactory(
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery.webp"),
        status=ClassStatus.PENDING,
        instructor=instructor,
    )
    denied = ClassFactory(
        name="Linocut Printmaking",
        image=demo_image("printmaking.webp"),
        seats=10,
        status=ClassStatus.PENDING,
        instructor=instructor,
    )
    feedback = "Please say which carving tools students must bring."

    # The admin denies it and tells the instructor why.
    sign_in(page, admin.email)
    open_dashboard(page, "all-users")
    dashboard_menu(page).get_by_role("link", name="Manage Classes").click()
    card = class_card(page, denied.name)
    card.get_by_role("button", name="Deny").click()

    expect(page.get_by_text("Class is Denied!")).to_be_visible()
    expect(card.get_by_role("button", name="Approve")).to_be_disabled()
    expect(card.get_by_role("button", name="Deny")).to_be_disabled()
    expect(card).to_contain_text("Denied")
    # Only the class the admin decided on changed.
    other = class_card(page, "Wheel-Thrown Pottery")
    expect(other.get_by_role("button", name="Approve")).to_be_enabled()
    check_accessible(page)

    card.get_by_role("button", name="Send Feedback").click()
    dialog = page.get_by_role("dialog", name="Class Denied! Write Your Feedback Here")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Feedback").fill(feedback)
    check_accessible(page)
    dialog.get_by_role("button", name="Send").click()

    expect(dialog).to_have_count(0)
    expect(page.get_by_text("Feedback sent.")).to_be_visible()
    denied.refresh_from_db()
    assert (denied.status, denied.feedback) == (ClassStatus.DENIED, feedback)

    # The instructor reads it, changes the class, and it waits for review again.
    teacher = another_browser()
    sign_in(teacher, instructor.email)
    open_dashboard(teacher, "my-classes")
    card = class_card(teacher, denied.name)
    expect(card).to_contain_text("Denied")
    expect(card).to_contain_text(f"Feedback: {feedback}")
    check_accessible(teacher)
    card.get_by_role("link", name="Update").click()

    expect(teacher).to_have_url(re.compile(rf"/dashboard/update-class/{denied.pk}$"))
    form = teacher.get_by_role("main")
    expect(form.get_by_label("Class Name", exact=True)).to_have_value(denied.name)
    seats = form.get_by_label("Available Seats", exact=True)
    expect(seats).to_have_value("10")
    seats.fill("14")
    check_accessible(teacher)
    form.get_by_role("button", name="Update Class").click()

    expect(teacher.get_by_text("Good job! Your Class is Updated Successfully.")).to_be_visible()
    check_accessible(teacher)
    denied.refresh_from_db()
    assert (denied.status, denied.seats) == (ClassStatus.PENDING, 14)

    dashboard_menu(teacher).get_by_role("link", name="My Classes").click()
    card = class_card(teacher, denied.name)
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text(re.compile(r"Available seats\s*14(?!\d)"))
