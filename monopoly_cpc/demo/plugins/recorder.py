"""The recorder: ``--record FILE`` writes the whole session's key log and frame hashes to
FILE when the session closes; every game played on the game screen also goes to its own
replay file in the data folder (``replays/game-NNNNNN.json``), rewritten at every turn.

The recorders running when a tick begins count it, and only they: a game that appears during
the tick starts its own file at the next tick (its playback's tick 0 is the game's first
tick), and a game left during the tick (by its last key) still counts the tick of that key
before its file is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import Plugin, is_game
from monopoly_cpc.demo.replay import Recorder, Replay, options_of, settings_data

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class Recording(Plugin):
    """The session's replay file and the games' (module docstring)."""

    def __init__(self, session: ExhibitSession) -> None:
        super().__init__(session)
        self.record_path = session.effective.record
        if self.record_path:  # before anything is played: a session must not be lost at the end
            from monopoly_cpc.demo.paths import writable_file

            writable_file(self.record_path, "the replay file")
        self.session_recorder: Recorder | None = None
        self.game_recorder: Recorder | None = None
        self.game_replay_path: Any = None
        self.ended_games: list[tuple[Recorder, Any]] = []  # left this tick, written at its end
        self.game_file_due = False  # the game file is rewritten at the end of this tick
        self.running: list[Recorder] = []

    def new_replay(self, start: str, game: dict | None) -> Replay:
        s = self.session
        return Replay(seed=s.ctx.seed, options=options_of(s.ctx), settings=settings_data(s.ctx.settings),
                      start=start, game=game, suspended=s.suspended, layout=s.layout_name,
                      hash_every=s.hash_every)

    def started(self) -> None:
        s = self.session
        if self.record_path:
            self.session_recorder = Recorder(self.new_replay(s.start, s.start_game), s.layout)

    def begin_tick(self, raw: list) -> None:
        self.running = [rec for rec in (self.session_recorder, self.game_recorder) if rec is not None]
        for rec in self.running:
            rec.keys(raw)

    def screen_changed(self, screen: Any) -> None:
        """A game starts or stops its own replay."""
        self._finish_game_replay()
        s = self.session
        if is_game(screen) and s.store is not None:
            from monopoly_cpc.rules.serial import to_data

            try:   # not the number of a game ended this tick, its file not written yet
                self.game_replay_path = s.store.new_replay_path([p for _rec, p in self.ended_games])
            except OSError as exc:  # a read-only data folder: play on without the replay
                s.data.failed(s.data.problem(s.store.replay_dir, exc))
                return
            replay = self.new_replay("game", to_data(screen.state))
            replay.suspended = None
            replay.bots = s.players.bots
            self.game_recorder = Recorder(replay, s.layout)

    def game_saved(self) -> None:
        """The game was saved (a new turn): its replay file is rewritten at the end of the tick."""
        self.game_file_due = True

    def end_tick(self) -> None:
        for rec in self.running:
            rec.after_step(self.session.draw_into)
        self.running = []
        self._write_game_files()

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

    def _write_game_files(self) -> None:
        """The game files due this tick, written once their recorders have counted it."""
        ended, self.ended_games = self.ended_games, []
        for rec, path in ended:
            if rec.replay.ticks:   # a game gone in its first tick: no file of 0 ticks that
                self._write(rec.replay, path)   # verify would call "in sync"
        now = self.game_recorder
        if self.game_file_due and now is not None and now.replay.ticks and self.game_replay_path is not None:
            self._write(now.replay, self.game_replay_path)
        self.game_file_due = False

    def close(self) -> None:
        self._finish_game_replay(now=True)
        if self.session_recorder is not None and self.record_path:
            self._write(self.session_recorder.replay, self.record_path, fatal=True)

    def _write(self, replay: Replay, path: Any, fatal: bool = False) -> None:
        try:
            replay.save(path)
        except OSError as exc:
            if fatal:
                from monopoly_cpc.errors import UserError, path_problem

                raise UserError(f"cannot write the replay file {path}: {path_problem(path, exc)}") from None
            self.session.data.failed(self.session.data.problem(path, exc))
