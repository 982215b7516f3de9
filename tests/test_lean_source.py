"""The Python the site ships (scripts/lean_source.py): without comments and docstrings,
the same program, every statement on the line it has in git."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from lean_source import lean  # noqa: E402

SHIPPED = sorted(
    p
    for package in ("pygame_core", "web")
    for p in (ROOT / package).rglob("*.py")
    if "__pycache__" not in p.parts
)


def _program(source: str) -> tuple[str, list[tuple[str, int]]]:
    """The module's syntax tree with every docstring emptied, and each statement's and
    expression's line."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            first.value.value = "" if isinstance(first.value.value, str) else first.value.value
    lines = [
        (type(n).__name__, n.lineno) for n in ast.walk(tree) if isinstance(n, ast.stmt | ast.expr)
    ]
    return ast.dump(tree), lines


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_lean_source_is_the_same_program_on_the_same_lines(path: Path) -> None:
    source = path.read_text("utf-8")
    shipped = lean(source)
    compile(shipped, str(path), "exec", dont_inherit=True)
    assert _program(shipped) == _program(source)
    assert shipped.count("\n") == source.count("\n")
    assert not [line for line in shipped.splitlines() if line.lstrip().startswith("#")]


def test_lean_source_drops_comments_and_docstrings_but_not_strings() -> None:
    source = (
        '"""Module doc."""\n'
        "from __future__ import annotations\n"
        "\n"
        "# a comment\n"
        "class A:  # trailing\n"
        '    """Class doc,\n'
        '    two lines."""\n'
        "\n"
        "    def f(self) -> str:\n"
        '        """Only a docstring would leave an empty body."""\n'
        "\n"
        'def g() -> str: """one-line def"""\n'
        'TEXT = "# not a comment"  # a comment\n'
    )
    shipped = lean(source)
    assert shipped == (
        '""\n'
        "from __future__ import annotations\n"
        "\n"
        "\n"
        "class A:\n"
        '    ""\n'
        "\n"
        "\n"
        "    def f(self) -> str:\n"
        '        ""\n'
        "\n"
        'def g() -> str: ""\n'
        'TEXT = "# not a comment"\n'
    )
    namespace: dict[str, object] = {}
    exec(compile(shipped, "<lean>", "exec"), namespace)
    assert namespace["TEXT"] == "# not a comment"
