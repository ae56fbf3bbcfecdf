"""The CPC Mode 1 framebuffer that every screen draws into.

* ``pens``   (200, 320) uint8: the pen (0..3) of each pixel of the 320x200 paper;
* ``inks``   (200, 4) uint8: the firmware colour (0..26) of each pen, one row per scanline, so a
  screen can change colours part-way down the picture as CPC raster interrupts did;
* ``border`` (272,) uint8: the border colour of each line of the 384x272 bordered picture, in
  which the paper sits at x 32, y 36 (``PAPER_X``, ``PAPER_Y``).

Coordinates are pixels of the paper (x right, y down) or cells of the 40x25 text grid.
Line end points are inclusive (``hline(0, 319, y, pen)`` covers the whole line); rectangles
are x, y, width, height.  Everything clips at the edges.  A pen outside 0..3 or a colour
outside 0..26 raises ValueError, as does a character the font lacks.

A new framebuffer is one pen all over, with the same inks on every line and one border colour
(a *plain* picture, :meth:`FrameBuffer.plain`), and is kept as just that until something
draws in it or reads its arrays: filling it with one pen and setting every line's inks or the
whole border keep it plain.  Its arrays (and numpy) are made then, so that the first frame (the
CPC's grey at power-on) is drawn, shown and saved without importing numpy, which costs about
as much CPU as a bare pygame start.  A plain picture and the same picture in arrays are the
same frame, pixel for pixel.

``read_text`` reads a row of cells back through the font: a cell that holds exactly one glyph in
two pens (either polarity) gives that glyph's character.  Which pen is the paper decides between
a glyph and its inverse (space or the full block, a quadrant block and its complement): by
default it is the most common pen of the row's pixels, or the ``paper`` argument.  A cell that
is no glyph reads as ``UNKNOWN`` (U+FFFD).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from monopoly_cpc.render.font import Font
from monopoly_cpc.render.font import font as default_font
from monopoly_cpc.render.palette import N_COLOURS, Palette
from monopoly_cpc.render.palette import palette as default_palette

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

UNKNOWN = "\ufffd"
_ALL = (1 << 64) - 1

# A plain picture: the pen of every pixel, the four inks of every line, the border's colour.
Plain = tuple[int, tuple[int, ...], int]
Arrays = tuple["np.ndarray", "np.ndarray", "np.ndarray"]   # pens, inks, border


def _whole(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (a Python or numpy integer, not a bool:
    numpy's bool is no index either)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _check_pen(pen: object) -> int:
    p = _whole(pen)
    if p is None or not 0 <= p <= 3:
        raise ValueError(f"pen must be 0..3, got {pen!r}")
    return p


def _check_colour(colour: object) -> int:
    c = _whole(colour)
    if c is None or not 0 <= c < N_COLOURS:
        raise ValueError(f"colour must be a firmware colour 0..26, got {colour!r}")
    return c


def _span(a: int, b: int, size: int) -> tuple[int, int]:
    """Half-open range [a, b) clipped to [0, size)."""
    return max(0, min(size, a)), max(0, min(size, b))


class FrameBuffer:
    """A 320x200 Mode 1 picture: 4 pens per scanline out of 27 colours, and a border."""

    W, H = 320, 200
    COLS, ROWS = 40, 25
    BW, BH = 384, 272  # the bordered picture
    PAPER_X, PAPER_Y = 32, 36

    def __init__(self, font: Font | None = None, palette: Palette | None = None) -> None:
        self.font = font or default_font()
        self.palette = palette or default_palette()
        self._plain: Plain | None = (0, tuple(self.palette.mode_inks(1)), self.palette.border)
        self._arrays: Arrays | None = None   # (pens, inks, border) once made: _plain is then None

    # -- the arrays, made when first needed ------------------------------------------------
    def plain(self) -> Plain | None:
        """``(pen, inks, border)`` while the picture is plain (module doc): every pixel in
        ``pen``, the four ``inks`` on every line, the whole border in colour ``border``;
        None once its arrays are made (whatever they hold)."""
        return self._plain

    def _make_arrays(self) -> Arrays:
        import numpy as np

        assert self._plain is not None
        pen, inks, border = self._plain
        lines = np.empty((self.H, 4), dtype=np.uint8)
        lines[:] = inks
        self._arrays = (np.full((self.H, self.W), pen, dtype=np.uint8), lines,
                        np.full(self.BH, border, dtype=np.uint8))
        self._plain = None
        return self._arrays

    @property
    def pens(self) -> np.ndarray:
        """(200, 320) uint8: the pen of each pixel of the paper."""
        return (self._arrays or self._make_arrays())[0]

    @property
    def inks(self) -> np.ndarray:
        """(200, 4) uint8: the firmware colour of each pen, line by line."""
        return (self._arrays or self._make_arrays())[1]

    @property
    def border(self) -> np.ndarray:
        """(272,) uint8: the border colour of each line of the bordered picture."""
        return (self._arrays or self._make_arrays())[2]

    # -- colours -------------------------------------------------------------------------
    def set_inks(self, colours4: Iterable[int], y0: int = 0, y1: int = 200) -> None:
        """Set the four inks (firmware colours of pens 0..3) of scanlines y0..y1-1."""
        cols = [_check_colour(c) for c in colours4]
        if len(cols) != 4:
            raise ValueError(f"set_inks needs 4 colours, got {len(cols)}")
        a, b = _span(y0, y1, self.H)
        if self._plain is not None and (a, b) == (0, self.H):
            self._plain = (self._plain[0], tuple(cols), self._plain[2])
        elif a < b:
            self.inks[a:b] = cols

    def set_ink(self, pen: int, colour: int, y0: int = 0, y1: int = 200) -> None:
        """Set the colour of one pen on scanlines y0..y1-1."""
        p, c = _check_pen(pen), _check_colour(colour)
        a, b = _span(y0, y1, self.H)
        if self._plain is not None and (a, b) == (0, self.H):
            inks = list(self._plain[1])
            inks[p] = c
            self._plain = (self._plain[0], tuple(inks), self._plain[2])
        elif a < b:
            self.inks[a:b, p] = c

    def set_border(self, colour: int, y0: int = 0, y1: int = 272) -> None:
        """Set the border colour of lines y0..y1-1 of the 272-line bordered picture."""
        c = _check_colour(colour)
        a, b = _span(y0, y1, self.BH)
        if self._plain is not None and (a, b) == (0, self.BH):
            self._plain = (self._plain[0], self._plain[1], c)
        elif a < b:
            self.border[a:b] = c

    def reset_inks(self) -> None:
        """Power-on Mode 1 inks on every line and the power-on border."""
        if self._plain is not None:
            self._plain = (self._plain[0], tuple(self.palette.mode_inks(1)), self.palette.border)
            return
        self.inks[:] = self.palette.mode_inks(1)
        self.border[:] = self.palette.border

    # -- drawing -------------------------------------------------------------------------
    def clear(self, pen: int = 0) -> None:
        """Fill the whole paper with ``pen`` (inks and border are left alone)."""
        p = _check_pen(pen)
        if self._plain is not None:
            self._plain = (p, self._plain[1], self._plain[2])
        else:
            self.pens.fill(p)

    fill = clear

    def pset(self, x: int, y: int, pen: int) -> None:
        """Set one pixel."""
        p = _check_pen(pen)
        if 0 <= x < self.W and 0 <= y < self.H:
            self.pens[y, x] = p

    def hline(self, x0: int, x1: int, y: int, pen: int) -> None:
        """Horizontal line from x0 to x1 inclusive."""
        p = _check_pen(pen)
        if 0 <= y < self.H:
            a, b = _span(min(x0, x1), max(x0, x1) + 1, self.W)
            self.pens[y, a:b] = p

    def vline(self, x: int, y0: int, y1: int, pen: int) -> None:
        """Vertical line from y0 to y1 inclusive."""
        p = _check_pen(pen)
        if 0 <= x < self.W:
            a, b = _span(min(y0, y1), max(y0, y1) + 1, self.H)
            self.pens[a:b, x] = p

    def line(self, x0: int, y0: int, x1: int, y1: int, pen: int) -> None:
        """Straight line between two points, both included (integer steps, no anti-aliasing)."""
        p = _check_pen(pen)
        dx, dy = x1 - x0, y1 - y0
        n = max(abs(dx), abs(dy))
        if n == 0:
            self.pset(x0, y0, p)
            return
        import numpy as np

        t = np.arange(n + 1, dtype=np.int64)
        # Round half away from the start so the line is symmetric and exact in integers.
        xs = x0 + np.floor_divide(2 * t * dx + n, 2 * n)
        ys = y0 + np.floor_divide(2 * t * dy + n, 2 * n)
        ok = (xs >= 0) & (xs < self.W) & (ys >= 0) & (ys < self.H)
        self.pens[ys[ok], xs[ok]] = p

    def fill_rect(self, x: int, y: int, w: int, h: int, pen: int) -> None:
        """Filled rectangle of w x h pixels with its top-left corner at (x, y)."""
        p = _check_pen(pen)
        if w <= 0 or h <= 0:
            return
        a, b = _span(x, x + w, self.W)
        c, d = _span(y, y + h, self.H)
        self.pens[c:d, a:b] = p

    def rect(self, x: int, y: int, w: int, h: int, pen: int) -> None:
        """1-pixel outline of the rectangle fill_rect(x, y, w, h) would fill."""
        _check_pen(pen)
        if w <= 0 or h <= 0:
            return
        self.hline(x, x + w - 1, y, pen)
        self.hline(x, x + w - 1, y + h - 1, pen)
        self.vline(x, y, y + h - 1, pen)
        self.vline(x + w - 1, y, y + h - 1, pen)

    def sprite(self, img: npt.ArrayLike, x: int, y: int, transparent: int | None = None) -> None:
        """Draw a (h, w) array of pens 0..3 with its top-left at (x, y); skip pen ``transparent``."""
        import numpy as np

        arr = np.asarray(img)
        if arr.ndim != 2:
            raise ValueError(f"a sprite is a 2-D array of pens, got shape {arr.shape}")
        if arr.size and (arr.min() < 0 or arr.max() > 3):
            raise ValueError(f"sprite pens must be 0..3, got {int(arr.min())}..{int(arr.max())}")
        if transparent is not None:
            _check_pen(transparent)
        h, w = arr.shape
        a, b = _span(x, x + w, self.W)
        c, d = _span(y, y + h, self.H)
        if a >= b or c >= d:
            return
        src = arr[c - y:d - y, a - x:b - x].astype(np.uint8, copy=False)
        dst = self.pens[c:d, a:b]
        if transparent is None:
            dst[:] = src
        else:
            mask = src != transparent
            dst[mask] = src[mask]

    def text(self, col: int, row: int, s: str, pen: int = 1, paper: int | None = 0,
             inverse: bool = False) -> None:
        """Write ``s`` on the 40x25 grid from cell (col, row); no wrapping, clipped at the edge.

        ``paper=None`` leaves the background pixels as they are.  ``inverse`` swaps the roles of
        pen and paper (the glyph is drawn in ``paper``, its background in ``pen``).
        """
        self.text_px(col * 8, row * 8, s, pen, paper, inverse)

    def text_px(self, x: int, y: int, s: str, pen: int = 1, paper: int | None = 0,
                inverse: bool = False) -> None:
        """Write ``s`` with the top-left of its first cell at pixel (x, y)."""
        import numpy as np

        fg: int | None = _check_pen(pen)  # None once inverse makes the paper transparent
        bg = None if paper is None else _check_pen(paper)
        codes = self.font.encode(s)
        n = len(codes)
        if n == 0:
            return
        a, b = _span(x, x + 8 * n, self.W)
        c, d = _span(y, y + 8, self.H)
        if a >= b or c >= d:
            return
        # The run of glyphs as one (8, 8n) mask, cut to the visible part.
        mask = self.font.glyphs_u8[codes].transpose(1, 0, 2).reshape(8, 8 * n)[c - y:d - y, a - x:b - x]
        dst = self.pens[c:d, a:b]
        if inverse:
            fg, bg = (bg, fg) if bg is not None else (None, fg)
        if fg is not None and bg is not None:
            # pen where the glyph is set, paper elsewhere, without temporaries per glyph
            np.copyto(dst, np.where(mask, np.uint8(fg), np.uint8(bg)))
        elif fg is not None:
            dst[mask.astype(bool)] = fg
        elif bg is not None:
            dst[~mask.astype(bool)] = bg

    # -- reading back --------------------------------------------------------------------
    def read_text(self, row: int, col0: int = 0, col1: int = 40, paper: int | None = None) -> str:
        """The characters of cells col0..col1-1 of text row ``row`` (see the module doc)."""
        if not 0 <= row < self.ROWS:
            raise ValueError(f"text row must be 0..24, got {row!r}")
        col0, col1 = _span(col0, col1, self.COLS)
        return self._read_rows(row, row + 1, col0, col1, paper)[0]

    def screen_text(self, paper: int | None = None) -> list[str]:
        """The 25 text rows of the screen, 40 characters each."""
        return self._read_rows(0, self.ROWS, 0, self.COLS, paper)

    def find_text(self, needle: str) -> tuple[int, int] | None:
        """(col, row) of the first grid-aligned occurrence of ``needle``, or None."""
        for r, line in enumerate(self.screen_text()):
            c = line.find(needle)
            if c >= 0:
                return c, r
        return None

    def _read_rows(self, r0: int, r1: int, col0: int, col1: int, paper: int | None) -> list[str]:
        import numpy as np

        nr, nc = r1 - r0, col1 - col0
        if nc <= 0:
            return [""] * nr
        band = self.pens[r0 * 8:r1 * 8]
        cells = band[:, col0 * 8:col1 * 8].reshape(nr, 8, nc, 8).transpose(0, 2, 1, 3).reshape(nr, nc, 64)
        lo = cells.min(axis=2)
        hi = cells.max(axis=2)
        is_hi = cells == hi[..., None]
        two = (is_hi | (cells == lo[..., None])).all(axis=2)
        key_hi = np.packbits(is_hi, axis=2).view(">u8")[..., 0].astype(np.uint64)
        n_hi = is_hi.sum(axis=2)
        if paper is None:
            flat = band.reshape(nr, -1).astype(np.intp) + 4 * np.arange(nr)[:, None]
            papers = np.bincount(flat.ravel(), minlength=4 * nr).reshape(nr, 4).argmax(axis=1)
        else:
            papers = np.full(nr, _check_pen(paper))
        uniform = lo == hi
        # Which pen is the background: the row's paper if the cell has it, else the pen
        # covering more of the cell.  The other polarity is tried if the first is no glyph.
        bg_is_lo = (lo == papers[:, None]) | ((hi != papers[:, None]) & (n_hi <= 32))
        k_first = np.where(bg_is_lo, key_hi, ~key_hi)
        c_first = self._lookup(k_first)
        c_second = self._lookup(~k_first)
        code = np.where(c_first >= 0, c_first, c_second)
        bg = np.where((c_first >= 0) == bg_is_lo, lo, hi)
        code[~two & ~uniform] = -1
        space_code = self.font.key_to_code.get(0, 0x20)
        block_code = self.font.key_to_code.get(_ALL, -1)
        code[uniform] = np.where(lo[uniform] == np.broadcast_to(papers[:, None], lo.shape)[uniform],
                                 space_code, block_code)
        # A uniform cell in another pen than the paper is a space if the nearest glyph on either
        # side of its run uses that pen as background (inverse text keeps its spaces), else a
        # block (the cursor).
        odd = np.argwhere(uniform & (lo != papers[:, None]))
        if len(odd):
            glyph = ~uniform & (code >= 0)
            for r, c in odd.tolist():
                if self._run_background(lo[r], uniform[r], glyph[r], bg[r], c):
                    code[r, c] = space_code
        return ["".join(row) for row in _char_table(self.font)[code].tolist()]

    def _lookup(self, keys: np.ndarray) -> np.ndarray:
        """Font code of each 64-bit glyph key, -1 where no glyph has it."""
        import numpy as np

        sk, sc = self.font.sorted_keys, self.font.sorted_codes
        idx = np.minimum(np.searchsorted(sk, keys), len(sk) - 1)
        return np.where(sk[idx] == keys, sc[idx], -1)

    @staticmethod
    def _run_background(pens: np.ndarray, uniform: np.ndarray, glyph: np.ndarray, bg: np.ndarray,
                        c: int) -> bool:
        v = pens[c]
        n = len(pens)
        for step in (-1, 1):
            k = c + step
            while 0 <= k < n:
                if not uniform[k]:
                    if glyph[k] and bg[k] == v:
                        return True
                    break
                if pens[k] != v:
                    break
                k += step
        return False

    # -- output --------------------------------------------------------------------------
    def to_rgb(self) -> np.ndarray:
        """The bordered 384x272 picture at 1x as a (272, 384, 3) uint8 RGB array."""
        import numpy as np

        table = self.palette.rgb
        out = np.empty((self.BH, self.BW, 3), dtype=np.uint8)
        out[:] = table[self.border][:, None, :]
        paper = table[self.inks[np.arange(self.H)[:, None], self.pens]]
        out[self.PAPER_Y:self.PAPER_Y + self.H, self.PAPER_X:self.PAPER_X + self.W] = paper
        return out

    def rgb_bytes(self) -> bytes:
        """The bordered picture as :meth:`to_rgb`'s bytes (row by row, R G B), made without
        numpy while the picture is plain."""
        if self._plain is None:
            return self.to_rgb().tobytes()
        pen, inks, border = self._plain
        rgb = self.palette.colours
        edge, paper = bytes(rgb[border].rgb), bytes(rgb[inks[pen]].rgb)
        side = edge * self.PAPER_X
        band = edge * self.BW * self.PAPER_Y
        line = side + paper * self.W + edge * (self.BW - self.W - self.PAPER_X)
        return band + line * self.H + edge * self.BW * (self.BH - self.PAPER_Y - self.H)

    def same_picture(self, other: FrameBuffer) -> bool:
        """Do the two hold the same pens, inks and border?"""
        if self._plain is not None and other._plain is not None:
            return self._plain == other._plain
        import numpy as np

        return (np.array_equal(self.pens, other.pens) and np.array_equal(self.inks, other.inks)
                and np.array_equal(self.border, other.border))

    def copy_from(self, other: FrameBuffer) -> None:
        """Make this picture the same as ``other`` (into the arrays it has, if both have them)."""
        if other._plain is not None:
            self._plain, self._arrays = other._plain, None
            return
        import numpy as np

        mine = self._arrays or self._make_arrays()
        for into, theirs in zip(mine, (other.pens, other.inks, other.border)):
            np.copyto(into, theirs)

    def copy(self) -> FrameBuffer:
        """An independent copy (same font and palette)."""
        other = FrameBuffer.__new__(FrameBuffer)
        other.font, other.palette, other._plain = self.font, self.palette, self._plain
        other._arrays = None
        if self._arrays is not None:
            pens, inks, border = self._arrays
            other._arrays = (pens.copy(), inks.copy(), border.copy())
        return other


def make_arrays() -> tuple[np.ndarray, np.ndarray]:
    """Import numpy and make the font's and the palette's arrays, which the first picture that
    is not plain needs; returns them (the font's glyphs as pens, the palette's RGB table), made
    once and kept by their owners.  A window does it after showing its first picture, before its
    clock starts, so that no tick of the game waits for them."""
    return default_font().glyphs_u8, default_palette().rgb


@lru_cache(maxsize=4)
def _char_table(font: Font) -> np.ndarray:
    """Code -> character for read_text; index -1 (the last) is UNKNOWN."""
    import numpy as np

    return np.array(list(font.code_to_char) + [UNKNOWN], dtype="<U1")


@lru_cache(maxsize=32)
def _big_glyphs(s: str, scale: int, pen: int) -> tuple[np.ndarray, int]:
    import numpy as np

    scratch = FrameBuffer()
    scratch.text_px(0, 0, s, pen=1, paper=0)
    glyphs = scratch.pens[0:8, 0:8 * len(s)] == 1
    clear = 0 if pen != 0 else 1  # a pen that is not ``pen`` marks the see-through pixels
    img = np.where(glyphs, pen, clear).astype(np.uint8)
    return np.kron(img, np.ones((scale, scale), dtype=np.uint8)), clear


def big_text(fb: FrameBuffer, s: str, x: int, y: int, scale: int, pen: int) -> None:
    """Text ``s`` drawn ``scale`` times larger, in ``pen``, over what is there."""
    img, clear = _big_glyphs(s, scale, pen)
    fb.sprite(img, x, y, transparent=clear)
