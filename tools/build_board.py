"""Write assets/board_320x200.png from the board data (assets/board.yaml).

Usage: .venv/bin/python tools/build_board.py [OUT.png]
The picture is the static board of the game screen (ring, colour bands, square icons) in its
raster-band inks; the game reads it back into pens (monopoly_cpc.render.board.read_board_png).
A test regenerates it and compares, so run this after any change to the board or the painter.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The checkout's package, whatever is installed: it reads and writes the checkout's assets/.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monopoly_cpc.render.board import BOARD_PNG, write_board_png
from monopoly_cpc.rules.board import default_board


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else BOARD_PNG
    write_board_png(out, default_board())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
