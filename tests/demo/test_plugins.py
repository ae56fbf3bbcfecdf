"""The exhibition session's plugins, each on a bare session (demo/exhibit.py, demo/plugins/)."""

from __future__ import annotations

from pathlib import Path

from demo_helpers import key, play_args, run, setup_keys

from monopoly_cpc.demo.attract import AttractScreen
from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession, standard_plugins
from monopoly_cpc.demo.operator import OperatorScreen
from monopoly_cpc.demo.plugin import DROP, END, NOT_GIVEN, PASS, Plugin
from monopoly_cpc.demo.plugins.attract import Attract
from monopoly_cpc.demo.plugins.autosave import Autosave
from monopoly_cpc.demo.plugins.crash import CrashGuard
from monopoly_cpc.demo.plugins.gif import GifKey
from monopoly_cpc.demo.plugins.kiosk import Kiosk
from monopoly_cpc.demo.plugins.recorder import Recording
from monopoly_cpc.demo.store import Store
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.screens.game.screen import GameScreen
from monopoly_cpc.screens.setup import SetupScreen
from monopoly_cpc.screens.title import TitleScreen
from monopoly_cpc.settings import Settings

PACKAGE = Path(__file__).resolve().parents[2] / "monopoly_cpc"
PLUGINS = (Kiosk, Autosave, Attract, Recording, CrashGuard, GifKey)


def bare(*plugins, settings=None, **options):
    """A session with only ``plugins``, on the title (boot skipped), no data folder."""
    return ExhibitSession(play_args(seed=3, **options), settings=settings or Settings(), seed=3,
                          config=ExhibitConfig(store=None, warn=lambda m: None,
                                               plugins=list(plugins)))


def title(s) -> None:
    for _ in range(500):
        if isinstance(s.screen, TitleScreen):
            return
        s.step()
    raise AssertionError("no title")


def test_a_session_without_plugins_is_a_plain_session():
    s = bare(settings=Settings(attract_after=1), kiosk=True)
    title(s)
    run(s, 200)
    assert isinstance(s.screen, TitleScreen)   # no attract loop
    s.step([key("O")])
    assert type(s.screen).__name__ == "OptionsScreen"   # no kiosk lock either
    assert s.suspended is None and s.exceptions == 0 and s.ring is None and s.game_recorder is None


def test_the_hooks_run_in_order_once_a_tick():
    calls = []

    class Spy(Plugin):
        def begin_tick(self, raw):
            calls.append(("begin", len(raw)))

        def filter_key(self, ev):
            calls.append(("key", ev.key))
            return DROP if ev.key == "X" else PASS

        def screen_changed(self, screen):
            calls.append(("screen", type(screen).__name__))

        def after_step(self):
            calls.append(("after",))

        def end_tick(self):
            calls.append(("end",))

    s = bare(Spy)
    title(s)
    calls.clear()
    s.step([key("X"), key("SPACE")])
    assert calls == [("begin", 2), ("key", "X"), ("key", "SPACE"), ("screen", "SetupScreen"),
                     ("after",), ("end",)]


def test_a_filter_may_end_the_ticks_keys():
    class Stop(Plugin):
        def filter_key(self, ev):
            return END

    s = bare(Stop)
    title(s)
    s.step([key("SPACE")])
    assert isinstance(s.screen, TitleScreen)


def test_kiosk_alone_keeps_the_options_from_visitors_and_opens_the_operator_menu():
    s = bare(Kiosk, kiosk=True)
    title(s)
    s.step([key("O")])
    assert isinstance(s.screen, TitleScreen)
    for _ in range(3):
        s.step([key("ESC", shift=True, ctrl=True)])
    assert isinstance(s.screen, OperatorScreen)


def test_kiosk_alone_takes_a_screen_left_alone_back_to_the_title():
    s = bare(Kiosk, settings=Settings(idle_minutes=1), kiosk=True)
    title(s)
    s.step([key("SPACE")])
    assert isinstance(s.screen, SetupScreen)
    run(s, 60 * 50)
    assert isinstance(s.screen, TitleScreen)


