"""The server's Spanish: every string marked for translation has its Spanish, the catalogue holds
every string the code marks (and no other), the compiled catalogue is the one written, and every
refusal the API says is marked, so a refusal without Spanish fails here."""

import ast
import gettext
import os
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"
COMPILED = CATALOGUE.with_suffix(".mo")
# Where makemessages does not look: not the server's words (the browser app has its own).
IGNORED = [".venv", "frontend", "node_modules"]

# Everything said when the API refuses: the domain errors (core/errors.py and their kin), Django's
# and DRF's errors, and the answer's error shape itself.
REFUSALS = {
    "DomainError",
    "NotFound",
    "Conflict",
    "Refused",
    "TooMany",
    "CardDeclined",
    "ProviderUnavailable",
    "InvalidInput",
    "ValidationError",
    "PermissionDenied",
    "AuthenticationFailed",
    "InvalidToken",
    "ParseError",
    "TooManyRequests",
    "ServiceUnavailable",
    "PaymentRequired",
    "IdentityError",
    "ImageRejected",
    "error_body",
}
MARKERS = {"_", "gettext", "gettext_lazy", "ngettext", "pgettext", "pgettext_lazy"}
NOT_PRODUCT = {
    ".venv",
    "frontend",
    "node_modules",
    "tests",
    "migrations",
    "e2e",
    "bench",
    "testing",
}

ENTRY = re.compile(
    r'^(?P<flags>(?:#,[^\n]*\n)?)(?:msgctxt (?P<context>(?:"(?:[^"\\]|\\.)*"\n?)+))?'
    r'msgid (?P<id>(?:"(?:[^"\\]|\\.)*"\n?)+)'
    r'(?:msgid_plural (?P<plural>(?:"(?:[^"\\]|\\.)*"\n?)+))?'
    r"(?P<strs>(?:msgstr(?:\[\d\])? (?:\"(?:[^\"\\]|\\.)*\"\n?)+)+)",
    re.M,
)


def _text(quoted: str | None) -> str:
    if quoted is None:
        return ""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', quoted)
    return "".join(parts).encode("latin-1", "backslashreplace").decode("unicode_escape")


