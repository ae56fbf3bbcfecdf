"""The whole board at the top of the game screen: geometry, raster bands and the painter.

Layout (Mode 1, 320x200): row 0 (y 0-7) holds the command letters; the board is an 11x11-cell
ring from y 8 to y 143 (corners 34x14 px, top/bottom squares 28x14, side squares 34x12); the
bottom window starts at text row 18 (y 144).

Four pens per scanline, eight colour groups: the ring is cut into horizontal raster bands and
the inks of pens 2 and 3 change from band to band, as a CPC program did from its 300 Hz
interrupts.  Pen 0 is the board's paper and pen 1 its lines on every band.

=========  =========  ======================  ======================
band       lines      pen 2                   pen 3
=========  =========  ======================  ======================
top        8-21       rouge (21-24)           jaune (26-29)
upper      22-75      orange (16-19, left)    vert (31-34, right)
lower      76-129     violet (11-14, left)    bleu foncé (37-39, right)
bottom     130-143    violet foncé (1, 3)     bleu ciel (6-9)
=========  =========  ======================  ======================

The edge between the upper and lower bands falls in the middle of the stations' row (15 and
35), which carry no group colour.  The static picture is ``assets/board_320x200.png``, written
by ``tools/build_board.py`` from ``assets/board.yaml``; :func:`board_pens` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from monopoly_cpc.paths import asset
from monopoly_cpc.rules.board import (
    CHANCE,
    COMMUNITY,
    GO,
    GO_TO_JAIL,
    HOTEL,
    JAIL,
    PARKING,
    STATION,
    STREET,
    TAX,
    UTILITY,
    Board,
)

if TYPE_CHECKING:
    from monopoly_cpc.render.framebuffer import FrameBuffer

BOARD_PNG = asset("board_320x200.png")

TOP = 8          # first line of the ring
CORNER_W, CORNER_H = 34, 14
CELL_W, CELL_H = 28, 12
BOTTOM = TOP + 2 * CORNER_H + 9 * CELL_H    # 144: first line below the ring (text row 18)
RIGHT_X = CORNER_W + 9 * CELL_W            # 286: x of the right column
BOTTOM_Y = BOTTOM - CORNER_H               # 130: y of the bottom row
BAND = 4                                   # thickness of a street's colour band

# Firmware colours of the board's inks (cpc_facts.md §1).
PAPER = 22      # pastel green, the board's cardboard
LINES = 0       # black
GROUP_INKS = {
    "violet_fonce": 4,   # magenta (dark)
    "bleu_ciel": 20,     # bright cyan
    "violet": 8,         # bright magenta
    "orange": 15,
    "rouge": 6,          # bright red
    "jaune": 24,         # bright yellow
    "vert": 9,           # green
    "bleu_fonce": 2,     # bright blue
}
# (first line, end line, group on pen 2, group on pen 3)
BANDS = (
    (TOP, TOP + CORNER_H, "rouge", "jaune"),
    (TOP + CORNER_H, TOP + CORNER_H + 4 * CELL_H + CELL_H // 2, "orange", "vert"),
    (TOP + CORNER_H + 4 * CELL_H + CELL_H // 2, BOTTOM_Y, "violet", "bleu_fonce"),
    (BOTTOM_Y, BOTTOM, "violet_fonce", "bleu_ciel"),
)


@dataclass(frozen=True)
class Cell:
    """Where a square sits: its rectangle and the side of the ring it is on."""

    x: int
    y: int
    w: int
    h: int
    side: str  # "bottom", "left", "top", "right" (corners: the side they start)

    def band_rect(self) -> tuple[int, int, int, int]:
        """The colour band of a street: along the edge facing the inside of the ring."""
        if self.side == "bottom":
            return self.x + 1, self.y + 1, self.w - 1, BAND
        if self.side == "top":
            return self.x + 1, self.y + self.h - BAND, self.w - 1, BAND
        if self.side == "left":
            return self.x + self.w - BAND, self.y + 1, BAND, self.h - 1
        return self.x + 1, self.y + 1, BAND, self.h - 1

    def inner(self) -> tuple[int, int, int, int]:
        """The part of the square outside the colour band (where pawns stand)."""
        x, y, w, h = self.x + 1, self.y + 1, self.w - 1, self.h - 1
        if self.side == "bottom":
            return x, y + BAND, w, h - BAND
        if self.side == "top":
            return x, y, w, h - BAND
        if self.side == "left":
            return x, y, w - BAND, h
        return x + BAND, y, w - BAND, h


def cell(square: int) -> Cell:
    """The rectangle of square 0..39 (0 = Départ, bottom right; play runs clockwise on screen)."""
    if not 0 <= square < 40:
        raise ValueError(f"square must be 0..39, got {square}")
    if square == 0:
        return Cell(RIGHT_X, BOTTOM_Y, CORNER_W, CORNER_H, "bottom")
    if square < 10:
        return Cell(RIGHT_X - CELL_W * square, BOTTOM_Y, CELL_W, CORNER_H, "bottom")
    if square == 10:
        return Cell(0, BOTTOM_Y, CORNER_W, CORNER_H, "left")
    if square < 20:
        return Cell(0, BOTTOM_Y - CELL_H * (square - 10), CORNER_W, CELL_H, "left")
    if square == 20:
        return Cell(0, TOP, CORNER_W, CORNER_H, "top")
    if square < 30:
        return Cell(CORNER_W + CELL_W * (square - 21), TOP, CELL_W, CORNER_H, "top")
    if square == 30:
        return Cell(RIGHT_X, TOP, CORNER_W, CORNER_H, "right")
    return Cell(RIGHT_X, TOP + CORNER_H + CELL_H * (square - 31), CORNER_W, CELL_H, "right")


def band_of(y: int) -> int:
    """Index in :data:`BANDS` of line ``y`` of the ring."""
    for i, (y0, y1, _a, _b) in enumerate(BANDS):
        if y0 <= y < y1:
            return i
    raise ValueError(f"line {y} is not on the board")


def group_pen(board: Board, square: int) -> int:
    """The pen (2 or 3) that shows this street's group colour in its band."""
    c = cell(square)
    key = board.group_keys[board.groups[square]]
    _y0, _y1, g2, g3 = BANDS[band_of(c.y + c.h // 2)]
    if key == g2:
        return 2
    if key == g3:
        return 3
    raise ValueError(f"group {key!r} of square {square} has no pen in its raster band")


def set_board_inks(fb: FrameBuffer) -> None:
    """Set the inks of the ring's raster bands (pen 0 paper, pen 1 lines, pens 2/3 groups)."""
    for y0, y1, g2, g3 in BANDS:
        fb.set_inks((PAPER, LINES, GROUP_INKS[g2], GROUP_INKS[g3]), y0, y1)


# Small pictures of the special squares, drawn in pen 1 ('#'); '.' leaves the paper.
ICONS = {
    "chance": ("..###..", ".#...#.", ".....#.", "....#..", "...#...", ".......", "...#..."),
    "community": ("#######", "#.....#", "#######", "#..#..#", "#.....#", "#######"),
    "station": ("....###", "#######", "#.#####", "#######", ".#...#."),
    "utility_elec": ("..###..", ".#...#.", ".#...#.", "..#.#..", "..###..", "..###.."),
    "utility_water": ("...#...", "..###..", ".#####.", ".#####.", "..###.."),
    "tax": ("#.#.#.#", ".......", "#######", "#.....#", "#.###.#", "#.....#", "#######"),
    "go": ("..#.........", ".##.........", "############", ".##.........", "..#........."),
    "jail": ("#.#.#.#", "#.#.#.#", "#.#.#.#", "#.#.#.#", "#.#.#.#", "#######"),
    "parking": ("#####.", "#....#", "#####.", "#.....", "#....."),
    "go_to_jail": ("......#", ".....#.", "....#..", "#..#...", "#.#....", "##.....", "#####.."),
}


def _icon_name(board: Board, square: int) -> str | None:
    kind = board.kinds[square]
    if kind == UTILITY:
        return "utility_elec" if square < 20 else "utility_water"
    return {CHANCE: "chance", COMMUNITY: "community", STATION: "station", TAX: "tax", GO: "go",
            JAIL: "jail", PARKING: "parking", GO_TO_JAIL: "go_to_jail"}.get(kind)


def _stamp(pens: np.ndarray, rows: tuple[str, ...], x: int, y: int, pen: int) -> None:
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == "#":
                pens[y + dy, x + dx] = pen


def paint_board(board: Board) -> np.ndarray:
    """The static board as a (200, 320) array of pens: ring, colour bands and square icons."""
    pens = np.zeros((200, 320), dtype=np.uint8)
    for square in range(40):
        c = cell(square)
        # 1-pixel lines shared between neighbours: each square draws its top and left edges,
        # the outer edges of the ring are closed below.
        pens[c.y, c.x:c.x + c.w] = 1
        pens[c.y:c.y + c.h, c.x] = 1
        if board.kinds[square] == STREET:
            bx, by, bw, bh = c.band_rect()
            pens[by:by + bh, bx:bx + bw] = group_pen(board, square)
            # a line between band and square, as printed on the board
            if c.side == "bottom":
                pens[by + bh, bx:bx + bw] = 1
            elif c.side == "top":
                pens[by - 1, bx:bx + bw] = 1
            elif c.side == "left":
                pens[by:by + bh, bx - 1] = 1
            else:
                pens[by:by + bh, bx + bw] = 1
        name = _icon_name(board, square)
        if name:
            icon = ICONS[name]
            ix, iy, iw, ih = c.inner()
            w, h = len(icon[0]), len(icon)
            _stamp(pens, icon, ix + (iw - w) // 2, iy + (ih - h) // 2, 1)
    # close the ring: outer right and bottom edges, inner edges of the hole
    pens[TOP, 0:320] = 1
    pens[BOTTOM - 1, 0:320] = 1
    pens[TOP:BOTTOM, 0] = 1
    pens[TOP:BOTTOM, 319] = 1
    pens[TOP + CORNER_H, CORNER_W:RIGHT_X + 1] = 1
    pens[BOTTOM_Y, CORNER_W:RIGHT_X + 1] = 1
    pens[TOP + CORNER_H:BOTTOM_Y, CORNER_W] = 1
    pens[TOP + CORNER_H:BOTTOM_Y, RIGHT_X] = 1
    return pens


def hole() -> tuple[int, int, int, int]:
    """The inside of the ring (x, y, w, h): the bank's stock, the dice, the close-up window."""
    return CORNER_W + 1, TOP + CORNER_H + 1, RIGHT_X - CORNER_W - 1, BOTTOM_Y - TOP - CORNER_H - 1


# The owners' numbers, 5x7 pixels as the CPC's own digits are drawn, in paper inside a black
# tag (7x9): the tag fills the height between the band's line and the ring's edge, so that the
# number reads from a chair at full screen (a 3x5 digit did not)
TAG_DIGITS = {
    1: ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    2: (".###.", "#...#", "....#", "..##.", ".#...", "#....", "#####"),
    3: ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    4: ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    5: ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    6: ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
}
TAG_W, TAG_H = 7, 9


def tag_origin(square: int) -> tuple[int, int]:
    """Top-left of the owner's tag: at the right end of a square of the top and bottom rows,
    at the outer edge of a side square, clear of the icons (which stand in the middle)."""
    c = cell(square)
    ix, iy, iw, ih = c.inner()
    if c.side == "bottom":   # between the band's line and the ring's edge
        return ix + iw - TAG_W - 1, iy + ih - TAG_H
    if c.side == "top":      # between the ring's edge and the band's line
        return ix + iw - TAG_W - 1, iy
    y = iy + (ih - TAG_H) // 2
    if c.side == "left":
        return ix + 1, y
    return ix + iw - TAG_W - 1, y


def draw_owner(fb: FrameBuffer, square: int, owner: int) -> None:
    """The owner's number (0-based ``owner``: shows 1..6) on a black tag in the square."""
    if not 0 <= owner < len(TAG_DIGITS):
        return
    x, y = tag_origin(square)
    fb.fill_rect(x, y, TAG_W, TAG_H, 1)
    _stamp_fb(fb, TAG_DIGITS[owner + 1], x + 1, y + 1, 0)


def _stamp_fb(fb: FrameBuffer, rows: tuple[str, ...], x: int, y: int, pen: int) -> None:
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == "#":
                fb.pset(x + dx, y + dy, pen)


def house_rects(board: Board, square: int, houses: int) -> list[tuple[int, int, int, int]]:
    """Where the houses (one rectangle each) or the hotel (one long one) stand on the band."""
    c = cell(square)
    bx, by, bw, bh = c.band_rect()
    if houses == HOTEL:
        if c.side in ("bottom", "top"):
            return [(bx + bw // 2 - 7, by, 14, bh)]
        return [(bx, by + bh // 2 - 4, bw, 9)]
    if c.side in ("bottom", "top"):
        return [(bx + 2 + 6 * k, by, 5, bh) for k in range(houses)]
    return [(bx, by + 3 * k, bw, 2) for k in range(houses)]


def draw_buildings(fb: FrameBuffer, board: Board, square: int, houses: int, mortgaged: bool) -> None:
    """Houses, a hotel or the mortgage mark, in the paper and line pens of every band.

    A house is a small block outlined in black with a light (paper) roof and walls, so that it
    stands out on the dark bands (violet foncé, bleu foncé) by its light pixels and on the light
    ones (jaune, bleu ciel) by its black ones; a hotel is the same block, longer.
    """
    c = cell(square)
    if board.kinds[square] != STREET:
        if mortgaged:
            x, y, w, h = c.inner()
            fb.line(x, y + h - 1, x + w - 1, y, 1)
            fb.line(x, y, x + w - 1, y + h - 1, 1)
        return
    bx, by, bw, bh = c.band_rect()
    if mortgaged:
        # hatching over the band: half its pixels back to paper, as a card turned face down
        for i in range(bw):
            for j in range(bh):
                if (i + j) % 2 == 0:
                    fb.pset(bx + i, by + j, 0)
    for x, y, w, h in house_rects(board, square, houses):
        fb.fill_rect(x, y, w, h, 1)
        if w > 2 and h > 2:
            fb.fill_rect(x + 1, y + 1, w - 2, h - 2, 0)
        else:   # a house 2 lines thick (side bands): a light roof on a black floor
            fb.hline(x + 1, x + w - 2, y, 0)


def draw_cursor(fb: FrameBuffer, square: int, visible: bool = True) -> None:
    """The board cursor: a double frame around the square (blinks when the caller says so)."""
    if not visible:
        return
    c = cell(square)
    # the outer frame runs on the square's own lines and its neighbours' (the ring's edge for
    # the bottom row and the right column), never below the ring into the window's inks
    right = min(c.x + c.w, 319)
    bottom = min(c.y + c.h, BOTTOM - 1)
    fb.rect(c.x, c.y, right - c.x + 1, bottom - c.y + 1, 1)
    fb.rect(c.x + 1, c.y + 1, right - c.x - 1, bottom - c.y - 1, 1)


def board_rgb(pens: np.ndarray) -> np.ndarray:
    """The 320x200 paper of ``pens`` in RGB, with the board's raster inks (for the PNG)."""
    from monopoly_cpc.render.framebuffer import FrameBuffer

    fb = FrameBuffer()
    fb.set_inks((PAPER, LINES, PAPER, PAPER))
    set_board_inks(fb)
    fb.sprite(pens, 0, 0)
    return fb.to_rgb()[36:236, 32:352].copy()


def pens_from_rgb(rgb: np.ndarray) -> np.ndarray:
    """Back from the PNG's colours to pens, line by line through the inks of each band."""
    from monopoly_cpc.render.framebuffer import FrameBuffer

    fb = FrameBuffer()
    fb.set_inks((PAPER, LINES, PAPER, PAPER))
    set_board_inks(fb)
    swatches = []
    for pen in range(4):
        fb.fill_rect(0, 0, 320, 200, pen)
        swatches.append(fb.to_rgb()[36:236, 32, :].astype(np.int32))  # (200, 3) per pen
    pens = np.zeros((200, 320), dtype=np.uint8)
    found = np.zeros((200, 320), dtype=bool)
    pix = rgb.astype(np.int32)
    for pen in range(4):  # the lowest pen wins where two pens share an ink
        match = np.all(pix == swatches[pen][:, None, :], axis=2) & ~found
        pens[match] = pen
        found |= match
    if not found.all():
        y, x = np.argwhere(~found)[0]
        raise ValueError(f"pixel ({x}, {y}) has a colour that no pen of its line shows")
    return pens


def write_board_png(path: Path, board: Board) -> None:
    """Paint the board and save it as a 320x200 PNG (tools/build_board.py)."""
    import pygame

    rgb = board_rgb(paint_board(board))
    surf = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    pygame.image.save(surf, str(path))


def read_board_png(path: Path) -> np.ndarray:
    """The pens of a board PNG written by :func:`write_board_png`."""
    import pygame

    from monopoly_cpc.errors import DataError

    try:
        surf = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError) as exc:
        raise DataError(f"{path.name}: cannot read the board picture: {exc}") from None
    if surf.get_size() != (320, 200):
        raise DataError(f"{path.name}: the board picture must be 320x200, not {surf.get_size()}")
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    try:
        return pens_from_rgb(rgb)
    except ValueError as exc:
        raise DataError(f"{path.name}: {exc} (rebuild it with tools/build_board.py)") from None


@lru_cache(maxsize=1)
def _png_pens() -> np.ndarray:
    return read_board_png(BOARD_PNG)


def board_pens(board: Board | None = None) -> np.ndarray:
    """The static board's pens: read from the packaged PNG, or painted when a board is given."""
    if board is not None:
        return paint_board(board)
    return _png_pens()
