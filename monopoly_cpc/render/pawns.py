"""The six pawns, drawn as small 2-bit CPC sprites, and where they stand on the board.

Each pawn is drawn on a 7x7 grid: ``#`` is the body (pen 1), ``o`` a detail in paper (pen 0),
``.`` is transparent.  An outline of paper is added around the body so that a pawn stays
readable over lines, colour bands and other pawns.  Pen 3 marks transparent pixels in the
sprite arrays (``fb.sprite(img, x, y, transparent=3)``): pawns never use pen 3.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from monopoly_cpc.render.board import BAND, cell, hole

if TYPE_CHECKING:
    from monopoly_cpc.render.framebuffer import FrameBuffer

TRANSPARENT = 3
PAWN_KEYS = ("fer", "bateau", "chien", "voiture", "botte", "chapeau")

SHAPES = {
    "fer": (           # fer à repasser: the iron, handle on top, point to the left
        "...###.",
        "...#..#",
        "..#####",
        ".######",
        "#######",
        "#######",
    ),
    "bateau": (        # a sailing boat
        "...#...",
        "...##..",
        "...###.",
        "...#...",
        "#######",
        ".#####.",
        "..###..",
    ),
    "chien": (         # the dog, looking left
        "##.....",
        "###...#",
        ".######",
        ".######",
        ".#...#.",
        ".#...#.",
    ),
    "voiture": (       # the racing car
        "..####.",
        ".#o#o##",
        "#######",
        "#######",
        ".##.##.",
    ),
    "botte": (         # the boot
        ".####..",
        ".####..",
        ".####..",
        ".####..",
        ".#####.",
        ".######",
        "#######",
    ),
    "chapeau": (       # the top hat
        ".#####.",
        ".#####.",
        ".#####.",
        ".ooooo.",
        ".#####.",
        "#######",
    ),
}
SPRITE = 9  # every sprite is 9x9 with its outline
ROW_OF_FOUR = 4 * (SPRITE - 1) + 1   # four pawns side by side, each outline shared


@cache
def pawn_sprite(pawn: int, scale: int = 1) -> np.ndarray:
    """The sprite of pawn 0..5 as a (9*scale, 9*scale) array of pens (3 = transparent)."""
    rows = SHAPES[PAWN_KEYS[pawn]]
    img = np.full((SPRITE, SPRITE), TRANSPARENT, dtype=np.uint8)
    top = SPRITE - 1 - len(rows)  # pawns stand on the bottom line
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                img[top + y, 1 + x] = 1
            elif ch == "o":
                img[top + y, 1 + x] = 0
    body = img == 1
    near = np.zeros_like(body)
    near[1:, :] |= body[:-1, :]
    near[:-1, :] |= body[1:, :]
    near[:, 1:] |= body[:, :-1]
    near[:, :-1] |= body[:, 1:]
    img[near & (img == TRANSPARENT)] = 0
    if scale > 1:
        img = np.kron(img, np.ones((scale, scale), dtype=np.uint8))
    img.setflags(write=False)
    return img


def draw_pawn(fb: FrameBuffer, pawn: int, x: int, y: int, scale: int = 1) -> None:
    """Draw pawn 0..5 with its top-left corner at (x, y)."""
    fb.sprite(pawn_sprite(pawn, scale), x, y, transparent=TRANSPARENT)


def slot(square: int, index: int, count: int = 0) -> tuple[int, int]:
    """Top-left corner of the ``index``-th pawn (0..5) of the ``count`` standing on ``square``
    (0: not known, as for six).

    Three pawns fit side by side in a square; the fourth to sixth stand one row further in,
    towards the inside of the ring (for a corner: in the corner of the middle of the board), so
    that six pawns on one square all stay visible and none seems to stand on another square.
    Exactly four on Départ or the Parc gratuit (the start of a four-player game) stand in one
    row inside the square, their outlines shared: those corners are wide enough.
    """
    c = cell(square)
    ix, iy, iw, ih = c.inner()
    if count == 4 and square % 10 == 0 and iw >= ROW_OF_FOUR and c.side in ("bottom", "top"):
        x = ix + (iw - ROW_OF_FOUR) // 2 + index * (SPRITE - 1)
        return x, (iy + ih - SPRITE if c.side == "bottom" else iy)
    row, col = divmod(index, 3)
    if square % 10 == 0 and row:
        # a corner has no row further in on its own: its fourth to sixth pawns stand in the
        # corner of the middle of the board next to it, never on a neighbouring square
        hx, hy, hw, hh = hole()
        x = hx + 1 if c.x < hx else hx + hw - 3 * SPRITE - 1
        y = hy + 1 if c.y < hy else hy + hh - SPRITE - 1
        return x + col * SPRITE, y
    if c.side in ("bottom", "top"):
        x = ix + (iw - 3 * SPRITE) // 2 + col * SPRITE
        y = iy + ih - SPRITE if c.side == "bottom" else iy
        step = -(ih + BAND) if c.side == "bottom" else ih + BAND
        return x, y + row * step
    y = iy + ih - SPRITE + 1
    if row == 0:
        # the owner's tag is at the outer edge (board.tag_origin): on the left column the first
        # pawns stand away from it, so that up to two leave the number readable
        if c.side == "left":
            col = 2 - col
        return ix + (iw - 3 * SPRITE) // 2 + col * SPRITE, y
    hx, hy, hw, hh = hole()
    y = min(y, hy + hh - SPRITE)  # the outline must not rub out the ring's line below
    if c.side == "left":
        return c.x + c.w + 1 + col * SPRITE, y
    return c.x - 3 * SPRITE - 1 + col * SPRITE, y


def draw_pawns(fb: FrameBuffer, positions: list[tuple[int, int]], jailed: frozenset[int] = frozenset()) -> None:
    """Draw pawns given as (pawn, square) pairs, in that order (later ones on top).

    Pawns listed in ``jailed`` are drawn behind bars (in prison, not just visiting).
    """
    crowd: dict[int, int] = {}
    for _pawn, square in positions:
        crowd[square] = crowd.get(square, 0) + 1
    count: dict[int, int] = {}
    for pawn, square in positions:
        k = count.get(square, 0)
        count[square] = k + 1
        x, y = slot(square, k, crowd[square])
        draw_pawn(fb, pawn, x, y)
        if pawn in jailed:
            draw_bars(fb, x, y)


def draw_bars(fb: FrameBuffer, x: int, y: int, scale: int = 1) -> None:
    """Prison bars over a pawn's 9x9 box (``scale`` times larger for a large pawn)."""
    size = SPRITE * scale
    fb.fill_rect(x, y, size, scale, 1)
    for bx in range(x, x + size, 3 * scale):
        fb.fill_rect(bx, y, scale, size - scale, 1)
