"""enrolments.availability: seats free, written once, read as a query or as a value."""

import ast
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.db.models.functions import Greatest
from django.utils import timezone

from classes.models import Class
from enrolments.availability import free, holds_live, seats_free, seats_free_beside
from enrolments.models import SeatHold
from testing.factories import ChildFactory, ClassFactory, UserFactory

pytestmark = pytest.mark.django_db


def hold(camp_class, participant, *, minutes):
    return SeatHold.objects.create(
        student=participant.account,
        participant=participant,
        camp_class=camp_class,
        expires_at=timezone.now() + timedelta(minutes=minutes),
    )


@pytest.fixture
def family():
    parent = UserFactory()
    return [ChildFactory(account=parent), ChildFactory(account=parent)]


def test_the_arithmetic_is_never_below_none():
    assert free(5, 2) == 3
    assert free(1, 2) == 0
    assert str(free(1, 2, greatest=Greatest)) == str(Greatest(-1, 0))


@pytest.mark.parametrize(
    ("seats", "expected_for_anyone", "expected_for_mia"), [(5, 3, 4), (1, 0, 0)]
)
def test_the_query_and_the_value_agree(family, seats, expected_for_anyone, expected_for_mia):
    mia, leo = family
    camp_class = ClassFactory(seats=seats)
    hold(camp_class, mia, minutes=10)
    hold(camp_class, leo, minutes=10)
    hold(camp_class, ChildFactory(), minutes=-1)
    now = timezone.now()

    def annotated(participant_id=None):
        return (
            Class.objects.filter(pk=camp_class.pk)
            .annotate(free=seats_free(now=now, participant_id=participant_id))
            .get()
            .free
        )

    def value(participant_id=None):
        held = holds_live(camp_class_id=camp_class.pk, participant_id=participant_id, now=now)
        return seats_free_beside(camp_class, held_for_others=held.count())

    assert annotated() == value() == expected_for_anyone
    assert annotated(mia.pk) == value(mia.pk) == expected_for_mia


def test_many_classes_are_counted_in_one_query(family, django_assert_num_queries):
    mia, _ = family
    classes = [ClassFactory(seats=seats) for seats in (3, 2, 4)]
    for camp_class in classes[:2]:
        hold(camp_class, mia, minutes=10)

    with django_assert_num_queries(1):
        counted = dict(
            Class.objects.filter(pk__in=[c.pk for c in classes])
            .annotate(free=seats_free(now=timezone.now()))
            .values_list("pk", "free")
        )

    assert counted == {classes[0].pk: 2, classes[1].pk: 1, classes[2].pk: 4}


ROOT = Path(__file__).resolve().parents[2]
# Every directory of Python the project runs or tests with; the browser's code is read apart.
PYTHON_DIRS = [
    "accounts",
    "bench",
    "books",
    "camp",
    "changes",
    "checkout",
    "classes",
    "core",
    "enrolments",
    "notifications",
    "pages",
    "payments",
    "plans",
    "scripts",
    "settlement",
    "testing",
]
THE_ONE_HOME = ROOT / "enrolments" / "availability.py"
# A seat taken changes the seats left by one: that is the seat, not seats free.
A_SEAT_TAKEN = "F('seats') - 1"
SQL_SEATS_LESS = re.compile(r"seats\W*\s-\s", re.IGNORECASE)


def _about_seats(node: ast.AST) -> bool:
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and "seats" in part.attr:
            return True
        if isinstance(part, ast.Name) and "seats" in part.id:
            return True
        if isinstance(part, ast.Constant) and str(part.value).endswith("seats"):
            return True
    return False


def seats_arithmetic_outside_availability(root: Path = ROOT) -> list[str]:
    """Each place, but `enrolments/availability.py`, that takes something from a count of
    seats: in the product's Python and the test harness's, in SQL written out in a string, or
    in the browser's code."""
    found = []
    for directory in PYTHON_DIRS:
        for path in sorted((root / directory).rglob("*.py")):
            if path == root / THE_ONE_HOME.relative_to(ROOT):
                continue
            # A test's own expectations (one seat fewer after an enrolment) are not the rule.
            if {"migrations", "tests"} & set(path.parts):
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
                if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
                    if ast.unparse(node) != A_SEAT_TAKEN and (
                        _about_seats(node.left) or _about_seats(node.right)
                    ):
                        found.append(f"{where} {ast.unparse(node)}")
                elif isinstance(node, ast.Constant) and SQL_SEATS_LESS.search(str(node.value)):
                    found.append(f"{where} SQL")
    for path in sorted((root / "frontend" / "src").rglob("*.js*")):
        if ".test." in path.name:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if re.search(r"\bseats\w*\s*-\s", line):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_seats_free_is_computed_nowhere_but_in_availability():
    assert THE_ONE_HOME.exists()
    assert seats_arithmetic_outside_availability() == []


def test_the_walk_finds_seats_free_written_again(tmp_path):
    (tmp_path / "classes").mkdir()
    (tmp_path / "classes" / "serializers.py").write_text(
        "def seats_free(c, held):\n    return max(c.seats - held, 0)\n"
    )
    (tmp_path / "payments").mkdir()
    (tmp_path / "payments" / "prepared.py").write_text(
        'SQL = "SELECT c.seats - COUNT(h.id) FROM classes_class c"\n'
    )
    (tmp_path / "frontend" / "src").mkdir(parents=True)
    (tmp_path / "frontend" / "src" / "Card.jsx").write_text(
        "const free = classItem.seats - held;\n"
    )

    assert seats_arithmetic_outside_availability(tmp_path) == [
        "classes/serializers.py:2 c.seats - held",
        "payments/prepared.py:1 SQL",
        "frontend/src/Card.jsx:1",
    ]
