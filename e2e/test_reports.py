"""The admins' Reports page in Chromium: an admin opens it from the dashboard menu and reads the
season at a laptop's width and a phone's, in the light theme and the dark: each chart is drawn,
in the theme's colours, beside the table that holds its figures, and nothing but a table's own
scroller is wider than the screen. Then a table is downloaded as XLSX and read back with
openpyxl: the same headings and figures as the page's table."""

import re
from datetime import date

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

from accounts.models import Role
from accounts.services import account_holder_of
from classes.models import Category, Class
from core.school_time import school_today
from e2e.class_steps import admin_member, check_accessible, dashboard_menu, open_dashboard, sign_in
from enrolments.models import WaitlistEntry
from payments.models import PaymentStatus
from testing.factories import PaymentFactory, UserFactory
from testing.seasons import a_season, a_season_class

pytestmark = pytest.mark.usefixtures("emulator")

SEASON = "Summer Report"
WHEEL = "Wheel Throwing"
LOOM = "Loom Weaving"
FILL = "Fill per class, most asked for first"
WIDTHS = {1280: 800, 390: 844}

# The pixels of the chart's first series, in the colour the theme gives it (reports.css): found
# once Chart.js has drawn, and drawn again when the theme changes. The colour found, or null.
FIRST_SERIES_DRAWN = """(canvas) => {
    const colour = getComputedStyle(canvas.parentElement)
        .getPropertyValue("--report-chart-primary").trim();
    const probe = document.createElement("canvas").getContext("2d");
    probe.fillStyle = colour;
    const hex = probe.fillStyle;
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    for (let at = 0; at < data.length; at += 4) {
        if (data[at] === r && data[at + 1] === g && data[at + 2] === b && data[at + 3] === 255) {
            return hex;
        }
    }
    return null;
}"""

# What in the main region reaches past the screen's right edge, leaving out what a table's own
# scroller holds: the scroller is there to be scrolled.
TOO_WIDE = """() => [...document.querySelectorAll("main *")]
    .filter((element) => !element.closest(".table-responsive"))
    .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
    .map((element) => element.outerHTML.slice(0, 120))"""


@pytest.fixture
def admin(emulator, live_server):
    return admin_member(emulator, live_server)


def enrol(camp_class: Class, name: str) -> None:
    """A paid seat taken today, as a fulfilled card payment leaves it (e2e/routes.py)."""
    PaymentFactory(
        student=UserFactory(name=name, role=Role.STUDENT),
        camp_class=camp_class,
        status=PaymentStatus.ENROLLED,
    )
    Class.objects.filter(pk=camp_class.pk).update(seats=camp_class.seats - 1)
    camp_class.refresh_from_db()


@pytest.fixture
def season():
    """The season open since yesterday: Wheel Throwing full with its two seats taken today and a
    family waiting; Loom Weaving with nobody yet."""
    summer = a_season(SEASON)
    pottery = Category.objects.get_or_create(slug="pottery", defaults={"name": "Pottery"})[0]
    wheel = a_season_class(summer, "120.00", name=WHEEL, seats=2, category=pottery)
    a_season_class(summer, "80.00", name=LOOM, seats=6, week=1, category=pottery)
    enrol(wheel, "Noor Haddad")
    enrol(wheel, "Ines Moreau")
    waiting = UserFactory(name="Tomas Berg", role=Role.STUDENT)
    WaitlistEntry.objects.create(
        student=waiting, participant=account_holder_of(waiting), camp_class=wheel, rank=1
    )
    return summer


def day_in_words(day: date) -> str:
    """ "Wed, Nov 26, 2025", as the page writes a day."""
    return f"{day:%a}, {day:%b} {day.day}, {day.year}"


def table_rows(page: Page, caption: str) -> list[list[str]]:
    """The table's rows as the text of their cells, its header row first."""
    table = page.get_by_role("table", name=caption)
    return table.evaluate(
        "table => [...table.rows].map((row) => [...row.cells].map((cell) => cell.innerText.trim()))"
    )


