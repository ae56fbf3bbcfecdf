"""What the game screen's parts may reach: screens/ holds whole screens only, the game screen's
parts (screens/game/) import no other screen and no private attribute of another object."""

from __future__ import annotations

import ast
from pathlib import Path

import monopoly_cpc.screens as screens_pkg

SCREENS = Path(screens_pkg.__file__).resolve().parent
GAME = SCREENS / "game"
# screens/ outside game/: the whole screens, the contract (base) and the scene order (flow)
WHOLE = {"boot", "title", "setup", "end", "options", "test_card"}
ALLOWED = {"monopoly_cpc.screens.base"}     # the contract every screen implements


def modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def imported(tree: ast.AST) -> list[str]:
    """Every module an import names (at the top or inside a function), ``from x import y``
    giving both ``x`` and ``x.y``."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
    return names


def test_screens_keeps_only_whole_screens():
    top = {p.stem for p in SCREENS.glob("*.py")} - {"__init__", "base", "flow"}
    assert top == WHOLE
    assert {p.name for p in SCREENS.iterdir() if p.is_dir() and p.name != "__pycache__"} == {"game"}


def test_the_game_screens_parts_import_no_other_screen():
    wrong = []
    for path in modules(GAME):
        for name in imported(ast.parse(path.read_text(encoding="utf-8"))):
            if not name.startswith("monopoly_cpc.screens") or name == "monopoly_cpc.screens":
                continue
            if any(name == ok or name.startswith(ok + ".") for ok in ("monopoly_cpc.screens.game", *ALLOWED)):
                continue
            wrong.append(f"{path.relative_to(SCREENS)}: {name}")
    assert not wrong, wrong


def test_the_game_screens_parts_reach_no_private_attribute_of_another_object():
    wrong = []
    for path in modules(GAME):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                attr, owner = node.attr, node.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) >= 2
                  and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
                attr, owner = node.args[1].value, node.args[0]
            else:
                continue
            if not attr.startswith("_") or attr.startswith("__"):
                continue
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            wrong.append(f"{path.relative_to(SCREENS)}:{node.lineno}: {ast.unparse(node)}")
    assert not wrong, wrong


def test_the_scene_order_is_one_table():
    from monopoly_cpc.screens.flow import SCENES

    order, name = [], "boot"
    while name not in order:
        order.append(name)
        name = SCENES[name].then
    assert order == ["boot", "title", "setup", "game", "end"] and name == "setup"
    assert set(SCENES) == WHOLE | {"game"}
