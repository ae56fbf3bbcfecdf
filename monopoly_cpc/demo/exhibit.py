"""The exhibition session: a plain :class:`Session` and the plugins that hook into its tick.

:class:`ExhibitSession` takes the same arguments as ``app.Session`` (so the window loop and the
headless runner can build either).  What an exhibition adds lives in small plugins
(``monopoly_cpc/demo/plugins/``), each a :class:`Plugin` that reads its options once (from
``session.effective``, typed) and overrides the hooks it needs; all are driven by the 50 Hz tick and the CPC keys, never by
the wall clock:

* :class:`~monopoly_cpc.demo.plugins.kiosk.Kiosk`: the operator's chord, keys locked for
  visitors, the boot's keys, a screen left alone taken back to the title, the quit keys;
* :class:`~monopoly_cpc.demo.plugins.autosave.Autosave`: the game saved at every turn, a game
  left alone in kiosk mode put aside, ``R`` on the title to resume it;
* :class:`~monopoly_cpc.demo.plugins.attract.Attract`: the attract mode and its playlist;
* :class:`~monopoly_cpc.demo.plugins.recorder.Recording`: ``--record FILE`` and a replay
  file per game played;
* :class:`~monopoly_cpc.demo.plugins.crash.CrashGuard`: a failing screen logged and restarted;
* :class:`~monopoly_cpc.demo.plugins.gif.GifKey`: F11, the last seconds as a GIF.

One tick (:meth:`ExhibitSession.step`): ``begin_tick(raw keys)``; each key through every
plugin's ``filter_key``; the screen's own step (a failure goes to ``crashed``); a screen that
changed is announced (``screen_changed``); ``after_step``; ``end_tick``.  ``render`` draws the
screen (a failure goes to ``crashed``) and gives the picture to ``rendered``.  The window loop
passes its pygame events to ``host_event`` and calls ``close`` at the end.

The session itself keeps what the plugins share: the options, the data folder and the crash
log (:mod:`monopoly_cpc.demo.datafolder`), the warnings, the ticks without a key (``quiet``),
the computer players of the game on screen (:mod:`monopoly_cpc.demo.games`), and the host
messages for the window (F11's GIF path).  The hooks are those of
:class:`~monopoly_cpc.demo.plugin.Plugin`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from monopoly_cpc.app import ScreenFactory, Session
from monopoly_cpc.demo.datafolder import DataFolder
from monopoly_cpc.demo.games import Players
from monopoly_cpc.demo.plugin import DROP, END, NOT_GIVEN, Plugin
from monopoly_cpc.demo.plugins.attract import Attract
from monopoly_cpc.demo.plugins.autosave import Autosave
from monopoly_cpc.demo.plugins.crash import CrashGuard
from monopoly_cpc.demo.plugins.gif import GifKey
from monopoly_cpc.demo.plugins.kiosk import Kiosk
from monopoly_cpc.demo.plugins.recorder import Recording
from monopoly_cpc.demo.replay import HASH_EVERY
from monopoly_cpc.demo.store import Store
from monopoly_cpc.options import Effective, Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.flow import first_screen
from monopoly_cpc.settings import Settings

def _warn(msg: str) -> None:
    print(f"monopoly-cpc: {msg}", file=sys.stderr)


PluginFactory = Callable[["ExhibitSession"], Plugin]
P = TypeVar("P", bound=Plugin)


def standard_plugins(*, suspended: Any = NOT_GIVEN, guard: bool | None = None,
                     playlist: bool = True) -> list[PluginFactory]:
    """The exhibition's plugins, in the order their hooks run: the kiosk guard (active with
    ``--kiosk``), autosave and resume (``suspended``: the game put aside at the start, by
    default the data folder's), the attract loop (``playlist``: may it read the playlist
    folder), the recorder, the crash guard (``guard``, by default with ``--kiosk``), the GIF key."""
    def crash_guard(session: ExhibitSession) -> Plugin | None:
        return CrashGuard(session) if (session.kiosk if guard is None else guard) else None

    return [Kiosk, lambda s: Autosave(s, suspended), lambda s: Attract(s, playlist=playlist), Recording,
            crash_guard, GifKey]  # type: ignore[list-item]


class ExhibitSession(Session):
    """A Session with plugins (module docstring): ``plugins`` lists what makes each one, in
    the order their hooks run (default :func:`standard_plugins` with ``suspended``, ``guard``
    and ``playlist``); a factory may give None (a plugin this session goes without)."""

    def __init__(self, options: Options | None = None, *, settings: Settings | None = None,
                 audio: Any = None, seed: int = 0, screen_factory: ScreenFactory | None = None,
                 fb: FrameBuffer | None = None, start: str = "boot", game: dict | None = None,
                 suspended: Any = NOT_GIVEN, store: Any = NOT_GIVEN, guard: bool | None = None,
                 layout: str = "fr", hash_every: int = HASH_EVERY,
                 warn: Callable[[str], None] = _warn, playlist: bool = True,
                 game_bots: dict | None = None,
                 plugins: Sequence[Callable[[ExhibitSession], Plugin | None]] | None = None) -> None:
        from monopoly_cpc.keyboard.layout import load_layout

        self.options = options = options or Options()
        self.effective = Effective(options, settings)   # what the plugins read, when made
        self.warn = warn
        self.kiosk = self.effective.kiosk
        self.layout_name = layout
        self.layout = load_layout(layout)
        self.hash_every = hash_every
        self.start = start
        self.start_game = game   # start == "game": the engine state of tick 0
        self.host_messages: list[str] = []   # for the front end to show (F11's GIF path)
        self.quiet = 0              # ticks since the last key or screen change
        self.windowed = False       # a window loop has given its first event (in_window)
        self.players = Players(self)   # the computer players of the game on screen
        self.data = DataFolder(self)     # the data folder (opened below) and the crash log
        if plugins is None:
            plugins = standard_plugins(suspended=suspended, guard=guard, playlist=playlist)
        made = (make(self) for make in plugins)
        self.plugins: list[Plugin] = [p for p in made if p is not None]
        # after the plugins' own checks (a bad chord, the playlist, --record): their lines first
        self.data.open(store)

        def factory(ctx: AppContext) -> Screen:
            if start == "attract":
                return self.new_demo(ctx)
            if start == "game":
                return self.players.game_from(ctx, game, game_bots)
            return (screen_factory or first_screen)(ctx)

        super().__init__(options, settings=settings, audio=audio, seed=seed, screen_factory=factory, fb=fb)
        self.watched = self.screen
        self.players.seen(self.screen)
        for plugin in self.plugins:
            plugin.started()

    # -- what the plugins read -------------------------------------------------------------------
    def plugin(self, kind: type[P]) -> P | None:
        """This session's plugin of that class, or None."""
        for plugin in self.plugins:
            if isinstance(plugin, kind):
                return plugin
        return None

    @property
    def suspended(self) -> dict | None:
        """The game put aside, offered on the title (the autosave plugin's)."""
        autosave = self.plugin(Autosave)
        return autosave.suspended if autosave is not None else None

    @property
    def exceptions(self) -> int:
        """Failures of a screen caught so far (the crash guard's)."""
        guard = self.plugin(CrashGuard)
        return guard.exceptions if guard is not None else 0

    @property
    def game_recorder(self) -> Any:
        """The replay of the game on screen, being recorded (the recorder's)."""
        recording = self.plugin(Recording)
        return recording.game_recorder if recording is not None else None

    @property
    def session_recorder(self) -> Any:
        """The replay of this session (``--record``), being recorded."""
        recording = self.plugin(Recording)
        return recording.session_recorder if recording is not None else None

    @property
    def ring(self) -> Any:
        """The GIF key's ring of pictures (once in a window)."""
        gif = self.plugin(GifKey)
        return gif.ring if gif is not None else None

    @property
    def playlist_dir(self) -> Any:
        """The attract playlist's folder, when this session plays it."""
        attract = self.plugin(Attract)
        return attract.playlist_dir if attract is not None else None

    def new_demo(self, ctx: AppContext) -> Screen:
        """The next demo (the attract plugin's; without it, the first live demo game)."""
        attract = self.plugin(Attract)
        if attract is not None:
            return attract.new_demo(ctx)
        from monopoly_cpc.demo.attract import AttractScreen, demo_seed

        return AttractScreen(ctx, demo_seed(ctx.seed, 0))

    def game_saved(self) -> None:
        """The game on screen was saved at a new turn: the plugins are told (``game_saved``)."""
        for plugin in self.plugins:
            plugin.game_saved()

    # -- screens ---------------------------------------------------------------------------------
    def title(self) -> Screen:
        from monopoly_cpc.screens.flow import title_screen

        return title_screen(self.ctx)

    def show(self, screen: Screen) -> None:
        """A plugin puts ``screen`` in place of the current one, at once."""
        self.screen = screen
        self._screen_changed()

    def _screen_changed(self) -> None:
        """A new screen: the quiet count restarts; the plugins are told."""
        self.quiet = 0
        self.watched = self.screen
        self.players.seen(self.screen)
        for plugin in self.plugins:
            plugin.screen_changed(self.screen)

    # -- the tick -------------------------------------------------------------------------------
    def draw_into(self, fb: FrameBuffer) -> None:
        """The current screen's picture (what the recorders hash)."""
        self.screen.draw(fb)

    def step(self, events: Iterable[Any] = ()) -> None:
        raw = list(events)
        for plugin in self.plugins:
            plugin.begin_tick(raw)
        evs = self._filter(raw)
        self.quiet = 0 if raw else self.quiet + 1
        before = self.screen
        try:
            super().step(evs)
        except Exception as exc:  # noqa: BLE001 - a crash guard may restart the screen
            if not self._crash(before, exc):
                raise
        if self.screen is not self.watched:
            self._screen_changed()
        for plugin in self.plugins:
            plugin.after_step()
        for plugin in self.plugins:
            plugin.end_tick()

    def _filter(self, events: list) -> list:
        out = []
        for ev in events:
            for plugin in self.plugins:
                verdict = plugin.filter_key(ev)
                if verdict == END:
                    return []
                if verdict == DROP:
                    break
            else:
                out.append(ev)
        return out

    def _crash(self, broken: Screen, exc: BaseException) -> bool:
        return any(plugin.crashed(broken, exc) for plugin in self.plugins)

    def render(self) -> FrameBuffer:
        """Draw (a crash guard catches a failure), and give the picture to the plugins."""
        try:
            if self.redraw.needed(self.screen):   # kept when the picture has not changed
                self.draw_into(self.fb)
        except Exception as exc:
            self.redraw.forget()
            if not self._crash(self.screen, exc):
                raise
            self.ctx.tick -= 1  # a drawing failure is not a tick
            self.fb.clear(0)
        for plugin in self.plugins:
            plugin.rendered(self.fb)
        return self.fb

    def host_event(self, ev: Any) -> bool:
        """A pygame event a plugin keeps (True): the GIF key; in kiosk, the quit keys."""
        if not self.windowed:
            self.windowed = True
            for plugin in self.plugins:
                plugin.in_window()
        return any(plugin.host_event(ev) for plugin in self.plugins)

    def close(self) -> None:
        """End of the session: every plugin closes (the replay files are written)."""
        for plugin in self.plugins:
            plugin.close()

    # -- the data folder and the crash log ------------------------------------------------------
    @property
    def store(self) -> Store | None:
        """The data folder (None: games are not saved)."""
        return self.data.store

    def _log(self, text: str) -> None:
        """A line (or a traceback) for the crash log."""
        self.data.log(text)

    def lang(self) -> str:
        return self.ctx.lang
