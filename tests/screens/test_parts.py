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


def names_in(tree: ast.AST) -> set[str]:
    """Every identifier of a module: names, attributes, arguments."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
    return found


def test_the_event_show_knows_no_screen():
    """show.py writes a View and reports what it showed; it reaches no screen (of the game's
    parts it imports the View alone) and no session (it is given the audio)."""
    tree = ast.parse((GAME / "show.py").read_text(encoding="utf-8"))
    wrong = sorted(n for n in names_in(tree) if "screen" in n.lower() or n.startswith("ctx"))
    wrong += [n for n in imported(tree) if n.startswith("monopoly_cpc.screens")
              and not n.startswith("monopoly_cpc.screens.game.view")]
    assert not wrong, wrong


# the modes: the command modes and the prompts, the auction, jail and debt windows
MODES = [*modules(GAME / "modes"), *(GAME / f"{m}.py" for m in ("prompts", "auction", "jail", "debt"))]
# the parts a mode may not import: the screen and what it owns (its picture, its show)
SCREEN_ONLY = {f"monopoly_cpc.screens.game.{m}" for m in ("screen", "show", "view")}


def facade() -> set[str]:
    from monopoly_cpc.screens.game.host import GameHost

    return {name for klass in GameHost.__mro__ if klass is not object
            for name in (*vars(klass), *getattr(klass, "__annotations__", {}))
            if not name.startswith("_")}


def test_the_modes_use_the_game_screen_through_its_facade_only():
    """Whatever a mode reaches of its host (``self.host.x``, ``host.x``) GameHost declares;
    no mode looks its host up by name (getattr) nor imports the screen, its view or its show."""
    members = facade()
    wrong = []
    for path in MODES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wrong += [f"{path.name}: imports {n}" for n in imported(tree) if n in SCREEN_ONLY]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                owner = node.value
                is_host = (isinstance(owner, ast.Name) and owner.id == "host") or (
                    isinstance(owner, ast.Attribute) and owner.attr == "host"
                    and isinstance(owner.value, ast.Name) and owner.value.id == "self")
                if is_host and node.attr not in members:
                    wrong.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "setattr", "hasattr") and node.args
                  and "host" in ast.unparse(node.args[0])):
                wrong.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert not wrong, wrong


def test_the_facade_is_what_the_game_screen_offers():
    """A game screen has every member of GameHost (mypy checks their types where the screen
    opens a mode: ``REGISTRY``'s factories take a GameHost)."""
    from helpers import game_session

    screen = game_session().screen
    missing = sorted(n for n in facade() if not hasattr(screen, n))
    assert not missing, missing
