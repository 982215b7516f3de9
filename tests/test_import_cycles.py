"""No import circle in ``pygame_core/`` or ``web/``: the claim is checked, not kept.

The import graph is read from the source with :mod:`ast` (nothing is imported), over
every ``.py`` file of both packages. Every import statement counts, wherever it is:
at the top, inside ``if TYPE_CHECKING:``, inside a function (a deferred import) or a
``try``. A circle that only type checkers or a late call walk is still a circle: the
modules cannot be read, tested or moved one without the other.

An edge goes from the importing module to:

- ``import a.b.c``: the module ``a.b.c`` (or the longest prefix of it that is a module
  of the two packages).
- ``from a.b import name`` (also relative, ``from .b import name``, ``from . import
  name``): the module ``a.b.name`` if ``name`` is a submodule, else the module ``a.b``
  itself (its ``__init__.py`` when ``a.b`` is a package), whose namespace the name is
  read from. So ``from web.games import dice21`` is an edge to ``web.games.dice21``
  only, and ``from web.games import get_ui`` one to ``web.games``.
- Nothing else: the parent packages Python initialises on the way to a submodule
  (``a`` and ``a.b`` for ``import a.b.c``) are not edges. A package's ``__init__.py``
  that re-exports its submodules would otherwise be in a circle with each of them,
  though neither reads the other's names; this is the convention of import-linter
  (grimp). A name found by ``importlib.import_module`` at run time (the registry's
  games, a game's review rater) is not an import statement and is not an edge.

Modules outside the two packages (the standard library, ``js``) are left out. The
strongly connected components of the graph (Tarjan) with more than one module are its
circles; the test lists each, with one shortest cycle through it.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pygame_core", "web")

Graph = dict[str, set[str]]


def _modules(root: Path, packages: tuple[str, ...]) -> dict[str, tuple[Path, bool]]:
    """Every module of ``packages`` under ``root``: dotted name -> (file, is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (path, is_package)
    return found


def _imports(tree: ast.AST, here: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """``(module, names)`` per import statement anywhere in ``tree``; ``names`` is empty
    for ``import module``. ``here`` is the package relative imports start from."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield module, tuple(alias.name for alias in node.names)


@cache
def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """The import graph of ``packages`` under ``root`` (see the module docstring)."""
    modules = _modules(root, packages)
    graph: Graph = {name: set() for name in modules}
    for name, (path, is_package) in modules.items():
        tree = ast.parse(path.read_text("utf-8"), str(path))
        here = name if is_package else name.rpartition(".")[0]
        for module, names in _imports(tree, here):
            targets: list[str] = []
            if names:
                for item in names:
                    sub = f"{module}.{item}"
                    targets.append(sub if sub in modules else module)
            else:
                parts = module.split(".")
                while parts and ".".join(parts) not in modules:
                    parts.pop()
                targets.append(".".join(parts))
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def strongly_connected(graph: Graph) -> list[list[str]]:
    """The components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def shortest_cycle(graph: Graph, component: list[str]) -> list[str]:
    """A shortest cycle through the component's first module, start repeated at the end."""
    start = component[0]
    inside = set(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node] & inside):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    raise AssertionError(f"{start} is in no cycle")


def cycles_of(package: str) -> list[str]:
    """Each circle that holds a module of ``package``, described on one line."""
    graph = import_graph()
    return [
        f"{len(component)} modules {component}; e.g. "
        + " -> ".join(shortest_cycle(graph, component))
        for component in strongly_connected(graph)
        if any(m == package or m.startswith(package + ".") for m in component)
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package: str) -> None:
    cycles = cycles_of(package)
    assert not cycles, f"import cycles in {package}/:\n" + "\n".join(cycles)


def test_the_graph_reads_every_kind_of_import(tmp_path: Path) -> None:
    """The conventions of the module docstring, on a small package."""
    files = {
        "pkg/__init__.py": "from .a import A\n",
        "pkg/a.py": "A = 1\n",
        "pkg/b.py": "from . import a\nfrom .sub import helper\n",
        "pkg/c.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from pkg.b import x\n"
            "def f():\n    from .. import elsewhere\n    import pkg.sub.deep.name\n"
        ),
        "pkg/d.py": "from pkg import A\nimport os.path\n",
        "pkg/sub/__init__.py": "from ..c import f\n",
        "pkg/sub/deep.py": "try:\n    from ..d import y\nexcept ImportError:\n    pass\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, "utf-8")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": set(),
        # ``from . import a``: the submodule; ``from .sub import helper``: sub's __init__
        "pkg.b": {"pkg.a", "pkg.sub"},
        # type-only and deferred imports; ``import pkg.sub.deep.name``: its module
        "pkg.c": {"pkg.b", "pkg.sub.deep"},
        # a name of the package's __init__; the standard library is left out
        "pkg.d": {"pkg"},
        "pkg.sub": {"pkg.c"},
        "pkg.sub.deep": {"pkg.d"},
    }
    assert strongly_connected(graph) == [["pkg.b", "pkg.c", "pkg.sub"]]
    assert shortest_cycle(graph, ["pkg.b", "pkg.c", "pkg.sub"]) == [
        "pkg.b",
        "pkg.sub",
        "pkg.c",
        "pkg.b",
    ]
