"""The close-up window: three squares drawn large in the middle of the ring, in Mode 1."""

from __future__ import annotations

import numpy as np
import pytest

from monopoly_cpc.render import closeup, smallfont
from monopoly_cpc.render.board import (
    BANDS,
    GROUP_INKS,
    LINES,
    PAPER,
    TAG_DIGITS,
    TAG_H,
    TAG_W,
    board_pens,
    cell,
    hole,
    set_board_inks,
)
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.pawns import SPRITE, draw_pawns, slot
from monopoly_cpc.rules.board import HOTEL, STREET, default_board
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.texts import money

BOARD = default_board()
BX, BY = 32, 36          # the paper's top-left inside the bordered frame


def _state():
    st = new_game(["ANNE", "BRUNO", "CPC"], computer=[False, False, True], pawns=[0, 1, 2], seed=5)
    return st


def _frame(st, centre: int, shown=None, highlight=None) -> FrameBuffer:
    """The board with the close-up drawn over it, as the game screen draws it."""
    fb = FrameBuffer()
    fb.set_inks((PAPER, LINES, PAPER, PAPER))
    set_board_inks(fb)
    fb.sprite(board_pens()[8:144], 0, 8)
    closeup.draw_closeup(fb, st, centre, shown, highlight)
    return fb


def _text_at(fb: FrameBuffer, text: str, x0: int, x1: int, y0: int, y1: int) -> bool:
    """True if ``text`` in the small font is written (pen 1) somewhere in that box."""
    probe = FrameBuffer()
    probe.clear(0)
    smallfont.draw_text(probe, 0, 0, text, 1)
    w = smallfont.text_width(text)
    want = probe.pens[:smallfont.CELL_H, :w] == 1
    for y in range(y0, y1 - smallfont.CELL_H + 1):
        for x in range(x0, x1 - w + 1):
            if np.array_equal(fb.pens[y:y + smallfont.CELL_H, x:x + w] == 1, want):
                return True
    return False


def _box(index: int) -> tuple[int, int, int, int]:
    x = closeup.square_x(index)
    return x + 1, x + closeup.SQ_W, closeup.Y0 + 1, closeup.Y1


def test_the_strip_holds_three_squares_the_centre_in_the_middle_in_the_order_of_play():
    assert closeup.squares_shown(5) == [4, 5, 6]
    assert closeup.squares_shown(0) == [39, 0, 1]
    assert closeup.squares_shown(39) == [38, 39, 0]
    assert closeup.squares_shown(10, 5) == [8, 9, 10, 11, 12]


def test_the_strip_lies_in_the_hole_clear_of_the_pawns_that_stand_there():
    hx, hy, hw, hh = hole()
    left, right = closeup.square_x(0), closeup.square_x(closeup.COUNT)
    assert hx <= left and right < hx + hw
    assert hy <= closeup.Y0 - 13 and closeup.Y1 + 1 < hy + hh
    # every square at least 60 pixels wide and 70 high: "drawn large"
    assert closeup.SQ_W - 1 >= 60 and closeup.Y1 - closeup.Y0 - 1 >= 70
    area = np.zeros((200, 320), dtype=bool)
    area[closeup.Y0 - 13:closeup.Y1 + 2, left:right + 1] = True
    for square in range(40):
        for k in range(3, 6):
            x, y = slot(square, k)
            assert not area[y - 1:y + SPRITE + 1, x - 1:x + SPRITE + 1].any(), (square, k)


@pytest.mark.parametrize("centre", range(40))
def test_every_line_has_four_colours_at_most_and_the_band_shows_the_groups(centre):
    st = _state()
    for s in st.board.properties:      # everything owned, built and some mortgaged: all marks
        st.owner[s] = s % 3
        if st.board.kinds[s] == STREET:
            st.houses[s] = (s % 6) if s % 6 < 5 else HOTEL
        st.mortgaged[s] = s % 7 == 0
    fb = _frame(st, centre, shown=[centre, (centre + 1) % 40, centre], highlight=(0, centre))
    draw_pawns(fb, [(0, centre), (1, (centre + 1) % 40), (2, centre)])
    rgb = fb.to_rgb()[BY:BY + 200, BX:BX + 320]
    for y in range(200):
        assert len(np.unique(rgb[y].reshape(-1, 3), axis=0)) <= 4, y
    squares = closeup.squares_shown(centre)
    g2, g3 = closeup.band_groups(BOARD, squares)
    groups = [BOARD.group_keys[BOARD.groups[s]] for s in squares if BOARD.kinds[s] == STREET]
    assert set(groups) == {g for g in (g2, g3) if g}
    pal = fb.palette.rgb
    for i, s in enumerate(squares):
        if BOARD.kinds[s] != STREET:
            continue
        x = closeup.square_x(i)
        band = rgb[closeup.BAND_Y0:closeup.BAND_Y1, x + 3:x + closeup.SQ_W - 2].reshape(-1, 3)
        ink = pal[GROUP_INKS[BOARD.group_keys[BOARD.groups[s]]]]
        assert (band == ink).all(axis=1).sum() >= 10, (centre, s)
    # on the band's lines, pens 2 and 3 (whose inks were changed) appear only in the close-up
    lines = fb.pens[closeup.BAND_Y0:closeup.BAND_Y1]
    outside = np.ones(320, dtype=bool)
    outside[closeup.square_x(0):closeup.square_x(closeup.COUNT) + 1] = False
    assert (lines[:, outside] < 2).all()
    # the rest of the hole and of the close-up: pens 0 and 1 only
    assert (fb.pens[closeup.Y0 - 13:closeup.BAND_Y0, 64:257] < 2).all()
    assert (fb.pens[closeup.BAND_Y1:closeup.Y1 + 2, 64:257] < 2).all()


