"""A module's `_private` names are its own: no other module imports or reads them.

A service package shows what the rest of the project may call from its `__init__`; what one of
its modules shares with another is a public function of that module, with a docstring saying
what it promises. Everything of ours is walked, tests and the test harness too. Django's
documented `Model._meta` API is the one underscore name read across modules.
"""

import ast
from pathlib import Path

from camp.tests.test_import_directions import APPS

ROOT = Path(__file__).resolve().parents[2]
OURS = [*APPS, "camp", "bench", "testing", "e2e"]
PUBLIC_UNDERSCORE = {"_meta"}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORE


def private_reaches(path: Path, root: Path = ROOT) -> list[str]:
    """Each `_name` this file imports from, or reads on, another module of ours."""
    tree = ast.parse(path.read_text(), filename=str(path))
    where = path.relative_to(root)
    found = []
    # The names this file binds to modules or objects of ours, and where they come from.
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] not in OURS:
                continue
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"{where}:{node.lineno} imports {node.module}.{alias.name}")
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in OURS:
                    bound[alias.asname or alias.name.split(".")[0]] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _is_private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
        ):
            found.append(f"{where}:{node.lineno} reads {bound[node.value.id]}.{node.attr}")
    return found


def _our_files(root: Path = ROOT):
    for top in OURS:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_no_module_reaches_another_module_s_private_names():
    found = [reach for path in _our_files() for reach in private_reaches(path)]

    assert found == []


def test_a_private_import_and_a_private_read_are_found(tmp_path):
    module = tmp_path / "checkout" / "services" / "seat_payment.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "from checkout.services.attempts import _attempt_mark, attempt_charge\n"
        "from core import public_cache\n"
        "from classes.models import Class\n"
        "public_cache._change_watchers.append(print)\n"
        "Class._meta.get_field('name')\n"
    )

    assert private_reaches(module, root=tmp_path) == [
        "checkout/services/seat_payment.py:1 imports checkout.services.attempts._attempt_mark",
        "checkout/services/seat_payment.py:4 reads core.public_cache._change_watchers",
    ]


def test_the_product_holds_no_fault_point():
    # A process that dies on purpose is the test harness's (testing/fault_points.py), not ours.
    product = [p for p in _our_files() if p.parts[len(ROOT.parts)] in OURS[:7]]
    exits = [
        str(path.relative_to(ROOT))
        for path in product
        if "tests" not in path.parts and "os._exit(" in path.read_text()
    ]

    assert product
    assert exits == []
