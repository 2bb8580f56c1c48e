"""A parent who uses only the keyboard logs in, adds a child on My Family (after the form has
said what is missing, next to each field) and opens, walks round and closes the dialog that asks
before a child is removed. At every step the focus is drawn, moves down the page in order, and is
never dropped on the page body.

Nothing here clicks: every move is Tab, Shift+Tab, Enter, Space, Escape or typing."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import Participant
from e2e.helpers import PASSWORD
from e2e.keyboard_steps import focus_seen, focused, tab_through, tab_to
from e2e.payment_steps import student_member

pytestmark = pytest.mark.usefixtures("emulator")

IN_DIALOG = "() => Boolean(document.activeElement.closest('[role=dialog]'))"


def next_field(page: Page) -> str:
    """Tab on to the next control (past the day, month and year of a date input)."""
    names = tab_through(page, 1)
    for _ in range(3):
        if len(names) > 1:
            break
        names = tab_through(page, 1)
    return focused(page)["name"]


def test_a_parent_logs_in_and_adds_a_child_with_the_keyboard_alone(
    page: Page, emulator, live_server
):
    parent = student_member(emulator, live_server)
    born = timezone.localdate() - timedelta(days=8 * 365 + 40)

    page.goto("/login")
    expect(page.get_by_role("heading", name="Log In", level=1)).to_be_visible()
    tab_to(page, "Email")
    page.keyboard.type(parent.email)
    assert next_field(page) == "Password"
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Log Out")).to_be_visible()

    page.goto("/dashboard/family")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", name="My Family", level=1)).to_be_visible()
    # The family as it stands, the parent alone, and the form to add a child.
    expect(main.get_by_role("listitem").filter(has_text=parent.name)).to_be_visible()
    expect(main.get_by_role("form", name="Add a child")).to_be_visible()

    # Enter in an empty form: the summary of what is missing takes the focus, and each field
    # says its own fault to whoever reaches it.
    tab_to(page, "First name")
    page.keyboard.press("Enter")
    summary = main.get_by_role("alert").filter(has_text="There is a problem")
    expect(summary).to_be_focused()
    first_name = main.get_by_role("textbox", name="First name")
    expect(first_name).to_have_attribute("aria-invalid", "true")
    expect(first_name).to_have_accessible_description("First name is required.")
    page.keyboard.press("Tab")
    assert focused(page)["name"] == "First name: First name is required."
    page.keyboard.press("Enter")
    expect(first_name).to_be_focused()

    # Each field in turn, in the order they are read.
    page.keyboard.type("Mia")
    passed = ["First name"]
    for text in ("Keys", born.strftime("%m%d%Y"), "Loves clay.", "Rosa Keys", "415 555 0134"):
        passed.append(next_field(page))
        page.keyboard.type(text)
    passed.append(next_field(page))
    assert passed == [
        "First name",
        "Last name",
        "Date of birth",
        "Notes for the instructor",
        "Emergency contact name",
        "Emergency contact phone",
        "Add child",
    ]
    expect(first_name).to_have_attribute("aria-invalid", "false")
    page.keyboard.press("Space")

    card = main.get_by_role("listitem").filter(has_text="Mia Keys")
    expect(card).to_be_visible()
    child = Participant.objects.get(account=parent, first_name="Mia")
    assert (child.last_name, child.date_of_birth) == ("Keys", born)
    # The form is ready for another child, and the focus was not dropped with the button.
    expect(first_name).to_have_value("")
    assert page.evaluate("document.activeElement !== document.body"), focused(page)

    # Remove asks first, in a dialog that keeps the focus until it closes.
    remove = card.get_by_role("button", name="Remove")
    tab_to(page, "Remove", backwards=True)
    expect(remove).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Remove Mia Keys from your family?")
    expect(dialog).to_be_visible()
    assert page.evaluate(IN_DIALOG)
    for key in ["Tab"] * 5 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        assert page.evaluate(IN_DIALOG), f"{key} left the dialog for {focused(page)}"
        assert focus_seen(page)["visible"], f"No focus ring on {focused(page)}"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(remove).to_be_focused()
    assert Participant.objects.filter(pk=child.pk).exists()
