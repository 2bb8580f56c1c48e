"""A picture of every page (e2e/routes.py), light and dark, on a phone and a laptop, and of every
kind of e-mail (testing/mail_samples.py) at a phone's width, light and dark, for people to look
at: `make screenshots` writes them into screenshots/ (ignored by git), full page.

Named screenshots.py, not test_*.py, so `pytest e2e` (make test) never collects it; `make
screenshots` runs this file by name.
"""

from pathlib import Path

import pytest
from django.conf import settings

from e2e.routes import THEMES, VISITORS, WIDTHS, open_as, routes_of, seed_school, visit
from notifications.rendering import message_rendered
from testing.mail_samples import SAMPLES

FOLDER = settings.BASE_DIR / "screenshots"

pytestmark = pytest.mark.usefixtures("emulator")

# Cards load their pictures lazily, as they come into view: ask for every picture now, and wait
# until each has arrived (or failed, or a few seconds passed: a picture never holds up the rest).
_LOAD_EVERY_PICTURE = """async () => {
    const images = [...document.images];
    images.forEach((image) => { image.loading = "eager"; });
    const arrived = Promise.all(images.map((image) => image.decode().catch(() => null)));
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
}"""


@pytest.fixture
def school(emulator, live_server):
    return seed_school(emulator, live_server)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("visitor", VISITORS)
def test_write_screenshots(page, school, visitor, width, theme):
    FOLDER.mkdir(exist_ok=True)
    open_as(page, school, visitor, width=width, theme=theme)
    for route in routes_of(visitor):
        visit(page, school, route)
        page.evaluate(_LOAD_EVERY_PICTURE)
        page.wait_for_load_state("networkidle")
        path: Path = FOLDER / f"{route.name}-{width}-{theme}.png"
        page.screenshot(path=path, full_page=True, animations="disabled")
        assert path.stat().st_size > 0


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_write_mail_screenshots(page, kind, theme):
    """Each message as a phone's mail program shows it: 390 px wide, in its reader's scheme."""
    FOLDER.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme=theme)
    page.set_content(message_rendered(kind, SAMPLES[kind]).html)
    path: Path = FOLDER / f"mail-{kind}-390-{theme}.png"
    page.screenshot(path=path, full_page=True, animations="disabled")
    assert path.stat().st_size > 0
