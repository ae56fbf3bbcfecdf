"""The program's icon: a CPC-style pixel house, drawn through the framebuffer and its palette.

The same house is the window's icon (taskbar, Alt+Tab; without it SDL shows pygame's own
logo) and the desktop launcher's (``packaging/monopoly-cpc*.png``, written by
``packaging/make_icon.py``; a test keeps the two equal).  It is drawn with the framebuffer's
primitives in the four pens of Mode 1 at the paper's top left, then cut out: what the drawing
does not cover is transparent.

The window's icon is read from ``assets/icon_64.png``, which ``packaging/make_icon.py`` writes
with the launcher's (the same drawing at 2x; a test keeps them equal): the window gets its
icon before its first picture, which is shown without numpy, and drawing the house takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_cpc.paths import asset
from monopoly_cpc.render.framebuffer import FrameBuffer

if TYPE_CHECKING:
    import numpy as np
    import pygame

SIZE = 32
# Firmware colours: black outline, Monopoly-house green, hotel red, bright yellow windows.
INKS = (0, 18, 6, 24)
OUTLINE, WALL, ROOF, LIGHT = 0, 1, 2, 3
WINDOW_SCALE = 2  # the window icon: 64x64, every icon pixel a 2x2 block
WINDOW_ICON_PATH = asset("icon_64.png")   # icon_rgba(WINDOW_SCALE), written by packaging/make_icon.py


def draw(fb: FrameBuffer) -> np.ndarray:
    """Draw the house at the paper's top left; returns the (32, 32) mask of the pixels drawn."""
    import numpy as np

    fb.clear(0)
    fb.set_inks(INKS)
    drawn = np.zeros((SIZE, SIZE), dtype=bool)

    def mark(x0: int, y0: int, x1: int, y1: int) -> None:
        drawn[y0:y1 + 1, x0:x1 + 1] = True

    # chimney, behind the roof
    fb.fill_rect(21, 5, 4, 8, ROOF)
    fb.rect(20, 4, 6, 9, OUTLINE)
    mark(20, 4, 25, 12)
    # roof: a stepped triangle, two pixels wider each line
    for i, y in enumerate(range(4, 15)):
        x0, x1 = max(15 - 2 * i, 2), min(16 + 2 * i, 29)
        fb.hline(x0, x1, y, ROOF)
        fb.pset(x0, y, OUTLINE)
        fb.pset(x1, y, OUTLINE)
        mark(x0, y, x1, y)
    fb.hline(2, 29, 14, OUTLINE)
    fb.hline(14, 17, 4, OUTLINE)
    # walls
    fb.fill_rect(5, 15, 22, 14, WALL)
    fb.rect(5, 14, 22, 15, OUTLINE)
    mark(5, 14, 26, 28)
    # two lit windows with crossbars, and the door
    for wx in (8, 19):
        fb.fill_rect(wx, 17, 5, 5, LIGHT)
        fb.rect(wx - 1, 16, 7, 7, OUTLINE)
        fb.hline(wx, wx + 4, 19, OUTLINE)
        fb.vline(wx + 2, 17, 21, OUTLINE)
    fb.fill_rect(14, 21, 4, 7, ROOF)
    fb.rect(13, 20, 6, 9, OUTLINE)
    fb.pset(16, 24, LIGHT)  # the door knob
    # the ground: a black line under everything
    fb.hline(1, 30, 29, OUTLINE)
    mark(1, 29, 30, 29)
    return drawn


def icon_rgba(scale: int = 1) -> np.ndarray:
    """The icon as an (32 * scale, 32 * scale, 4) uint8 RGBA array, pixels repeated (no smoothing)."""
    import numpy as np

    fb = FrameBuffer()
    drawn = draw(fb)
    y, x = FrameBuffer.PAPER_Y, FrameBuffer.PAPER_X
    rgb = fb.to_rgb()[y:y + SIZE, x:x + SIZE]
    alpha = np.where(drawn, 255, 0).astype(np.uint8)[:, :, None]
    rgba = np.concatenate([rgb, alpha], axis=2)
    return np.repeat(np.repeat(rgba, scale, axis=0), scale, axis=1)


def window_icon() -> pygame.Surface:
    """The icon as a pygame surface with alpha, for ``pygame.display.set_icon``: read from
    :data:`WINDOW_ICON_PATH`, or drawn if that cannot be read."""
    import pygame

    try:
        return pygame.image.load(str(WINDOW_ICON_PATH))
    except (pygame.error, OSError):
        pass
    import numpy as np

    rgba = np.ascontiguousarray(icon_rgba(WINDOW_SCALE))
    h, w = rgba.shape[:2]
    return pygame.image.frombuffer(rgba.tobytes(), (w, h), "RGBA").copy()
