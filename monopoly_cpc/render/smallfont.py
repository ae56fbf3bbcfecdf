"""A narrow proportional capital font for the close-up window: the board's small print.

The 8x8 font gives 7 characters across a close-up square (63 pixels); the board's names in
capitals, as the printed board sets them, need 10 to 13.  These glyphs are this project's own
bitmaps in the CPC's blocky style: capitals 6 pixels high, most 4 pixels wide (I and the
punctuation narrower, M, V and W 5), one pixel between letters.  A glyph cell is 10 lines:
two for an accent, one gap, six for the letter, one for a descender (the cedilla, the comma).
Lower-case letters are drawn as capitals; a character without a glyph is drawn as its letter
without accent, or not at all.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from monopoly_cpc.render.framebuffer import FrameBuffer

CELL_H = 10        # lines of a text line: accent (0-1), gap (2), letter (3-8), descender (9)
BODY_Y = 3         # first line of the letter inside the cell
GAP = 1            # pixels between two glyphs

# '#' ink, '.' paper (left untouched); every body has 6 rows
BODIES: dict[str, tuple[str, ...]] = {
    "A": (".##.", "#..#", "#..#", "####", "#..#", "#..#"),
    "B": ("###.", "#..#", "###.", "#..#", "#..#", "###."),
    "C": (".##.", "#..#", "#...", "#...", "#..#", ".##."),
    "D": ("###.", "#..#", "#..#", "#..#", "#..#", "###."),
    "E": ("####", "#...", "###.", "#...", "#...", "####"),
    "F": ("####", "#...", "###.", "#...", "#...", "#..."),
    "G": (".##.", "#..#", "#...", "#.##", "#..#", ".###"),
    "H": ("#..#", "#..#", "####", "#..#", "#..#", "#..#"),
    "I": ("#", "#", "#", "#", "#", "#"),
    "J": ("...#", "...#", "...#", "...#", "#..#", ".##."),
    "K": ("#..#", "#.#.", "##..", "#.#.", "#..#", "#..#"),
    "L": ("#...", "#...", "#...", "#...", "#...", "####"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#..#", "##.#", "#.##", "#..#", "#..#", "#..#"),
    "O": (".##.", "#..#", "#..#", "#..#", "#..#", ".##."),
    "P": ("###.", "#..#", "#..#", "###.", "#...", "#..."),
    "Q": (".##.", "#..#", "#..#", "#..#", "#.#.", ".#.#"),
    "R": ("###.", "#..#", "#..#", "###.", "#.#.", "#..#"),
    "S": (".###", "#...", ".##.", "...#", "...#", "###."),
    "T": ("###", ".#.", ".#.", ".#.", ".#.", ".#."),
    "U": ("#..#", "#..#", "#..#", "#..#", "#..#", ".##."),
    "V": ("#...#", "#...#", "#...#", ".#.#.", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "##.##", "#...#"),
    "X": ("#..#", "#..#", ".##.", ".##.", "#..#", "#..#"),
    "Y": ("#.#", "#.#", "#.#", ".#.", ".#.", ".#."),
    "Z": ("####", "...#", "..#.", ".#..", "#...", "####"),
    "0": (".##.", "#..#", "#.##", "##.#", "#..#", ".##."),
    "1": (".#.", "##.", ".#.", ".#.", ".#.", "###"),
    "2": (".##.", "#..#", "..#.", ".#..", "#...", "####"),
    "3": ("###.", "...#", ".##.", "...#", "...#", "###."),
    "4": ("..#.", ".##.", "#.#.", "####", "..#.", "..#."),
    "5": ("####", "#...", "###.", "...#", "...#", "###."),
    "6": (".##.", "#...", "###.", "#..#", "#..#", ".##."),
    "7": ("####", "...#", "..#.", ".#..", ".#..", ".#.."),
    "8": (".##.", "#..#", ".##.", "#..#", "#..#", ".##."),
    "9": (".##.", "#..#", "#..#", ".###", "...#", ".##."),
    " ": ("..", "..", "..", "..", "..", ".."),
    ".": (".", ".", ".", ".", ".", "#"),
    ",": ("..", "..", "..", "..", "..", ".#"),
    "'": ("#", "#", ".", ".", ".", "."),
    "-": ("...", "...", "###", "...", "...", "..."),
    ":": (".", "#", ".", ".", "#", "."),
    "/": ("..#", "..#", ".#.", ".#.", "#..", "#.."),
    "(": (".#", "#.", "#.", "#.", "#.", ".#"),
    ")": ("#.", ".#", ".#", ".#", ".#", "#."),
    "!": ("#", "#", "#", "#", ".", "#"),
    "?": ("###.", "...#", "..#.", ".#..", "....", ".#.."),
    "%": ("#..#", "...#", "..#.", ".#..", "#...", "#..#"),
}
# accents over a 4-pixel letter: (row 0, row 1)
ACCENTS = {
    "\u0301": ("..#.", ".#.."),    # acute
    "\u0300": (".#..", "..#."),    # grave
    "\u0302": (".##.", "#..#"),    # circumflex
    "\u0308": ("....", "#..#"),    # diaeresis
}
DESCENDERS = {",": "#.", "\u0327": ".#.."}   # the comma's tail, the cedilla (row 9)


def _glyph(ch: str) -> tuple[tuple[str, ...], tuple[str, str] | None, str | None]:
    """(body, accent rows, descender row) of a character, or an empty body if none fits."""
    ch = ch.upper()
    if ch in BODIES:
        return BODIES[ch], None, DESCENDERS.get(ch)
    parts = unicodedata.normalize("NFD", ch)
    base, marks = parts[0], parts[1:]
    body = BODIES.get(base.upper())
    if body is None:
        return (), None, None
    accent = next((ACCENTS[m] for m in marks if m in ACCENTS), None)
    if accent is not None and len(body[0]) != 4:
        accent = None
    cedilla = DESCENDERS["\u0327"] if "\u0327" in marks and len(body[0]) == 4 else None
    return body, accent, cedilla


def glyph_width(ch: str) -> int:
    body, _a, _d = _glyph(ch)
    return len(body[0]) if body else 0


@lru_cache(maxsize=1024)
def text_width(s: str) -> int:
    """Pixels ``s`` takes (no gap after its last glyph)."""
    widths = [glyph_width(ch) for ch in s]
    widths = [w for w in widths if w]
    return sum(widths) + GAP * max(0, len(widths) - 1)


@lru_cache(maxsize=512)
def text_mask(s: str) -> np.ndarray:
    """The (CELL_H, text_width(s)) mask of ``s``: True where the ink goes."""
    mask = np.zeros((CELL_H, max(1, text_width(s))), dtype=bool)
    x = 0
    first = True
    for ch in s:
        body, accent, tail = _glyph(ch)
        if not body:
            continue
        if not first:
            x += GAP
        first = False
        rows: list[tuple[int, str]] = [(BODY_Y + r, row) for r, row in enumerate(body)]
        if accent is not None:
            rows += [(0, accent[0]), (1, accent[1])]
        if tail is not None:
            rows.append((CELL_H - 1, tail))
        for dy, row in rows:
            for dx, c in enumerate(row):
                if c == "#":
                    mask[dy, x + dx] = True
        x += len(body[0])
    mask.setflags(write=False)
    return mask


def draw_text(fb: FrameBuffer, x: int, y: int, s: str, pen: int = 1) -> int:
    """Write ``s`` with its cell's top-left at (x, y) in ``pen`` (the paper is left alone);
    returns the x after the last glyph."""
    mask = text_mask(s)
    other = 0 if pen else 1
    fb.sprite(np.where(mask, np.uint8(pen), np.uint8(other)), x, y, transparent=other)
    return x + text_width(s)


# little words a line had better not end on (French typography), as the board sets its names
HANGING = frozenset({"DE", "DU", "DES", "D'", "LA", "LE", "LES", "L'", "SUR", "EN", "ET", "À",
                     "AU", "AUX"})


def break_lines(text: str, width: int) -> list[str] | None:
    """``text`` in lines of at most ``width`` pixels, broken at spaces and at " / " (a word
    wider than a line also after its hyphens and apostrophes); None if a piece is still wider
    than a line.  Of the ways to break it, the one with the fewest lines, then the fewest lines
    ending on a little word ("DE", "LA"...), then the narrowest widest line."""
    pieces: list[str] = []
    joins: list[str] = []    # what joins piece k to piece k + 1: " ", "" (after a hyphen), "\n"
    for part_no, part in enumerate(text.split(" / ")):
        if part_no:
            joins[-1] = "\n"
        for word in part.split(" "):
            cut = 0
            if text_width(word) > width:   # a word wider than a line: after its hyphens
                for i, ch in enumerate(word):
                    if ch in "-'" and 0 < i < len(word) - 1:
                        pieces.append(word[cut:i + 1])
                        joins.append("")
                        cut = i + 1
            pieces.append(word[cut:])
            joins.append(" ")
    if any(text_width(p) > width for p in pieces):
        return None
    joins = joins[:-1]
    free = [k for k, j in enumerate(joins) if j != "\n"]
    best: tuple[tuple[int, int, int], list[str]] | None = None
    for mask in range(1 << len(free)):
        cuts = {k for k, j in enumerate(joins) if j == "\n"}
        cuts |= {k for b, k in enumerate(free) if mask >> b & 1}
        lines, line = [], pieces[0]
        for k, piece in enumerate(pieces[1:]):
            if k in cuts:
                lines.append(line)
                line = piece
            else:
                line += joins[k] + piece
        lines.append(line)
        widths = [text_width(line) for line in lines]
        if max(widths) > width:
            continue
        hanging = sum(1 for line in lines[:-1] if line.split(" ")[-1] in HANGING)
        score = (len(lines), hanging, max(widths))
        if best is None or score < best[0]:
            best = (score, lines)
    return best[1] if best else None
