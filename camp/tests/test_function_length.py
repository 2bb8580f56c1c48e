"""No product function is longer than a newcomer reads in one screen.

A function of more than 80 lines holds several steps a reader must keep in mind at once; split
along those steps, each gets a name that says what it does. A function's length runs from its
`def` line to its last line, docstring included. The product apps are walked; their tests and
migrations, the test harness, the benchmarks and the browser tests are not.
"""

import ast
from pathlib import Path

from camp.tests.test_import_directions import APPS

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = [*APPS, "camp"]
NOT_PRODUCT = {"tests", "migrations"}
MOST_LINES = 80


def long_functions(path: Path, root: Path = ROOT, most: int = MOST_LINES) -> list[str]:
    """Each function or method of this file longer than `most` lines, with its length."""
    tree = ast.parse(path.read_text(), filename=str(path))
    where = path.relative_to(root)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1
            if lines > most:
                found.append(f"{where}:{node.lineno} {node.name} is {lines} lines")
    return found


def _product_files(root: Path = ROOT):
    for top in PRODUCT:
        for path in sorted((root / top).rglob("*.py")):
            if not NOT_PRODUCT & set(path.relative_to(root).parts):
                yield path


def test_no_product_function_is_longer_than_a_screen():
    found = [long for path in _product_files() for long in long_functions(path)]
    assert not found, "\n".join(found)


def test_the_length_counts_from_the_def_line_to_the_last_line(tmp_path):
    source = (
        '''def short():
    """Said."""
    return 1


def long():
    """Said."""
'''
        + "    x = 1\n" * 80
    )
    (tmp_path / "module.py").write_text(source)
    assert long_functions(tmp_path / "module.py", root=tmp_path) == ["module.py:6 long is 82 lines"]


def test_tests_and_migrations_are_not_walked():
    walked = [path.relative_to(ROOT).parts for path in _product_files()]
    assert walked
    assert not [parts for parts in walked if NOT_PRODUCT & set(parts)]
    assert not [parts for parts in walked if parts[0] in {"testing", "bench", "e2e"}]
