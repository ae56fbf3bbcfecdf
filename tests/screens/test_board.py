"""The board picture: generated asset, geometry, raster bands, pawns."""

import numpy as np

from monopoly_cpc.render.board import (
    BANDS,
    BOARD_PNG,
    GROUP_INKS,
    board_pens,
    cell,
    group_pen,
    hole,
    paint_board,
    read_board_png,
    set_board_inks,
    write_board_png,
)
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.pawns import PAWN_KEYS, TRANSPARENT, draw_pawn, draw_pawns, pawn_sprite, slot
from monopoly_cpc.rules.board import STREET, default_board


def test_the_packaged_board_png_is_what_the_builder_makes(tmp_path):
    out = tmp_path / "board.png"
    write_board_png(out, default_board())
    assert np.array_equal(read_board_png(out), read_board_png(BOARD_PNG))
    assert np.array_equal(board_pens(), paint_board(default_board()))


def test_forty_squares_tile_a_ring_around_a_hole():
    covered = np.zeros((200, 320), dtype=int)
    for s in range(40):
        c = cell(s)
        covered[c.y:c.y + c.h, c.x:c.x + c.w] += 1
    assert covered.max() == 1                       # no two squares overlap
    assert covered[8:144, :].sum() == 320 * 136 - (320 - 68) * (136 - 28)
    assert cell(0).x > cell(1).x > cell(9).x > cell(10).x   # Départ bottom right, then leftwards
    assert cell(11).y < cell(10).y and cell(21).y == cell(20).y and cell(31).x == cell(30).x


def test_each_street_shows_its_group_colour_through_the_raster_bands():
    board = default_board()
    fb = FrameBuffer()
    set_board_inks(fb)
    pens = paint_board(board)
    seen = set()
    for s in board.streets:
        c = cell(s)
        bx, by, bw, bh = c.band_rect()
        pen = group_pen(board, s)
        assert (pens[by:by + bh, bx:bx + bw] == pen).all()
        key = board.group_keys[board.groups[s]]
        for y in range(by, by + bh):
            assert fb.inks[y, pen] == GROUP_INKS[key], (s, y)
        seen.add(key)
    assert len(seen) == 8
    assert len(BANDS) == 4 and all(len({b[2], b[3]}) == 2 for b in BANDS)
    # only four pens on any line
    assert pens.max() <= 3
    assert not any(board.kinds[s] == STREET for s in (0, 10, 20, 30))


def test_six_distinct_pawns_all_visible_on_one_square():
    """Up to three stand side by side, each whole; more stand in two rows, the front row
    covering only the feet of the row behind: every pawn keeps a good part of its body in view."""
    sprites = [pawn_sprite(i) for i in range(len(PAWN_KEYS))]
    assert len(sprites) == 6
    bodies = {(s == 1).tobytes() for s in sprites}
    assert len(bodies) == 6
    for n in range(1, 7):
        for square in range(40):
            for i in range(n):
                solo = FrameBuffer()
                solo.clear(2)
                draw_pawn(solo, i, *slot(square, i, n))
                body = solo.pens == 1
                later = FrameBuffer()
                later.clear(2)
                for j in range(i + 1, n):
                    draw_pawn(later, j, *slot(square, j, n))
                seen = (body & (later.pens == 2)).sum() / body.sum()
                assert seen == 1.0 if n <= 3 else seen > 0.3, (n, square, i, seen)
    assert all((s != TRANSPARENT).any() for s in sprites)


def test_pawns_never_stand_on_another_square_or_over_the_middle():
    """Any number of pawns stays on its square: six on Départ stood over the middle of the
    board (play-test with six players)."""
    for n in range(1, 7):
        for square in range(40):
            c = cell(square)
            fb = FrameBuffer()
            fb.clear(2)
            draw_pawns(fb, [(i, square) for i in range(n)])
            ys, xs = np.nonzero(fb.pens != 2)
            assert ((xs >= c.x) & (xs <= c.x + c.w) & (ys >= c.y) & (ys <= c.y + c.h)).all(), (n, square)


