"""Videos at YouTube's sizes whose colours stay sharp in ordinary players (``record --fit``).

``--fit 1080p`` / ``--fit 2160p``: the picture at the largest integer scale that fits (3x in
1920x1080, 7x in 3840x2160), centred on black, in a frame of exactly that size.

Browsers and most players only read 4:2:0 video (one colour sample for each 2x2 pixels) and
spread those samples over the pixels bilinearly.  Averaged naively, a red letter's colour
sample also tints its blue neighbours and the other way round (an error of up to 216 of 255).
The frames are therefore converted here, not by ffmpeg, for the decoder players use:

* the picture is placed at even coordinates, so the colour samples' grid starts with it;
* each colour sample is chosen so that, spread bilinearly, the colours come closest to the
  frame's (a few rounds of correcting the samples by what the spread gets wrong);
* each pixel's brightness is then chosen for the colour the player will show there, so that
  no channel is off by more than it must be (the largest and smallest errors balanced);
* samples may leave the nominal ranges (Y 16-235, colour 16-240) for the rest of the 8-bit
  codes, which players convert and clip like any other.

Only the part of the picture that changed since the previous frame is converted again (with
a margin wider than the corrections reach), so a 4K export costs little more than its encoding.
"""

from __future__ import annotations

import numpy as np

FITS = {"1080p": (1920, 1080), "2160p": (3840, 2160)}
CPC_W, CPC_H = 384, 272
KR, KB = 0.2126, 0.0722          # BT.709
KG = 1.0 - KR - KB
ROUNDS = 4                       # corrections of the colour samples
PAD = 4                          # CPC pixels of black computed around the picture (even)
# The codes a sample may take: the whole 8-bit range but 0 and 255 (reserved in some
# transports), not only the nominal 16-235/240: at an edge between a saturated red and blue,
# the sample that must tint one and not the other needs more than the nominal range (measured:
# 0.86 % of the pixels off by more than 40 with the nominal range, p99 38; 0.77 %, p99 27 here).
LOW, HIGH = 1, 254
REACH = 2 * (ROUNDS + 2)         # pixels a change reaches through the corrections and the spread


