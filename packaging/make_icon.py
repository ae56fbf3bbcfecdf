"""Write the launcher icon: the CPC-style pixel house of ``monopoly_cpc/render/icon.py`` (drawn
through the game's framebuffer and palette, also the window's icon).  Writes
``monopoly-cpc.png`` (256x256, 8x) and ``monopoly-cpc-32.png`` (1x) next to this file, and the
window's (64x64, 2x) as ``assets/icon_64.png``.

    python packaging/make_icon.py [--check]   # --check: exit 1 if the PNGs are not up to date
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from monopoly_cpc.render.icon import WINDOW_ICON_PATH, WINDOW_SCALE, icon_rgba

HERE = Path(__file__).resolve().parent
SCALE = 8


def render(scale: int = SCALE) -> Image.Image:
    """The icon (monopoly_cpc.render.icon, the window's own) as an RGBA image, ``scale`` x 32 px."""
    return Image.fromarray(np.ascontiguousarray(icon_rgba(scale)), mode="RGBA")


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=9)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    targets = {HERE / "monopoly-cpc.png": render(SCALE), HERE / "monopoly-cpc-32.png": render(1),
               WINDOW_ICON_PATH: render(WINDOW_SCALE)}
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
