"""One's own account: a forgotten password reset through Firebase's e-mail, and a profile whose
name and photo change (the photo uploaded), seen at once in the navigation bar."""

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from e2e.class_steps import dashboard_menu, main_navigation, sign_in, small_png
from e2e.helpers import assert_accessible, log_in
from e2e.payment_steps import student_member

pytestmark = pytest.mark.usefixtures("emulator")

NEW_PASSWORD = "Clay&Glaze7"
SENT_TO = re.compile(r"^If .+ has an account at Camp, we have sent it an e-mail with a link")


@pytest.fixture
def sam(emulator, live_server) -> User:
    return student_member(emulator, live_server)


def reset_codes(emulator, email: str) -> list[dict]:
    return [
        code
        for code in emulator.out_of_band_codes()
        if code["email"] == email and code["requestType"] == "PASSWORD_RESET"
    ]


def test_a_forgotten_password_is_reset_through_the_e_mail_and_the_new_one_logs_in(
    page: Page, emulator, sam
):
    page.goto("/login")
    page.get_by_role("main").get_by_label("Email").fill(sam.email)
    page.get_by_role("link", name="Forgot password?").click()

    expect(page).to_have_url(re.compile(r"/forgot-password$"))
    expect(page).to_have_title("Forgot password | Camp")
    form = page.get_by_role("main")
    expect(form.get_by_label("Email")).to_have_value(sam.email)
    assert_accessible(page)
    form.get_by_role("button", name="Send reset link").click()

    sent = form.get_by_role("status")
    expect(sent).to_have_text(SENT_TO)
    expect(sent).to_be_focused()
    assert_accessible(page)
    codes = reset_codes(emulator, sam.email)
    assert len(codes) == 1

    # The owner follows the e-mail's link and chooses a new password (the emulator's reset page
    # takes it in the address).
    page.goto(f"{codes[0]['oobLink']}&newPassword={quote(NEW_PASSWORD)}")
    expect(page.locator("body")).to_contain_text("The password has been successfully updated.")

    page.goto("/login")
    log_in(page, sam.email)
    expect(page.get_by_role("main").get_by_role("alert")).to_have_text("Wrong e-mail or password.")
    page.get_by_role("main").get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Log In").click()
    expect(main_navigation(page).get_by_role("button", name="Log Out")).to_be_visible()


def test_an_address_without_an_account_is_answered_the_same_and_sent_nothing(
    page: Page, emulator, sam
):
    page.goto("/forgot-password")
    form = page.get_by_role("main")
    form.get_by_label("Email").fill("nobody@camp.test")
    form.get_by_role("button", name="Send reset link").click()

    expect(form.get_by_role("status")).to_have_text(SENT_TO)
    assert reset_codes(emulator, "nobody@camp.test") == []


def test_the_reset_page_says_so_when_the_sign_in_service_is_out_of_reach(page: Page, sam):
    page.goto("/forgot-password")
    form = page.get_by_role("main")
    form.get_by_label("Email").fill(sam.email)
    page.route(re.compile(r"/identitytoolkit\.googleapis\.com/"), lambda route: route.abort())
    form.get_by_role("button", name="Send reset link").click()

    alert = form.get_by_role("alert")
    expect(alert).to_have_text(
        "The sign-in service could not be reached. Check your connection and try again."
    )
    expect(alert).to_be_focused()
    expect(form.get_by_label("Email")).to_have_value(sam.email)


def test_a_student_uploads_a_photo_and_renames_themself_and_the_navbar_shows_it(
    page: Page, sam, tmp_path, live_server
):
    sign_in(page, sam.email)
    main_navigation(page).get_by_role("link", name="Dashboard").click()
    dashboard_menu(page).get_by_role("link", name="My Profile").click()

    expect(page).to_have_url(re.compile(r"/dashboard/profile$"))
    form = page.get_by_role("form", name="Edit profile")
    expect(form.get_by_label("Name")).to_have_value("Sam Student")
    assert_accessible(page)
    form.get_by_label("Name").fill("Sam Okafor")
    form.get_by_label("Photo").set_input_files(small_png(tmp_path, "me.png"))
    expect(form.get_by_role("img", name="Your new photo")).to_have_attribute(
        "src", re.compile(r"^blob:")
    )
    form.get_by_role("button", name="Save profile").click()

    expect(page.get_by_role("status").filter(has_text="Your profile is saved")).to_be_visible()
    sam.refresh_from_db()
    assert sam.name == "Sam Okafor"
    assert re.fullmatch(r"/media/classes/[0-9a-f]{32}\.png", sam.photo), sam.photo
    # The dashboard's menu shows the new name and photo at once, without a page load.
    menu_photo = dashboard_menu(page).locator("img")
    expect(dashboard_menu(page)).to_contain_text("Sam Okafor")
    expect(menu_photo).to_have_attribute("src", sam.photo)
    # The uploaded picture is really there: the browser loaded it.
    expect(menu_photo).to_have_js_property("naturalWidth", 64)

    # So does the navigation bar, on the next page.
    dashboard_menu(page).get_by_role("link", name="Home").click()
    expect(main_navigation(page).get_by_role("img", name="Sam Okafor")).to_have_attribute(
        "src", sam.photo
    )

    # And the next page load: the Firebase account keeps them too.
    page.reload()
    expect(main_navigation(page).get_by_role("img", name="Sam Okafor")).to_have_attribute(
        "src", f"{live_server.url}{sam.photo}"
    )
