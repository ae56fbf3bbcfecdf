"""Composition to host pixels, integer scale and letterbox, scanlines."""

import numpy as np
import pygame
import pytest

from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.palette import palette
from monopoly_cpc.render.present import CRT_DARK, Presenter, draw_status, fit_scale, layout_for


@pytest.mark.parametrize("size, scale, offset", [
    ((1920, 1080), 3, (384, 132)),   # 1080 // 272 = 3
    ((1280, 720), 2, (256, 88)),
    ((1366, 768), 2, (299, 112)),
    ((2560, 1440), 5, (320, 40)),
    ((3840, 2160), 7, (576, 128)),
    ((800, 600), 2, (16, 28)),
    ((640, 480), 1, (128, 104)),
    ((384, 272), 1, (0, 0)),
    ((1152, 816), 3, (0, 0)),
])
def test_largest_integer_scale_centred(size, scale, offset):
    assert fit_scale(*size) == scale
    lay = layout_for(*size)
    assert lay.scale == scale and (lay.x, lay.y) == offset
    assert lay.w == 384 * scale and lay.h == 272 * scale
    assert lay.x + lay.w <= size[0] and lay.y + lay.h <= size[1]


def test_requested_scale_is_kept_when_it_fits_and_clamped_when_not():
    assert layout_for(1920, 1080, 2).scale == 2
    assert layout_for(1920, 1080, 9).scale == 3
    assert fit_scale(200, 100) == 1  # a tiny window still shows the picture (cropped)


def _framebuffer():
    fb = FrameBuffer()
    rng = np.random.default_rng(1)
    fb.pens[:] = rng.integers(0, 4, fb.pens.shape, dtype=np.uint8)
    fb.inks[:] = rng.integers(0, 27, fb.inks.shape, dtype=np.uint8)
    fb.border[:] = rng.integers(0, 27, fb.border.shape, dtype=np.uint8)
    return fb


def test_composition_pixel_is_the_palette_value_of_its_ink_on_that_line():
    fb = _framebuffer()
    p = Presenter()
    pic = pygame.surfarray.array3d(p.compose(fb)).transpose(1, 0, 2)
    table = palette().rgb
    for (y, x) in [(0, 0), (10, 300), (199, 319), (123, 45)]:
        ink = fb.inks[y, fb.pens[y, x]]
        assert tuple(pic[36 + y, 32 + x]) == tuple(table[ink])
    assert tuple(pic[5, 100]) == tuple(table[fb.border[5]])
    assert tuple(pic[100, 3]) == tuple(table[fb.border[100]])
    assert tuple(pic[100, 380]) == tuple(table[fb.border[100]])
    assert np.array_equal(pic, fb.to_rgb())


def test_present_upscales_into_the_letterbox_with_black_bars():
    fb = _framebuffer()
    target = pygame.Surface((1920, 1080), 0, 32)
    target.fill((0, 0, 0))
    lay = layout_for(1920, 1080)
    p = Presenter(target)
    p.clear_bars(target, lay)
    p.present(fb, target, lay)
    out = pygame.surfarray.array3d(target).transpose(1, 0, 2)
    ref = fb.to_rgb()
    big = out[lay.y:lay.y + lay.h, lay.x:lay.x + lay.w]
    assert np.array_equal(big[::3, ::3], ref) and np.array_equal(big[2::3, 1::3], ref)
    assert not out[:lay.y].any() and not out[:, :lay.x].any() and not out[lay.y + lay.h:].any()


def test_crt_darkens_the_last_row_of_each_line():
    fb = FrameBuffer()
    fb.set_inks((26, 26, 26, 26))
    fb.set_border(26)
    target = pygame.Surface((768, 544), 0, 32)
    p = Presenter(target, crt=True)
    p.present(fb, target, layout_for(768, 544))
    out = pygame.surfarray.array3d(target).transpose(1, 0, 2)
    assert (out[0::2] == 255).all()
    assert (np.abs(out[1::2].astype(int) - CRT_DARK) <= 1).all()


def test_compose_reuses_its_buffers():
    fb = _framebuffer()
    p = Presenter()
    a = p.compose(fb)
    buf = p._buffers
    ids = (id(buf.lut), id(buf.index), id(buf.border))
    fb.inks[:] = 0
    b = p.compose(fb)
    assert a is b and p._buffers is buf and ids == (id(buf.lut), id(buf.index), id(buf.border))
    assert (pygame.surfarray.array3d(b)[32:352, 36:236] == 0).all()


def test_status_line_goes_in_the_bottom_bar_and_never_on_the_picture():
    target = pygame.Surface((1920, 1080), 0, 32)
    layout = layout_for(1920, 1080)
    target.fill((0, 0, 0))
    target.fill((1, 2, 3), layout.rect)  # stands for the picture
    rect = draw_status(target, layout, "capture : /home/é/monopoly-cpc-0001.png")
    px = pygame.surfarray.array3d(target).transpose(1, 0, 2)
    assert rect.top >= layout.rect.bottom and rect.bottom <= 1080  # in the 132-pixel bar
    assert (px[rect.top:rect.bottom, rect.left:rect.right] == 255).all(axis=2).any()  # white text
    pic = px[layout.y:layout.y + layout.h, layout.x:layout.x + layout.w]
    assert (pic == (1, 2, 3)).all()
    Presenter.clear_bars(target, layout)
    assert not pygame.surfarray.array3d(target)[:, layout.rect.bottom:].any()


def test_status_line_keeps_the_end_of_a_long_path_and_replaces_unknown_characters():
    target = pygame.Surface((384, 272), 0, 32)
    layout = layout_for(384, 272)
    rect = draw_status(target, layout, "x" * 100 + "\u4e00end.png")
    assert rect.right <= 384
    px = pygame.surfarray.array3d(target).transpose(1, 0, 2)[rect.top:rect.bottom, rect.left:rect.right]
    from monopoly_cpc.render.font import font
    glyphs = font().glyphs
    # the last 8 characters drawn: "?end.png"
    last = (px[:, -64:, 0] > 0).reshape(8, 8, 8).transpose(1, 0, 2)
    assert all(np.array_equal(last[i], glyphs[ord(c)]) for i, c in enumerate("?end.png"))


def test_changed_says_whether_the_picture_on_screen_is_still_the_framebuffer():
    # the window loop presents (and flips) only a changed picture: an idle title used 40-90 %
    # of a core in a 1080p X11 window flipping the same picture 60 times a second
    fb = _framebuffer()
    target = pygame.Surface((768, 544), 0, 32)
    lay = layout_for(768, 544)
    p = Presenter(target)
    assert p.stale and p.changed(fb)  # nothing presented yet
    p.present(fb, target, lay)
    assert not p.stale and not p.changed(fb)
    for change in (lambda: fb.pset(319, 199, (fb.pens[199, 319] + 1) % 4),
                   lambda: fb.set_ink(2, (fb.inks[150, 2] + 1) % 27, 150, 151),
                   lambda: fb.set_border((fb.border[271] + 1) % 27, 271, 272)):
        change()
        assert p.changed(fb)
        p.present(fb, target, lay)
        assert not p.changed(fb)
    p.compose(fb.copy())  # an F12 screenshot composes without presenting: no effect
    fb.pset(0, 0, (fb.pens[0, 0] + 1) % 4)
    assert p.changed(fb)
    p.present(fb, target, lay)
    p.invalidate()  # e.g. the window was uncovered
    assert p.stale and p.changed(fb)
