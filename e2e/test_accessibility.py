"""Every page, signed out and in each role, on a phone and a laptop, light and dark: axe-core
finds no serious or critical violation, colour contrast included (e2e/routes.py lists them)."""

import pytest

from e2e.class_steps import check_accessible
from e2e.routes import VISITORS, WIDTHS, open_as, routes_of, seed_school, visit

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def school(emulator, live_server):
    return seed_school(emulator, live_server)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("visitor", VISITORS)
def test_every_page_passes_axe(page, school, visitor, width):
    # Each page opens in the stored theme, dark, and is checked in it, then in the light one the
    # toggle switches to: the same page in both, for one visit.
    open_as(page, school, visitor, width=width, theme="dark")
    failures = []
    for route in routes_of(visitor):
        visit(page, school, route)
        assert page.get_attribute("html", "data-bs-theme") == "dark"
        for theme in ("dark", "light"):
            page.evaluate(
                "theme => document.documentElement.setAttribute('data-bs-theme', theme)", theme
            )
            try:
                check_accessible(page)
            except AssertionError as failure:
                # Every page's violations in one report, not only the first page's.
                failures.append(f"In the {theme} theme: {failure}")
    assert not failures, "\n".join(failures)
