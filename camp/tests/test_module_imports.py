"""A product module imports at its top, never inside a function or a class.

The layers say who calls whom (docs/architecture.md), and test_import_directions.py reads them
off the imports. An import tucked into a function body is a cycle dodged rather than undone:
two modules that need each other, or a lower one that reaches up at call time. Where two
modules need each other, what both need moves to a module both may import; where a lower app
must reach an upper one, it tells or asks through `core.events`.

Two places may import inside: an `AppConfig.ready`, Django's place for registering handlers
once every app is loaded, and an `if TYPE_CHECKING:` block, which only type checkers read.
Tests and migrations are left out.
"""

import ast
import sys
from pathlib import Path

import pytest

from camp.tests.test_import_directions import APPS

ROOT = Path(__file__).resolve().parents[2]
# Every app of the layers, and the project package.
PRODUCT = [*APPS, "camp"]


def _product_modules(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        if {"tests", "migrations"} & set(path.relative_to(ROOT / package).parts):
            continue
        yield path


def _is_app_config(node: ast.ClassDef) -> bool:
    return any(ast.unparse(base).split(".")[-1] == "AppConfig" for base in node.bases)


def _is_type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test).split(".")[-1] == "TYPE_CHECKING"


def _is_registration(owner: ast.ClassDef, statement: ast.stmt) -> bool:
    return (
        _is_app_config(owner)
        and isinstance(statement, ast.FunctionDef)
        and statement.name == "ready"
    )


def _imports_inside(nodes: list[ast.AST], where: str, inside: str | None) -> list[str]:
    """Each import among `nodes` and below them that stands inside a function or class (named
    `inside` when the nodes are in one), with `AppConfig.ready` and `if TYPE_CHECKING:` left
    alone."""
    found = []
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            if inside is not None:
                names = ", ".join(alias.name for alias in node.names)
                module = f"{node.module} " if isinstance(node, ast.ImportFrom) else ""
                found.append(f"{where}:{node.lineno} in {inside}: {module}{names}")
        elif isinstance(node, ast.If) and _is_type_checking(node):
            continue
        elif isinstance(node, ast.ClassDef):
            body = [statement for statement in node.body if not _is_registration(node, statement)]
            found += _imports_inside(body, where, node.name)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += _imports_inside(list(ast.iter_child_nodes(node)), where, node.name)
        else:
            found += _imports_inside(list(ast.iter_child_nodes(node)), where, inside)
    return found


def imports_inside_functions(package: str) -> list[str]:
    found = []
    for path in _product_modules(package):
        tree = ast.parse(path.read_text(), filename=str(path))
        found += _imports_inside(tree.body, str(path.relative_to(ROOT)), None)
    return found


@pytest.mark.parametrize("package", PRODUCT)
def test_each_module_imports_at_its_top(package):
    assert list(_product_modules(package))
    assert imports_inside_functions(package) == []


def test_an_import_inside_a_function_or_class_is_found(tmp_path, monkeypatch):
    module = tmp_path / "payments" / "services.py"
    module.parent.mkdir()
    module.write_text(
        "import logging\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from accounts.models import User\n"
        "def overdue_release():\n"
        "    from payments.services import enrolment_release\n"
        "class Receipt:\n"
        "    import decimal\n"
        "    def ready(self):\n"
        "        if True:\n"
        "            import payments.tasks\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    assert imports_inside_functions("payments") == [
        "payments/services.py:6 in overdue_release: payments.services enrolment_release",
        "payments/services.py:8 in Receipt: decimal",
        "payments/services.py:11 in ready: payments.tasks",
    ]


def test_an_app_config_registers_in_ready(tmp_path, monkeypatch):
    module = tmp_path / "payments" / "apps.py"
    module.parent.mkdir()
    module.write_text(
        "from django.apps import AppConfig\n"
        "class PaymentsConfig(AppConfig):\n"
        "    def ready(self):\n"
        "        from payments.tasks import person_registered_customer_queued\n"
        "    def other(self):\n"
        "        import payments.selectors\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    assert imports_inside_functions("payments") == [
        "payments/apps.py:6 in other: payments.selectors",
    ]