def test_the_band_lines_of_the_ring_carry_no_group_colour():
    """The close-up band's lines cross only squares without a colour band (17 and 33)."""
    crossed = [s for s in range(40)
               if cell(s).y < closeup.BAND_Y1 and closeup.BAND_Y0 < cell(s).y + cell(s).h]
    assert sorted(crossed) == [17, 33]
    assert all(BOARD.kinds[s] != STREET for s in crossed)
    pens = board_pens()
    assert (pens[closeup.BAND_Y0:closeup.BAND_Y1] < 2).all()
    # and the inks outside the band are the board's own
    fb = _frame(_state(), 15)
    ref = FrameBuffer()
    set_board_inks(ref)
    other = np.ones(200, dtype=bool)
    other[closeup.BAND_Y0:closeup.BAND_Y1] = False
    other[:BANDS[0][0]] = other[BANDS[-1][1]:] = False
    assert np.array_equal(fb.inks[other], ref.inks[other])


def test_names_are_the_boards_in_capitals_whole_where_they_fit():
    for s in range(40):
        lines = closeup.name_lines(BOARD.names[s])
        assert 1 <= len(lines) <= 3, (s, lines)
        assert all(smallfont.text_width(line) <= closeup.SQ_W - 5 for line in lines)
        assert " ".join(lines).replace("- ", "-").replace(" / ", " ") == \
            BOARD.names[s].upper().replace(" / ", " "), (s, lines)
    assert closeup.name_lines("Avenue des Champs-Élysées") == ("AVENUE", "DES CHAMPS-", "ÉLYSÉES")
    assert closeup.name_lines("Rue de la Paix") == ("RUE", "DE LA PAIX")      # not "RUE DE LA"
    assert closeup.name_lines("Rue La Fayette") == ("RUE", "LA FAYETTE")
    assert closeup.name_lines("Compagnie de distribution d'électricité") == (
        "COMPAGNIE DE", "DISTRIBUTION", "D'ÉLECTRICITÉ")


def test_a_square_for_sale_shows_its_name_and_price():
    st = _state()
    fb = _frame(st, 24)     # 23 Malesherbes, 24 Henri-Martin, 25 Gare du Nord
    assert _text_at(fb, "MALESHERBES", *_box(0))
    assert _text_at(fb, "HENRI-MARTIN", *_box(1))
    assert _text_at(fb, money(24000).upper(), *_box(1))
    assert _text_at(fb, "GARE DU NORD", *_box(2))
    assert _text_at(fb, money(20000).upper(), *_box(2))


def test_a_tax_shows_its_amount_and_a_corner_its_name():
    fb = _frame(_state(), 39)   # 38 Taxe de luxe, 39 Rue de la Paix, 0 Départ
    assert _text_at(fb, "TAXE DE LUXE", *_box(0))
    assert _text_at(fb, money(10000).upper(), *_box(0))
    assert _text_at(fb, "DÉPART", *_box(2))


def _tag_digit(fb: FrameBuffer, index: int) -> int | None:
    x0, x1, y0, y1 = _box(index)
    for y in range(y0, y1 - TAG_H):
        for x in range(x0, x1 - TAG_W):
            box = fb.pens[y:y + TAG_H, x:x + TAG_W]
            if not ((box[0] == 1).all() and (box[:, 0] == 1).all()):
                continue
            for n, rows in TAG_DIGITS.items():
                want = np.array([[0 if ch == "#" else 1 for ch in row] for row in rows])
                if np.array_equal(box[1:TAG_H - 1, 1:TAG_W - 1], want):
                    return n
    return None


