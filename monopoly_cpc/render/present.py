"""From the framebuffer to host pixels: composition, integer upscale, letterbox, scanlines.

Composition is one numpy lookup per frame: the (200, 4) per-line inks become a table of 800
host pixel values (line * 4 + pen), and ``pens + 4 * line`` indexes it.  The border lines are
filled from the per-line border colours.  The 384x272 picture is then upscaled by an integer
factor with ``pygame.transform.scale`` straight into the window surface (a subsurface at the
letterbox offset), so pixels stay square and sharp.  Every buffer is allocated once; the hot
path allocates nothing but a few small numpy views.

The window loop presents a frame only when it differs from the last one presented
(:meth:`Presenter.changed`): most screens wait for a key with a still picture, and a flip of a
full-screen window is the costliest part of a frame on a software display (a 1080p flip under
Xvfb takes 15-25 ms of CPU), so an idle title or a player thinking costs almost nothing.

A plain framebuffer (one pen all over, the boot's first picture: ``FrameBuffer.plain``) is
composed with two fills of the picture, without numpy, whose buffers are made at the first
picture that is not plain.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.palette import Palette
from monopoly_cpc.render.palette import palette as default_palette

PICTURE_W, PICTURE_H = FrameBuffer.BW, FrameBuffer.BH
# Scanline look (--crt): the last output row of each CPC line is multiplied by this / 255.
CRT_DARK = 150


def fit_scale(screen_w: int, screen_h: int, pic_w: int = PICTURE_W, pic_h: int = PICTURE_H) -> int:
    """The largest integer factor at which the bordered picture fits the screen (at least 1)."""
    return max(1, min(screen_w // pic_w, screen_h // pic_h))


@dataclass(frozen=True)
class Layout:
    """Where the upscaled picture sits in a window: scale and top-left offset, black around."""

    screen_w: int
    screen_h: int
    scale: int
    x: int
    y: int

    @property
    def w(self) -> int:
        return PICTURE_W * self.scale

    @property
    def h(self) -> int:
        return PICTURE_H * self.scale

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.w, self.h)


def layout_for(screen_w: int, screen_h: int, scale: int | None = None) -> Layout:
    """Centre the picture at ``scale`` (default: the largest that fits; never more than fits)."""
    best = fit_scale(screen_w, screen_h)
    k = best if scale is None else max(1, min(scale, best))
    return Layout(screen_w, screen_h, k, (screen_w - PICTURE_W * k) // 2, (screen_h - PICTURE_H * k) // 2)


class _Buffers:
    """The presenter's numpy buffers, allocated once: the host pixel value of each firmware
    colour (in the picture surface's own format), the per-line look-up table, the pixel
    indices and the border's pixel values."""

    def __init__(self, picture: pygame.Surface, palette: Palette) -> None:
        import numpy as np

        self.colour32 = np.array([picture.map_rgb(c.rgb) for c in palette.colours], dtype=np.uint32)
        self.lut = np.empty((FrameBuffer.H, 4), dtype=np.uint32)
        self.lut_flat = self.lut.reshape(-1)
        self.line_base = (np.arange(FrameBuffer.H, dtype=np.int32) * 4)[:, None]
        self.index = np.empty((FrameBuffer.H, FrameBuffer.W), dtype=np.int32)
        self.border = np.empty(FrameBuffer.BH, dtype=np.uint32)


class Presenter:
    """Composes a FrameBuffer into a 384x272 surface and upscales it into a target surface."""

    def __init__(self, target_format: pygame.Surface | None = None, crt: bool = False,
                 palette: Palette | None = None) -> None:
        self.palette = palette or default_palette()
        if target_format is not None:
            self.picture = pygame.Surface((PICTURE_W, PICTURE_H), 0, target_format)
        else:
            self.picture = pygame.Surface((PICTURE_W, PICTURE_H), 0, 32)
        self._buffers: _Buffers | None = None   # made at the first picture that is not plain
        self.crt = crt
        self._crt_mask: pygame.Surface | None = None
        self._crt_scale = 0
        self._dest: pygame.Surface | None = None
        self._dest_key: tuple[int, Layout] | None = None
        # the frame presented last (see changed / invalidate), a copy
        self._shown = FrameBuffer(palette=self.palette)
        self._shown_valid = False

    def changed(self, fb: FrameBuffer) -> bool:
        """Does ``fb`` differ from the frame :meth:`present` drew last?

        True before the first present and after :meth:`invalidate` (the window was exposed, a
        host message came or went): the window must then be drawn again whatever the picture.
        """
        return not (self._shown_valid and fb.same_picture(self._shown))

    @property
    def stale(self) -> bool:
        """True until the first present and after :meth:`invalidate`."""
        return not self._shown_valid

    def invalidate(self) -> None:
        """Forget the frame presented last: the next :meth:`changed` is True."""
        self._shown_valid = False

    def compose(self, fb: FrameBuffer) -> pygame.Surface:
        """Fill ``self.picture`` (384x272, 1x) from the framebuffer and return it."""
        px, py = FrameBuffer.PAPER_X, FrameBuffer.PAPER_Y
        plain = fb.plain()
        if plain is not None:
            pen, inks, border = plain
            colours = self.palette.colours
            self.picture.fill(colours[border].rgb)
            self.picture.fill(colours[inks[pen]].rgb, (px, py, FrameBuffer.W, FrameBuffer.H))
            return self.picture
        import numpy as np

        buf = self._buffers
        if buf is None:
            buf = self._buffers = _Buffers(self.picture, self.palette)
        np.take(buf.colour32, fb.inks, out=buf.lut)
        np.add(fb.pens, buf.line_base, out=buf.index)
        np.take(buf.colour32, fb.border, out=buf.border)
        view = pygame.surfarray.pixels2d(self.picture).T  # (272, 384) view, row-major memory
        try:
            np.take(buf.lut_flat, buf.index, out=view[py:py + FrameBuffer.H, px:px + FrameBuffer.W],
                    mode="clip")
            b = buf.border[:, None]
            view[:py] = b[:py]
            view[py + FrameBuffer.H:] = b[py + FrameBuffer.H:]
            view[py:py + FrameBuffer.H, :px] = b[py:py + FrameBuffer.H]
            view[py:py + FrameBuffer.H, px + FrameBuffer.W:] = b[py:py + FrameBuffer.H]
        finally:
            del view  # unlock the surface before it is scaled
        return self.picture

    def _mask_for(self, scale: int) -> pygame.Surface:
        if self._crt_mask is None or self._crt_scale != scale:
            mask = pygame.Surface((PICTURE_W * scale, PICTURE_H * scale), 0, 32)
            mask.fill((255, 255, 255))
            if scale >= 2:
                for y in range(scale - 1, PICTURE_H * scale, scale):
                    mask.fill((CRT_DARK, CRT_DARK, CRT_DARK), (0, y, PICTURE_W * scale, 1))
            self._crt_mask, self._crt_scale = mask, scale
        return self._crt_mask

    def present(self, fb: FrameBuffer, target: pygame.Surface, layout: Layout) -> None:
        """Compose ``fb`` and draw it upscaled into ``target`` at ``layout`` (bars untouched)."""
        self.compose(fb)
        self._shown.copy_from(fb)
        self._shown_valid = True
        if self._dest is None or self._dest_key != (id(target), layout):
            # one subsurface per (window surface, layout), not one per frame
            self._dest, self._dest_key = target.subsurface(layout.rect), (id(target), layout)
        dest = self._dest
        if layout.scale == 1:
            dest.blit(self.picture, (0, 0))
        else:
            pygame.transform.scale(self.picture, (layout.w, layout.h), dest)
        if self.crt and layout.scale >= 2:
            dest.blit(self._mask_for(layout.scale), (0, 0), special_flags=pygame.BLEND_MULT)

    @staticmethod
    def clear_bars(target: pygame.Surface, layout: Layout) -> None:
        """Paint the letterbox black (after a mode change or an expose event)."""
        r = layout.rect
        w, h = target.get_size()
        for bar in ((0, 0, w, r.top), (0, r.bottom, w, h - r.bottom),
                    (0, r.top, r.left, r.h), (r.right, r.top, w - r.right, r.h)):
            if bar[2] > 0 and bar[3] > 0:
                target.fill((0, 0, 0), bar)


def status_rect(layout: Layout, text: str, size: int) -> pygame.Rect:
    """Where :func:`draw_status` writes ``text``: bottom left of the screen, in the letterbox
    bar when the bar is tall enough, else over the bottom of the picture."""
    h = 8 * size
    margin = max(2, size * 2)
    return pygame.Rect(margin, layout.screen_h - h - margin, 8 * size * len(text), h)


def draw_status(target: pygame.Surface, layout: Layout, text: str) -> pygame.Rect:
    """Write a host status line (e.g. where F12 saved a picture) with the CPC font, white on
    black, at twice the size of a CPC pixel up to 3; characters the font lacks show as '?'.

    It is drawn on the window, not in the framebuffer, so screenshots, replays and the CPC
    picture never contain it.  Returns the rectangle written (clear it with clear_bars).
    """
    import numpy as np

    from monopoly_cpc.render.font import font as default_font

    f = default_font()
    size = max(1, min(3, layout.scale))
    room = max(1, (layout.screen_w - 4 * size) // (8 * size))
    if len(text) > room:
        text = "..." + text[-(room - 3):] if room > 3 else text[:room]  # keep the file name
    codes = f.encode("".join(ch if f.has(ch) else "?" for ch in text))
    mask = f.glyphs[codes].transpose(1, 0, 2).reshape(8, 8 * len(codes))
    rgb = np.where(mask[:, :, None], np.uint8(255), np.uint8(0)).repeat(3, axis=2)
    line = pygame.image.frombuffer(np.ascontiguousarray(rgb).tobytes(), (8 * len(codes), 8), "RGB")
    rect = status_rect(layout, text, size)
    target.blit(pygame.transform.scale(line, rect.size), rect)
    return rect

