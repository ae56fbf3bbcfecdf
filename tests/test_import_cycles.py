"""No runtime import cycle inside monopoly_cpc/ (docs/CONTRACTS.md, "Layout").

Every ``import`` and ``from ... import`` of the package's modules counts, at module level or
inside a function, except those under ``if TYPE_CHECKING:`` (types only, never run). Importing
``a.b.c`` also runs the packages ``a`` and ``a.b``; a module's own enclosing packages are
already being imported when it runs, so that edge is not a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "monopoly_cpc"


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in PACKAGE.rglob("*.py")}


def _known(name: str) -> str | None:
    """``name`` or the nearest enclosing module of the package, None outside it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [n for a in node.names if (n := _known(a.name))]
    base = module if is_package else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    prefix = ".".join(p for p in ((base if node.level else ""), node.module or "") if p)
    return [n for a in node.names if (n := _known(f"{prefix}.{a.name}"))]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_imports(module: str, source: str | None = None) -> set[str]:
    """The package's modules that importing ``module`` (its file, or ``source``) runs, directly."""
    path = MODULES[module]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit_one(other)
            else:
                visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in _targets(node, module, path.name == "__init__.py"):
                parts = target.split(".")
                found.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8") if source is None else source))
    ancestors = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
    return {m for m in found if m in MODULES and m != module and m not in ancestors}


def cycles() -> list[list[str]]:
    """The groups of modules that import one another (Tarjan's strongly connected parts)."""
    graph = {m: sorted(runtime_imports(m)) for m in sorted(MODULES)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in graph:
        if v not in index:
            strong(v)
    return groups


def test_the_walk_counts_imports_in_functions_and_packages_not_type_checking_ones():
    source = """
from typing import TYPE_CHECKING
from monopoly_cpc.rules.engine import apply
from . import reasons
if TYPE_CHECKING:
    from monopoly_cpc.screens.base import Screen
def later():
    import monopoly_cpc.render.framebuffer
"""
    assert runtime_imports("monopoly_cpc.ai.bot", source) == {
        "monopoly_cpc.rules", "monopoly_cpc.rules.engine", "monopoly_cpc.ai.reasons",
        "monopoly_cpc.render", "monopoly_cpc.render.framebuffer"}


def test_no_runtime_import_cycle():
    assert cycles() == []