def test_the_kiosk_plugin_does_nothing_outside_kiosk_mode():
    s = bare(Kiosk)
    title(s)
    s.step([key("O")])
    assert type(s.screen).__name__ == "OptionsScreen"


def test_attract_alone_starts_a_demo_on_the_title():
    s = bare(Attract, settings=Settings(attract_after=2))
    title(s)
    run(s, 100)
    assert isinstance(s.screen, AttractScreen)


def test_autosave_alone_saves_the_game_and_resumes_it(tmp_path):
    store = Store(tmp_path)
    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=store, warn=lambda m: None,
                                            plugins=[lambda s: Autosave(s, None)]))
    title(s)
    s.step([key("SPACE")])
    for ev in setup_keys():
        s.step([ev])
        s.step()
    for t in range(3000):   # roll, never buy, skip messages, until a turn is saved
        s.step([key("D")] if t % 60 == 0 else [key("N")] if t % 60 == 20 else
               [key("RETURN")] if t % 60 == 40 else [])
        if store.autosave_path.exists():
            break
    assert isinstance(s.screen, GameScreen) and store.autosave_path.exists()
    again = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                           config=ExhibitConfig(store=Store(tmp_path), warn=lambda m: None,
                                                plugins=[lambda s: Autosave(s, NOT_GIVEN)]))
    assert again.suspended is not None and again.ctx.resumable
    title(again)
    again.step([key("R")])
    assert isinstance(again.screen, GameScreen) and not again.ctx.resumable


class Fragile(Screen):
    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.n = 0

    def tick(self) -> None:
        self.n += 1
        if self.n == 2:
            raise RuntimeError("boom")

    def draw(self, fb) -> None:
        fb.clear(1)


def test_crash_guard_alone_restarts_a_failing_screen(monkeypatch):
    monkeypatch.setattr(ExhibitSession, "_log", lambda self, text: None)
    s = ExhibitSession(play_args(seed=3), settings=Settings(), screen_factory=Fragile,
                       config=ExhibitConfig(store=None, warn=lambda m: None, plugins=[CrashGuard]))
    run(s, 3)
    assert s.exceptions == 1 and isinstance(s.screen, Fragile) and s.tick == 3


def test_the_standard_plugins_are_all_there_and_the_guard_only_in_kiosk_mode():
    kinds = [type(p) for p in ExhibitSession(play_args(kiosk=True), settings=Settings(),
                                             config=ExhibitConfig(store=None,
                                                                  warn=lambda m: None)).plugins]
    assert kinds == list(PLUGINS)
    plain = ExhibitSession(play_args(), settings=Settings(),
                           config=ExhibitConfig(store=None, warn=lambda m: None,
                                                plugins=standard_plugins()))
    assert CrashGuard not in [type(p) for p in plain.plugins]


def test_no_option_is_read_by_its_name_the_plugins_read_the_typed_view():
    """The package reads the options through ``Effective``'s typed properties (``ctx.effective``,
    ``session.effective``), never as ``option("name")``; the view gives the command line's
    value where given, else the setting."""
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        assert ".option(" not in text and "OPTIONS = (" not in text, path
    s = bare(Kiosk)
    assert s.effective.idle_minutes == Settings().idle_minutes
    assert s.plugins[0].idle_ticks == Settings().idle_minutes * 60 * 50


def test_the_window_loop_does_not_know_the_exhibition_and_no_screen_is_known_by_its_name():
    app = (PACKAGE / "app.py").read_text()
    assert "monopoly_cpc.demo" not in app and "from monopoly_cpc import demo" not in app
    demo = PACKAGE / "demo"
    for path in [demo / "exhibit.py", demo / "plugin.py", demo / "games.py", demo / "datafolder.py",
                 *(demo / "plugins").glob("*.py")]:
        text = path.read_text()
        assert "__name__ ==" not in text and "__name__ in" not in text, path
        assert "resume_line" not in text and "options_row" not in text, path
