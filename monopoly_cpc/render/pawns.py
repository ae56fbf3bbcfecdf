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

from monopoly_cpc.render.board import cell

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
BACK = 5    # how much higher the row behind stands, on a square with more than three pawns


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

    Three pawns fit side by side in a square.  With more, the first ones (up to three) stand
    in a row ``BACK`` pixels higher and the last three in front of them
    (drawn later, each covering only the foot of one behind): any number of pawns stays on its
    own square, never over the middle of the board or a neighbour.  Exactly four on Départ or
    the Parc gratuit (the start of a four-player game) stand side by side, their outlines
    shared: those corners are wide enough.
    """
    c = cell(square)
    ix, iy, iw, ih = c.inner()
    n = count or 6
    if c.side == "bottom":
        y = iy + ih - SPRITE
    elif c.side == "top":
        y = iy
    else:
        y = iy + ih - SPRITE + 1
    if n > 3:
        if n == 4 and square % 10 == 0 and iw >= ROW_OF_FOUR and c.side in ("bottom", "top"):
            return ix + (iw - ROW_OF_FOUR) // 2 + index * (SPRITE - 1), y
        back = n - 3
        if c.side == "top":        # the row in front stands further in, over the band
            upper, lower = y, min(y + BACK, c.y + c.h - SPRITE)
        else:
            upper, lower = max(c.y, y - BACK), y
        if index < back:
            return ix + (iw - back * SPRITE) // 2 + index * SPRITE, upper
        return ix + (iw - 3 * SPRITE) // 2 + (index - back) * SPRITE, lower
    col = index
    if c.side == "left":
        # the owner's tag is at the outer edge (board.tag_origin): on the left column the first
        # pawns stand away from it, so that up to two leave the number readable
        col = 2 - col
    return ix + (iw - 3 * SPRITE) // 2 + col * SPRITE, y


@cache
def marked_sprite(pawn: int) -> np.ndarray:
    """The pawn of the player whose turn it is: its body in paper on a black 9x9 tile, the
    same shape turned to a stamp, so that it reads apart from the others at a glance."""
    img = pawn_sprite(pawn)
    out = np.where(img == 1, 0, 1).astype(np.uint8)
    out.setflags(write=False)
    return out


def draw_pawns(fb: FrameBuffer, positions: list[tuple[int, int]], jailed: frozenset[int] = frozenset(),
               marked: int = -1) -> None:
    """Draw pawns given as (pawn, square) pairs, in that order (later ones on top).

    Pawns listed in ``jailed`` are drawn behind bars (in prison, not just visiting); the pawn
    ``marked`` (the player whose turn it is) is drawn last, as a stamp (:func:`marked_sprite`).
    """
    positions = [pp for pp in positions if pp[0] != marked] + [pp for pp in positions if pp[0] == marked]
    crowd: dict[int, int] = {}
    for _pawn, square in positions:
        crowd[square] = crowd.get(square, 0) + 1
    count: dict[int, int] = {}
    for pawn, square in positions:
        k = count.get(square, 0)
        count[square] = k + 1
        x, y = slot(square, k, crowd[square])
        if pawn == marked:
            fb.sprite(marked_sprite(pawn), x, y)
        else:
            draw_pawn(fb, pawn, x, y)
        if pawn in jailed:
            draw_bars(fb, x, y, pen=0 if pawn == marked else 1)


def draw_bars(fb: FrameBuffer, x: int, y: int, scale: int = 1, pen: int = 1) -> None:
    """Prison bars over a pawn's 9x9 box (``scale`` times larger for a large pawn)."""
    size = SPRITE * scale
    fb.fill_rect(x, y, size, scale, pen)
    for bx in range(x, x + size, 3 * scale):
        fb.fill_rect(bx, y, scale, size - scale, pen)
