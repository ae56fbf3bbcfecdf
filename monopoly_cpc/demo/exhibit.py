"""The exhibition session: a plain :class:`Session` and the plugins that hook into its tick.

:class:`ExhibitSession` takes the same arguments as ``app.Session`` (so the window loop and the
headless runner can build either).  What an exhibition adds lives in small plugins
(``monopoly_cpc/demo/plugins/``), each a :class:`Plugin` that declares the options it reads
and overrides the hooks it needs; all are driven by the 50 Hz tick and the CPC keys, never by
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

The session itself keeps what the plugins share: the options, the data folder (a
:class:`~monopoly_cpc.demo.store.Store`, or None), the crash log and the warnings, the ticks
without a key (``quiet``), the computer players of the game on screen, and the host
messages for the window (F11's GIF path).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from monopoly_cpc.app import Session
from monopoly_cpc.demo.replay import HASH_EVERY
from monopoly_cpc.demo.store import Store
from monopoly_cpc.options import Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.flow import first_screen

TICK_HZ = 50
PASS, DROP, END = "pass", "drop", "end"   # filter_key's answers
NOT_GIVEN = object()


def _warn(msg: str) -> None:
    print(f"monopoly-cpc: {msg}", file=sys.stderr)


_CLASSES: dict[str, type] = {}


def is_game(screen: Any) -> bool:
    """Is ``screen`` the game screen (a game that is saved, recorded, restarted)?"""
    if not _CLASSES:   # imported once: the checks run every tick
        from monopoly_cpc.screens.game.screen import GameScreen

        _CLASSES["game"] = GameScreen
    return isinstance(screen, _CLASSES["game"])


class Plugin:
    """One part of an exhibition session; every hook does nothing unless overridden.

    ``OPTIONS`` names what the plugin reads (``Session.option``: the command line's
    :class:`~monopoly_cpc.options.Options`, else the settings); it reads them once, when it
    is made with its session."""

    OPTIONS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, session: ExhibitSession) -> None:
        self.session = session

    def option(self, name: str, default: Any = None) -> Any:
        """One of the options the plugin declares (``OPTIONS``), as the session has it."""
        if name not in type(self).OPTIONS:
            raise KeyError(f"{type(self).__name__} reads the option {name!r} but does not declare it")
        return self.session.option(name, default)

    def started(self) -> None:
        """The first screen is there (the session is built)."""

    def begin_tick(self, raw: list) -> None:
        """A tick begins with these CPC key events, before any filter."""

    def filter_key(self, ev: Any) -> str:
        """PASS the key on, DROP it, or END the tick's keys (nothing else reaches the screen)."""
        return PASS

    def screen_changed(self, screen: Screen) -> None:
        """``screen`` has replaced the one before (a switch, or a plugin's ``show``)."""

    def game_saved(self) -> None:
        """The game on screen has been saved at a new turn (or its end)."""

    def after_step(self) -> None:
        """The screen has run its tick (the plugin may ``show`` another screen)."""

    def end_tick(self) -> None:
        """The tick is over (every plugin's after_step has run)."""

    def crashed(self, broken: Screen, exc: BaseException) -> bool:
        """``broken`` failed (in its step or its draw); True if the failure was handled."""
        return False

    def rendered(self, fb: FrameBuffer) -> None:
        """The picture of this frame is in ``fb``."""

    def in_window(self) -> None:
        """The session is shown in a window (the window loop's first event)."""

    def host_event(self, ev: Any) -> bool:
        """A pygame event of the window; True keeps it from the loop and the other plugins."""
        return False

    def close(self) -> None:
        """The session ends."""


PluginFactory = Callable[["ExhibitSession"], Plugin]
P = TypeVar("P", bound=Plugin)


def standard_plugins(*, suspended: Any = NOT_GIVEN, guard: bool | None = None,
                     playlist: bool = True) -> list[PluginFactory]:
    """The exhibition's plugins, in the order their hooks run: the kiosk guard (active with
    ``--kiosk``), autosave and resume (``suspended``: the game put aside at the start, by
    default the data folder's), the attract loop (``playlist``: may it read the playlist
    folder), the recorder, the crash guard (``guard``, by default with ``--kiosk``), the GIF key."""
    from monopoly_cpc.demo.plugins.attract import Attract
    from monopoly_cpc.demo.plugins.autosave import Autosave
    from monopoly_cpc.demo.plugins.crash import CrashGuard
    from monopoly_cpc.demo.plugins.gif import GifKey
    from monopoly_cpc.demo.plugins.kiosk import Kiosk
    from monopoly_cpc.demo.plugins.recorder import Recording

    def crash_guard(session: ExhibitSession) -> Plugin | None:
        return CrashGuard(session) if (session.kiosk if guard is None else guard) else None

    return [Kiosk, lambda s: Autosave(s, suspended), lambda s: Attract(s, playlist=playlist), Recording,
            crash_guard, GifKey]  # type: ignore[list-item]


