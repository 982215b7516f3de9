"""The Python the site ships: the app's sources without their comments and docstrings.

The repository's modules are written to be read: about a third of their bytes are
comments and docstrings, which the browser downloads and never runs (nothing in the
app reads a docstring: ``pygame_core/arena.py``, the one module that does, is a
command-line tool and is not shipped). :func:`lean` blanks them out and keeps every
statement on the line it has in the repository, so a traceback from a player's
browser names the very line of the file in git. The bytecode of the start-up modules
is compiled from these lean sources, so it carries no docstrings either.
"""

from __future__ import annotations

import ast
import io
import tokenize


def _docstrings(tree: ast.Module) -> list[ast.Expr]:
    """The docstring statements of the module, its classes and its functions."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.append(first)
    return found


def _char_column(line: str, byte_offset: int) -> int:
    """The character column of ``byte_offset`` (ast counts UTF-8 bytes) in ``line``."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8"))


def lean(source: str) -> str:
    """``source`` without comments and with every docstring replaced by ``""`` (a body
    of only a docstring stays a valid body), each statement on its original line."""
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    cuts = {
        tok.start[0]: tok.start[1]
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT
    }
    # Docstrings first, last one first, so the columns of the others stay valid; a
    # comment always comes after a docstring on its line, so its cut applies after.
    for doc in sorted(_docstrings(tree), key=lambda d: d.lineno, reverse=True):
        first, last = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
        start = _char_column(lines[first], doc.col_offset)
        end = _char_column(lines[last], doc.end_col_offset or 0)
        rest = lines[last][end:]
        if last + 1 in cuts:
            rest = lines[last][end : cuts.pop(last + 1)].rstrip() + "\n"
        head = lines[first][:start] + '""'
        if rest.strip():
            # Something follows on the docstring's last line (a ``;``): keep it with it.
            lines[first] = head + rest
        else:
            lines[first] = head + "\n"
        for index in range(first + 1, last + 1):
            lines[index] = "\n"
    for number, column in cuts.items():
        kept = lines[number - 1][:column].rstrip()
        lines[number - 1] = kept + "\n" if kept or lines[number - 1].endswith("\n") else kept
    return "".join(lines)
