"""The close-up window: three squares of the board drawn large in the middle of the ring.

The square a pawn is on (or the cursor's, or an event's) stands in the middle with its two
neighbours on either side, in the order of play from left to right, so that a walk scrolls the
strip one square at a time.  Each square is drawn as the printed board draws it: the colour
band of a street with its houses or hotel, the name in capitals (the board's French name,
broken over lines, shortened only when it cannot fit), then the price while the bank still
owns it, or the owner's pawn and number, and the mortgage.  The special squares get their name,
their icon of the board at twice its size and the amount the board prints (the taxes).

Four pens per scanline: the colour bands lie on lines :data:`BAND_Y0`..:data:`BAND_Y1` - 1,
where the ring's side squares (17 and 33, both Caisse de Communauté) carry no colour, so pens 2
and 3 of those lines are free: :func:`set_closeup_inks` gives them the (at most two) groups of
the squares shown.  Everything else uses pen 0 (the board's paper) and pen 1 (black).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from monopoly_cpc.render import smallfont
from monopoly_cpc.render.board import (
    BANDS,
    GROUP_INKS,
    ICONS,
    LINES,
    PAPER,
    TAG_DIGITS,
    TAG_H,
    TAG_W,
    _icon_name,
)
from monopoly_cpc.render.pawns import SPRITE, draw_bars, draw_pawn
from monopoly_cpc.rules.board import HOTEL, STREET, TAX, Board

if TYPE_CHECKING:
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.rules.state import GameState

COUNT = 3                  # squares shown
SQ_W = 64                  # from one square's left line to the next one's
X0 = 64                    # left line of the first square (clear of the side pawns' columns)
Y0 = 45                    # top line of the squares
Y1 = 119                   # bottom line of the squares (the middle one's outer frame: 120)
BAND_Y0, BAND_Y1 = 46, 58  # the colour bands' lines (the board's side squares there: no band)
NAME_STREET_Y = 59         # first text line of a street's name (under the band's line)
NAME_OTHER_Y = 46          # first text line of another square's name
MAX_LINES = 4
LINE_H = smallfont.CELL_H + 1  # an accent stays clear of the line above


def squares_shown(centre: int, count: int = COUNT) -> list[int]:
    """The squares of the strip, left to right in the order of play, ``centre`` in the middle."""
    half = count // 2
    return [(centre + k) % 40 for k in range(-half, count - half)]


def square_x(index: int) -> int:
    """Left line of the ``index``-th square of the strip."""
    return X0 + index * SQ_W


def band_groups(board: Board, squares: list[int]) -> tuple[str | None, str | None]:
    """The groups on pen 2 and pen 3 of the close-up band: the first and second group met
    among the streets shown, left to right (None: the pen keeps the board's ink)."""
    keys: list[str] = []
    for s in squares:
        if board.kinds[s] == STREET:
            key = board.group_keys[board.groups[s]]
            if key not in keys:
                keys.append(key)
    if len(keys) > 2:
        raise ValueError(f"squares {squares} hold more than two colour groups")
    return (keys[0] if keys else None, keys[1] if len(keys) > 1 else None)


def band_pen(board: Board, squares: list[int], square: int) -> int:
    """The pen (2 or 3) of a street's band in the close-up."""
    g2, _g3 = band_groups(board, squares)
    return 2 if board.group_keys[board.groups[square]] == g2 else 3


def set_closeup_inks(fb: FrameBuffer, board: Board, squares: list[int]) -> None:
    """Pens 2 and 3 of the band's lines: the groups of the squares shown (a raster band)."""
    g2, g3 = band_groups(board, squares)
    _y0, _y1, d2, d3 = next(b for b in BANDS if b[0] <= BAND_Y0 < b[1])
    fb.set_inks((PAPER, LINES, GROUP_INKS[g2 or d2], GROUP_INKS[g3 or d3]), BAND_Y0, BAND_Y1)


@lru_cache(maxsize=128)
def name_lines(name: str, width: int = SQ_W - 5, max_lines: int = MAX_LINES) -> tuple[str, ...]:
    """The board's name in capitals broken over at most ``max_lines`` lines; its shortened
    forms (texts.name_forms) only when the full one does not fit."""
    from monopoly_cpc.texts import name_forms

    forms = name_forms(name)
    for form in forms:
        lines = smallfont.break_lines(form.upper(), width)
        if lines is not None and len(lines) <= max_lines:
            return tuple(lines)
    lines = smallfont.break_lines(forms[-1].upper(), width) or [forms[-1].upper()]
    return tuple(lines[:max_lines])


def _stamp(fb: FrameBuffer, rows: tuple[str, ...], x: int, y: int, scale: int, pen: int) -> None:
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == "#":
                fb.fill_rect(x + dx * scale, y + dy * scale, scale, scale, pen)


def _centred(fb: FrameBuffer, x: int, y: int, text: str) -> None:
    smallfont.draw_text(fb, x + (SQ_W + 1 - smallfont.text_width(text)) // 2, y, text, 1)


def _houses(fb: FrameBuffer, x: int, houses: int) -> None:
    """Houses (up to four) or a hotel on the band: black outline, paper inside, as the board."""
    y, h = BAND_Y0 + 2, BAND_Y1 - BAND_Y0 - 4
    rects = [(x + 32 - 12, y, 25, h)] if houses == HOTEL else [
        (x + 5 + 14 * k, y, 11, h) for k in range(houses)]
    for rx, ry, rw, rh in rects:
        fb.fill_rect(rx, ry, rw, rh, 1)
        fb.fill_rect(rx + 1, ry + 1, rw - 2, rh - 2, 0)


def _owner_row(fb: FrameBuffer, x: int, y: int, pawn: int, owner: int, scale: int) -> None:
    """The owner's pawn and his number on a black tag, centred in the square."""
    size = SPRITE * scale
    w = size + 2 + TAG_W
    px = x + (SQ_W + 1 - w) // 2
    draw_pawn(fb, pawn, px, y + 9 - size, scale)
    tx, ty = px + size + 2, y + 9 - TAG_H
    fb.fill_rect(tx, ty, TAG_W, TAG_H, 1)
    _stamp(fb, TAG_DIGITS[owner + 1], tx + 1, ty + 1, 1, 0)


def draw_square(fb: FrameBuffer, state: GameState, square: int, x: int, pen: int, pawns: list[int],
                mortgaged_label: str, owner_large: bool = False,
                jailed: frozenset[int] = frozenset()) -> None:
    """One square of the strip, its left line at ``x`` (``pen``: its band's pen); the pawns in
    ``jailed`` behind bars, as on the ring (in prison, not visiting)."""
    from monopoly_cpc.texts import money

    board = state.board
    inner_x, inner_w = x + 1, SQ_W - 1
    fb.fill_rect(inner_x, Y0 + 1, inner_w, Y1 - Y0 - 1, 0)
    fb.rect(x, Y0, SQ_W + 1, Y1 - Y0 + 1, 1)
    street = board.kinds[square] == STREET
    owner = state.owner[square] if board.is_property[square] else -1
    mortgaged = owner >= 0 and bool(state.mortgaged[square])
    if street:
        fb.fill_rect(inner_x, BAND_Y0, inner_w, BAND_Y1 - BAND_Y0, pen)
        fb.hline(inner_x, inner_x + inner_w - 1, BAND_Y1, 1)
        if mortgaged:   # the band hatched, as on the board: every other pixel back to paper
            hatch = (np.indices((BAND_Y1 - BAND_Y0, inner_w)).sum(axis=0) + BAND_Y0) % 2
            fb.sprite(np.where(hatch == 0, 0, pen).astype(np.uint8), inner_x, BAND_Y0)
        if state.houses[square]:
            _houses(fb, x, state.houses[square])
    y = NAME_STREET_Y if street else NAME_OTHER_Y
    name = board.names[square]
    if pawns and all(p in jailed for p in pawns):
        # nobody visiting: "PRISON", not "PRISON / SIMPLE VISITE" above pawns behind bars
        from monopoly_cpc.texts import name_forms

        name = name_forms(name)[-1]
    for line in name_lines(name):
        _centred(fb, x, y, line)
        y += LINE_H
    # from the bottom up: price, or the owner and the mortgage; the pawns standing there
    info: list[tuple[int, str]] = []
    if owner >= 0:
        info.append((SPRITE * (2 if owner_large else 1), "owner"))
        if mortgaged:
            info.append((smallfont.CELL_H - 1, "mortgaged"))
    elif board.is_property[square]:
        info.append((smallfont.CELL_H - 1, "price"))
    elif board.kinds[square] == TAX:
        info.append((smallfont.CELL_H - 1, "tax"))
    bottom = Y1 - 2
    for h, what in info:
        top = bottom - h + 1
        if what == "owner":
            pawn = state.players[owner].pawn
            _owner_row(fb, x, bottom - 8, pawn, owner, 2 if owner_large else 1)
        elif what == "mortgaged":
            _centred(fb, x, top - 2, mortgaged_label)
        else:
            amount = board.prices[square] if what == "price" else board.taxes[square]
            _centred(fb, x, top - 2, money(amount))
        bottom = top - 2
    icon = _icon_name(board, square)
    rows = ICONS[icon] if icon else ()
    icon_h = 2 * len(rows) + 2 if rows else 0
    if pawns:
        # twice as large while up to three stand there and the square has room, else as on
        # the ring (six fit side by side)
        scale = 2 if len(pawns) <= 3 and bottom - (y - 2) - icon_h >= 2 * SPRITE else 1
        size = SPRITE * scale
        top = bottom - size + 1
        px = x + (SQ_W + 1 - size * len(pawns)) // 2
        for k, pawn in enumerate(pawns):
            draw_pawn(fb, pawn, px + size * k, top, scale)
            if pawn in jailed:
                draw_bars(fb, px + size * k, top, scale)
        bottom = top - 2
    if rows:
        w, h = 2 * len(rows[0]), 2 * len(rows)
        iy = y + max(0, (bottom - y - h) // 2)
        _stamp(fb, rows, x + (SQ_W + 1 - w) // 2, iy, 2, 1)


def draw_closeup(fb: FrameBuffer, state: GameState, centre: int, shown: list[int] | None = None,
                 highlight: tuple[int, int] | None = None,
                 mortgaged_label: str = "HYPOTHÉQUÉ") -> list[int]:
    """The strip of :data:`COUNT` squares around ``centre`` (inks of its band included); ``shown``
    is where each player's pawn stands on screen, ``highlight`` (owner, square) a rent due: the
    owner's pawn drawn large against that square.  Returns the squares drawn."""
    squares = squares_shown(centre)
    set_closeup_inks(fb, state.board, squares)
    positions = shown if shown is not None else [p.pos for p in state.players]
    jailed = frozenset(p.pawn for p in state.players if p.in_jail and not p.bankrupt)
    for i, s in enumerate(squares):
        pawns = [state.players[k].pawn for k, pos in enumerate(positions)
                 if pos == s and not state.players[k].bankrupt]
        pen = band_pen(state.board, squares, s) if state.board.kinds[s] == STREET else 0
        large = highlight is not None and highlight[1] == s and highlight[0] == state.owner[s]
        draw_square(fb, state, s, square_x(i), pen, pawns, mortgaged_label, large, jailed)
    # the square in the middle is framed twice: the one the close-up is about
    x = square_x(COUNT // 2)
    fb.rect(x - 1, Y0 - 1, SQ_W + 3, Y1 - Y0 + 3, 1)
    return squares


DIE = 12   # a die of the hole, 12x12 pixels: 2x2 pips on a 3x3 grid
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_dice(fb: FrameBuffer, x: int, y: int, faces: tuple[int, int], rolling: int = 0) -> None:
    """The two dice side by side from (x, y), 4 pixels apart; while ``rolling`` (ticks left)
    they hop one line up in turn, so that they never leave lines y - 1 .. y + DIE - 1."""
    for k, face in enumerate(faces):
        if not 1 <= face <= 6:
            continue
        dx = x + k * (DIE + 4)
        dy = y - ((rolling // 2 + k) % 2 if rolling else 0)
        fb.fill_rect(dx + 1, dy + 1, DIE - 2, DIE - 2, 0)
        fb.hline(dx + 1, dx + DIE - 2, dy, 1)
        fb.hline(dx + 1, dx + DIE - 2, dy + DIE - 1, 1)
        fb.vline(dx, dy + 1, dy + DIE - 2, 1)
        fb.vline(dx + DIE - 1, dy + 1, dy + DIE - 2, 1)
        for px, py in PIPS[face]:
            fb.fill_rect(dx + 2 + 3 * px, dy + 2 + 3 * py, 2, 2, 1)
