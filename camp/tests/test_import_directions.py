"""Imports flow one way between the apps (docs/architecture.md draws it).

Each app may import the apps below it: core < notifications < accounts < classes < extras <
waiting_room < care < enrolments < wanted_classes < lottery < class_messages < attendance <
payments < books < plans < checkout < front_desk < changes < settlement < family_home, each app
just above the highest one it reads (what a class offers and asks beside its seat, and the
waiting room, read the catalog; the classes a family in line wants read its selections and the
seats free; a lottery season's draw asks the rules and reads the seats free;
class messages and attendance read enrolments' seats and rosters, and neither reads the other;
the money's apps stand on payments, each above the ones it asks: checkout opens a plan, the
front desk checks out for a family, a change prices what a cancellation loses, settlement hands
a charge to the flow that made it; on top, the family's home gathers its to-do list from them
all).
Only its interface modules (the API, the admin, management commands) may also read another app's
selectors, as the admin's class page reads the roster, and the family's list of their classes
reads each seat's attendance. `pages` (the school's own pages and its Contact form) stands beside
the layers: it may import notifications and core, and no app imports it. Tests and migrations are
left out.

Nor does an app reach the rows of an app above it by another way: through a reverse relation
the upper app declared on its models, or a model found through `_meta`. Where it needs to know
or tell, it asks or publishes through `core.events`.
"""

import ast
import sys
from pathlib import Path

import pytest
from django.apps import apps as django_apps

ROOT = Path(__file__).resolve().parents[2]
LAYERS = [
    "core",
    "notifications",
    "accounts",
    "classes",
    "extras",
    "waiting_room",
    "care",
    "enrolments",
    "wanted_classes",
    "lottery",
    "class_messages",
    "attendance",
    "health",
    "artwork",
    "payments",
    "books",
    "plans",
    "checkout",
    "front_desk",
    "changes",
    "settlement",
    "family_home",
]
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


def _reverse_names_from_above(app: str) -> dict[str, str]:
    """The names by which an app could reach rows of the apps above it: each reverse accessor
    and related query name that an upper app's relations put on the models below it, with the
    upper model each leads to."""
    upper = set(LAYERS[LAYERS.index(app) + 1 :]) if app in LAYERS else set(APPS) - {app}
    names = {}
    for model in django_apps.get_models():
        if model._meta.app_label not in upper:
            continue
        for field in model._meta.get_fields():
            if not field.is_relation or field.auto_created or field.related_model is None:
                continue
            if field.related_model._meta.app_label not in APPS or (
                field.related_model._meta.app_label in upper
            ):
                continue
            upper_model = f"{model._meta.app_label}.{model.__name__}"
            names[field.remote_field.get_accessor_name()] = upper_model
            names[field.related_query_name()] = upper_model
    return names


# The ORM's calls that take a relation's name as a string.
NAMING_CALLS = frozenset(
    {
        "select_related",
        "prefetch_related",
        "get_field",
        "values",
        "values_list",
        "only",
        "defer",
        "order_by",
        "F",
        "Count",
        "Prefetch",
        "annotate",
    }
)


# The ORM's calls whose keywords are lookups through relations.
LOOKUP_CALLS = frozenset(
    {
        "filter",
        "exclude",
        "get",
        "Q",
        "update",
        "create",
        "get_or_create",
        "update_or_create",
        "annotate",
        "aggregate",
        "values",
    }
)


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    if isinstance(node.func, ast.Name):
        return node.func.id
    return None


def upward_reaches(app: str, root: Path | None = None) -> list[str]:
    """Each place an app reaches an upper app's rows without importing it: a reverse relation
    that upper app declared on this app's models (as an attribute, a lookup or a name given to
    the ORM), or a model found through `_meta` (`related_model`)."""
    root = root or ROOT
    reverse = _reverse_names_from_above(app)
    found = []
    for path in sorted((root / app).rglob("*.py")):
        if {"tests", "migrations"} & set(path.relative_to(root / app).parts):
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        named = [arg for call in calls if _call_name(call) in NAMING_CALLS for arg in call.args]
        lookups = [
            keyword
            for call in calls
            if _call_name(call) in LOOKUP_CALLS
            for keyword in call.keywords
            if keyword.arg
        ]
        for node in ast.walk(tree):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute):
                if node.attr == "related_model":
                    found.append(f"{where} related_model")
                elif node.attr in reverse:
                    found.append(f"{where} .{node.attr} ({reverse[node.attr]})")
            elif isinstance(node, ast.keyword) and node in lookups:
                first = node.arg.split("__")[0]
                if first in reverse:
                    found.append(f"{where} {node.arg}= ({reverse[first]})")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                first = node.value.split("__")[0]
                if first in reverse and ("__" in node.value or node in named):
                    found.append(f"{where} {node.value!r} ({reverse[first]})")
    return sorted(found, key=_place)


def _place(reach: str) -> tuple[str, int]:
    path, line = reach.split(" ")[0].rsplit(":", 1)
    return path, int(line)


@pytest.mark.parametrize("app", APPS)
def test_no_app_reaches_the_rows_of_the_apps_above_it(app):
    assert upward_reaches(app) == []


def test_a_reach_through_meta_or_a_reverse_relation_is_found(tmp_path):
    module = tmp_path / "classes" / "selectors.py"
    module.parent.mkdir()
    module.write_text(
        "holds = Class._meta.get_field('seat_holds').related_model.objects\n"
        "held = camp_class.seat_holds.count()\n"
        "people = User.objects.filter(enrolments__camp_class_id=3)\n"
    )

    assert upward_reaches("classes", tmp_path) == [
        "classes/selectors.py:1 related_model",
        "classes/selectors.py:1 'seat_holds' (enrolments.SeatHold)",
        "classes/selectors.py:2 .seat_holds (enrolments.SeatHold)",
        "classes/selectors.py:3 enrolments__camp_class_id= (enrolments.Enrolment)",
    ]
