"""FrameBuffer: primitives, clipping, range errors, text and reading it back."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_cpc.render.font import font
from monopoly_cpc.render.framebuffer import UNKNOWN, FrameBuffer
from monopoly_cpc.render.palette import palette


@pytest.fixture
def fb():
    return FrameBuffer()


def test_power_on_state(fb):
    assert fb.pens.shape == (200, 320) and fb.pens.dtype == np.uint8 and not fb.pens.any()
    assert fb.inks.shape == (200, 4) and (fb.inks == [1, 24, 20, 6]).all()
    assert fb.border.shape == (272,) and (fb.border == 1).all()
    assert (fb.W, fb.H, fb.BW, fb.BH, fb.PAPER_X, fb.PAPER_Y) == (320, 200, 384, 272, 32, 36)


def test_lines_and_rects(fb):
    fb.hline(10, 5, 3, 2)  # inclusive, either order
    assert fb.pens[3, 5:11].tolist() == [2] * 6 and fb.pens[3, 4] == 0 and fb.pens[3, 11] == 0
    fb.vline(7, 20, 22, 3)
    assert fb.pens[20:23, 7].tolist() == [3, 3, 3] and fb.pens[23, 7] == 0
    fb.fill_rect(100, 100, 4, 2, 1)
    assert fb.pens[100:102, 100:104].all() and fb.pens[100:102].sum() == 8
    fb.clear()
    fb.rect(50, 60, 5, 4, 2)
    assert fb.pens.astype(bool).sum() == 2 * 5 + 2 * 2
    assert fb.pens[60, 50] == fb.pens[63, 54] == 2 and fb.pens[61, 51] == 0


def test_line_end_points_and_diagonal(fb):
    fb.line(0, 0, 9, 9, 1)
    assert all(fb.pens[i, i] == 1 for i in range(10)) and fb.pens.sum() == 10
    fb.clear()
    fb.line(5, 2, 5 + 20, 2 + 7, 3)
    assert fb.pens[2, 5] == 3 and fb.pens[9, 25] == 3
    assert (fb.pens > 0).sum() == 21  # one pixel per column on a shallow line


def test_everything_clips(fb):
    fb.hline(-50, 500, 199, 1)
    assert fb.pens[199].all() and fb.pens.sum() == 320
    fb.vline(319, -10, 400, 2)
    assert (fb.pens[:199, 319] == 2).all()
    fb.clear()
    fb.line(-100, -100, 300, 300, 3)
    assert fb.pens[0, 0] == 3 and fb.pens[199, 199] == 3
    fb.clear()
    fb.fill_rect(-5, -5, 10, 10, 1)
    assert fb.pens[:5, :5].all() and fb.pens.sum() == 25
    fb.clear()
    fb.rect(310, 190, 50, 50, 2)
    assert (fb.pens[190, 310:] == 2).all() and (fb.pens[190:, 310] == 2).all()
    assert (fb.pens > 0).sum() == 10 + 9
    fb.clear()
    fb.pset(-1, 0, 1)
    fb.pset(320, 0, 1)
    fb.pset(0, 200, 1)
    assert not fb.pens.any()
    fb.sprite(np.full((20, 20), 2, np.uint8), 310, -10)
    assert (fb.pens[:10, 310:] == 2).all() and (fb.pens > 0).sum() == 100
    fb.clear()
    fb.text(38, 24, "ABCDEF")
    assert fb.read_text(24, 38, 40) == "AB"
    fb.clear()
    fb.text_px(-4, -4, "Hi")
    glyph = font().glyphs[ord("H")]
    assert np.array_equal(fb.pens[0:4, 0:4] == 1, glyph[4:, 4:])
    fb.clear()
    fb.text(40, 0, "off")
    fb.text_px(0, 200, "off")
    fb.text_px(-24, 0, "off")
    assert not fb.pens.any()


def test_sprite_with_transparent_pen(fb):
    img = np.array([[0, 1], [2, 3]], dtype=np.uint8)
    fb.fill_rect(0, 0, 10, 10, 3)
    fb.sprite(img, 1, 1, transparent=0)
    assert fb.pens[1:3, 1:3].tolist() == [[3, 1], [2, 3]]
    fb.sprite(img, 1, 1)
    assert fb.pens[1:3, 1:3].tolist() == [[0, 1], [2, 3]]
    with pytest.raises(ValueError):
        fb.sprite(np.array([[4]]), 0, 0)
    with pytest.raises(ValueError):
        fb.sprite(np.zeros(3), 0, 0)


@pytest.mark.parametrize("call", [
    lambda fb: fb.pset(0, 0, 4),
    lambda fb: fb.hline(0, 1, 0, -1),
    lambda fb: fb.fill_rect(0, 0, 1, 1, 7),
    lambda fb: fb.clear(4),
    lambda fb: fb.text(0, 0, "A", pen=4),
    lambda fb: fb.text(0, 0, "A", paper=9),
    lambda fb: fb.set_ink(0, 27),
    lambda fb: fb.set_ink(4, 1),
    lambda fb: fb.set_inks((1, 2, 3, -1)),
    lambda fb: fb.set_inks((1, 2, 3)),
    lambda fb: fb.set_border(30),
    lambda fb: fb.set_ink(0, 1.5),
    lambda fb: fb.pset(0, 0, True),
])
def test_out_of_range_pen_or_colour_raises(fb, call):
    with pytest.raises(ValueError):
        call(fb)


def test_per_line_inks_and_border(fb):
    fb.set_inks((0, 1, 2, 3), 10, 20)
    assert (fb.inks[10:20] == [0, 1, 2, 3]).all() and (fb.inks[9] == [1, 24, 20, 6]).all()
    fb.set_ink(2, 26, 195, 400)
    assert (fb.inks[195:, 2] == 26).all() and fb.inks[194, 2] == 20
    fb.set_border(6, 0, 36)
    assert (fb.border[:36] == 6).all() and fb.border[36] == 1


def test_text_pixels_and_inverse(fb):
    fb.text(1, 2, "A", pen=3, paper=2)
    cell = fb.pens[16:24, 8:16]
    glyph = font().glyphs[ord("A")]
    assert (cell[glyph] == 3).all() and (cell[~glyph] == 2).all()
    fb.text(1, 2, "A", pen=3, paper=2, inverse=True)
    assert (cell[glyph] == 2).all() and (cell[~glyph] == 3).all()
    fb.clear(1)
    fb.text(0, 0, "A", pen=2, paper=None)  # transparent paper keeps the background
    assert (fb.pens[0:8, 0:8][~glyph] == 1).all()


def test_text_px_at_any_position(fb):
    fb.text_px(3, 5, "I", pen=1)
    glyph = font().glyphs[ord("I")]
    assert np.array_equal(fb.pens[5:13, 3:11] == 1, glyph)


PRINTABLE = [ch for ch in font().code_to_char if ch not in (" ", "\u00a0")]


def test_read_text_round_trip_every_printable_character(fb):
    for i in range(0, len(PRINTABLE), 40):
        chunk = "".join(PRINTABLE[i:i + 40])
        fb.clear()
        fb.text(0, 5, chunk)
        assert fb.read_text(5, 0, len(chunk)) == chunk
        fb.text(0, 6, chunk, pen=2, paper=3)
        assert fb.read_text(6, 0, len(chunk)) == chunk
        fb.text(0, 7, chunk, inverse=True)
        assert fb.read_text(7, 0, len(chunk)) == chunk


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="".join(PRINTABLE) + " ", min_size=1, max_size=40),
       st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_read_text_property(s, pen, paper, inverse):
    fb = FrameBuffer()
    if pen == paper:
        paper = (pen + 1) % 4
    fb.text(0, 3, s, pen=pen, paper=paper, inverse=inverse)
    bg = pen if inverse else paper
    assert fb.read_text(3, 0, len(s), paper=bg) == s


def test_read_text_spaces_in_inverse_and_cursor(fb):
    fb.text(0, 0, "Ready")
    fb.text(0, 1, " ", inverse=True)  # the cursor: a solid block in pen 1
    fb.text(3, 2, " Vente aux enchères ", inverse=True)
    rows = fb.screen_text()
    assert len(rows) == 25 and all(len(r) == 40 for r in rows)
    assert rows[0].rstrip() == "Ready"
    assert rows[1].rstrip() == "█"
    assert rows[2] == "    Vente aux enchères" + " " * 18


def test_read_text_unknown_cells_and_paper_choice(fb):
    fb.pens[0:8, 0:8] = np.arange(64).reshape(8, 8) % 3  # three pens: no glyph
    fb.pens[0:8, 8:16] = 2
    assert fb.read_text(0, 0, 2) == UNKNOWN + "█"
    assert fb.read_text(0, 1, 2, paper=2) == " "
    fb.clear(2)
    assert fb.screen_text()[10] == " " * 40  # a uniform screen is paper


def test_find_text(fb):
    fb.text(12, 7, "Départ")
    assert fb.find_text("Départ") == (12, 7)
    assert fb.find_text("Prison") is None


def test_to_rgb_uses_line_inks_and_border(fb):
    fb.set_inks((0, 6, 18, 2), 50, 51)
    fb.pens[50, :4] = [0, 1, 2, 3]
    fb.set_border(24, 0, 1)
    rgb = fb.to_rgb()
    table = palette().rgb
    assert rgb.shape == (272, 384, 3) and rgb.dtype == np.uint8
    assert [tuple(rgb[36 + 50, 32 + i]) for i in range(4)] == [tuple(table[c]) for c in (0, 6, 18, 2)]
    assert tuple(rgb[36 + 51, 32]) == tuple(table[1])
    assert tuple(rgb[0, 0]) == tuple(table[24]) and tuple(rgb[1, 0]) == tuple(table[1])
    assert tuple(rgb[100, 10]) == tuple(table[1])  # border beside the paper


def test_copy_is_independent(fb):
    other = fb.copy()
    other.pset(0, 0, 3)
    other.set_ink(0, 0)
    assert fb.pens[0, 0] == 0 and fb.inks[0, 0] == 1


# -- a plain picture (one pen all over): kept without arrays, the same frame as in arrays ------
PLAIN_STEPS = [
    lambda fb: fb.set_inks((13, 13, 13, 13)),
    lambda fb: fb.set_border(13),
    lambda fb: fb.clear(2),
    lambda fb: fb.set_ink(2, 26),
    lambda fb: fb.set_inks((5, 6, 7, 8), -10, 500),   # clipped to every line: still all of them
    lambda fb: fb.set_border(3, 0, 272),
    lambda fb: fb.reset_inks(),
    lambda fb: fb.fill(1),
]


def _in_arrays(fb):
    assert fb.pens.shape == (200, 320)   # reading the arrays makes them
    assert fb.plain() is None
    return fb


@pytest.mark.parametrize("n", range(len(PLAIN_STEPS) + 1))
def test_a_plain_picture_is_the_same_frame_as_the_same_steps_in_arrays(n):
    from monopoly_cpc.render.present import Presenter

    plain, arrays = FrameBuffer(), _in_arrays(FrameBuffer())
    for step in PLAIN_STEPS[:n]:
        step(plain)
        step(arrays)
    assert plain.plain() is not None and arrays.plain() is None
    assert plain.rgb_bytes() == arrays.rgb_bytes() == arrays.to_rgb().tobytes()
    p, q = Presenter(), Presenter()
    assert pygame_bytes(p.compose(plain)) == pygame_bytes(q.compose(arrays))
    assert plain.same_picture(plain.copy()) and plain.copy().plain() == plain.plain()
    assert plain.same_picture(arrays) and arrays.same_picture(plain)
    assert np.array_equal(plain.to_rgb(), arrays.to_rgb())


def pygame_bytes(surface):
    import pygame

    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("draw", [
    lambda fb: fb.pset(0, 0, 1),
    lambda fb: fb.set_inks((1, 2, 3, 4), 0, 100),
    lambda fb: fb.set_ink(1, 3, 5, 6),
    lambda fb: fb.set_border(4, 0, 36),
    lambda fb: fb.text(0, 0, "A"),
    lambda fb: fb.inks[:, 0],
])
def test_drawing_part_of_the_picture_or_reading_it_makes_the_arrays(draw):
    fb, ref = FrameBuffer(), _in_arrays(FrameBuffer())
    draw(fb)
    draw(ref)
    assert fb.plain() is None and fb.same_picture(ref)
    assert np.array_equal(fb.to_rgb(), ref.to_rgb())


def test_a_presenter_showing_a_plain_picture_sees_it_change():
    from monopoly_cpc.render.present import Presenter

    fb = FrameBuffer()
    p = Presenter()
    target = p.picture.copy()
    from monopoly_cpc.render.present import layout_for

    lay = layout_for(384, 272)
    p.present(fb, target, lay)
    assert not p.changed(fb) and not p.changed(FrameBuffer())
    fb.set_border(13)
    assert p.changed(fb)
    p.present(fb, target, lay)
    assert not p.changed(fb)
    fb.pset(5, 5, 1)   # now in arrays
    assert p.changed(fb)
    p.present(fb, target, lay)
    assert not p.changed(fb) and p.changed(FrameBuffer())
