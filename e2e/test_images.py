"""Pictures that fail to arrive keep the page's shape, and the home slides stop when asked."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from accounts.models import Role
from classes.models import Category, ClassStatus
from e2e.class_steps import check_accessible, class_card
from e2e.helpers import demo_image
from testing.factories import ClassFactory, UserFactory

# Same origin, so the page's policy lets it be asked for; nothing is ever stored there.
MISSING_PICTURE = "/media/missing.webp"

THEMES = ["light", "dark"]


def in_theme(page: Page, theme: str) -> None:
    # What the theme toggle stores; the page applies it before its first paint.
    page.add_init_script(f"window.localStorage.setItem('theme', '{theme}')")


def box(locator: Locator) -> dict:
    locator.scroll_into_view_if_needed()
    found = locator.bounding_box()
    assert found, "the picture takes no room on the page"
    return found


def make_classes():
    # The school's list may hold it already (a data migration seeds it).
    pottery, _ = Category.objects.get_or_create(
        name="Pottery & ceramics", defaults={"slug": "pottery-ceramics"}
    )
    maya = UserFactory(name="Maya Lindqvist", photo=MISSING_PICTURE, role=Role.INSTRUCTOR)
    ClassFactory(
        name="Wheel-Thrown Pottery",
        image=MISSING_PICTURE,
        category=pottery,
        status=ClassStatus.APPROVED,
        instructor=maya,
    )
    ClassFactory(
        name="Origami Animals",
        image=demo_image("origami.webp"),
        status=ClassStatus.APPROVED,
        instructor=maya,
    )
    return pottery


@pytest.mark.parametrize("theme", THEMES)
def test_a_class_whose_picture_fails_shows_its_category_at_the_pictures_size(page, theme):
    pottery = make_classes()
    in_theme(page, theme)

    page.goto("/all-classes")

    broken = class_card(page, "Wheel-Thrown Pottery")
    stand_in = broken.get_by_role("img", name="Wheel-Thrown Pottery")
    expect(stand_in).to_contain_text(pottery.name)
    # The failed <img> is gone, not left as an empty box with its alt text.
    expect(broken.locator("img")).to_have_count(0)
    photo = class_card(page, "Origami Animals").get_by_role("img", name="Origami Animals")
    expect(photo).to_be_visible()
    stand_in_box, photo_box = box(stand_in), box(photo)
    assert stand_in_box["width"] == pytest.approx(photo_box["width"], abs=1)
    assert stand_in_box["height"] == pytest.approx(photo_box["height"], abs=1)
    assert stand_in_box["height"] == pytest.approx(stand_in_box["width"] * 3 / 4, abs=1)
    check_accessible(page)

    broken.get_by_role("link", name="Wheel-Thrown Pottery").click()

    main = page.get_by_role("main")
    expect(main.get_by_role("heading", level=1, name="Wheel-Thrown Pottery")).to_be_visible()
    stand_in = main.get_by_role("img", name="Wheel-Thrown Pottery")
    expect(stand_in).to_contain_text(pottery.name)
    page_box = box(stand_in)
    assert page_box["width"] > stand_in_box["width"], "the page's picture is its largest"
    assert page_box["height"] == pytest.approx(page_box["width"] * 3 / 4, abs=1)
    # The instructor's photo fails too: the card on their list shows their initials instead.
    check_accessible(page)

    page.goto("/all-instructors")
    portrait = class_card(page, "Maya Lindqvist").get_by_role("img", name="Maya Lindqvist")
    expect(portrait).to_have_text("ML")
    portrait_box = box(portrait)
    assert portrait_box["height"] == pytest.approx(portrait_box["width"], abs=1)
    check_accessible(page)


def current_slide(page: Page) -> str:
    slides = page.get_by_role("region", name="Highlights")
    return slides.get_by_role("heading", level=2).inner_text()


def test_the_pause_button_stops_the_slides(page):
    # The page's clock is the test's: time is run forward, not waited out.
    page.clock.install()
    page.goto("/")
    slides = page.get_by_role("region", name="Highlights")
    # Nothing rests on the show: it moves on by itself, every three seconds.
    page.mouse.move(0, 0)
    expect(slides.get_by_role("heading", name="Transform Ordinary Materials")).to_be_visible()

    slides.get_by_role("button", name="Pause slides").click()
    expect(slides.get_by_role("button", name="Play slides")).to_be_visible()
    # Neither the pointer nor focus holds it now: only the button does.
    page.mouse.move(0, 0)
    page.keyboard.press("Shift+Tab")
    shown = current_slide(page)
    # Past the three seconds after which a playing show moves on.
    page.clock.run_for(4_000)
    assert current_slide(page) == shown

    slides.get_by_role("button", name="Play slides").click()
    page.mouse.move(0, 0)
    page.clock.run_for(4_000)
    expect(slides.get_by_role("heading", level=2)).not_to_have_text(shown)


# The focused control's outline, and the colours behind it: the nearest painted ancestor, or on
# the slides every colour of the current slide's gradient.
_RING = """element => {
    const style = getComputedStyle(element);
    const slide = element.closest(".hero")?.querySelector(".hero-slide.active");
    let behind = [];
    if (slide) {
        behind = getComputedStyle(slide).backgroundImage.match(/rgb\\(\\d+, \\d+, \\d+\\)/g);
    } else {
        const colour = (node) => getComputedStyle(node).backgroundColor;
        let painted = element.parentElement;
        while (painted && /, 0\\)$|transparent/.test(colour(painted)))
            painted = painted.parentElement;
        behind = [painted ? colour(painted) : "rgb(255, 255, 255)"];
    }
    const {outlineStyle, outlineWidth, outlineColor} = style;
    return {style: outlineStyle, width: outlineWidth, color: outlineColor, behind};
}"""


def luminance(css_colour: str) -> float:
    channels = [int(part) / 255 for part in re.findall(r"\d+", css_colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    lighter, darker = sorted([luminance(first), luminance(second)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("theme", THEMES)
def test_focus_rings_show_in_both_themes_on_the_slides_arrows_too(page, theme):
    in_theme(page, theme)
    # A still show, so the slide behind the rings is the one measured.
    page.emulate_media(reduced_motion="reduce")
    page.goto("/")
    navigation = page.get_by_role("navigation", name="Main")
    slides = page.get_by_role("region", name="Highlights")
    expect(slides.get_by_role("button", name="Play slides")).to_be_visible()
    # A key pressed first: focus moved from the keyboard is what shows a ring.
    page.keyboard.press("Tab")

    for control in [
        navigation.get_by_role("link", name="All Classes"),
        navigation.get_by_role("button", name=re.compile("theme", re.IGNORECASE)),
        slides.get_by_role("button", name="Play slides"),
        slides.get_by_role("button", name="Previous slide"),
        slides.get_by_role("button", name="Next slide"),
        navigation.get_by_role("link", name="Log In"),
    ]:
        control.focus()
        expect(control).to_be_focused()
        ring = control.evaluate(_RING)
        assert ring["style"] == "solid" and ring["width"] == "2px", ring
        assert ring["behind"], ring
        for colour in ring["behind"]:
            assert contrast(ring["color"], colour) >= 3, ring
