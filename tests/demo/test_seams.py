"""The exhibition's seams (docs/CONTRACTS.md, "Sessions"): the window loop needs only
``app.LoopSession`` of a session, plugins reach one another only through hooks the session
asks of every plugin (no runtime import cycle anywhere: tests/test_import_cycles.py)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pygame
from demo_helpers import key, play_args, run, to_game

from monopoly_cpc import app
from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
from monopoly_cpc.demo.operator import OperatorScreen
from monopoly_cpc.demo.plugin import Plugin
from monopoly_cpc.demo.plugins.kiosk import Kiosk
from monopoly_cpc.options import Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.settings import Settings
from tests.test_import_cycles import runtime_imports

PACKAGE = Path(app.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_plugins_neither_import_nor_look_up_one_another():
    folder = PACKAGE / "demo" / "plugins"
    plugins = {_module_name(p) for p in folder.glob("*.py")}
    for path in folder.glob("*.py"):
        assert runtime_imports(_module_name(path)) & plugins - {_module_name(path)} == set(), path.name
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                assert node.attr != "plugin", f"{path.name} looks up another plugin"


class Keeper(Plugin):
    """Any plugin may keep the game the operator's menu takes the screen from."""

    def __init__(self, session) -> None:
        super().__init__(session)
        self.kept: list = []

    def put_aside(self, game) -> None:
        self.kept.append(game)

    def suspended_game(self) -> dict | None:
        return {"kept": len(self.kept)} if self.kept else None


def test_the_operator_menu_asks_every_plugin_to_keep_the_game():
    s = ExhibitSession(play_args(seed=3, kiosk=True), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=None, warn=lambda m: None, plugins=[Kiosk, Keeper]))
    to_game(s)
    game = s.screen
    assert type(game).__name__ == "GameScreen" and s.suspended is None
    for _ in range(3):
        s.step([key("ESC", shift=True, ctrl=True)])
    assert isinstance(s.screen, OperatorScreen)
    keeper = s.plugins[1]
    assert isinstance(keeper, Keeper) and keeper.kept == [game]
    assert s.suspended == {"kept": 1}   # the session's answer is the plugins'


def test_the_session_takes_a_config_beside_the_plain_sessions_arguments():
    plain = set(inspect.signature(app.Session.__init__).parameters)
    exhibit = set(inspect.signature(ExhibitSession.__init__).parameters)
    assert exhibit == plain | {"config"}
    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=None, warn=lambda m: None, start="attract",
                                            layout="en"))
    assert s.screen.is_demo and s.layout_name == "en" and s.config.start == "attract"


class Minimal:
    """A LoopSession that is no ``app.Session``: the loop asks it for nothing else."""

    kiosk = False
    draws = None

    def __init__(self) -> None:
        self.tick = 0
        self.quit_requested = False
        self.fb = FrameBuffer()
        self.seen: list[int] = []
        self.closed = False
        self.said = ["hello"]

    def step(self, events=()) -> None:
        self.tick += 1
        if self.tick == 3:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0,
                                                 scancode=pygame.KSCAN_F12, unicode=""))
        self.quit_requested = self.tick >= 12

    def render(self) -> FrameBuffer:
        return self.fb

    def host_event(self, ev) -> bool:
        self.seen.append(ev.type)
        return ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.key == pygame.K_F12

    def take_messages(self) -> list[str]:
        said, self.said = self.said, []
        return said

    def caption(self) -> str | None:
        return f"tick {self.tick}"

    def close(self) -> None:
        self.closed = True


def test_the_window_loop_needs_only_the_session_protocol(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_PICTURES_DIR", str(tmp_path / "pics"))
    session = Minimal()
    fe = app.WindowFrontEnd(Options(windowed=True, mute=True), session=session)
    assert fe.run() == 0
    assert session.closed and session.tick == 12
    # the session's link of the host keys comes first: it kept F12 from the loop's screenshot
    assert pygame.KEYDOWN in session.seen and fe.last_screenshot is None
    assert fe.title_message == f"{app.TITLE} - hello"   # its messages are said


def test_a_plain_session_is_a_loop_session_with_nothing_of_its_own():
    s = app.Session(Options(), seed=1)
    run(s, 2)
    assert s.caption() is None and s.take_messages() == [] and not s.kiosk
    assert s.host_event(pygame.event.Event(pygame.QUIT)) is False
    assert s.draws == s.redraw.draws
    s.close()