def test_a_pawn_in_prison_is_drawn_behind_bars():
    free, jailed = FrameBuffer(), FrameBuffer()
    draw_pawns(free, [(0, 10)])
    draw_pawns(jailed, [(0, 10)], jailed=frozenset({0}))
    assert (jailed.pens == 1).sum() > (free.pens == 1).sum() + 6
    assert not jailed.pens[144:].any()               # nothing spills into the window


def test_the_game_screen_marks_owned_squares_with_their_owners_number():
    from helpers import game_session, settle

    from monopoly_cpc.render.board import TAG_DIGITS, TAG_H, TAG_W, tag_origin

    s = game_session()
    st = s.screen.state
    st.owner[1], st.owner[15], st.owner[39] = 0, 2, 1
    settle(s)
    s.screen.draw(s.fb)

    def digit(square):
        x, y = tag_origin(square)
        box = s.fb.pens[y:y + TAG_H, x:x + TAG_W]
        for n, rows in TAG_DIGITS.items():
            want = np.array([[0 if ch == "#" else 1 for ch in row] for row in rows])
            if (box[0] == 1).all() and np.array_equal(box[1:TAG_H - 1, 1:TAG_W - 1], want):
                return n
        return None

    assert [digit(q) for q in (1, 15, 39, 3)] == [1, 3, 2, None]


def test_four_pawns_on_depart_stand_in_one_row_inside_the_square():
    """A four-player game starts with four pawns on Départ: all four in the corner, each body
    whole (play-tests of 27 and 28 Nov 2026: the fourth stood in the middle of the board, and
    looked like a stray pawn)."""
    from monopoly_cpc.render.pawns import draw_pawn, slot

    for square in (0, 20):
        c = cell(square)
        fb = FrameBuffer()
        fb.clear(2)
        draw_pawns(fb, [(i, square) for i in range(4)])
        ys, xs = np.nonzero(fb.pens != 2)
        assert ((xs >= c.x) & (xs <= c.x + c.w) & (ys >= c.y) & (ys <= c.y + c.h)).all(), square
        for i in range(4):
            solo = FrameBuffer()
            draw_pawn(solo, i, *slot(square, i, 4))
            body = solo.pens == 1
            assert body.sum() > 8 and (fb.pens[body] == 1).all(), (square, i)


def test_one_or_two_pawns_leave_the_owners_number_readable():
    """The owner's tag sits at a square's outer edge; on the left column the first pawn stood
    on it (play-test, 28 Nov 2026: "Compagnie d'électricité", "Bd de la Villette"). One or two
    pawns never touch it on any square, whatever the side."""
    from monopoly_cpc.render.board import TAG_H, TAG_W, tag_origin
    from monopoly_cpc.render.pawns import SPRITE, slot

    for square in range(40):
        if square % 10 == 0:
            continue
        tx, ty = tag_origin(square)
        for count in (1, 2):
            for k in range(count):
                x, y = slot(square, k, count)
                apart = x + SPRITE <= tx or tx + TAG_W <= x or y + SPRITE <= ty or ty + TAG_H <= y
                assert apart, (square, count, k)


def test_the_pawn_of_the_player_whose_turn_it_is_is_marked():
    """The player the game waits for has his pawn drawn as a stamp (paper on black), on top of
    the others on his square; the other pawns are drawn as ever."""
    from helpers import game_session, settle

    from monopoly_cpc.render.pawns import SPRITE, marked_sprite

    s = game_session(first_player=0, dice=[(1, 2)])
    settle(s)
    st = s.screen.state
    assert st.current == 0
    s.screen.draw(s.fb)
    x, y = slot(st.players[0].pos, len(st.players) - 1, len(st.players))   # the last drawn
    box = s.fb.pens[y:y + SPRITE, x:x + SPRITE]
    assert np.array_equal(box, marked_sprite(st.players[0].pawn))
    assert (box == 1).sum() > (box == 0).sum()        # a dark tile, not a dark silhouette
