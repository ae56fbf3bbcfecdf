"""Owners, buildings and mortgages on the board: visible on every colour band, at 1x."""

from __future__ import annotations

import numpy as np
import pytest

from monopoly_cpc.render.board import (
    TAG_DIGITS,
    TAG_H,
    TAG_W,
    board_pens,
    cell,
    draw_buildings,
    draw_owner,
    house_rects,
    set_board_inks,
    tag_origin,
)
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.rules.board import HOTEL, default_board

BOARD = default_board()
BX, BY = 32, 36          # the paper's top-left inside the bordered frame


def _board_fb() -> FrameBuffer:
    fb = FrameBuffer()
    set_board_inks(fb)
    fb.sprite(board_pens()[8:144], 0, 8)
    return fb


def _luma(rgb: np.ndarray) -> np.ndarray:
    rgb = rgb.astype(np.float64)
    return 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]


def _groups() -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for s in BOARD.streets:
        out.setdefault(BOARD.group_keys[BOARD.groups[s]], []).append(s)
    return out


@pytest.mark.parametrize("houses", [1, 2, 3, 4, HOTEL])
def test_houses_and_hotels_stand_out_on_every_colour_band(houses):
    """Each house (and the hotel) has pixels whose ink is not the band's, some of them far
    from it in brightness: black on the light bands, paper on violet foncé and bleu foncé."""
    groups = _groups()
    assert len(groups) == 8
    for key, squares in groups.items():
        for s in squares:
            fb = _board_fb()
            draw_buildings(fb, BOARD, s, houses, False)
            rgb = fb.to_rgb()
            bx, by, bw, bh = cell(s).band_rect()
            band_ink = rgb[BY + by + bh // 2, BX + bx + bw - 1]   # the band's far end is bare
            rects = house_rects(BOARD, s, houses)
            assert len(rects) == (1 if houses == HOTEL else houses)
            for x, y, w, h in rects:
                assert bx <= x and x + w <= bx + bw and by <= y and y + h <= by + bh, (key, s)
                px = rgb[BY + y:BY + y + h, BX + x:BX + x + w]
                differs = np.any(px != band_ink, axis=2)
                assert differs.sum() >= 4, (key, s)
                contrast = np.abs(_luma(px) - _luma(band_ink)) >= 100
                assert contrast.sum() >= 2, (key, s, houses)


def test_a_mortgaged_street_is_hatched_and_a_mortgaged_station_crossed_out():
    for s in (1, 5, 12, 39):
        plain, fb = _board_fb(), _board_fb()
        draw_buildings(fb, BOARD, s, 0, True)
        c = cell(s)
        changed = (fb.pens != plain.pens)[c.y:c.y + c.h, c.x:c.x + c.w]
        assert changed.sum() >= 10, s


def _digit_of(fb: FrameBuffer, square: int) -> int | None:
    x, y = tag_origin(square)
    box = fb.pens[y:y + TAG_H, x:x + TAG_W]
    if not (box[0] == 1).all() or not (box[-1] == 1).all():
        return None
    for n, rows in TAG_DIGITS.items():
        want = np.array([[0 if ch == "#" else 1 for ch in row] for row in rows])
        if np.array_equal(box[1:TAG_H - 1, 1:TAG_W - 1], want):
            return n
    return None


def test_every_property_can_carry_its_owners_number_inside_its_square():
    shapes = {tuple(rows) for rows in TAG_DIGITS.values()}
    assert len(shapes) == 6
    for s in BOARD.properties:
        for owner in range(6):
            fb = _board_fb()
            before = fb.pens.copy()
            draw_owner(fb, s, owner)
            assert _digit_of(fb, s) == owner + 1
            c = cell(s)
            ys, xs = np.nonzero(fb.pens != before)
            assert ((xs > c.x) & (xs < c.x + c.w) & (ys > c.y) & (ys < c.y + c.h)).all(), s
            # the tag covers no icon and no band: only paper (or the line it stands against)
            # was under it, and paper under its digit
            x, y = tag_origin(s)
            under = before[y:y + TAG_H, x:x + TAG_W]
            assert (under[1:-1, 1:-1] == 0).all() and (under != 2).all() and (under != 3).all(), s


def test_the_cursor_stays_on_the_board_on_every_square():
    """On the bottom row it once drew a line on the window's first scanline (in yellow)."""
    from monopoly_cpc.render.board import BOTTOM, draw_cursor

    for s in range(40):
        fb = FrameBuffer()
        draw_cursor(fb, s)
        ys, xs = np.nonzero(fb.pens)
        assert ys.max() < BOTTOM and xs.max() < 320, s
        c = cell(s)
        # a double frame: both the square's outline and the line inside it
        assert fb.pens[c.y + 1, c.x + 1:c.x + c.w - 1].all() and fb.pens[c.y, c.x:c.x + c.w].all(), s
        inner_bottom = min(c.y + c.h, BOTTOM - 1) - 1
        assert fb.pens[inner_bottom, c.x + 1:c.x + c.w - 1].all(), s
