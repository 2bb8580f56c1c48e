"""Imports flow one way between the apps (docs/architecture.md draws it).

Each app may import the apps below it: core < notifications < accounts < classes < enrolments <
payments. Only its interface modules (the API, the admin, management commands) may also read
another app's selectors, as the admin's class page reads the roster. `pages` (the school's own
pages and its Contact form) stands beside the layers: it may import notifications and core, and
no app imports it. Tests and migrations are left out.
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ["core", "notifications", "accounts", "classes", "enrolments", "payments"]
# Apps beside the layers, with the apps each may import.
BESIDE = {"pages": ["core", "notifications"]}
APPS = [*LAYERS, *BESIDE]
INTERFACE_MODULES = {"apis.py", "admin.py", "serializers.py"}


def _imported_apps(path: Path) -> set[str]:
    """Each `app.module` this file imports from another of our apps."""
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # `from enrolments import selectors` names the module it reads, as its alias.
            names = (
                [f"{node.module}.{alias.name}" for alias in node.names]
                if node.module in APPS
                else [node.module]
            )
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        imported.update(name for name in names if name.split(".")[0] in APPS)
    return imported


def _product_modules(app: str):
    for path in sorted((ROOT / app).rglob("*.py")):
        parts = path.relative_to(ROOT / app).parts
        if parts[0] in {"tests", "migrations"}:
            continue
        yield path


def _is_interface(path: Path) -> bool:
    return path.name in INTERFACE_MODULES or "management" in path.parts


def wrong_way_imports(app: str) -> list[str]:
    allowed = {app, *BESIDE[app]} if app in BESIDE else set(LAYERS[: LAYERS.index(app) + 1])
    wrong = []
    for path in _product_modules(app):
        for name in sorted(_imported_apps(path)):
            other = name.split(".")[0]
            if other in allowed:
                continue
            if _is_interface(path) and name.startswith(f"{other}.selectors"):
                continue
            wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    return wrong


@pytest.mark.parametrize("app", APPS)
def test_each_app_imports_only_the_apps_below_it(app):
    assert list(_product_modules(app))
    assert wrong_way_imports(app) == []


def test_a_wrong_way_import_is_found(tmp_path, monkeypatch):
    module = tmp_path / "core" / "services.py"
    module.parent.mkdir()
    module.write_text("from payments.services import payment_refund\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    assert wrong_way_imports("core") == ["core/services.py imports payments.services"]


def test_no_layer_imports_an_app_beside_the_layers(tmp_path, monkeypatch):
    module = tmp_path / "accounts" / "services.py"
    module.parent.mkdir()
    module.write_text("from pages.models import SitePage\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    assert wrong_way_imports("accounts") == ["accounts/services.py imports pages.models"]


def test_an_app_beside_the_layers_imports_only_what_it_may(tmp_path, monkeypatch):
    module = tmp_path / "pages" / "services.py"
    module.parent.mkdir()
    module.write_text("from notifications.services import message_queue\nimport accounts.models\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)

    assert wrong_way_imports("pages") == ["pages/services.py imports accounts.models"]
