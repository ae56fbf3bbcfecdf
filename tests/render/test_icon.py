"""The program's icon: the window's and the desktop launcher's are the same pixel house."""

from pathlib import Path

import numpy as np
import pygame
from PIL import Image

from monopoly_cpc.render.icon import SIZE, WINDOW_SCALE, icon_rgba, window_icon
from monopoly_cpc.render.palette import palette

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def test_window_icon_is_the_launcher_icon():
    for name, scale in (("monopoly-cpc-32.png", 1), ("monopoly-cpc.png", 8)):
        launcher = np.asarray(Image.open(PACKAGING / name).convert("RGBA"))
        assert np.array_equal(icon_rgba(scale), launcher), name


def test_icon_is_cpc_colours_on_transparent_with_square_pixels():
    rgba = icon_rgba(1)
    assert rgba.shape == (SIZE, SIZE, 4)
    assert set(np.unique(rgba[:, :, 3])) == {0, 255}
    assert rgba[0, 0, 3] == 0 and rgba[SIZE - 1, SIZE - 1, 3] == 0  # corners are see-through
    cpc = {tuple(int(v) for v in c) for c in palette().rgb}
    assert {tuple(int(v) for v in p[:3]) for p in rgba[rgba[:, :, 3] == 255]} <= cpc
    big = icon_rgba(3)
    assert np.array_equal(big[::3, ::3], rgba) and np.array_equal(big[2::3, 1::3], rgba)


def test_window_icon_surface():
    surf = window_icon()
    assert surf.get_size() == (SIZE * WINDOW_SCALE, SIZE * WINDOW_SCALE)
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surf).T
    ref = icon_rgba(WINDOW_SCALE)
    assert np.array_equal(rgb, ref[:, :, :3]) and np.array_equal(alpha, ref[:, :, 3])


def test_the_window_icon_is_read_not_drawn_and_drawn_if_it_cannot_be_read(monkeypatch, tmp_path):
    # the window gets its icon before its first picture, which is shown without numpy
    from monopoly_cpc.render import icon

    ref = icon_rgba(WINDOW_SCALE)

    def rgba(surf):
        rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
        return np.concatenate([rgb, pygame.surfarray.array_alpha(surf).T[:, :, None]], axis=2)

    def no_drawing(*_a):
        raise AssertionError("the icon was drawn")

    monkeypatch.setattr(icon, "icon_rgba", no_drawing)
    assert np.array_equal(rgba(window_icon()), ref)
    monkeypatch.undo()
    monkeypatch.setattr(icon, "WINDOW_ICON_PATH", tmp_path / "missing.png")
    assert np.array_equal(rgba(window_icon()), ref)