def geometry(fit: str) -> tuple[int, int, int, int, int]:
    """``(width, height, scale, x, y)``: the frame, the scale and the picture's top left
    corner (even, so that the 2x2 colour samples start with the picture)."""
    w, h = FITS[fit]
    scale = min(w // CPC_W, h // CPC_H)
    x = (w - CPC_W * scale) // 2 & ~1
    y = (h - CPC_H * scale) // 2 & ~1
    return w, h, scale, x, y


def rgb_to_yuv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """BT.709 TV range Y, Cb, Cr (floats) of RGB 0..255."""
    r, g, b = (rgb[..., i] / 255.0 for i in range(3))
    y = KR * r + KG * g + KB * b
    return 16 + 219 * y, 128 + 224 * (b - y) / (2 * (1 - KB)), 128 + 224 * (r - y) / (2 * (1 - KR))


def yuv_to_rgb(y: np.ndarray, cb: np.ndarray, cr: np.ndarray) -> np.ndarray:
    """RGB (floats, not clipped) of BT.709 TV range Y, Cb, Cr, as a player converts them."""
    luma = (y - 16) / 219
    r = luma + 2 * (1 - KR) * (cr - 128) / 224
    b = luma + 2 * (1 - KB) * (cb - 128) / 224
    g = (luma - KR * r - KB * b) / KG
    return np.stack([r, g, b], -1) * 255


def downsample(plane: np.ndarray) -> np.ndarray:
    """The mean of each 2x2 block."""
    h, w = plane.shape
    return plane.reshape(h // 2, 2, w // 2, 2).mean(axis=(1, 3))


def _double(a: np.ndarray, axis: int) -> np.ndarray:
    n = a.shape[axis]
    padded = np.concatenate([a.take([0], axis), a, a.take([n - 1], axis)], axis)
    before, own, after = (padded.take(range(i, i + n), axis) for i in range(3))
    out = np.stack([0.75 * own + 0.25 * before, 0.75 * own + 0.25 * after], axis + 1)
    shape = list(a.shape)
    shape[axis] *= 2
    return out.reshape(shape)


def upsample(plane: np.ndarray) -> np.ndarray:
    """A 4:2:0 colour plane spread over twice its size bilinearly, each sample at the centre
    of its 2x2 pixels (as a graphics card filters a half-size texture; the edges repeated)."""
    return _double(_double(plane, 0), 1)


def convert(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The Y, Cb, Cr planes (uint8, 4:2:0) of an RGB picture of even size, for a player that
    spreads the colour bilinearly (see the module's notes)."""
    y, cb_full, cr_full = rgb_to_yuv(rgb)
    cb, cr = downsample(cb_full), downsample(cr_full)
    for _ in range(ROUNDS):
        cb = np.clip(cb + downsample(cb_full - upsample(cb)), LOW, HIGH)
        cr = np.clip(cr + downsample(cr_full - upsample(cr)), LOW, HIGH)
    cb, cr = np.rint(cb), np.rint(cr)
    # RGB is linear in Y: the error of each channel at Y = 16 is shifted by the same amount by
    # a brighter Y; the middle of the largest and smallest error is the best Y for the channel
    # that is off most
    off = rgb - yuv_to_rgb(np.full(y.shape, 16.0), upsample(cb), upsample(cr))
    y = 16 + (off.max(-1) + off.min(-1)) / 2 * 219 / 255
    as_u8 = (lambda a: np.clip(np.rint(a), 0, 255).astype(np.uint8))
    return as_u8(np.clip(y, LOW, HIGH)), as_u8(cb), as_u8(cr)


class FitFrames:
    """CPC colour-number frames (272x384) to raw yuv420p frames of a ``fit`` size."""

    def __init__(self, fit: str, palette: np.ndarray) -> None:
        self.w, self.h, self.scale, x, y = geometry(fit)
        self.palette = palette.astype(np.float32)
        s = self.scale
        self.origin = (y - PAD * s, x - PAD * s)   # luma position of the padded canvas
        if min(self.origin) < 0 or (PAD * s) % 2:
            raise ValueError(f"no room for the padding at {fit}")
        self.canvas = np.zeros((CPC_H + 2 * PAD, CPC_W + 2 * PAD), np.uint8)   # colour 0: black
        self.y = np.full((self.h, self.w), 16, np.uint8)
        self.cb = np.full((self.h // 2, self.w // 2), 128, np.uint8)
        self.cr = np.full((self.h // 2, self.w // 2), 128, np.uint8)
        self.prev: np.ndarray | None = None
        self.data = b""
        self.margin = max(2, -(-REACH // s) + 1 & ~1)   # CPC pixels, even, at least REACH pixels

    def frame(self, index: np.ndarray) -> bytes:
        """The yuv420p bytes of the frame showing ``index`` (colour numbers, 272x384)."""
        if self.prev is not None and np.array_equal(index, self.prev):
            return self.data
        n_rows, n_cols = self.canvas.shape
        if self.prev is None:
            r0, r1, c0, c1 = 0, n_rows, 0, n_cols
            out = (0, n_rows, 0, n_cols)
        else:
            rows = np.flatnonzero((index != self.prev).any(axis=1))
            cols = np.flatnonzero((index != self.prev).any(axis=0))
            m = self.margin
            out = (max(0, rows[0] + PAD - m) & ~1, min(n_rows, rows[-1] + PAD + 2 + m) & ~1,
                   max(0, cols[0] + PAD - m) & ~1, min(n_cols, cols[-1] + PAD + 2 + m) & ~1)
            r0, r1 = max(0, out[0] - m), min(n_rows, out[1] + m)
            c0, c1 = max(0, out[2] - m), min(n_cols, out[3] + m)
        self.canvas[PAD:PAD + CPC_H, PAD:PAD + CPC_W] = index
        s = self.scale
        patch = self.canvas[r0:r1, c0:c1]
        rgb = self.palette[patch].repeat(s, 0).repeat(s, 1)
        y, cb, cr = convert(rgb)
        # keep the part of the patch whose neighbourhood was all converted (its rows and
        # columns counted in CPC pixels from the patch's corner; all even, so whole samples)
        a, b, c, d = ((v - base) * s for v, base in zip(out, (r0, r0, c0, c0), strict=True))
        ly, lx = self.origin[0] + out[0] * s, self.origin[1] + out[2] * s
        self.y[ly:ly + b - a, lx:lx + d - c] = y[a:b, c:d]
        self.cb[ly // 2:(ly + b - a) // 2, lx // 2:(lx + d - c) // 2] = cb[a // 2:b // 2, c // 2:d // 2]
        self.cr[ly // 2:(ly + b - a) // 2, lx // 2:(lx + d - c) // 2] = cr[a // 2:b // 2, c // 2:d // 2]
        self.prev = index.copy()
        self.data = self.y.tobytes() + self.cb.tobytes() + self.cr.tobytes()
        return self.data
