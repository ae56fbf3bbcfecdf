"""The exhibition session: a :class:`Session` that records, attracts, guards and autosaves.

``ExhibitSession`` takes the same arguments as ``app.Session`` (so the loop can build either)
and adds, all driven by the 50 Hz tick and the CPC keys, never by the wall clock:

* **recording**: with ``--record FILE`` the whole session's key log and frame hashes go to
  FILE; every game played on the game screen also goes to its own replay file in the user's
  data folder (``replays/game-NNNNNN.json``), rewritten at every turn;
* **attract mode**: after ``attract_after`` seconds without a key on the title, a demo game
  (:mod:`monopoly_cpc.demo.attract`) starts; any key brings the title back;
* **kiosk** (``--kiosk``): keys during the boot (but COPY, which skips it) and the title's O
  (options) are ignored, the operator's key chord
  (settings ``kiosk_chord``, pressed three times within three seconds) opens the operator
  menu, a game left without a key for ``idle_minutes`` is suspended and the attract loop
  resumes, and an exception inside a screen is logged and that screen restarts;
* **autosave**: the game is saved at every turn (atomic write) and, when one is waiting, the
  title offers ``R`` to resume it — after an idle suspension or a power cut.

The window front end calls :meth:`host_event` for every pygame event (GIF key, kiosk quit
keys) and :meth:`close` at the end (writes the replay files).
"""

from __future__ import annotations

import signal
import sys
import threading
import traceback
from collections.abc import Iterable
from typing import Any

from monopoly_cpc.app import Session
from monopoly_cpc.demo.attract import AttractScreen, demo_seed
from monopoly_cpc.demo.replay import (
    HASH_EVERY,
    Replay,
    bots_data,
    frame_hash,
    options_of,
    settings_data,
)
from monopoly_cpc.demo.store import Store, save_doc
from monopoly_cpc.options import Options
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.flow import first_screen

TICK_HZ = 50
CHORD_PRESSES = 3          # the chord must be pressed this many times ...
CHORD_WINDOW = 3 * TICK_HZ  # ... within this many ticks (never by accident, even by a mashing child)
DEFAULT_CHORD = ("CTRL", "SHIFT", "ESC")
MODIFIERS = ("CTRL", "SHIFT")
RESTART_WINDOW = 10 * TICK_HZ  # more restarts than RESTART_LIMIT in this many ticks: to the title
RESTART_LIMIT = 3

RESUME_TEXT = {"fr": "R : reprendre la partie", "en": "R: resume the game"}
# host messages (window title, full-screen status line), in the CPC font's ASCII
GIF_BUSY = {"fr": "GIF : attendez, le precedent s'ecrit encore",
            "en": "GIF: wait, the previous one is still being written"}
GIF_FAILED = {"fr": "non enregistre", "en": "not saved"}
_DEFAULT = object()


def parse_chord(value: Any, warn=None) -> tuple[bool, bool, str]:
    """(ctrl, shift, key) of a chord such as ``["CTRL", "SHIFT", "ESC"]``.

    A chord needs at least one of CTRL/SHIFT and exactly one other CPC key; anything else is
    reported and the default chord used.
    """
    from monopoly_cpc.keyboard.layout import load_layout

    names = [str(v).upper() for v in value] if isinstance(value, (list, tuple)) else []
    mods = [n for n in names if n in MODIFIERS]
    keys = [n for n in names if n not in MODIFIERS]
    ok = bool(mods) and len(keys) == 1 and len(set(names)) == len(names)
    if ok:
        try:
            load_layout("fr").named(keys[0])
        except KeyError:
            ok = False
    if not ok:
        if warn is not None and value is not None:
            warn(f"kiosk_chord {value!r} is not a chord of CTRL/SHIFT and one key; "
                 f"using {'+'.join(DEFAULT_CHORD)}")
        return True, True, "ESC"
    return "CTRL" in mods, "SHIFT" in mods, keys[0]


def _warn(msg: str) -> None:
    print(f"monopoly-cpc: {msg}", file=sys.stderr)


_CLASSES: dict[str, type] = {}


