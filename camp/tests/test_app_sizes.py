"""Each app is of one concern, and small enough to read as one: no product app has more than
MOST_LINES lines of Python, its tests and migrations apart. An app that grows past it splits a
concern out into an app of its own (as attendance, the waiting room and class messages left
enrolments), placed in the layers by what it reads (camp/tests/test_import_directions.py)."""

from pathlib import Path

import pytest

from camp.tests.test_import_directions import APPS

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 5000
NOT_PRODUCT = {"tests", "migrations"}


def product_lines(app: str, root: Path = ROOT) -> int:
    """The lines of an app's Python, its tests and migrations apart."""
    return sum(
        len(path.read_text(encoding="utf-8").splitlines())
        for path in (root / app).rglob("*.py")
        if not NOT_PRODUCT & set(path.relative_to(root / app).parts)
    )


def _every_app_s_lines() -> str:
    return "\n".join(f"{app:>16} {product_lines(app):>6}" for app in APPS)


@pytest.mark.parametrize("app", APPS)
def test_no_app_is_over_its_size(app):
    lines = product_lines(app)

    assert lines <= MOST_LINES, (
        f"{app} has {lines} lines of Python, tests and migrations apart; at most {MOST_LINES}. "
        f"Each app's:\n{_every_app_s_lines()}"
    )


def test_tests_and_migrations_are_not_counted(tmp_path):
    (tmp_path / "shop" / "tests").mkdir(parents=True)
    (tmp_path / "shop" / "migrations").mkdir()
    (tmp_path / "shop" / "services.py").write_text("one = 1\ntwo = 2\n")
    (tmp_path / "shop" / "tests" / "test_services.py").write_text("three = 3\n")
    (tmp_path / "shop" / "migrations" / "0001_initial.py").write_text("four = 4\n")

    assert product_lines("shop", tmp_path) == 2
