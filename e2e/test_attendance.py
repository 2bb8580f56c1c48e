"""An instructor takes attendance on a phone (390 px) from Today: three children checked in, then
the signal goes and two are checked out to people on their lists; the page keeps both as waiting
to send, and sends them in the order taken once the connection is back. Someone not on a child's
list is refused, and the page says why beside the child."""

import uuid

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from attendance.lines import pickup_id
from attendance.models import AttendanceAction, AttendanceActionKind, CollectorKind
from attendance.services import attendance_record
from classes.models import Class
from e2e.class_steps import check_accessible, instructor_member
from e2e.today_steps import (
    class_meeting_now,
    fits_the_screen,
    lopez_children_enrolled,
    open_today,
)

pytestmark = pytest.mark.usefixtures("emulator")

WATERCOLOUR = "Watercolour for Kids"
ROSA = {"name": "Rosa Lopez", "relationship": "Aunt", "phone": "+14155550134"}


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def watercolour(instructor) -> Class:
    return class_meeting_now(WATERCOLOUR, instructor, location="Studio 2")


@pytest.fixture
def family(watercolour):
    """Ana Lopez's three children in the class, each with a care record naming their aunt Rosa
    as a pick-up; Ana, their parent, may collect them too."""
    return lopez_children_enrolled(watercolour, ("Leo", "Mia", "Noa"), pickups=[ROSA])


def child_row(page: Page, name: str):
    return page.get_by_role("main").get_by_role("listitem", name=name)


def waiting_banner(page: Page):
    return page.get_by_role("main").get_by_role("status").filter(has_text="waiting to send")


def check_out(page: Page, name: str, collector: str, *, other_name: str = "") -> None:
    child_row(page, name).get_by_role("button", name="Check out").click()
    dialog = page.get_by_role("dialog", name=f"Check out {name}")
    dialog.get_by_label(collector).check()
    if other_name:
        dialog.get_by_label("Their name").fill(other_name)
    dialog.get_by_role("button", name="Check out").click()
    expect(dialog).to_be_hidden()


def test_check_outs_taken_without_a_signal_wait_and_are_sent_in_order(
    page: Page, instructor, watercolour, family
):
    meeting = watercolour.meetings.get()
    open_today(page, instructor.email, class_name=WATERCOLOUR)

    # The roster in name order; the three check-ins reach the school while the signal holds.
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=3)).to_have_text(
        ["Leo Lopez", "Mia Lopez", "Noa Lopez"]
    )
    for name in ("Leo Lopez", "Mia Lopez", "Noa Lopez"):
        row = child_row(page, name)
        row.get_by_role("button", name="Check in").click()
        expect(row.get_by_text("Here", exact=True)).to_be_visible()
    expect(waiting_banner(page)).to_be_hidden()
    expect(main.get_by_text("Waiting to send")).to_have_count(0)
    assert (
        AttendanceAction.objects.filter(
            meeting=meeting, action=AttendanceActionKind.CHECK_IN
        ).count()
        == 3
    )
    fits_the_screen(page)
    check_accessible(page)

    # No signal: Mia goes home with her aunt, then Leo with his mother; both wait on the phone.
    page.context.set_offline(True)
    check_out(page, "Mia Lopez", "Rosa Lopez (Aunt)")
    check_out(page, "Leo Lopez", "Ana Lopez (Parent)")
    for name in ("Mia Lopez", "Leo Lopez"):
        row = child_row(page, name)
        expect(row.get_by_text("Waiting to send")).to_be_visible()
        expect(row.get_by_text("Gone home", exact=True)).to_be_visible()
    expect(child_row(page, "Noa Lopez").get_by_text("Waiting to send")).to_be_hidden()
    expect(waiting_banner(page)).to_contain_text("2 actions waiting to send")
    # The phone tried and kept them: nothing reached the school.
    expect(waiting_banner(page)).to_contain_text("Not sent yet")
    assert not AttendanceAction.objects.filter(action=AttendanceActionKind.CHECK_OUT).exists()
    fits_the_screen(page)

    # The signal is back: both are sent, Mia's first, as they were taken.
    page.context.set_offline(False)
    expect(waiting_banner(page)).to_be_hidden()
    expect(main.get_by_text("Waiting to send")).to_have_count(0)
    check_outs = list(
        AttendanceAction.objects.filter(
            meeting=meeting, action=AttendanceActionKind.CHECK_OUT
        ).order_by("id")
    )
    assert [
        (action.participant_id, action.collected_by_kind, action.collected_by_name)
        for action in check_outs
    ] == [
        (family["Mia"].pk, CollectorKind.PICKUP, "Rosa Lopez"),
        (family["Leo"].pk, CollectorKind.GUARDIAN, "Ana Lopez"),
    ]
    mia_out, leo_out = check_outs
    assert mia_out.collected_by_id == pickup_id(ROSA)
    assert leo_out.collected_by_id == str(family["Leo"].account_id)
    # Taken offline, recorded later: the time taken is the phone's, before it was sent.
    assert mia_out.at < leo_out.at
    assert mia_out.recorded_at <= leo_out.recorded_at
    assert all(action.at < action.recorded_at for action in check_outs)
    assert {action.by_id for action in check_outs} == {instructor.pk}

    # What the school holds, read again: both gone home, and who collected them.
    page.reload()
    expect(child_row(page, "Mia Lopez").get_by_text("Collected by Rosa Lopez")).to_be_visible()
    expect(child_row(page, "Leo Lopez").get_by_text("Collected by Ana Lopez")).to_be_visible()
    for name in ("Mia Lopez", "Leo Lopez"):
        expect(child_row(page, name).get_by_text("Gone home", exact=True)).to_be_visible()
    expect(child_row(page, "Noa Lopez").get_by_text("Here", exact=True)).to_be_visible()
    fits_the_screen(page)
    check_accessible(page)


def test_someone_not_on_the_childs_list_is_refused_and_the_page_says_why(
    page: Page, instructor, watercolour, family
):
    meeting = watercolour.meetings.get()
    mia = family["Mia"]
    attendance_record(
        actor=instructor,
        meeting_id=meeting.pk,
        client_id=str(uuid.uuid4()),
        participant_id=mia.pk,
        action=AttendanceActionKind.CHECK_IN,
        at=timezone.now(),
    )
    open_today(page, instructor.email, class_name=WATERCOLOUR)
    row = child_row(page, "Mia Lopez")
    expect(row.get_by_text("Here", exact=True)).to_be_visible()

    check_out(page, "Mia Lopez", "Someone else", other_name="Jordan Smith")
    expect(row.get_by_role("alert")).to_contain_text(
        "Not recorded: Jordan Smith is not on Mia Lopez's list of people who may collect"
    )
    # The school's record is unchanged: she is still here, to be checked out to someone listed.
    expect(row.get_by_text("Here", exact=True)).to_be_visible()
    expect(row.get_by_role("button", name="Check out")).to_be_visible()
    expect(waiting_banner(page)).to_be_hidden()
    assert list(
        AttendanceAction.objects.filter(meeting=meeting).values_list("participant_id", "action")
    ) == [(mia.pk, AttendanceActionKind.CHECK_IN)]
    fits_the_screen(page)
    check_accessible(page)
