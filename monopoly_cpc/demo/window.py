"""Watching a replay or a demo being recorded, in the game's own window loop.

:class:`Viewer` wraps a run of ``total`` ticks as a session for ``app.WindowFrontEnd`` (the
one window loop: the same 50 Hz pacing, catch-up and presentation as the game).  The
keyboard does not reach the game here (the replay's key log does): ESC or Q stops, SPACE
pauses, F12 saves a screenshot (the loop's).  The window title shows the playback time and,
as WinAPE's session player does with its green/red timer, whether the picture is still in
sync.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def clock(ticks: int) -> str:
    s = ticks // 50
    return f"{s // 60}:{s % 60:02d}.{ticks % 50 * 2:02d}"


class Viewer:
    """``step(t)`` for t in 0..total-1, one a tick of the window loop, ``render()`` shown;
    ``status(t)`` in the window title.  The CPC keys of the window are not used.  An
    ``app.LoopSession``: its pictures are compared every frame (``draws`` None)."""

    kiosk = False
    draws = None

    def __init__(self, total: int, step: Callable[[int], Any], render: Callable[[], Any],
                 status: Callable[[int], str]) -> None:
        self.total = total
        self._step = step
        self._render = render
        self.status = status
        self.tick = 0           # ticks run so far
        self.paused = False
        self.quit_requested = total <= 0

    def step(self, events: Any = ()) -> None:
        if self.paused or self.quit_requested:
            return
        self._step(self.tick)
        self.tick += 1
        if self.tick >= self.total:
            self.quit_requested = True

    def render(self) -> Any:
        return self._render()

    def take_messages(self) -> list[str]:
        return []

    def close(self) -> None:
        """The run's files are the caller's."""

    def caption(self) -> str:
        return self.status(self.tick) + (" - pause" if self.paused else "")

    def host_event(self, ev: Any) -> bool:
        """ESC or Q stops, SPACE pauses (both kept from the loop); anything else is the loop's."""
        import pygame

        if ev.type not in (pygame.KEYDOWN, pygame.KEYUP) or ev.key not in (pygame.K_ESCAPE, pygame.K_q,
                                                                              pygame.K_SPACE):
            return False
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_SPACE:
                self.paused = not self.paused
            else:
                self.quit_requested = True
        return True


def run_window(total: int, step: Callable[[int], Any], render: Callable[[], Any],
               status: Callable[[int], str], scale: int | None = None, fullscreen: bool = False) -> int:
    """Show ``total`` ticks of ``step``/``render`` in the game's window loop; returns the
    ticks run (fewer when ESC or Q stopped it, or the window was closed)."""
    from monopoly_cpc.app import WindowFrontEnd
    from monopoly_cpc.options import Options

    viewer = Viewer(total, step, render, status)
    front = WindowFrontEnd(Options(windowed=not fullscreen, scale=scale), session=viewer,
                           fullscreen=fullscreen)
    front.run()
    return viewer.tick
