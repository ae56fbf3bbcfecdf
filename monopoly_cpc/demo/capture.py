"""Pictures out of the framebuffer: colour-index frames, GIF writing and the 10-second ring.

A frame is kept as CPC colour numbers (0..26), not RGB: the bordered 384x272 picture is built
from the pens, the inks of each scanline and the border, and a GIF gets the 27 CPC colours as
its palette, so nothing is dithered or quantised.

While playing, F11 (or Alt+3, as in Pyxel) saves a GIF of the last 10 seconds: the window's
session keeps the last :data:`RING_TICKS` pictures packed (four pens per byte, 17 KB each,
8.5 MB in all) and composes them only when the key is pressed, one at a time as a background
thread streams them to the file (:class:`GifWriter`: memory does not grow with the length).
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

RING_TICKS = 500          # 10 seconds at 50 Hz
GIF_DELAY_MS = 20         # 2 centiseconds: 50 frames per second


def index_frame(pens: np.ndarray, inks: np.ndarray, border: np.ndarray) -> np.ndarray:
    """The bordered picture (272, 384) as firmware colour numbers."""
    from monopoly_cpc.render.framebuffer import FrameBuffer

    out = np.empty((FrameBuffer.BH, FrameBuffer.BW), dtype=np.uint8)
    out[:] = border[:, None]
    paper = inks[np.arange(FrameBuffer.H)[:, None], pens]
    y, x = FrameBuffer.PAPER_Y, FrameBuffer.PAPER_X
    out[y:y + FrameBuffer.H, x:x + FrameBuffer.W] = paper
    return out


def fb_index(fb: Any) -> np.ndarray:
    """:func:`index_frame` of a FrameBuffer."""
    return index_frame(fb.pens, fb.inks, fb.border)


def palette_rgb() -> np.ndarray:
    """(27, 3) uint8: the RGB of each firmware colour."""
    from monopoly_cpc.render.palette import palette as default_palette

    pal = np.asarray(default_palette().rgb, dtype=np.uint8)
    if not _PALETTE_FLAT:
        _PALETTE_FLAT.extend(pal.reshape(-1).tolist() + [0] * (768 - pal.size))
    return pal


def scale_up(frame: np.ndarray, scale: int) -> np.ndarray:
    """Integer scaling by pixel repetition (no smoothing)."""
    if scale == 1:
        return frame
    return np.repeat(np.repeat(frame, scale, axis=0), scale, axis=1)


class GifWriter:
    """An animated GIF written frame by frame, so that memory does not grow with its length.

    Each frame is compared with the one before: an identical frame only lengthens the delay of
    the one shown (as Pillow folds them), another is stored as the rectangle that changed, drawn
    over the previous picture (disposal 1, "leave in place").  Only the previous picture and
    the frame waiting for its delay are kept.  The palette is the CPC's 27 colours (a 32-entry
    global table): the frames' colour numbers are the GIF's indices, nothing is quantised.
    """

    def __init__(self, path: Path, scale: int = 1) -> None:
        self.path = Path(path)
        self.scale = scale
        self.out: Any = None
        self.prev: np.ndarray | None = None
        self.pending: bytes | None = None      # the last frame's image block, awaiting its delay
        self.delay_cs = 0
        self.frames = 0                       # ticks written (each 2 cs)
        self.blocks = 0                       # images stored in the file

    def add(self, frame: np.ndarray) -> None:
        if self.out is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.out = self.path.open("wb")
            self.out.write(_gif_header(frame.shape[1] * self.scale, frame.shape[0] * self.scale))
        self.frames += 1
        if self.prev is not None and np.array_equal(frame, self.prev):
            self.delay_cs += GIF_DELAY_MS // 10
            return
        if self.prev is None:
            y0, y1, x0, x1 = 0, frame.shape[0], 0, frame.shape[1]
        else:
            rows = np.flatnonzero((frame != self.prev).any(axis=1))
            cols = np.flatnonzero((frame != self.prev).any(axis=0))
            y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
        self._flush()
        s = self.scale
        self.pending = _image_block(scale_up(frame[y0:y1, x0:x1], s), x0 * s, y0 * s)
        self.delay_cs = GIF_DELAY_MS // 10
        self.prev = frame.copy()

    def _flush(self) -> None:
        if self.pending is None:
            return
        # Graphic Control Extension: disposal 1, the delay in hundredths of a second
        self.out.write(b"!\xf9\x04" + bytes([1 << 2]) + self.delay_cs.to_bytes(2, "little") + b"\x00\x00")
        self.out.write(self.pending)
        self.pending = None
        self.blocks += 1

    def close(self) -> None:
        if self.out is None:
            raise ValueError("no frame to write")
        try:
            self._flush()
            self.out.write(b";")
        finally:
            self.out.close()

    def abort(self) -> None:
        if self.out is not None:
            self.out.close()


def _gif_header(width: int, height: int) -> bytes:
    """GIF89a, the screen size, the CPC palette as a 32-colour global table, loop for ever."""
    pal = palette_rgb()
    table = pal.reshape(-1).tobytes() + bytes(3 * 32 - pal.size)
    screen = width.to_bytes(2, "little") + height.to_bytes(2, "little") + bytes([0xF4, 0, 0])
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    return b"GIF89a" + screen + table + loop


def _image_block(pixels: np.ndarray, x: int, y: int) -> bytes:
    """An image descriptor at (x, y) and the LZW data of ``pixels`` (colour numbers), encoded
    by Pillow as a one-frame GIF whose image block is taken out of it."""
    import io

    from PIL import Image

    if not _PALETTE_FLAT:
        palette_rgb()
    im = Image.fromarray(np.ascontiguousarray(pixels, dtype=np.uint8))   # mode L, then P:
    im.putpalette(_PALETTE_FLAT)                                         # the same numbers
    buf = io.BytesIO()
    im.save(buf, format="GIF", optimize=False)
    data = buf.getvalue()
    i = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    while data[i] == 0x21:             # extensions before the image: skipped
        i += 2
        while data[i]:
            i += data[i] + 1
        i += 1
    if data[i] != 0x2C:
        raise ValueError("Pillow wrote no image block")
    flags = data[i + 9]
    head = b"," + x.to_bytes(2, "little") + y.to_bytes(2, "little") + data[i + 5:i + 9] + bytes([flags & 0x40])
    j = i + 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    end = j + 1
    while data[end]:
        end += data[end] + 1
    return head + data[j:end + 1]


_PALETTE_FLAT: list[int] = []


def write_gif(frames: Iterable[np.ndarray], path: Path, scale: int = 1) -> Path:
    """Index frames -> animated GIF at 50 fps, looping, CPC palette, streamed (:class:`GifWriter`).

    Identical consecutive frames are folded into one with the sum of their delays, so the file
    may hold fewer frames than ``frames`` but always plays ``len(frames) * 20 ms``.
    """
    from monopoly_cpc.safefile import writing

    path = Path(path)
    with writing(path, "the GIF") as part:  # only a regular file (or nothing) is replaced
        writer = GifWriter(part, scale)
        try:
            for f in frames:
                writer.add(f)
            writer.close()
        except BaseException:
            writer.abort()
            raise
    return path


def is_gif_key(ev: Any) -> bool:
    """F11, or Alt+3 (the key at the place of 3, whatever the host layout types)."""
    import pygame

    if ev.type not in (pygame.KEYDOWN, pygame.KEYUP):
        return False
    if ev.key == pygame.K_F11:
        return True
    return bool(ev.mod & pygame.KMOD_ALT) and getattr(ev, "scancode", None) == pygame.KSCAN_3


def pack_pens(pens: np.ndarray) -> bytes:
    """Four 2-bit pens per byte."""
    p = pens.reshape(-1, 4).astype(np.uint8)
    return (p[:, 0] | (p[:, 1] << 2) | (p[:, 2] << 4) | (p[:, 3] << 6)).tobytes()


def unpack_pens(data: bytes, shape: tuple[int, int] = (200, 320)) -> np.ndarray:
    b = np.frombuffer(data, dtype=np.uint8)
    out = np.empty((b.size, 4), dtype=np.uint8)
    for i in range(4):
        out[:, i] = (b >> (2 * i)) & 3
    return out.reshape(shape)


class GifRing:
    """The last :data:`RING_TICKS` pictures, one per tick (the latest drawn for that tick), as
    the framebuffer has them: pens packed four to a byte, the inks of each line, the border.

    F11 writes them to a GIF in a background thread, one GIF at a time: the frames are
    composed one by one as the encoder takes them (:class:`GifWriter`), so a press costs a
    few megabytes whatever the length, and they go back when the file is written.
    """

    def __init__(self, capacity: int = RING_TICKS) -> None:
        self.capacity = capacity
        self.items: deque[tuple[int, bytes, bytes, bytes]] = deque(maxlen=capacity)
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []
        self.writing: Path | None = None    # the GIF being written now

    def add(self, tick: int, fb: Any, same: bool = False) -> None:
        """Keep ``fb`` as the picture of ``tick``; ``same``: it is the picture added last
        (not drawn again since), whose packed bytes are kept once more instead of packed anew."""
        if same and self.items:
            _, pens, inks, border = self.items[-1]
            item = (tick, pens, inks, border)
        else:
            item = (tick, pack_pens(fb.pens), fb.inks.tobytes(), fb.border.tobytes())
        if self.items and self.items[-1][0] == tick:
            self.items[-1] = item
        else:
            self.items.append(item)

    def iter_frames(self, items: list[tuple[int, bytes, bytes, bytes]] | None = None) -> Iterator[np.ndarray]:
        """One index frame per tick from the oldest kept to the newest (gaps repeat a picture),
        composed one at a time."""
        items = list(self.items) if items is None else items
        if not items:
            return
        first = max(items[0][0], items[-1][0] - self.capacity + 1)
        j = 0
        current = None
        for t in range(first, items[-1][0] + 1):
            while j < len(items) and items[j][0] <= t:
                _tick, pens, inks, border = items[j]
                current = index_frame(unpack_pens(pens),
                                      np.frombuffer(inks, dtype=np.uint8).reshape(200, 4),
                                      np.frombuffer(border, dtype=np.uint8))
                j += 1
            if current is not None:
                yield current

    def frames(self) -> list[np.ndarray]:
        return list(self.iter_frames())

    def save(self, path: Path, scale: int = 2, items: list | None = None) -> Path:
        return write_gif(self.iter_frames(items), path, scale)

    def busy(self) -> bool:
        return self.writing is not None

    def save_async(self, folder: Path | None = None,
                   done: Callable[[Path, str | None], None] | None = None) -> Path | None:
        """Write the GIF in a thread; returns its path (None if nothing is kept yet, or if a GIF
        is still being written: one at a time).  ``done(path, problem)`` is called when the file
        is written (``problem`` None) or has failed.  A pictures folder that cannot be found
        raises :class:`UserError` (see :func:`next_gif_path`)."""
        if not self.items or self.writing is not None:
            return None
        items = list(self.items)     # the same bytes objects: a snapshot costs a few KB
        path = next_gif_path(folder)
        self.writing = path

        def work() -> None:
            problem = None
            try:
                self.save(path, items=items)
            except Exception as exc:  # noqa: BLE001 - a full disc must not stop the game
                problem = _problem(path, exc)
                self.errors.append(f"{path}: {problem}")
                with contextlib.suppress(OSError):
                    path.unlink()        # nothing half written stays
                from monopoly_cpc import logs

                logs.write_crash(f"GIF capture failed: {path}: {problem}")
            finally:
                self.writing = None
            if done is not None:
                done(path, problem)

        th = threading.Thread(target=work, name="gif-capture", daemon=True)
        self.threads = [t for t in self.threads if t.is_alive()] + [th]
        th.start()
        return path

    def wait(self) -> None:
        for th in self.threads:
            th.join()
        self.threads = []


def _problem(path: Path, exc: BaseException) -> str:
    if isinstance(exc, OSError):
        from monopoly_cpc.errors import path_problem

        return path_problem(path, exc)
    return str(exc)


def next_gif_path(folder: Path | None = None) -> Path:
    """monopoly-cpc-NNNN.gif, the first free number in the screenshot folder, reserved at once
    (created empty) so that two F11 presses in a row, whose GIFs are written by threads later,
    never get the same name."""
    if folder is None:
        from monopoly_cpc.app import screenshot_dir

        folder = screenshot_dir()
    folder = Path(folder)
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = folder / f"monopoly-cpc-{n:04d}.gif"
        try:
            path.open("xb").close()
            return path
        except FileExistsError:
            n += 1
        except OSError:
            return path          # the folder is unusable: the writer reports it