def theme_toggle(page: Page):
    return page.get_by_role("button", name=re.compile(r"^Switch to (dark|light) theme$"))


def set_theme(page: Page, theme: str) -> None:
    html = page.locator("html")
    if html.get_attribute("data-bs-theme") != theme:
        theme_toggle(page).click()
    expect(html).to_have_attribute("data-bs-theme", theme)


def read_the_report(page: Page, *, width: int) -> str:
    """Everything the page shows, checked; the colour the fill chart's first series is drawn in."""
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="Reports")).to_be_visible()
    expect(main.get_by_text(f"{SEASON}: ")).to_be_visible()
    for heading in (
        "Registrations",
        "Fill per class",
        "Money",
        "Instalments",
        "Attendance",
        "Missing care records",
    ):
        expect(main.get_by_role("heading", level=2, name=heading, exact=True)).to_be_visible()

    # Today's two seats, and the full class first, its waiting family counted as demand.
    today = [day_in_words(school_today()), "2", "0"]
    assert today in table_rows(page, "Registrations per day")
    fill = table_rows(page, FILL)
    assert fill[0] == ["Class", "Category", "Seats", "Enrolled", "Held now", "Waitlisted", "Demand"]
    assert fill[1:] == [
        [WHEEL, "Pottery", "2", "2", "0", "1", "3"],
        [LOOM, "Pottery", "6", "0", "0", "0", "0"],
    ]
    for caption in (
        "Registrations per day",
        FILL,
        "Money in the range",
        "Money by week",
        "Instalments due and overdue",
    ):
        table = page.get_by_role("table", name=caption)
        table.scroll_into_view_if_needed()
        expect(table).to_be_visible()

    # Each chart is drawn, within the screen, and its picture names the table beside it.
    for caption in ("Registrations per day", FILL, "Money by week"):
        chart = page.get_by_role("img", name=re.compile(re.escape(f"The table “{caption}”")))
        chart.scroll_into_view_if_needed()
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box["width"] > 200 and box["height"] > 150, (caption, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (caption, box)
    fill_chart = page.get_by_role("img", name=re.compile(re.escape(f"The table “{FILL}”")))
    drawn = page.wait_for_function(FIRST_SERIES_DRAWN, arg=fill_chart.element_handle())

    # No page wider than the screen; a table too wide for it scrolls in its own box.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate(TOO_WIDE) == []
    check_accessible(page)
    return drawn.json_value()


def test_an_admin_reads_the_season_in_both_themes_and_widths_and_downloads_a_table(
    page: Page, admin, season, tmp_path
):
    page.set_viewport_size({"width": 1280, "height": WIDTHS[1280]})
    sign_in(page, admin.email)
    open_dashboard(page, "all-users")
    dashboard_menu(page).get_by_role("link", name="Reports").click()
    expect(page).to_have_url(re.compile(r"/dashboard/reports$"))

    drawn_in = {}
    for theme in ("light", "dark"):
        for width, height in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            set_theme(page, theme)
            drawn_in[(theme, width)] = read_the_report(page, width=width)
    # The same colour at each width; the dark theme's own, not the light one's.
    assert drawn_in[("light", 1280)] == drawn_in[("light", 390)]
    assert drawn_in[("dark", 1280)] == drawn_in[("dark", 390)]
    assert drawn_in[("light", 1280)] != drawn_in[("dark", 1280)]

    # On the phone, in the dark: the fill table as a workbook.
    download_button = page.get_by_role("button", name=f"Download {FILL} as XLSX")
    download_button.scroll_into_view_if_needed()
    with page.expect_download() as downloading:
        download_button.click()
    download = downloading.value
    assert download.suggested_filename == "camp-summer-report-classes.xlsx"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)

    sheet = load_workbook(saved, read_only=True).active
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    # The page's table and the file say the same, headings first.
    assert rows[0] == table_rows(page, FILL)[0]
    assert rows[1:] == [[WHEEL, "Pottery", 2, 2, 0, 1, 3], [LOOM, "Pottery", 6, 0, 0, 0, 0]]
