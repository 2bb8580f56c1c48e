"""An instructor photographs two pieces of artwork on a phone (390 px) from Today with no signal:
both wait on the phone, are sent once the connection is back, and are tagged with the child who
made them. The child's parent sees them in the child's portfolio on My Family and downloads the
season's portfolio as a PDF: a cover, then a page a piece."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from PIL import Image
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from artwork.models import Artwork, ArtworkChild, Stage
from classes.models import Class, Season
from core.school_time import school_today
from e2e.class_steps import check_accessible, instructor_member, log_out, sign_in, wait_for_picture
from e2e.today_steps import (
    PHONE,
    class_meeting_now,
    fits_the_screen,
    lopez_children_enrolled,
    open_today,
)

pytestmark = pytest.mark.usefixtures("emulator")

POTTERY = "Pottery Wheel Basics"
SEASON = "Summer at the studio"
LAPTOP = {"width": 1280, "height": 800}
PIECES = {"Blue bowl": (40, 90, 200), "Clay owl": (150, 100, 60)}


@pytest.fixture
def instructor(emulator, live_server):
    return instructor_member(emulator, live_server)


@pytest.fixture
def pottery(instructor) -> Class:
    """Meeting now, in a season of its own: a portfolio's PDF is a season's."""
    today = school_today()
    Season.objects.create(
        name=SEASON,
        starts_on=today - timedelta(days=7),
        ends_on=today + timedelta(days=30),
        opens_at=timezone.now() - timedelta(days=60),
        closes_at=timezone.now() - timedelta(days=8),
    )
    return class_meeting_now(POTTERY, instructor, location="Clay studio")


@pytest.fixture
def family(emulator, pottery):
    """Ana Lopez, who can sign in, and her children Leo and Mia, both in the class."""
    family = lopez_children_enrolled(pottery, ("Leo", "Mia"))
    emulator.sign_up(family["parent"].email, name=family["parent"].name)
    return family


def photo_of(folder: Path, title: str) -> Path:
    """A real JPEG, as a phone's camera hands it over: a piece on the studio's table."""
    path = folder / f"{title.lower().replace(' ', '-')}.jpg"
    image = Image.new("RGB", (640, 480), (236, 228, 214))
    image.paste(PIECES[title], (200, 120, 440, 360))
    image.save(path, format="JPEG", quality=85)
    return path


def photograph(page: Page, path: Path, title: str, stage: str) -> None:
    camera = page.get_by_label(f"Photo of a piece of artwork for {POTTERY}")
    expect(camera).to_have_attribute("capture", "environment")
    camera.set_input_files(path)
    dialog = page.get_by_role("dialog", name="Save artwork")
    dialog.get_by_label("Title").fill(title)
    dialog.get_by_label(stage).check()
    fits_the_screen(page)
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()


def tag(page: Page, title: str, child: str, *, stage: str | None = None) -> None:
    piece = page.get_by_role("list", name=f"Artwork of {POTTERY}").get_by_role(
        "listitem", name=title
    )
    piece.get_by_role("button", name="Tag children").click()
    dialog = page.get_by_role("dialog", name="Edit artwork")
    dialog.get_by_label(child).check()
    if stage:
        dialog.get_by_label(stage).check()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(piece.get_by_text(child.split()[0], exact=True)).to_be_visible()


def test_pieces_photographed_offline_reach_the_childs_portfolio_and_its_pdf(
    page: Page, instructor, pottery, family, tmp_path
):
    open_today(page, instructor.email, class_name=POTTERY)
    page.context.set_offline(True)

    photograph(page, photo_of(tmp_path, "Blue bowl"), "Blue bowl", "Firing")
    photograph(page, photo_of(tmp_path, "Clay owl"), "Clay owl", "Drying")
    waiting = page.get_by_role("list", name=f"Artwork photographed here for {POTTERY}")
    expect(waiting.get_by_text("Waiting to send")).to_have_count(2)
    banner = page.get_by_role("main").get_by_role("status").filter(has_text="waiting to send")
    expect(banner).to_contain_text("2 pieces of artwork waiting to send")
    assert not Artwork.objects.exists()
    fits_the_screen(page)

    # The signal is back: both are sent, once each, and listed as the school holds them.
    page.context.set_offline(False)
    expect(banner).to_be_hidden()
    pieces = page.get_by_role("list", name=f"Artwork of {POTTERY}")
    expect(pieces.get_by_role("listitem")).to_have_count(2)
    assert sorted(Artwork.objects.values_list("title", flat=True)) == ["Blue bowl", "Clay owl"]
    assert set(Artwork.objects.values_list("camp_class_id", flat=True)) == {pottery.pk}
    assert not ArtworkChild.objects.exists()

    # Tagged afterwards: Mia made both; the bowl is out of the kiln.
    tag(page, "Blue bowl", "Mia Lopez", stage="Ready for pick-up")
    tag(page, "Clay owl", "Mia Lopez")
    for artwork in Artwork.objects.all():
        assert list(artwork.children.values_list("participant_id", flat=True)) == [family["Mia"].pk]
    assert Artwork.objects.get(title="Blue bowl").stage == Stage.READY
    fits_the_screen(page)
    check_accessible(page)

    # A reload sends nothing again.
    page.reload()
    expect(pieces.get_by_role("listitem")).to_have_count(2)
    assert Artwork.objects.count() == 2

    # Ana, on her phone: Mia's portfolio holds both; Leo's has none.
    page.set_viewport_size(LAPTOP)
    page.goto("/")
    log_out(page)
    sign_in(page, family["parent"].email)
    page.set_viewport_size(PHONE)
    page.goto("/dashboard/family")
    mia = page.get_by_role("article", name="Mia Lopez").get_by_role("region", name="Portfolio")
    season = mia.get_by_role("region", name=SEASON)
    expect(season.get_by_role("figure")).to_have_count(2)
    for title in PIECES:
        picture = season.get_by_role("img", name=title)
        assert wait_for_picture(page, picture) > 0, f"{title}'s photo did not load"
    bowl = season.get_by_role("figure", name="Blue bowl")
    expect(bowl.get_by_text("Ready for pick-up")).to_be_visible()
    expect(bowl.get_by_text(POTTERY)).to_be_visible()
    leo = page.get_by_role("article", name="Leo Lopez").get_by_role("region", name="Portfolio")
    expect(leo.get_by_role("figure")).to_have_count(0)
    fits_the_screen(page)
    check_accessible(page)

    download_button = season.get_by_role("button", name="Download portfolio (PDF)")
    download_button.scroll_into_view_if_needed()
    with page.expect_download() as downloading:
        download_button.click()
    saved = tmp_path / "portfolio.pdf"
    downloading.value.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF")
    # Its cover (Mia's, the season's), then a page a piece, oldest first, each with its class.
    cover, *pages = [pdf_page.extract_text() for pdf_page in PdfReader(saved).pages]
    assert "Mia's portfolio" in cover and SEASON in cover
    assert len(pages) == 2
    for page_text, title in zip(pages, ["Blue bowl", "Clay owl"], strict=True):
        assert title in page_text and POTTERY in page_text
