"""Every page, signed out and in each role, on a phone and a laptop, light and dark: axe-core
finds no serious or critical violation, colour contrast included (e2e/routes.py lists them)."""

import pytest

from e2e.class_steps import check_accessible
from e2e.routes import THEMES, VISITORS, WIDTHS, open_as, routes_of, seed_school, visit

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def school(emulator, live_server):
    return seed_school(emulator, live_server)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("visitor", VISITORS)
def test_every_page_passes_axe(page, school, visitor, width, theme):
    open_as(page, school, visitor, width=width, theme=theme)
    failures = []
    for route in routes_of(visitor):
        visit(page, school, route)
        assert page.get_attribute("html", "data-bs-theme") == theme
        try:
            check_accessible(page)
        except AssertionError as failure:
            # Every page's violations in one report, not only the first page's.
            failures.append(str(failure))
    assert not failures, "\n".join(failures)
