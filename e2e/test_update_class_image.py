"""An instructor replaces a class's picture: the current one shows, a new one is previewed before
it is saved, and once saved it is the class's own."""

import re

import pytest
from playwright.sync_api import expect

from classes.models import ClassStatus
from e2e.class_steps import (
    check_accessible,
    instructor_member,
    sign_in,
    small_png,
    wait_for_picture,
)
from e2e.helpers import demo_image
from testing.factories import ClassFactory

pytestmark = pytest.mark.usefixtures("emulator")


def test_an_instructor_previews_and_saves_a_new_class_image(page, emulator, live_server, tmp_path):
    instructor = instructor_member(emulator, live_server)
    pottery = ClassFactory(
        name="Wheel-Thrown Pottery",
        image=demo_image("pottery.webp"),
        status=ClassStatus.APPROVED,
        instructor=instructor,
    )
    sign_in(page, instructor.email)

    page.goto(f"/dashboard/update-class/{pottery.pk}")

    form = page.get_by_role("main")
    current = form.get_by_role("img", name="Current class image")
    expect(current).to_have_attribute("src", pottery.image)
    assert wait_for_picture(page, current) > 0, "the current image did not load"
    # No address to type: the picture is replaced by choosing a file.
    expect(form.get_by_role("textbox", name=re.compile("image", re.IGNORECASE))).to_have_count(0)
    check_accessible(page)

    form.get_by_label("Replace image").set_input_files(small_png(tmp_path, "new-pottery.png"))

    preview = form.get_by_role("img", name="Preview of the new class image")
    expect(preview).to_have_attribute("src", re.compile(r"^blob:"))
    assert wait_for_picture(page, preview) == 64, "the chosen file is not previewed"
    expect(form.get_by_text("New image (new-pottery.png), not saved yet")).to_be_visible()
    expect(current).to_have_count(0)
    check_accessible(page)

    form.get_by_role("button", name="Update Class").click()

    expect(page.get_by_text("Good job! Your Class is Updated Successfully.")).to_be_visible()
    pottery.refresh_from_db()
    assert pottery.image != demo_image("pottery.webp")
    saved = form.get_by_role("img", name="Current class image")
    expect(saved).to_have_attribute("src", pottery.image)
    # The server's copy of the instructor's 64-pixel picture.
    assert wait_for_picture(page, saved) == 64, "the saved image did not load"
    check_accessible(page)
