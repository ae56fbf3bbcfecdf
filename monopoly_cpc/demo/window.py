"""A small window loop for watching a replay or a demo being recorded.

The keyboard does not reach the game here (the replay's key log does): ESC or Q stops, SPACE
pauses, F12 saves a screenshot.  The window title shows the playback time and, as WinAPE's
session player does with its green/red timer, whether the picture is still in sync.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from monopoly_cpc.errors import UserError

TICK_S = 1.0 / 50


def clock(ticks: int) -> str:
    s = ticks // 50
    return f"{s // 60}:{s % 60:02d}.{ticks % 50 * 2:02d}"


def run_window(total: int, step: Callable[[int], Any], render: Callable[[], Any],
               status: Callable[[int], str], scale: int | None = None, fullscreen: bool = False) -> int:
    """Call ``step(t)`` for t in 0..total-1 at 50 Hz, show ``render()``; returns ticks run."""
    import pygame

    from monopoly_cpc.app import open_display, save_png, screenshot_dir
    from monopoly_cpc.render.present import PICTURE_H, PICTURE_W, Presenter, fit_scale, layout_for

    dw, dh = open_display()
    try:
        # --scale N, but never a window larger than the screen (as the game's window)
        k = min(scale, fit_scale(dw, dh)) if scale else fit_scale(int(dw * 0.9), int(dh * 0.9))
        size = (dw, dh) if fullscreen else (PICTURE_W * k, PICTURE_H * k)
        surface = pygame.display.set_mode(size, pygame.FULLSCREEN if fullscreen else 0)
    except pygame.error as exc:
        pygame.display.quit()
        raise UserError(f"no display available: {exc} (use --headless)") from None
    layout = layout_for(*surface.get_size(), scale)
    presenter = Presenter(surface)
    t = 0
    acc = 0.0
    last = time.perf_counter()
    paused = False
    caption = ""
    try:
        while t < total:
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    return t
                if ev.type == pygame.KEYDOWN:
                    if ev.key in (pygame.K_ESCAPE, pygame.K_q):
                        return t
                    if ev.key == pygame.K_SPACE:
                        paused = not paused
                    if ev.key == pygame.K_F12:
                        n = 1
                        folder = screenshot_dir()
                        while (folder / f"monopoly-cpc-{n:04d}.png").exists():
                            n += 1
                        save_png(render().to_rgb(), folder / f"monopoly-cpc-{n:04d}.png")
            now = time.perf_counter()
            acc = 0.0 if paused else min(acc + now - last, 5 * TICK_S)
            last = now
            while acc >= TICK_S and t < total:
                acc -= TICK_S
                step(t)
                t += 1
            text = f"Monopoly CPC - {status(t)}" + (" - pause" if paused else "")
            if text != caption:
                caption = text
                pygame.display.set_caption(caption)
            presenter.present(render(), surface, layout)
            pygame.display.flip()
            time.sleep(max(0.0, TICK_S - (time.perf_counter() - now)) / 2)
    finally:
        pygame.display.quit()
    return t
