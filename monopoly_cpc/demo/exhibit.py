"""The exhibition session: a plain :class:`Session` and the plugins that hook into its tick.

:class:`ExhibitSession` takes the same arguments as ``app.Session`` (so the window loop and the
headless runner can build either), and what the exhibition adds in one :class:`ExhibitConfig`.  What an exhibition adds lives in small plugins
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
:class:`~monopoly_cpc.demo.plugin.Plugin`; a plugin that needs another's work asks the session,
which asks every plugin (``put_game_aside``, ``suspended``, ``new_demo``, ``game_saved``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from monopoly_cpc.app import ScreenFactory, Session
from monopoly_cpc.demo.datafolder import DataFolder
from monopoly_cpc.demo.games import Players
from monopoly_cpc.demo.plugin import DROP, END, NOT_GIVEN, Plugin, is_game
from monopoly_cpc.demo.plugins.attract import Attract
from monopoly_cpc.demo.plugins.autosave import Autosave
from monopoly_cpc.demo.plugins.crash import CrashGuard
from monopoly_cpc.demo.plugins.gif import GifKey
from monopoly_cpc.demo.plugins.kiosk import Kiosk
from monopoly_cpc.demo.plugins.recorder import Recording
from monopoly_cpc.demo.replay import HASH_EVERY, Replay
from monopoly_cpc.demo.store import Store
from monopoly_cpc.options import Effective, Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.flow import first_screen
from monopoly_cpc.settings import Settings


def _warn(msg: str) -> None:
    print(f"monopoly-cpc: {msg}", file=sys.stderr)


PluginFactory = Callable[["ExhibitSession"], Plugin | None]
P = TypeVar("P", bound=Plugin)


@dataclass(frozen=True)
class ExhibitConfig:
    """What an exhibition session adds to a plain Session's arguments.

    ``start``: the first screen, ``"boot"`` (the screen factory's, by default the boot),
    ``"attract"`` (a demo) or ``"game"`` (the engine state ``game``, its computer players
    ``game_bots``); ``suspended``: the game put aside at the start (by default the data
    folder's); ``store``: the data folder (by default the user's, none headless; None: games
    are not saved); ``guard``: the crash guard (by default with ``--kiosk``); ``layout``: the
    CPC keyboard the key log is written in; ``hash_every``: ticks between a replay's frame
    hashes; ``warn``: where one-line warnings go (stderr); ``playlist``: may the attract loop
    read the playlist folder; ``plugins``: what makes each plugin, in the order their hooks run
    (default :func:`standard_plugins`)."""

    start: str = "boot"
    game: dict | None = None
    game_bots: dict | None = None
    suspended: Any = NOT_GIVEN
    store: Any = NOT_GIVEN
    guard: bool | None = None
    layout: str = "fr"
    hash_every: int = HASH_EVERY
    warn: Callable[[str], None] = _warn
    playlist: bool = True
    plugins: Sequence[PluginFactory] | None = None


def standard_plugins(config: ExhibitConfig = ExhibitConfig()) -> list[PluginFactory]:
    """The exhibition's plugins, in the order their hooks run: the kiosk guard (active with
    ``--kiosk``), autosave and resume (``config.suspended``), the attract loop
    (``config.playlist``), the recorder, the crash guard (``config.guard``, by default with
    ``--kiosk``), the GIF key."""
    def crash_guard(session: ExhibitSession) -> Plugin | None:
        guard = config.guard
        return CrashGuard(session) if (session.kiosk if guard is None else guard) else None

    return [Kiosk, lambda s: Autosave(s, config.suspended),
            lambda s: Attract(s, playlist=config.playlist), Recording, crash_guard, GifKey]


class ExhibitSession(Session):
    """A Session with plugins (module docstring), set up by ``config``
    (:class:`ExhibitConfig`); a plugin factory may give None (a plugin this session goes
    without)."""

    def __init__(self, options: Options | None = None, *, settings: Settings | None = None,
                 audio: Any = None, seed: int = 0, screen_factory: ScreenFactory | None = None,
                 fb: FrameBuffer | None = None, config: ExhibitConfig = ExhibitConfig()) -> None:
        from monopoly_cpc.keyboard.layout import load_layout

        self.options = options = options or Options()
        self.config = config
        self.effective = Effective(options, settings)   # what the plugins read, when made
        self.warn = config.warn
        self.kiosk = self.effective.kiosk
        self.layout_name = config.layout
        self.layout = load_layout(config.layout)
        self.hash_every = config.hash_every
        self.start = config.start
        self.start_game = config.game   # start == "game": the engine state of tick 0
        self.quiet = 0              # ticks since the last key or screen change
        self.windowed = False       # a window loop has given its first event (in_window)
        self.players = Players(self)   # the computer players of the game on screen
        self.data = DataFolder(self)     # the data folder (opened below) and the crash log
        makers = standard_plugins(config) if config.plugins is None else config.plugins
        made = (make(self) for make in makers)
        self.plugins: list[Plugin] = [p for p in made if p is not None]
        # after the plugins' own checks (a bad chord, the playlist, --record): their lines first
        self.data.open(config.store)

        def factory(ctx: AppContext) -> Screen:
            if self.data.held_by_another is not None:
                from monopoly_cpc.demo.busy import BusyScreen

                return BusyScreen(ctx, self.data.held_by_another)
            if config.start == "attract":
                return self.new_demo(ctx)
            if config.start == "game":
                return self.players.game_from(ctx, config.game, config.game_bots)
            return (screen_factory or first_screen)(ctx)

        super().__init__(options, settings=settings, audio=audio, seed=seed, screen_factory=factory, fb=fb)
        if self.kiosk:   # each second of a controller's operator hold is one press of the chord
            from monopoly_cpc.demo.plugins.kiosk import parse_chord

            ctrl, shift, key = parse_chord(self.effective.kiosk_chord)
            chord = self.layout.event(self.layout.named(key).number, shift, ctrl)
            self.pad.operator_keys = (chord,)
        self.watched = self.screen
        self.players.seen(self.screen)
        for plugin in self.plugins:
            plugin.started()

    @classmethod
    def from_replay(cls, replay: Replay, audio: Any = None, source: str = "replay",
                    warn: Callable[[str], None] | None = None) -> ExhibitSession:
        """A session set up as the replay's was at its tick 0 (no files written); ``warn`` gets
        the session's warnings (a bad recorded kiosk chord...), named by ``source``."""
        from monopoly_cpc.demo.replay import options_for, settings_for
        from monopoly_cpc.errors import UserError

        options = options_for(replay, headless=True)
        config = ExhibitConfig(start=replay.start, game=replay.game, game_bots=replay.bots,
                               suspended=replay.suspended, store=None, layout=replay.layout,
                               hash_every=replay.hash_every, playlist=False)
        if warn is not None:
            config = replace(config, warn=lambda msg: warn(f"{source}: {msg}"))
        try:
            return cls(options, settings=settings_for(replay, source), audio=audio, seed=replay.seed,
                       config=config)
        except UserError as exc:
            if str(exc).startswith(source):
                raise
            raise UserError(f"{source}: not a valid replay file ({exc})") from None
        except Exception as exc:  # noqa: BLE001 - a game state the engine refuses, for instance
            raise UserError(f"{source}: not a valid replay file (cannot start: {exc})") from None

    # -- what tests and commands read of the plugins ----------------------------------------------
    def plugin(self, kind: type[P]) -> P | None:
        """This session's plugin of that class, or None."""
        for plugin in self.plugins:
            if isinstance(plugin, kind):
                return plugin
        return None

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

    # -- what a plugin asks of the others (every plugin may answer) -------------------------------
    @property
    def suspended(self) -> dict | None:
        """The game put aside and offered on the title (``suspended_game``)."""
        return next((doc for doc in (p.suspended_game() for p in self.plugins) if doc is not None), None)

    def put_game_aside(self) -> None:
        """The game on screen is about to give way: every plugin may keep it (``put_aside``)."""
        if is_game(self.screen):
            for plugin in self.plugins:
                plugin.put_aside(self.screen)

    def new_demo(self, ctx: AppContext) -> Screen:
        """The next demo (``next_demo``; when no plugin makes one, the first live demo game)."""
        demo = next((d for d in (p.next_demo(ctx) for p in self.plugins) if d is not None), None)
        if demo is not None:
            return demo
        from monopoly_cpc.demo.attract import AttractScreen
        from monopoly_cpc.game.setup import demo_game_seed

        return AttractScreen(ctx, demo_game_seed(ctx.seed, 0))

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
        """The current screen's picture and a controller's command bar (what the recorders hash)."""
        self.screen.draw(fb)
        self.pad.draw(fb)

    def step(self, events: Iterable[Any] = ()) -> None:
        raw = list(events)
        for plugin in self.plugins:
            plugin.begin_tick(raw)
        # a controller's keys become the game's before the plugins judge them (the kiosk's chord)
        evs = self._filter(self.pad.route(raw, self.screen))
        self.quiet = 0 if raw else self.quiet + 1
        before = self.screen
        try:
            super().step(evs)
        except Exception as exc:  # a crash guard may restart the screen
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
            if self.redraw.needed(self.screen, self.pad.draw_key()):   # kept when unchanged
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
        """A pygame event a plugin keeps (True): the GIF key; in kiosk, the quit keys and the
        captures (the first links of the window loop's one chain of host keys)."""
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
