"""Draw the launcher icon: a CPC-style pixel house, through the game's framebuffer and palette.

The house is drawn with the framebuffer's own primitives in four pens (Mode 1), then cut out
of the 320x200 picture; pen 0 outside the drawing becomes transparent.  Writes
``monopoly-cpc.png`` (256x256, 8x) and ``monopoly-cpc-32.png`` (1x) next to this file.

    python packaging/make_icon.py [--check]   # --check: exit 1 if the PNGs are not up to date
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from monopoly_cpc.render.framebuffer import FrameBuffer

HERE = Path(__file__).resolve().parent
SIZE = 32
SCALE = 8
# Firmware colours: black outline, Monopoly-house green, hotel red, bright yellow windows.
INKS = (0, 18, 6, 24)
OUTLINE, WALL, ROOF, LIGHT = 0, 1, 2, 3


def draw(fb: FrameBuffer) -> np.ndarray:
    """Draw the house at the paper's top left; returns the (32, 32) mask of drawn pixels."""
    fb.clear(0)
    fb.set_inks(INKS)
    drawn = np.zeros((SIZE, SIZE), dtype=bool)

    def mark(x0: int, y0: int, x1: int, y1: int) -> None:
        drawn[y0:y1 + 1, x0:x1 + 1] = True

    # chimney, behind the roof
    fb.fill_rect(21, 5, 4, 8, ROOF)
    fb.rect(20, 4, 6, 9, OUTLINE)
    mark(20, 4, 25, 12)
    # roof: a stepped triangle, two pixels per line as a CPC sprite would be
    for i, y in enumerate(range(4, 15)):
        x0, x1 = 15 - 2 * i, 16 + 2 * i
        x0, x1 = max(x0, 2), min(x1, 29)
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


def render(scale: int = SCALE) -> Image.Image:
    """The icon as an RGBA image, ``scale`` times 32 pixels."""
    fb = FrameBuffer()
    drawn = draw(fb)
    rgb = fb.to_rgb()[FrameBuffer.PAPER_Y:FrameBuffer.PAPER_Y + SIZE,
                      FrameBuffer.PAPER_X:FrameBuffer.PAPER_X + SIZE]
    alpha = np.where(drawn, 255, 0).astype(np.uint8)[:, :, None]
    rgba = np.concatenate([rgb, alpha], axis=2)
    rgba = np.repeat(np.repeat(rgba, scale, axis=0), scale, axis=1)
    return Image.fromarray(rgba, mode="RGBA")


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=9)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    targets = {HERE / "monopoly-cpc.png": render(SCALE), HERE / "monopoly-cpc-32.png": render(1)}
    if "--check" in argv:
        stale = [p.name for p, img in targets.items()
                 if not p.exists() or not np.array_equal(np.asarray(Image.open(p)), np.asarray(img))]
        if stale:
            print(f"out of date: {', '.join(stale)} (run python packaging/make_icon.py)")
            return 1
        return 0
    for path, img in targets.items():
        path.write_bytes(png_bytes(img))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
