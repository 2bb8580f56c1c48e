"""An instructor reports an incident on a phone (390 px) from Today with no signal: the report
waits on the phone, is sent once the connection is back, and the child's parent is e-mailed once,
with what a parent needs to know and not the school's internal notes."""

import pytest
from playwright.sync_api import Page, expect

from classes.models import Class
from e2e.class_steps import check_accessible, instructor_member
from e2e.today_steps import class_meeting_now, fits_the_screen, lopez_children_enrolled, open_today
from health.models import Incident, IncidentChild
from testing.outbox import send_queued

pytestmark = pytest.mark.usefixtures("emulator")

POTTERY = "Pottery Wheel Basics"
INTERNAL = "Tool bench needs a guard rail."


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def pottery(instructor) -> Class:
    return class_meeting_now(POTTERY, instructor, location="Clay studio")


@pytest.fixture
def family(pottery):
    return lopez_children_enrolled(pottery, ("Leo", "Mia"))


def test_an_incident_reported_offline_reaches_the_school_and_the_parent_once(
    page: Page, instructor, pottery, family, smtp_sink
):
    open_today(page, instructor.email, class_name=POTTERY)
    page.context.set_offline(True)

    page.get_by_role("button", name="Report an incident").click()
    dialog = page.get_by_role("dialog", name="Report an incident")
    dialog.get_by_label("Mia Lopez").check()
    dialog.get_by_label("Injury").check()
    # The diagram's left hand, tapped; the list beside it says the same.
    dialog.locator('.body-diagram [data-area="left_hand"]').first.click()
    expect(dialog.get_by_label("Body area")).to_have_value("left_hand")
    dialog.get_by_label("What happened").fill("Cut her finger on a trimming tool.")
    dialog.get_by_label("First aid given").fill("Washed and a plaster.")
    dialog.get_by_label("Internal notes").fill(INTERNAL)
    fits_the_screen(page)
    dialog.get_by_role("button", name="Save report").click()
    expect(dialog).to_be_hidden()

    reports = page.get_by_role("list", name=f"Incident reports for {POTTERY}")
    expect(reports.get_by_text("Waiting to send")).to_be_visible()
    assert not Incident.objects.exists()
    fits_the_screen(page)

    page.context.set_offline(False)
    expect(reports.get_by_text("Sent: the families are e-mailed.")).to_be_visible()
    expect(reports.get_by_text("Waiting to send")).to_have_count(0)
    [incident] = Incident.objects.all()
    assert incident.reported_by_id == instructor.pk
    assert incident.body_area == "left_hand"
    assert list(IncidentChild.objects.values_list("participant_id", flat=True)) == [
        family["Mia"].pk
    ]
    check_accessible(page)

    # A worker sends the outbox, and sends it again: the parent has one e-mail.
    send_queued()
    send_queued()
    to_parent = [m for m in smtp_sink.messages() if "ana@camp.test" in m["To"]]
    assert len(to_parent) == 1
    body = to_parent[0].get_body(preferencelist=("plain",)).get_content()
    assert "Cut her finger on a trimming tool." in body
    assert "Mia" in body
    assert INTERNAL not in to_parent[0].as_string()

    # A reload sends nothing again.
    page.reload()
    expect(page.get_by_role("heading", level=2, name=POTTERY)).to_be_visible()
    assert Incident.objects.count() == 1
