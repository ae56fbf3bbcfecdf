"""No runtime import cycle among the screens' modules, nor in the game they show.

The imports are read from the source (every ``import`` and ``from ... import``, those inside
functions too: they run when called), except those under ``if TYPE_CHECKING:``, which never
run. ``from a.b import c`` is an import of ``a.b``, and of ``a.b.c`` when that is a module."""

from __future__ import annotations

import ast
from pathlib import Path

import monopoly_cpc

ROOT = Path(monopoly_cpc.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ["monopoly_cpc", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def runtime_imports(tree: ast.AST, known: set[str]) -> set[str]:
    """The modules of ``known`` that the code of ``tree`` imports when it runs."""
    found: set[str] = set()

    def walk(node: ast.AST) -> None:
        if _type_checking(node):
            for child in getattr(node, "orelse", []):
                walk(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in known:
                found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names
                         if f"{node.module}.{a.name}" in known)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def cycles(prefixes: tuple[str, ...]) -> list[list[str]]:
    """The import cycles among the modules whose names start with one of ``prefixes``."""
    mods = {m: p for m, p in _modules().items() if m.startswith(prefixes)}
    graph = {m: sorted(runtime_imports(ast.parse(p.read_text()), set(mods)) - {m})
             for m, p in mods.items()}
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in graph[m]:
            if state.get(n) == 1:
                found.append(stack[stack.index(n):] + [n])
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return found


def test_the_screens_and_the_game_import_without_a_cycle():
    assert cycles(("monopoly_cpc.screens", "monopoly_cpc.game")) == []


def test_the_walk_sees_a_cycle_through_a_function_and_not_under_type_checking():
    known = {"a", "b"}
    lazy = ast.parse("def f():\n    import b\n")
    assert runtime_imports(lazy, known) == {"b"}
    typed = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import b\n")
    assert runtime_imports(typed, known) == set()
    assert runtime_imports(ast.parse("from a import b\n"), known | {"a.b"}) == {"a", "a.b"}
