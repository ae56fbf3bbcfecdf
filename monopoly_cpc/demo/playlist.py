"""An attract-mode playlist: replay files played in turn instead of live demo games.

An exhibition may want chosen demos (a game with a hotel war, a dramatic auction) rather
than whatever the computer players do: the ``attract_playlist`` option names a folder of
replay files (made with ``monopoly-cpc demo ... --record``), played in the order of their
names, one per attract turn, round and round.  Like a live demo, any key goes back to the
title, and so does the end of the file.

A session that is itself being recorded (``--record``) plays live demos instead, so that its
replay never depends on other files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import UserError
from monopoly_cpc.screens.base import AppContext, Screen

BLINK = 25


def playlist_files(folder: Any) -> list[Path]:
    """The ``*.json`` files of ``folder``, sorted by name (never by the file system's order)."""
    path = Path(str(folder)).expanduser()
    try:
        return sorted((p for p in path.iterdir() if p.suffix.lower() == ".json" and p.is_file()),
                      key=lambda p: p.name)
    except (OSError, ValueError):   # no right to read it, a name the system refuses
        return []


def named(path: Any, exc: BaseException) -> str:
    """An error about a playlist file as one line that names the file (once)."""
    text = (str(exc).splitlines() or [""])[0] or exc.__class__.__name__
    return text if str(path) in text else f"{path}: {text}"


class PlaylistScreen(Screen):
    """One replay file played back with the whole interface; any key or its end: the title.

    ``session_for(replay, audio, source, warn)`` builds the replay's session as it was at its
    tick 0 (``ExhibitSession.from_replay``: given, not imported, since the exhibition session
    is what plays this screen); ``warn`` gets the replay's own warnings (a recorded
    ``kiosk_chord`` that is not a chord), each naming the file; without it they go to stderr
    like a playback's."""

    idle_return = False
    is_demo = True

    def __init__(self, ctx: AppContext, path: Path, title: Any, session_for: Callable[..., Any],
                 warn: Any = None) -> None:
        from monopoly_cpc.demo import replay as R

        super().__init__(ctx)
        self.path = path
        self.title = title
        self.replay = R.load(path)  # DataError (one line) for a broken file
        self.inner = session_for(self.replay, ctx.audio, str(path), warn)
        try:
            self.keys = self.replay.key_log(self.inner.layout)
        except ValueError as exc:
            raise UserError(f"{path}: not a valid replay file ({exc})") from None
        self.t = 0

    def crash_note(self) -> str:
        return f"attract playlist {self.path}"

    def on_key(self, ev: Any) -> None:
        self.ctx.switch(self.title())  # a visitor pressed a key: the title, ready for a game

    def tick(self) -> None:
        if self.t >= self.replay.ticks or self.inner.quit_requested:
            self.ctx.switch(self.title())
            return
        self.inner.step(self.keys.get(self.t, ()))
        self.t += 1

    def draw_key(self) -> tuple | None:
        """The replayed screen's key and the blink of DEMO (None when that screen has none)."""
        screen = self.inner.screen
        key = screen.draw_key()
        return None if key is None else (screen, key, (self.t // BLINK) % 2)

    def draw(self, fb: Any) -> None:
        self.inner.draw_into(fb)
        if (self.t // BLINK) % 2 == 0:
            fb.text(34, 0, " DEMO ", pen=3, paper=0)
