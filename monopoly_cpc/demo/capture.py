"""Pictures out of the framebuffer: colour-index frames, GIF writing and the 10-second ring.

A frame is kept as CPC colour numbers (0..26), not RGB: the bordered 384x272 picture is built
from the pens, the inks of each scanline and the border, and a GIF gets the 27 CPC colours as
its palette, so nothing is dithered or quantised.

While playing, F11 (or Alt+3, as in Pyxel) saves a GIF of the last 10 seconds: the window's
session keeps the last :data:`RING_TICKS` pictures packed (four pens per byte, 17 KB each,
8.5 MB in all) and composes them only when the key is pressed, in a background thread.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
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

    return np.asarray(default_palette().rgb, dtype=np.uint8)


def scale_up(frame: np.ndarray, scale: int) -> np.ndarray:
    """Integer scaling by pixel repetition (no smoothing)."""
    if scale == 1:
        return frame
    return np.repeat(np.repeat(frame, scale, axis=0), scale, axis=1)


def write_gif(frames: list[np.ndarray], path: Path, scale: int = 1) -> Path:
    """Index frames -> animated GIF at 50 fps, looping, CPC palette.

    Pillow folds a frame identical to the one before into it (adding the delays), so the file
    may hold fewer frames than ``frames`` but always plays ``len(frames) * 20 ms``.
    """
    from PIL import Image

    pal = palette_rgb()
    flat = pal.reshape(-1).tolist() + [0] * (768 - pal.size)
    images = []
    for f in frames:
        im = Image.fromarray(scale_up(f, scale), mode="P")
        im.putpalette(flat)
        images.append(im)
    if not images:
        raise ValueError("no frame to write")
    from monopoly_cpc.safefile import writing

    path = Path(path)
    with writing(path, "the GIF") as part:  # only a regular file (or nothing) is replaced
        images[0].save(part, format="GIF", save_all=True, append_images=images[1:],
                       duration=GIF_DELAY_MS, loop=0, optimize=False, disposal=1)
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
    """The last :data:`RING_TICKS` pictures, one per tick (the latest drawn for that tick)."""

    def __init__(self, capacity: int = RING_TICKS) -> None:
        self.capacity = capacity
        self.items: deque[tuple[int, bytes, bytes, bytes]] = deque(maxlen=capacity)
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []

    def add(self, tick: int, fb: Any) -> None:
        item = (tick, pack_pens(fb.pens), fb.inks.tobytes(), fb.border.tobytes())
        if self.items and self.items[-1][0] == tick:
            self.items[-1] = item
        else:
            self.items.append(item)

    def frames(self) -> list[np.ndarray]:
        """One index frame per tick from the oldest kept to the newest (gaps repeat a picture)."""
        items = list(self.items)
        if not items:
            return []
        first = max(items[0][0], items[-1][0] - self.capacity + 1)
        out: list[np.ndarray] = []
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
                out.append(current)
        return out

    def save(self, path: Path, scale: int = 2) -> Path:
        return write_gif(self.frames(), path, scale)

    def save_async(self, folder: Path | None = None) -> Path | None:
        """Write the GIF in a thread; returns its path (None if nothing is kept yet)."""
        if not self.items:
            return None
        snapshot = GifRing(self.capacity)
        snapshot.items = deque(self.items, maxlen=self.capacity)
        path = next_gif_path(folder)

        def work() -> None:
            try:
                snapshot.save(path)
            except Exception as exc:  # noqa: BLE001 - a full disc must not stop the game
                self.errors.append(f"{path}: {exc}")
                with contextlib.suppress(OSError):
                    if path.exists() and path.stat().st_size == 0:
                        path.unlink()        # the reserved name, never written
                from monopoly_cpc import logs

                logs.write_crash(f"GIF capture failed: {path}: {exc}")

        th = threading.Thread(target=work, name="gif-capture", daemon=True)
        th.start()
        self.threads.append(th)
        return path

    def wait(self) -> None:
        for th in self.threads:
            th.join()
        self.threads = []


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