def _cls(name: str) -> type:
    """The game and title screen classes, imported once (the checks run every tick)."""
    if not _CLASSES:
        from monopoly_cpc.screens.game.screen import GameScreen
        from monopoly_cpc.screens.title import TitleScreen

        _CLASSES.update(game=GameScreen, title=TitleScreen)
    return _CLASSES[name]


def _is_game(screen: Screen) -> bool:
    return isinstance(screen, _cls("game"))


def _is_title(screen: Screen) -> bool:
    return isinstance(screen, _cls("title"))


class Recorder:
    """Builds a :class:`Replay`: the raw key events of each tick and a frame hash every N."""

    def __init__(self, replay: Replay, layout: Any) -> None:
        self.replay = replay
        self.layout = layout
        self.fb = FrameBuffer()  # its own picture, drawn only at hash ticks (window-rate free)
        self.t = 0

    def keys(self, events: list) -> None:
        self.replay.add_events(self.t, events, self.layout)

    def after_step(self, draw) -> None:
        if self.t % self.replay.hash_every == 0:
            draw(self.fb)
            self.replay.hashes.append(frame_hash(self.fb))
        self.t += 1
        self.replay.ticks = self.t


class ExhibitSession(Session):
    """A Session with recording, attract mode, kiosk rules and autosave (module docstring)."""

    def __init__(self, args: Any = None, *, settings: Any = None, audio: Any = None, seed: int = 0,
                 screen_factory: Any = None, fb: FrameBuffer | None = None, start: str = "boot",
                 game: dict | None = None, suspended: Any = _DEFAULT, store: Any = _DEFAULT,
                 guard: bool | None = None, layout: str = "fr", hash_every: int = HASH_EVERY,
                 warn=_warn, playlist: bool = True, game_bots: dict | None = None) -> None:
        options = Options.of(args)
        probe = AppContext(options=options, settings=settings)
        self.warn = warn
        self.kiosk = bool(probe.option("kiosk", False))
        self.attract_ticks = int(probe.option("attract_after", 60)) * TICK_HZ
        self.idle_ticks = int(probe.option("idle_minutes", 5)) * 60 * TICK_HZ
        self.chord = parse_chord(probe.option("kiosk_chord", list(DEFAULT_CHORD)), warn)
        self.captures = bool(probe.option("kiosk_captures", False))  # F11/F12 in kiosk mode
        # replay files for the attract loop (demo/playlist.py); never while this session is
        # recorded or is itself a playback: a replay must not depend on other files
        self.playlist_notes: set[str] = set()
        folder = probe.option("attract_playlist", None)
        self.playlist_dir = folder if playlist and folder and not options.record else None
        if self.playlist_dir is not None:
            self._check_playlist()
        self.record_path = options.record
        if self.record_path:  # before anything is played: a session must not be lost at the end
            from monopoly_cpc.demo.paths import writable_file

            writable_file(self.record_path, "the replay file")
        headless = options.headless
        if store is _DEFAULT:
            store = None if headless else Store.default()
        self.store: Store | None = store
        self.data_reported = False  # "games are not saved" said (once a session)
        self.log_reported = False   # "crash.log is not kept" said (once a session)
        if store is not None and not store.lock():
            # a second program on the same data folder: it must not overwrite the first one's
            # autosave, nor offer it (both would go on with the same game)
            warn(f"another monopoly-cpc is running with the data folder {store.root}: "
                 "this one neither saves nor resumes games")
            self.store = store = None
        if store is not None:       # a playing session: an unwritable folder is said at the start
            self._check_log_folder()
            problem = store.write_problem()
            if problem is not None:
                self._data_failed(problem)
        if suspended is _DEFAULT:
            suspended = store.load_game(self._load_warn) if store is not None else None
        self.suspended: dict | None = suspended
        self.guard = self.kiosk if guard is None else guard
        self.layout_name = layout
        self.hash_every = hash_every
        from monopoly_cpc.keyboard.layout import load_layout

        self.layout = load_layout(layout)
        self.demos = 0           # demo games started (each gets its own seed)
        self.quiet = 0           # ticks since the last key or screen change
        self.chord_ticks: list[int] = []
        self.restarts: list[int] = []
        self.exceptions = 0
        self.autosaved: tuple[int, int, bool] | None = None
        self.game_recorder: Recorder | None = None
        self.game_replay_path = None
        self.ended_games: list[tuple[Recorder, Any]] = []  # left this tick, written at its end
        self.game_file_due = False  # the game file is rewritten at the end of this tick
        self.ring = None         # a GifRing once the window asks for it (host_event)
        self.host_messages: list[str] = []   # for the front end to show (F11's GIF path)
        self.sigint: Any = None  # kiosk window: the SIGINT handler in force before (restored at close)
        self.start = start
        # the computer players of the game on the game screen: the seed and level make_bots
        # was given, saved with the game so that a resumed game gets the same characters
        self.game_bots: dict | None = None
        self._built: tuple[Screen, dict] | None = None  # the last game this session built

        def factory(ctx: AppContext) -> Screen:
            if start == "attract":
                return self._new_demo(ctx)
            if start == "game":
                return self._game_from(ctx, game, game_bots)
            return (screen_factory or first_screen)(ctx)

        super().__init__(options, settings=settings, audio=audio, seed=seed, screen_factory=factory, fb=fb)
        self.watched = self.screen
        if _is_game(self.screen):
            self.game_bots = self._bots_of(self.screen)
        self.session_recorder: Recorder | None = None
        if self.record_path:
            self.session_recorder = Recorder(self._new_replay(start, game), self.layout)

    # -- building blocks ------------------------------------------------------------------------
    def _new_replay(self, start: str, game: dict | None) -> Replay:
        return Replay(seed=self.ctx.seed, options=options_of(self.ctx),
                      settings=settings_data(self.ctx.settings), start=start, game=game,
                      suspended=self.suspended, layout=self.layout_name, hash_every=self.hash_every)

    def _new_demo(self, ctx: AppContext) -> Screen:
        """The next demo: the playlist's next replay file if there is one, else a live game."""
        self.demos += 1
        if self.playlist_dir is not None:
            from monopoly_cpc.demo.playlist import PlaylistScreen, named, playlist_files

            files = playlist_files(self.playlist_dir)
            if files:
                path = files[(self.demos - 1) % len(files)]
                try:
                    return PlaylistScreen(ctx, path, self._title, warn=self._playlist_note)
                except Exception as exc:  # noqa: BLE001 - a broken file: logged, a live demo instead
                    self._playlist_note(named(path, exc))
        return AttractScreen(ctx, demo_seed(ctx.seed, self.demos - 1))

    def _playlist_note(self, text: str) -> None:
        """A playlist file's problem, in the crash log once a session (not at every round)."""
        line = f"attract playlist: {text}"
        if line not in self.playlist_notes:
            self.playlist_notes.add(line)
            self._log(line)

    def _check_playlist(self) -> None:
        """One warning line when the attract playlist folder cannot give a demo."""
        from pathlib import Path

        from monopoly_cpc.demo.playlist import playlist_files

        path = Path(str(self.playlist_dir)).expanduser()
        try:
            is_dir, exists = path.is_dir(), path.exists()
        except (OSError, ValueError) as exc:  # no right to look, a name the system refuses
            why = f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
            self.warn(f"attract playlist {self.playlist_dir} {why}: live demo games are shown instead")
            return
        if not is_dir:
            why = "is not a folder" if exists else "does not exist"
        elif not playlist_files(path):
            why = "holds no replay file (*.json)"
        else:
            return
        self.warn(f"attract playlist {self.playlist_dir} {why}: live demo games are shown instead")

    def _game_from(self, ctx: AppContext, data: dict, bots: Any = None) -> Screen:
        """A game screen on the engine state ``data``; its computer players made as
        ``make_bots`` made them for that game (``bots``: its seed and level), else from
        this session's seed and level."""
        from types import SimpleNamespace

        from monopoly_cpc.rules.serial import from_data
        from monopoly_cpc.screens.game.screen import GameScreen, make_bots

        state = from_data(data)
        info = bots_data(bots) or {"seed": ctx.seed, "ai_level": ctx.option("ai_level", "normal")}
        level = info["ai_level"]

        def option(name: str, default: Any = None) -> Any:
            return level if name == "ai_level" else ctx.option(name, default)

        screen = GameScreen(ctx, state=state, bots=make_bots(SimpleNamespace(seed=info["seed"], option=option),
                                                              state))
        memory = info.pop("memory", None)
        if memory is not None:
            try:
                screen.restore_memory(memory)
            except (KeyError, ValueError, TypeError, IndexError) as exc:
                # a hand-edited save: the game goes on with computers that remember nothing
                self._log(f"saved game: the computer players' memory is unusable ({exc!r}); "
                          "they start afresh")
                screen = GameScreen(ctx, state=state,
                                    bots=make_bots(SimpleNamespace(seed=info["seed"], option=option),
                                                   state))
            else:
                info["memory"] = memory   # a replay of this game starts from the same memory
        self._built = (screen, info)
        return screen

    def _bots_of(self, screen: Screen) -> dict:
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

    def _title(self) -> Screen:
        from monopoly_cpc.screens.flow import title_screen

        return title_screen(self.ctx)

    def draw_into(self, fb: FrameBuffer) -> None:
        """The current screen's picture; on the title, this session's resume line."""
        title = self.screen if _is_title(self.screen) else None
        if title is not None:
            title.resume_line = ("" if self.suspended is None else
                                 RESUME_TEXT.get(self.ctx.option("lang", "fr"), RESUME_TEXT["fr"]))
        self.screen.draw(fb)
        if title is not None and self.kiosk:
            # no "O : options" line for visitors
            fb.text(0, title.options_row, " " * 40, pen=0, paper=0)

    # -- the tick -------------------------------------------------------------------------------
    def step(self, events: Iterable[Any] = ()) -> None:
        raw = list(events)
        # The recorders running when this tick begins count it, and only they: a game that
        # appears during the tick starts its own file at the next tick (its playback's tick 0
        # is the game's first tick), and a game left during the tick (by its last key) still
        # counts the tick of that key before its file is written.
        running = [rec for rec in (self.session_recorder, self.game_recorder) if rec is not None]
        for rec in running:
            rec.keys(raw)
        evs = self._filter(raw)
        self.quiet = 0 if raw else self.quiet + 1
        before = self.screen
        if self.guard:
            try:
                super().step(evs)
            except Exception as exc:  # noqa: BLE001 - kiosk: any failure of a screen restarts it
                self._crashed(before, exc)
        else:
            super().step(evs)
        self._after_step()
        for rec in running:
            rec.after_step(self.draw_into)
        self._write_game_files()

    def _write_game_files(self) -> None:
        """The game files due this tick, written once their recorders have counted it."""
        ended, self.ended_games = self.ended_games, []
        for rec, path in ended:
            self._write(rec.replay, path)
        if self.game_file_due and self.game_recorder is not None and self.game_replay_path is not None:
            self._write(self.game_recorder.replay, self.game_replay_path)
        self.game_file_due = False

    def _filter(self, events: list) -> list:
        """Kiosk chord and O key, the resume key on the title."""
        out = []
        ctrl, shift, key = self.chord
        for ev in events:
            if self.kiosk and ev.key == key and ev.ctrl == ctrl and ev.shift == shift:
                if not ev.repeat and self._chord_press():
                    return []  # the operator menu opens: nothing else this tick
                continue  # the chord never reaches the game
            if self.kiosk and ev.letter == "O" and _is_title(self.screen):
                continue  # no options for visitors
            if self.kiosk and type(self.screen).__name__ == "BootScreen" and ev.key != "COPY":
                continue  # the boot runs by itself: no ESC Break to a BASIC prompt for visitors
            if (self.suspended is not None and ev.letter == "R" and not ev.repeat
                    and _is_title(self.screen) and self.ctx.next_screen is None):
                self._resume()
                return []  # the saved game comes back: the title gets no key this tick
            out.append(ev)
        return out

    def _chord_press(self) -> bool:
        """Count a chord press; True when it opens the operator menu."""
        t = self.ctx.tick
        self.chord_ticks = [x for x in self.chord_ticks if t - x < CHORD_WINDOW] + [t]
        if len(self.chord_ticks) < CHORD_PRESSES:
            return False
        self.chord_ticks = []
        from monopoly_cpc.demo.operator import OperatorScreen

        self.ctx.switch(OperatorScreen(self.ctx, self._title))
        return True

    def _resume(self) -> None:
        doc, self.suspended = self.suspended, None
        try:
            self.ctx.switch(self._game_from(self.ctx, doc["state"], doc.get("bots") or self._old_save(doc)))
        except Exception as exc:  # noqa: BLE001 - checked when loaded; a failure is logged, not fatal
            self._log(f"cannot resume the saved game: {exc}")
            if self.store is not None:  # set aside: the next start does not offer it again
                from monopoly_cpc.settings import why_broken

                self.store.set_aside_game(self._load_warn, why_broken(exc) if str(exc) else "it failed to start")

    def _old_save(self, doc: dict) -> dict:
        """A game saved before the computer players were saved with it: its session's seed
        (the seed of that session's first game) and the level in force."""
        return {"seed": doc.get("seed", self.ctx.seed), "ai_level": self.ctx.option("ai_level", "normal")}

    def _after_step(self) -> None:
        ctx = self.ctx
        if self.screen is not self.watched:
            self._screen_changed()
        if _is_title(self.screen) and self.quiet >= self.attract_ticks:
            self.screen = self._new_demo(ctx)
            self._screen_changed()
        screen = self.screen
        if _is_game(screen) and self.watched is screen:
            self._autosave(screen)
            if self.kiosk and self.quiet >= self.idle_ticks:
                self._suspend(screen)
        elif self.kiosk and self.quiet >= self.idle_ticks and self._left_alone(screen):
            # a visitor walked away from the set-up (or the end of a game): back to the title
            # and its attract loop, or the stand would show that screen all day
            self.screen = self._title()
            self._screen_changed()

    @staticmethod
    def _left_alone(screen: Screen) -> bool:
        """A screen the kiosk takes back to the title after idle_minutes without a key: any
        but the title, a demo, the boot (it ends by itself) and the operator menu (its own
        timeout)."""
        from monopoly_cpc.demo.operator import OperatorScreen

        return not (_is_title(screen) or isinstance(screen, (AttractScreen, OperatorScreen))
                    or type(screen).__name__ in ("BootScreen", "PlaylistScreen"))

    def _screen_changed(self) -> None:
        """A new screen: the quiet count restarts; a game starts or stops its own replay."""
        self.quiet = 0
        self._finish_game_replay()
        self.watched = self.screen
        if _is_game(self.screen):
            self.game_bots = self._bots_of(self.screen)
        if _is_game(self.screen) and self.store is not None:
            from monopoly_cpc.rules.serial import to_data

            self.autosaved = None
            try:
                self.game_replay_path = self.store.new_replay_path()
            except OSError as exc:  # a read-only data folder: play on without the replay
                self._data_failed(self._problem(self.store.replay_dir, exc))
                return
            replay = self._new_replay("game", to_data(self.screen.state))
            replay.suspended = None
            replay.bots = self.game_bots
            self.game_recorder = Recorder(replay, self.layout)

    def _finish_game_replay(self, now: bool = False) -> None:
        """The game's recording ends: its file is written at the end of this tick (``now``: at
        once, when the session closes between ticks)."""
        if self.game_recorder is not None and self.game_replay_path is not None:
            self.ended_games.append((self.game_recorder, self.game_replay_path))
        self.game_recorder = None
        self.game_replay_path = None
        self.game_file_due = False
        if now:
            self._write_game_files()

    def _autosave(self, game: Any) -> None:
        """At every turn (and at the end) the game goes to the autosave file."""
        if self.store is None:
            return
        st = game.state
        mark = (id(game), st.turn, st.phase == "game_over")
        if mark == self.autosaved:
            return
        if not mark[2] and not game.at_rest():
            return   # saved once the turn's events are shown: a resumed game then goes on alike
        self.autosaved = mark
        if st.phase == "game_over":
            try:
                self.store.drop_game()
            except OSError as exc:  # a read-only data folder: the win goes on all the same
                self._data_failed(self._problem(self.store.autosave_path, exc))
        else:
            from monopoly_cpc.rules.serial import to_data

            try:
                self.store.save_game(to_data(st), self.ctx.seed, self._bots_now(game))
            except OSError as exc:
                self._data_failed(self._problem(self.store.autosave_path, exc))
        self.game_file_due = True   # written at the end of the tick, once counted

    def _bots_now(self, game: Any) -> dict | None:
        """The game's computer players as saved: their seed and level, and what they (and the
        screen's pace) remember now (``GameScreen.memory``)."""
        if self.game_bots is None:
            return None
        bots = {k: v for k, v in self.game_bots.items() if k != "memory"}
        bots["memory"] = game.memory()
        return bots

    def _suspend(self, game: Any) -> None:
        """Kiosk: nobody touched the game for idle_minutes: keep it for later, back to the title."""
        from monopoly_cpc.rules.serial import to_data

        if game.state.phase != "game_over":
            self.suspended = save_doc(to_data(game.state), self.ctx.seed, self._bots_now(game))
            if self.store is not None:
                try:
                    self.store.save_game(self.suspended["state"], self.ctx.seed, self.suspended.get("bots"))
                except OSError as exc:  # kept in memory: R still resumes it in this run
                    self._data_failed(self._problem(self.store.autosave_path, exc))
        self.screen = self._title()
        self._screen_changed()

    # -- guard ----------------------------------------------------------------------------------
    def _crashed(self, broken: Screen, exc: BaseException) -> None:
        """An exception inside a screen: log it, restart that screen (or the title)."""
        self.exceptions += 1
        source = getattr(broken, "path", None) if type(broken).__name__ == "PlaylistScreen" else None
        self._log((f"attract playlist {source}:\n" if source is not None else "") + traceback.format_exc())
        ctx = self.ctx
        ctx.next_screen = None
        t = ctx.tick
        self.restarts = [x for x in self.restarts if t - x < RESTART_WINDOW] + [t]
        if len(self.restarts) > RESTART_LIMIT:
            if _is_title(broken):
                raise exc  # the title itself keeps failing: let the supervisor restart the program
            self.screen = self._title()
        else:
            self.screen = self._restarted(broken)
        ctx.tick += 1  # the tick happened, even if its screen failed

    def _restarted(self, broken: Screen) -> Screen:
        if isinstance(broken, AttractScreen) or type(broken).__name__ == "PlaylistScreen":
            return self._new_demo(self.ctx)
        if _is_game(broken):
            from monopoly_cpc.rules.serial import from_data, to_data
            from monopoly_cpc.screens.game.screen import GameScreen

            try:
                screen = GameScreen(self.ctx, state=from_data(to_data(broken.state)), bots=broken.bots)
                if self.game_bots is not None:
                    self._built = (screen, dict(self.game_bots))  # the same players go on
                return screen
            except Exception:  # noqa: BLE001 - a state the failure broke: the last autosave
                doc = self.store.load_game(self.warn) if self.store is not None else None
                if doc is not None:
                    return self._game_from(self.ctx, doc["state"], doc.get("bots") or self._old_save(doc))
            return self._title()
        try:
            return type(broken)(self.ctx)
        except Exception:  # noqa: BLE001 - a screen that needs more than ctx: the title
            return self._title()

    def render(self) -> FrameBuffer:
        """Draw (guarded in kiosk mode), and keep the picture for the GIF key."""
        try:
            self.draw_into(self.fb)
        except Exception as exc:
            if not self.guard:
                raise
            self._crashed(self.screen, exc)
            self.ctx.tick -= 1  # a drawing failure is not a tick
            self.fb.clear(0)
        if self.ring is not None:
            self.ring.add(self.ctx.tick, self.fb)
        return self.fb

    # -- the data and log folders ---------------------------------------------------------------
    @staticmethod
    def _problem(path: Any, exc: OSError) -> str:
        from monopoly_cpc.errors import path_problem

        return path_problem(path, exc)

    def _data_failed(self, problem: str) -> None:
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

    def _load_warn(self, text: str) -> None:
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
        from monopoly_cpc import logs

        path = logs.write_crash(text)
        if not path.is_absolute():  # write_crash's "(log folder not writable)"
            self._log_failed("the crash log cannot be written")

    # -- the window's host keys -----------------------------------------------------------------
    def host_event(self, ev: Any) -> bool:
        """A pygame event the session keeps (True): the GIF key; in kiosk, the quit keys."""
        import pygame

        from monopoly_cpc.demo.capture import GifRing, is_gif_key

        if self.ring is None:
            self.ring = GifRing()
            self._ignore_sigint()
        if self.kiosk:
            if ev.type == pygame.QUIT or ev.type == getattr(pygame, "WINDOWCLOSE", -1):
                return True  # window close and Alt+F4 do nothing at an exhibition
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.mod & pygame.KMOD_ALT and ev.key in (
                    pygame.K_F4, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                return True
        if self.kiosk and not self.captures and (is_gif_key(ev) or getattr(ev, "key", None) == pygame.K_F12):
            return True   # no captures for visitors unless the operator allows them (kiosk_captures)
        if is_gif_key(ev):
            if ev.type == pygame.KEYDOWN:
                self._save_gif()
            return True
        return False

    def _save_gif(self) -> None:
        """F11: the last 10 seconds to a GIF, written in the background, one at a time; what
        happens is said through host_messages (the window title, the full-screen status line)."""
        from monopoly_cpc.errors import UserError

        assert self.ring is not None
        if self.ring.busy():
            self.host_messages.append(GIF_BUSY.get(self._lang(), GIF_BUSY["fr"]))
            return
        at = len(self.host_messages)  # a small GIF may be written before save_async returns
        try:
            path = self.ring.save_async(done=self._gif_done)
        except UserError as exc:   # no pictures folder at all: said, the game goes on
            self.host_messages.append(f"GIF : {exc}")
            return
        if path is not None:       # said before the thread's "written" line, whenever that came
            self.host_messages.insert(at, f"GIF : {self._shown(path)} ...")

    def _gif_done(self, path: Any, problem: str | None) -> None:
        """Called by the writer thread: the file is written, or it is not (and not said to be)."""
        if problem is None:
            self.host_messages.append(f"GIF : {self._shown(path)}")
        else:
            self.host_messages.append(f"GIF : {GIF_FAILED.get(self._lang(), GIF_FAILED['fr'])}"
                                      + ("" if self.kiosk else f" ({problem})"))

    def _shown(self, path: Any) -> str:
        """A file as a visitor may see it: its name in kiosk mode (no home folder on show)."""
        from pathlib import Path

        return Path(path).name if self.kiosk else str(path)

    def _lang(self) -> str:
        return str(self.ctx.option("lang", "fr"))

    def _ignore_sigint(self) -> None:
        """Kiosk window: CTRL+C in the terminal that started the game does not end it either.

        Only the window front end calls host_event, so headless tools keep their CTRL+C; a
        service manager still stops the game with SIGTERM (the loop handles it)."""
        if self.kiosk and self.sigint is None and threading.current_thread() is threading.main_thread():
            self.sigint = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def close(self) -> None:
        """End of the session: write the replay files (and give CTRL+C back)."""
        if self.sigint is not None:
            signal.signal(signal.SIGINT, self.sigint)
            self.sigint = None
        self._finish_game_replay(now=True)
        if self.session_recorder is not None and self.record_path:
            self._write(self.session_recorder.replay, self.record_path, fatal=True)
        if self.ring is not None:
            self.ring.wait()

    def _write(self, replay: Replay, path: Any, fatal: bool = False) -> None:
        try:
            replay.save(path)
        except OSError as exc:
            if fatal:
                from monopoly_cpc.errors import UserError, path_problem

                raise UserError(f"cannot write the replay file {path}: {path_problem(path, exc)}") from None
            self._data_failed(self._problem(path, exc))
