"""The loading picture: an original CPC-style Monopoly title screen, drawn as Mode 1 pens.

Numpy only (no pygame, no font file): the tape model turns it into the 16 KB screen file that
the BASIC loader loads at &C000, and the boot screen shows the same bytes arriving in screen
memory order.  Everything here is drawn from simple shapes and a small block alphabet defined
below, so the picture is ours.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np  # imported where used: the boot's first frames are drawn without it

W, H = 320, 200
SCREEN_BASE = 0xC000
SCREEN_BYTES = 0x4000

# The four inks the loader sets with INK before loading the picture (firmware colours):
# black paper, bright white letters, bright red banner and hotel, bright green houses.
INKS = (0, 26, 6, 18)
BORDER = 0

# A 5x7 block alphabet for the letters the picture needs (our own shapes).
_GLYPHS: dict[str, tuple[str, ...]] = {
    "M": ("X...X", "XX.XX", "X.X.X", "X.X.X", "X...X", "X...X", "X...X"),
    "O": (".XXX.", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX."),
    "N": ("X...X", "XX..X", "X.X.X", "X..XX", "X...X", "X...X", "X...X"),
    "P": ("XXXX.", "X...X", "X...X", "XXXX.", "X....", "X....", "X...."),
    "L": ("X....", "X....", "X....", "X....", "X....", "X....", "XXXXX"),
    "Y": ("X...X", "X...X", ".X.X.", "..X..", "..X..", "..X..", "..X.."),
    "E": ("XXXXX", "X....", "X....", "XXXX.", "X....", "X....", "XXXXX"),
    "D": ("XXXX.", "X...X", "X...X", "X...X", "X...X", "X...X", "XXXX."),
    "I": ("XXXXX", "..X..", "..X..", "..X..", "..X..", "..X..", "XXXXX"),
    "T": ("XXXXX", "..X..", "..X..", "..X..", "..X..", "..X..", "..X.."),
    "F": ("XXXXX", "X....", "X....", "XXXX.", "X....", "X....", "X...."),
    "R": ("XXXX.", "X...X", "X...X", "XXXX.", "X.X..", "X..X.", "X...X"),
    "A": (".XXX.", "X...X", "X...X", "XXXXX", "X...X", "X...X", "X...X"),
    "C": (".XXX.", "X...X", "X....", "X....", "X....", "X...X", ".XXX."),
    "S": (".XXXX", "X....", "X....", ".XXX.", "....X", "....X", "XXXX."),
    "U": ("X...X", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX."),
    " ": (".....",) * 7,
}


def _glyph(ch: str) -> np.ndarray:
    import numpy as np

    rows = _GLYPHS[ch]
    return np.array([[c == "X" for c in row] for row in rows], dtype=bool)


def _word(pens: np.ndarray, text: str, x: int, y: int, scale: int, pen: int, shadow: int | None) -> None:
    """Block letters, ``scale`` pixels per dot, one dot of space between letters."""
    import numpy as np

    for i, ch in enumerate(text):
        dots = np.kron(_glyph(ch), np.ones((scale, scale), dtype=bool))
        gx = x + i * 6 * scale
        if shadow is not None:
            sub = pens[y + scale : y + scale + dots.shape[0], gx + scale : gx + scale + dots.shape[1]]
            sub[dots[: sub.shape[0], : sub.shape[1]]] = shadow
        sub = pens[y : y + dots.shape[0], gx : gx + dots.shape[1]]
        sub[dots[: sub.shape[0], : sub.shape[1]]] = pen


def _house(pens: np.ndarray, x: int, y: int, w: int, h: int, pen: int) -> None:
    """A house: a square body and a roof made of shrinking lines; a door in pen 0."""
    roof = w // 2
    for k in range(roof):
        pens[y + k, x + roof - 1 - k : x + roof + 1 + k] = pen
    pens[y + roof : y + roof + h, x : x + w] = pen
    dw = max(2, w // 4)
    pens[y + roof + h - h // 2 : y + roof + h, x + w // 2 - dw // 2 : x + w // 2 - dw // 2 + dw] = 0


def _hotel(pens: np.ndarray, x: int, y: int, w: int, h: int, pen: int) -> None:
    """A hotel: a long low block with a flat-topped roof and a row of windows."""
    pens[y : y + 4, x + 4 : x + w - 4] = pen
    pens[y + 4 : y + 4 + h, x : x + w] = pen
    for wx in range(x + 4, x + w - 4, 8):
        pens[y + 8 : y + 12, wx : wx + 4] = 0


@lru_cache(maxsize=1)
def loading_picture() -> np.ndarray:
    """The (200, 320) pen array of the loading picture (read-only)."""
    import numpy as np

    pens = np.zeros((H, W), dtype=np.uint8)
    # A board-edge frame: white and red squares alternating round the picture, each side
    # starting with the other colour from the side opposite.
    for i, x in enumerate(range(0, W, 16)):
        top, bottom = (1, 2) if i % 2 == 0 else (2, 1)
        pens[0:8, x : x + 16] = top
        pens[H - 8 : H, x : x + 16] = bottom
    for i, y in enumerate(range(8, H - 8, 16)):
        left, right = (2, 1) if i % 2 == 0 else (1, 2)
        pens[y : y + 16, 0:8] = left
        pens[y : y + 16, W - 8 : W] = right
    # The red banner with the name in big white letters and a white shadow line under it.
    pens[40:96, 16 : W - 16] = 2
    pens[38, 16 : W - 16] = 1
    pens[97, 16 : W - 16] = 1
    word = "MONOPOLY"
    scale = 5
    width = len(word) * 6 * scale - scale
    _word(pens, word, (W - width) // 2, 50, scale, 1, None)
    # Houses and hotels along a street.
    pens[170:172, 16 : W - 16] = 1
    for k in range(4):
        _house(pens, 28 + k * 26, 132, 18, 20, 3)
    _hotel(pens, 150, 144, 44, 22, 2)
    for k in range(4):
        _house(pens, 206 + k * 26, 132, 18, 20, 3)
    # The edition line in small letters.
    small = "EDITION FRANCAISE"
    width = len(small) * 6 * 2 - 2
    _word(pens, small, (W - width) // 2, 110, 2, 1, None)
    _word(pens, "CPC", (W - 34) // 2, 178, 2, 3, None)
    pens.setflags(write=False)
    return pens


@lru_cache(maxsize=1)
def offset_map() -> np.ndarray:
    """(200, 80) array: the screen-memory offset of each Mode 1 byte (4 pixels)."""
    import numpy as np

    ys = np.arange(H)
    base = (ys % 8) * 0x800 + (ys // 8) * 80
    out = base[:, None] + np.arange(80)[None, :]
    out.setflags(write=False)
    return out


def screen_bytes(pens: np.ndarray | None = None) -> bytes:
    """The 16 KB of screen memory holding ``pens`` in Mode 1 (the unused 48-byte gaps are 0).

    Pixel n of a byte (0 = leftmost) takes pen bit 0 from byte bit 7-n and pen bit 1 from bit
    3-n (cpc_facts §2).
    """
    import numpy as np

    p = loading_picture() if pens is None else pens
    quads = p.reshape(H, 80, 4).astype(np.uint16)
    byte = np.zeros((H, 80), dtype=np.uint16)
    for n in range(4):
        byte |= (quads[:, :, n] & 1) << (7 - n)
        byte |= ((quads[:, :, n] >> 1) & 1) << (3 - n)
    mem = np.zeros(SCREEN_BYTES, dtype=np.uint8)
    mem[offset_map().ravel()] = byte.ravel().astype(np.uint8)
    return mem.tobytes()


def pens_from_screen(mem: bytes) -> np.ndarray:
    """The inverse of :func:`screen_bytes` (the tests decode screen memory with it)."""
    import numpy as np

    arr = np.frombuffer(mem, dtype=np.uint8)
    byte = arr[offset_map()].astype(np.uint8)
    pens = np.zeros((H, W), dtype=np.uint8)
    for n in range(4):
        pens[:, n::4] = ((byte >> (7 - n)) & 1) | (((byte >> (3 - n)) & 1) << 1)
    return pens