def _houses_in_band(fb: FrameBuffer, index: int) -> int:
    """Blocks outlined in black with paper inside, counted on the band's middle line."""
    x = closeup.square_x(index)
    row = fb.pens[(closeup.BAND_Y0 + closeup.BAND_Y1) // 2, x + 1:x + closeup.SQ_W]
    runs, inside = 0, False
    for k in range(1, len(row)):
        if row[k - 1] == 1 and row[k] == 0 and not inside:
            runs, inside = runs + 1, True
        elif row[k - 1] == 0 and row[k] == 1:
            inside = False
    return runs


def test_an_owned_square_shows_the_owners_pawn_and_number_not_its_price():
    st = _state()
    st.owner[24] = 1
    fb = _frame(st, 24)
    assert _tag_digit(fb, 1) == 2
    assert not _text_at(fb, money(24000).upper(), *_box(1))
    assert _tag_digit(fb, 0) is None and _text_at(fb, money(22000).upper(), *_box(0))


def test_houses_a_hotel_and_a_mortgage_show():
    st = _state()
    for s in (21, 23, 24):
        st.owner[s] = 0
    st.houses[21], st.houses[23], st.houses[24] = 3, HOTEL, 0
    st.mortgaged[24] = True
    assert _houses_in_band(_frame(st, 22), 0) == 3     # 21, 22, 23
    fb = _frame(st, 23)                                # 22, 23, 24
    assert _houses_in_band(fb, 1) == 1       # the hotel: one long block
    x = closeup.square_x(1)
    hotel = fb.pens[closeup.BAND_Y0 + 3, x + 1:x + closeup.SQ_W]
    assert (hotel == 0).sum() >= 20
    assert _text_at(fb, "HYPOTHÉQUÉ", *_box(2))
    assert not _text_at(fb, "HYPOTHÉQUÉ", *_box(0))
    band = fb.pens[closeup.BAND_Y0:closeup.BAND_Y1, closeup.square_x(2) + 1:closeup.square_x(3)]
    assert 0.3 < (band == 0).mean() < 0.7        # hatched: half the band back to paper


def test_the_pawns_on_a_square_and_the_owner_against_a_rent_due():
    st = _state()
    st.owner[24] = 2
    plain = _frame(st, 24, shown=[0, 0, 0])
    visited = _frame(st, 24, shown=[24, 24, 0])
    x0, x1, y0, y1 = _box(1)
    assert (visited.pens[y0:y1, x0:x1] == 1).sum() > (plain.pens[y0:y1, x0:x1] == 1).sum() + 20
    due = _frame(st, 24, shown=[24, 24, 0], highlight=(2, 24))
    # the owner's pawn drawn twice as large against the square
    assert (due.pens[y0:y1, x0:x1] == 1).sum() > (visited.pens[y0:y1, x0:x1] == 1).sum() + 40
    assert _tag_digit(due, 1) == 3


def test_the_dice_of_the_hole_stay_above_the_strip_while_they_roll():
    fb = FrameBuffer()
    fb.clear(0)
    x = closeup.square_x(closeup.COUNT) - 2 * closeup.DIE - 4     # where the game draws them
    for rolling in range(0, 8):
        closeup.draw_dice(fb, x, closeup.Y0 - 12, (6, 5), rolling)
    ys = np.nonzero(fb.pens.any(axis=1))[0]
    assert ys.min() >= closeup.Y0 - 13 and ys.max() < closeup.Y0
    xs = np.nonzero(fb.pens.any(axis=0))[0]
    assert xs.min() > closeup.square_x(2) + 1 and xs.max() < closeup.square_x(closeup.COUNT)


def test_the_prison_says_prison_alone_when_nobody_there_is_visiting():
    """Pawns behind bars under "PRISON / SIMPLE VISITE" read as visitors (play-test, 28 Nov
    2026): with only prisoners there the square says PRISON; with a visitor, both."""
    st = _state()
    st.players[0].pos = 10
    st.players[0].in_jail = True
    fb = _frame(st, 10)
    assert _text_at(fb, "PRISON", *_box(1)) and not _text_at(fb, "SIMPLE VISITE", *_box(1))
    st.players[1].pos = 10                   # BRUNO only visiting
    fb = _frame(st, 10)
    assert _text_at(fb, "SIMPLE VISITE", *_box(1))
    st.players[1].pos = 11
    st.players[0].in_jail = False            # ANNE out, still on the square: visiting
    assert _text_at(_frame(st, 10), "SIMPLE VISITE", *_box(1))