def entries(path: Path) -> list[dict]:
    """A catalogue's entries (the header apart): context, id, plural, translations, fuzzy."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = "\n".join(line for line in block.splitlines() if not line.startswith(("#:", "# ")))
        match = ENTRY.search(lines + "\n")
        if match is None or not _text(match["id"]):
            continue
        found.append(
            {
                "context": _text(match["context"]),
                "id": _text(match["id"]),
                "plural": _text(match["plural"]),
                "strs": [_text(s) for s in re.split(r"msgstr(?:\[\d\])? ", match["strs"])[1:]],
                "fuzzy": "fuzzy" in match["flags"],
            }
        )
    return found


def test_every_string_has_its_spanish():
    catalogue = entries(CATALOGUE)

    assert len(catalogue) > 300
    untranslated = [e["id"] for e in catalogue if not all(s.strip() for s in e["strs"])]
    fuzzy = [e["id"] for e in catalogue if e["fuzzy"]]
    assert untranslated == [], "Write their Spanish in locale/es/LC_MESSAGES/django.po"
    assert fuzzy == [], "Check these Spanish guesses, then remove their #, fuzzy"


def test_the_spanish_keeps_every_placeholder():
    def placeholders(text: str) -> set[str]:
        return set(re.findall(r"%\(\w+\)s", text))

    for entry in entries(CATALOGUE):
        for said in entry["strs"]:
            assert placeholders(said) == placeholders(entry["id"]), entry["id"]


# Skipped on a machine without gettext; CI installs it (.ci/run), and there it must run.
@pytest.mark.skipif(
    not shutil.which("xgettext") and not os.environ.get("CI"),
    reason="gettext (Debian's package) is needed",
)
def test_the_catalogue_holds_every_string_the_code_marks(tmp_path):
    shutil.copytree(CATALOGUE.parents[2], tmp_path / "locale")
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command(
            "makemessages",
            locale=["es"],
            ignore_patterns=IGNORED,
            no_obsolete=True,
            verbosity=0,
        )

    def ids(path):
        return {(e["context"], e["id"], e["plural"]) for e in entries(path)}

    gathered = ids(tmp_path / "locale" / "es" / "LC_MESSAGES" / "django.po")
    assert gathered - ids(CATALOGUE) == set(), "New strings: run `make messages`, then translate"
    assert ids(CATALOGUE) - gathered == set(), "Strings no longer used: run `make messages`"


def test_the_compiled_catalogue_is_the_one_written():
    with COMPILED.open("rb") as compiled:
        spanish = gettext.GNUTranslations(compiled)

    for entry in entries(CATALOGUE):
        if entry["plural"]:
            said = spanish.ngettext(entry["id"], entry["plural"], 2)
            assert said == entry["strs"][-1], "Run `make messages` to compile the catalogue"
        elif entry["context"]:
            said = spanish.pgettext(entry["context"], entry["id"])
            assert said == entry["strs"][0], "Run `make messages` to compile the catalogue"
        else:
            assert spanish.gettext(entry["id"]) == entry["strs"][0], (
                f"Run `make messages` to compile the catalogue: {entry['id']!r}"
            )


def _name(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _bare_words(node) -> list[ast.AST]:
    """The plain strings in what a refusal is given (a sentence, its list, its dict of fields),
    not those already marked for translation."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKERS:
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node] if node.value.strip() else []
    if isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.Dict):
        return [found for value in node.values for found in _bare_words(value)]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [found for item in node.elts for found in _bare_words(item)]
    if isinstance(node, ast.IfExp):
        return _bare_words(node.body) + _bare_words(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [found for value in node.values for found in _bare_words(value)]
    return []


def refusals_unmarked(source: str) -> list[int]:
    """The lines where a refusal is given words that are not marked for translation."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _name(node.func) in REFUSALS:
            given = node.args[:1] + [k.value for k in node.keywords if k.arg == "message"]
            lines += [found.lineno for value in given for found in _bare_words(value)]
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and [_name(t) for t in statement.targets] in (["default_message"], ["message"])
                    or isinstance(statement, ast.Assign)
                    and [_name(t) for t in statement.targets] == ["default_detail"]
                ):
                    lines += [found.lineno for found in _bare_words(statement.value)]
    return lines


def test_every_refusal_is_marked_for_translation():
    unmarked = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if NOT_PRODUCT & set(relative.parts):
            continue
        unmarked += [f"{relative}:{line}" for line in refusals_unmarked(path.read_text())]

    assert unmarked == [], "Wrap these in gettext (django.utils.translation) and give their Spanish"


def test_an_unmarked_refusal_is_found():
    source = (
        "def f(x):\n"
        "    raise Conflict(_('Full.'))\n"
        "    raise NotFound('No such class.')\n"
        "    raise InvalidInput({'name': [f'Too long: {x}.']})\n"
    )

    assert refusals_unmarked(source) == [3, 4]


def gettext_shadowed(source: str) -> list[int]:
    """Lines calling `_` where it is not gettext: not imported as it, or rebound (a throwaway
    `_` of a loop or an unpacking) in the calling function."""
    tree = ast.parse(source)
    imported = any(
        isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == "_" for a in node.names)
        for node in tree.body
    )
    lines = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        inside = list(ast.walk(function))
        rebound = any(
            isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in inside
        )
        for node in inside:
            if isinstance(node, ast.Call) and _name(node.func) == "_" and (rebound or not imported):
                lines.append(node.lineno)
    return sorted(set(lines))


def test_every_underscore_called_is_gettext():
    shadowed = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if {".venv", "frontend", "node_modules"} & set(relative.parts):
            continue
        shadowed += [f"{relative}:{line}" for line in gettext_shadowed(path.read_text())]

    assert shadowed == [], "Name the throwaway otherwise, or call gettext by its name"


def test_a_shadowed_underscore_is_found():
    source = (
        "from django.utils.translation import gettext as _\n"
        "def f(pairs):\n"
        "    for _, x in pairs:\n"
        "        raise Conflict(_('Full.'))\n"
        "def g():\n"
        "    raise Conflict(_('Closed.'))\n"
    )

    assert gettext_shadowed(source) == [4]
    assert gettext_shadowed(source.split("\n", 1)[1]) == [3, 5]
