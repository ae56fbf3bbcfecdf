"""Every picture of docs/screens/ is the screen it documents, drawn again now: the game screen's
(tests/screens/shots.py), the commands', end screen's and options' (tests/screens/commands/
shots.py), the exhibition's and the test card's (tests/demo/exhibition_shots.py) and the boot
screens' (tools/tape_loader_sim.py shots). A picture none of them draws, or one drawn
differently, fails: regenerate it with the script that draws it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screens"


def _tape_tool():
    spec = importlib.util.spec_from_file_location("tape_loader_sim", ROOT / "tools" / "tape_loader_sim.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _game(out: Path) -> int:
    from shots import main

    return main(str(out))


def _commands(out: Path) -> int:
    from tests.screens.commands import shots

    return shots.main(out)


def _exhibition(out: Path) -> int:
    from tests.demo import exhibition_shots as shots

    return shots.main(out)


def _boot(out: Path) -> int:
    return _tape_tool().shots(out)


# the script that draws each picture, and how to run it
DRAWERS = {
    "game": (_game, ".venv/bin/python tests/screens/shots.py docs/screens"),
    "commands": (_commands, ".venv/bin/python -m tests.screens.commands.shots"),
    "exhibition": (_exhibition, ".venv/bin/python -m tests.demo.exhibition_shots"),
    "boot": (_boot, ".venv/bin/python tools/tape_loader_sim.py shots --out docs/screens"),
}


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, tuple[str, Path]]:
    """Each picture drawn now: its name -> (its drawer, its file)."""
    pictures: dict[str, tuple[str, Path]] = {}
    for which, (draw, _) in DRAWERS.items():
        out = tmp_path_factory.mktemp(which)
        assert draw(out) == 0
        for path in sorted(out.glob("*.png")):
            assert path.name not in pictures, f"{path.name} drawn by {pictures[path.name][0]} and {which}"
            pictures[path.name] = (which, path)
    return pictures


def test_every_picture_of_docs_screens_is_drawn_by_a_script(drawn):
    documented = sorted(p.name for p in DOCS.glob("*.png"))
    assert documented == sorted(drawn)


@pytest.mark.parametrize("name", sorted(p.name for p in DOCS.glob("*.png")))
def test_the_picture_is_the_screen_drawn_now(drawn, name):
    import pygame

    assert name in drawn, f"docs/screens/{name}: no script draws it"
    which, path = drawn[name]
    new, old = pygame.image.load(str(path)), pygame.image.load(str(DOCS / name))
    assert new.get_size() == old.get_size() and new.get_size() in ((384, 272), (768, 544), (1152, 816))
    assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), (
        f"docs/screens/{name} is stale: run {DRAWERS[which][1]}")
