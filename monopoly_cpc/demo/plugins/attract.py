"""The attract mode and its playlist.

After ``attract_after`` seconds without a key on a screen that allows it
(``Screen.attract_may_start``: the title), a demo starts: the next replay file of the
``attract_playlist`` folder (:mod:`monopoly_cpc.demo.playlist`), else a live demo game
(:mod:`monopoly_cpc.demo.attract`, each with its own seed); any key brings the title back.
A session that is recorded (``--record``) or is itself a playback plays live demos only: a
replay must not depend on other files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_cpc.demo.attract import AttractScreen
from monopoly_cpc.demo.plugin import TICK_HZ, Plugin
from monopoly_cpc.game.setup import demo_game_seed
from monopoly_cpc.screens.base import AppContext, Screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class Attract(Plugin):
    """Starts the demos (module docstring)."""

    def __init__(self, session: ExhibitSession, playlist: bool = True) -> None:
        super().__init__(session)
        options = session.effective
        self.attract_ticks = options.attract_after * TICK_HZ
        self.demos = 0           # demo games started (each gets its own seed)
        self.playlist_notes: set[str] = set()
        folder = options.attract_playlist
        self.playlist_dir = folder if playlist and folder and not options.record else None
        if self.playlist_dir is not None:
            self._check_playlist()

    def after_step(self) -> None:
        s = self.session
        if s.screen.attract_may_start and s.quiet >= self.attract_ticks:
            s.show(self.next_demo(s.ctx))

    def next_demo(self, ctx: AppContext) -> Screen:
        """The next demo: the playlist's next replay file if there is one, else a live game."""
        self.demos += 1
        if self.playlist_dir is not None:
            from monopoly_cpc.demo.playlist import PlaylistScreen, named, playlist_files

            files = playlist_files(self.playlist_dir)
            if files:
                path = files[(self.demos - 1) % len(files)]
                try:
                    return PlaylistScreen(ctx, path, self.session.title, self.session.from_replay,
                                          warn=self._playlist_note)
                except Exception as exc:  # noqa: BLE001 - a broken file: logged, a live demo instead
                    self._playlist_note(named(path, exc))
        return AttractScreen(ctx, demo_game_seed(ctx.seed, self.demos - 1))

    def _playlist_note(self, text: str) -> None:
        """A playlist file's problem, in the crash log once a session (not at every round)."""
        line = f"attract playlist: {text}"
        if line not in self.playlist_notes:
            self.playlist_notes.add(line)
            self.session._log(line)

    def _check_playlist(self) -> None:
        """One warning line when the attract playlist folder cannot give a demo."""
        from pathlib import Path

        from monopoly_cpc.demo.playlist import playlist_files

        warn = self.session.warn
        path = Path(str(self.playlist_dir)).expanduser()
        try:
            is_dir, exists = path.is_dir(), path.exists()
        except (OSError, ValueError) as exc:  # no right to look, a name the system refuses
            why = f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
            warn(f"attract playlist {self.playlist_dir} {why}: live demo games are shown instead")
            return
        if not is_dir:
            why = "is not a folder" if exists else "does not exist"
        elif not playlist_files(path):
            why = "holds no replay file (*.json)"
        else:
            return
        warn(f"attract playlist {self.playlist_dir} {why}: live demo games are shown instead")