class ExhibitSession(Session):
    """A Session with plugins (module docstring): ``plugins`` lists what makes each one, in
    the order their hooks run (default :func:`standard_plugins` with ``suspended``, ``guard``
    and ``playlist``); a factory may give None (a plugin this session goes without)."""

    def __init__(self, args: Any = None, *, settings: Any = None, audio: Any = None, seed: int = 0,
                 screen_factory: Any = None, fb: FrameBuffer | None = None, start: str = "boot",
                 game: dict | None = None, suspended: Any = NOT_GIVEN, store: Any = NOT_GIVEN,
                 guard: bool | None = None, layout: str = "fr", hash_every: int = HASH_EVERY,
                 warn=_warn, playlist: bool = True, game_bots: dict | None = None,
                 plugins: Sequence[Callable[[ExhibitSession], Plugin | None]] | None = None) -> None:
        from monopoly_cpc.keyboard.layout import load_layout

        self.options = options = Options.of(args)
        self.probe = AppContext(options=options, settings=settings)
        self.warn = warn
        self.kiosk = bool(self.option("kiosk", False))
        self.layout_name = layout
        self.layout = load_layout(layout)
        self.hash_every = hash_every
        self.start = start
        self.start_game = game   # start == "game": the engine state of tick 0
        self.host_messages: list[str] = []   # for the front end to show (F11's GIF path)
        self.data_reported = False  # "games are not saved" said (once a session)
        self.log_reported = False   # "crash.log is not kept" said (once a session)
        self.quiet = 0              # ticks since the last key or screen change
        self.windowed = False       # a window loop has given its first event (in_window)
        # the computer players of the game on the game screen: the seed and level make_bots
        # was given, saved with the game so that a resumed game gets the same characters
        self.game_bots: dict | None = None
        self._built: tuple[Screen, dict] | None = None  # the last game this session built
        self.store: Store | None = None
        if plugins is None:
            plugins = standard_plugins(suspended=suspended, guard=guard, playlist=playlist)
        made = (make(self) for make in plugins)
        self.plugins: list[Plugin] = [p for p in made if p is not None]
        self._open_store(store)   # after the plugins' own checks (a bad chord, playlist, --record)

        def factory(ctx: AppContext) -> Screen:
            if start == "attract":
                return self.new_demo(ctx)
            if start == "game":
                return self.game_from(ctx, game, game_bots)
            return (screen_factory or first_screen)(ctx)

        super().__init__(options, settings=settings, audio=audio, seed=seed, screen_factory=factory, fb=fb)
        self.watched = self.screen
        if is_game(self.screen):
            self.game_bots = self.bots_of(self.screen)
        for plugin in self.plugins:
            plugin.started()

    # -- what the plugins read -------------------------------------------------------------------
    def option(self, name: str, default: Any = None) -> Any:
        """An option: the command line's record, else the settings (as ``ctx.option``)."""
        return self.probe.option(name, default)

    def plugin(self, kind: type[P]) -> P | None:
        """This session's plugin of that class, or None."""
        for plugin in self.plugins:
            if isinstance(plugin, kind):
                return plugin
        return None

    def _found(self, module: str, name: str) -> Any:
        import importlib

        return self.plugin(getattr(importlib.import_module(f"monopoly_cpc.demo.plugins.{module}"), name))

    @property
    def suspended(self) -> dict | None:
        """The game put aside, offered on the title (the autosave plugin's)."""
        autosave = self._found("autosave", "Autosave")
        return autosave.suspended if autosave is not None else None

    @property
    def exceptions(self) -> int:
        """Failures of a screen caught so far (the crash guard's)."""
        guard = self._found("crash", "CrashGuard")
        return guard.exceptions if guard is not None else 0

    @property
    def game_recorder(self) -> Any:
        """The replay of the game on screen, being recorded (the recorder's)."""
        recording = self._found("recorder", "Recording")
        return recording.game_recorder if recording is not None else None

    @property
    def session_recorder(self) -> Any:
        """The replay of this session (``--record``), being recorded."""
        recording = self._found("recorder", "Recording")
        return recording.session_recorder if recording is not None else None

    @property
    def ring(self) -> Any:
        """The GIF key's ring of pictures (once in a window)."""
        gif = self._found("gif", "GifKey")
        return gif.ring if gif is not None else None

    @property
    def playlist_dir(self) -> Any:
        """The attract playlist's folder, when this session plays it."""
        attract = self._found("attract", "Attract")
        return attract.playlist_dir if attract is not None else None

    def new_demo(self, ctx: AppContext) -> Screen:
        """The next demo (the attract plugin's; without it, the first live demo game)."""
        attract = self._found("attract", "Attract")
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
        if is_game(self.screen):
            self.game_bots = self.bots_of(self.screen)
        for plugin in self.plugins:
            plugin.screen_changed(self.screen)

    def game_from(self, ctx: AppContext, data: dict | None, bots: Any = None) -> Screen:
        """A game screen on the engine state ``data``; its computer players made as
        ``make_bots`` made them for that game (``bots``: its seed and level), else from
        this session's seed and level."""
        from types import SimpleNamespace

        from monopoly_cpc.demo.replay import bots_data
        from monopoly_cpc.rules.serial import from_data
        from monopoly_cpc.screens.game.screen import GameScreen, make_bots

        state = from_data(data)
        info = bots_data(bots) or {"seed": ctx.seed, "ai_level": ctx.option("ai_level", "normal")}
        level = info["ai_level"]

        def option(name: str, default: Any = None) -> Any:
            return level if name == "ai_level" else ctx.option(name, default)

        stand_in = SimpleNamespace(seed=info["seed"], option=option)
        screen = GameScreen(ctx, state=state, bots=make_bots(stand_in, state))
        memory = info.pop("memory", None)
        if memory is not None:
            try:
                screen.restore_memory(memory)
            except (KeyError, ValueError, TypeError, IndexError) as exc:
                # a hand-edited save: the game goes on with computers that remember nothing
                self._log(f"saved game: the computer players' memory is unusable ({exc!r}); "
                          "they start afresh")
                screen = GameScreen(ctx, state=state, bots=make_bots(stand_in, state))
            else:
                info["memory"] = memory   # a replay of this game starts from the same memory
        self._built = (screen, info)
        return screen

    def old_save(self, doc: dict) -> dict:
        """A game saved before the computer players were saved with it: its session's seed
        (the seed of that session's first game) and the level in force."""
        return {"seed": doc.get("seed", self.ctx.seed), "ai_level": self.ctx.option("ai_level", "normal")}

    def bots_of(self, screen: Screen) -> dict:
        """The seed and level of the computer players of a game that has just appeared: a game
        this session built knows them; a game set up on the screens got them from
        ``next_game_seed`` (the session's n-th game) and the level in force."""
        if self._built is not None and self._built[0] is screen:
            return dict(self._built[1])
        from types import SimpleNamespace

        from monopoly_cpc.screens.game.screen import next_game_seed

        ctx = self.ctx
        n = max(0, getattr(ctx, "games_started", 1) - 1)
        return {"seed": next_game_seed(SimpleNamespace(seed=ctx.seed, games_started=n)),
                "ai_level": str(ctx.option("ai_level", "normal"))}

    def bots_now(self, game: Any) -> dict | None:
        """The game's computer players as saved: their seed and level, and what they (and the
        screen's pace) remember now (``GameScreen.memory``)."""
        if self.game_bots is None:
            return None
        bots = {k: v for k, v in self.game_bots.items() if k != "memory"}
        bots["memory"] = game.memory()
        return bots

    def rebuilt(self, screen: Screen) -> None:
        """``screen`` goes on with the computer players of the game it replaces."""
        if self.game_bots is not None:
            self._built = (screen, dict(self.game_bots))

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
            self.draw_into(self.fb)
        except Exception as exc:
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

    # -- the data and log folders ---------------------------------------------------------------
    def _open_store(self, store: Any) -> None:
        """The data folder: the user's (not for headless runs), locked for this program."""
        if store is NOT_GIVEN:
            store = None if self.options.headless else Store.default()
        self.store = store
        if store is not None and not store.lock():
            # a second program on the same data folder: it must not overwrite the first one's
            # autosave, nor offer it (both would go on with the same game)
            self.warn(f"another monopoly-cpc is running with the data folder {store.root}: "
                      "this one neither saves nor resumes games")
            self.store = store = None
        if store is not None:       # a playing session: an unwritable folder is said at the start
            self._check_log_folder()
            problem = store.write_problem()
            if problem is not None:
                self.data_failed(problem)

    @staticmethod
    def problem(path: Any, exc: OSError) -> str:
        from monopoly_cpc.errors import path_problem

        return path_problem(path, exc)

    def data_failed(self, problem: str) -> None:
        """The data folder cannot be written (read-only medium, no right, disc full): said once
        a session on stderr and in the crash log; the game plays on without autosave or replays
        (a failure at every turn would otherwise fill the log)."""
        if self.data_reported:
            return
        self.data_reported = True
        root = self.store.root if self.store is not None else "?"
        text = f"the data folder {root} cannot be written ({problem}); games are not saved"
        self.warn(text)
        self._log(text)

    def load_warn(self, text: str) -> None:
        """The saved game's warnings, but a second line for a data folder already reported."""
        if not (self.data_reported and text.startswith("the data folder")):
            self.warn(text)

    def _check_log_folder(self) -> None:
        import platformdirs

        from monopoly_cpc import logs
        from monopoly_cpc.demo.store import write_problem

        folder = platformdirs.user_log_dir(logs.APP, appauthor=False)
        problem = write_problem(folder)
        if problem is not None:
            self._log_failed(f"the log folder {folder} cannot be written ({problem})")

    def _log_failed(self, what: str) -> None:
        if not self.log_reported:
            self.log_reported = True
            self.warn(f"{what}; crash.log is not kept")

    def _log(self, text: str) -> None:
        """A line (or a traceback) for the crash log."""
        from monopoly_cpc import logs

        path = logs.write_crash(text)
        if not path.is_absolute():  # write_crash's "(log folder not writable)"
            self._log_failed("the crash log cannot be written")

    def lang(self) -> str:
        return self.ctx.lang
