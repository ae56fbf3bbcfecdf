"""Rebuild ``assets/font_8x8.png`` from its source ``assets/font_8x8.txt``.

Usage: python tools/build_font.py [--check]
With --check, nothing is written; the exit status says whether the PNG is up to date.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from monopoly_cpc.render import font


def build_sheet(source: Path = font.SOURCE_PATH) -> np.ndarray:
    """The 128x128 sheet the source describes."""
    return font.glyphs_to_sheet(font.load_source(source).glyphs)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="only compare; exit 1 if the PNG is stale")
    args = p.parse_args(argv)
    sheet = build_sheet()
    if args.check:
        same = font.PNG_PATH.exists() and np.array_equal(font.read_png_sheet(font.PNG_PATH), sheet)
        print(f"{font.PNG_PATH}: {'up to date' if same else 'STALE, run tools/build_font.py'}")
        return 0 if same else 1
    font.write_png_sheet(sheet, font.PNG_PATH)
    print(f"wrote {font.PNG_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
