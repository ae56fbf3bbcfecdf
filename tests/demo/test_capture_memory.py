"""GIFs are written frame by frame: exact pixels, bounded memory (F11's ring and `record`)."""

from __future__ import annotations

import gc
import threading
import time
import tracemalloc

import numpy as np
import pygame
import pytest
from demo_helpers import session
from PIL import Image

from monopoly_cpc.demo.capture import GifRing, GifWriter, palette_rgb, write_gif
from monopoly_cpc.render.framebuffer import FrameBuffer

MiB = 1 << 20


def _frames(n: int, seed: int = 1) -> list[np.ndarray]:
    """Pictures with small changes, repeats and a full change, as a game gives them."""
    rng = np.random.default_rng(seed)
    cur = rng.integers(0, 27, (272, 384), dtype=np.uint8)
    out = []
    for i in range(n):
        if i % 3 == 1:
            pass                                   # the same picture again
        elif i % 7 == 0:
            cur = rng.integers(0, 27, (272, 384), dtype=np.uint8)
        else:
            y, x = rng.integers(0, 250), rng.integers(0, 360)
            cur = cur.copy()
            cur[y:y + 20, x:x + 24] = rng.integers(0, 27)
        out.append(cur)
    return out


@pytest.mark.parametrize("scale", [1, 2])
def test_the_streamed_gif_shows_every_tick_exactly_and_lasts_two_cs_a_tick(tmp_path, scale):
    frames = _frames(40)
    path = write_gif(iter(frames), tmp_path / "a.gif", scale)
    pal = palette_rgb()
    im = Image.open(path)
    shown, total = [], 0
    for i in range(im.n_frames):
        im.seek(i)
        rgb = np.asarray(im.convert("RGB"))
        shown += [rgb] * (im.info["duration"] // 20)
        total += im.info["duration"]
    assert total == 40 * 20 and im.n_frames < 40          # repeats folded
    for f, got in zip(frames, shown, strict=True):
        want = pal[f].repeat(scale, 0).repeat(scale, 1)
        assert np.array_equal(got, want)


def test_an_empty_gif_is_refused(tmp_path):
    with pytest.raises(ValueError):
        GifWriter(tmp_path / "x.gif").close()


def _peak_during(fn) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        fn()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_writing_a_long_gif_keeps_memory_flat(tmp_path):
    base = _frames(50)

    def many(n):
        return (base[i % 50] for i in range(n))

    short = _peak_during(lambda: write_gif(many(100), tmp_path / "s.gif", 2))
    long = _peak_during(lambda: write_gif(many(1500), tmp_path / "l.gif", 2))
    assert long < short + 2 * MiB and long < 20 * MiB


def _full_ring() -> GifRing:
    ring = GifRing()
    fb = FrameBuffer()
    rng = np.random.default_rng(2)
    for t in range(500):
        fb.pens[:] = rng.integers(0, 4, fb.pens.shape, dtype=np.uint8) if t % 25 == 0 else fb.pens
        fb.pens[t % 200, :] = t % 4
        ring.add(t, fb)
    return ring


def test_one_f11_press_stays_under_40_mib_and_gives_it_back(tmp_path):
    ring = _full_ring()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        path = ring.save_async(tmp_path)
        assert path is not None
        ring.wait()
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ring.errors == [] and Image.open(path).n_frames > 1
    assert peak - before < 40 * MiB
    assert current - before < 3 * MiB                 # the memory goes back once written


def test_ten_presses_in_a_second_write_one_gif_and_stay_under_80_mib(tmp_path):
    ring = _full_ring()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        paths = []
        for _ in range(10):
            paths.append(ring.save_async(tmp_path))
            time.sleep(0.1)
        ring.wait()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    written = [p for p in paths if p is not None]
    assert 1 <= len(written) < 10 and ring.busy() is False
    assert sorted(tmp_path.glob("*.gif")) == sorted(written)  # no empty reserved names left
    assert peak - before < 80 * MiB


def _a_key():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, scancode=4, unicode="a")


def _f11():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, scancode=68, unicode="")


def test_a_second_press_while_a_gif_is_written_is_refused_in_one_line(tmp_path, monkeypatch):
    s = session()
    monkeypatch.setattr("monopoly_cpc.app.screenshot_dir", lambda: tmp_path)
    release = threading.Event()
    real = GifRing.save

    def slow_save(self, path, scale=2, items=None):
        release.wait(10)
        return real(self, path, scale, items)

    monkeypatch.setattr(GifRing, "save", slow_save)
    s.host_event(_a_key())
    for _ in range(5):
        s.step()
        s.render()
    assert s.host_event(_f11())
    assert s.host_event(_f11())
    release.set()
    s.close()
    msgs = s.host_messages
    assert len(msgs) == 3 and msgs[0].endswith("monopoly-cpc-0001.gif ...") and "attend" in msgs[1]
    assert msgs[2].endswith("monopoly-cpc-0001.gif")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["monopoly-cpc-0001.gif"]


def test_f11_without_a_pictures_folder_is_a_line_not_the_end(monkeypatch):
    from monopoly_cpc.errors import UserError

    def no_folder():
        raise UserError("no folder to save screenshots in")

    monkeypatch.setattr("monopoly_cpc.app.screenshot_dir", no_folder)
    s = session()
    s.host_event(_a_key())      # the window's first event: the ring starts
    s.step()
    s.render()
    assert s.host_event(_f11())
    s.close()
    assert s.host_messages and "no folder" in s.host_messages[-1]


def test_kiosk_captures_are_off_unless_the_operator_turns_them_on(tmp_path, monkeypatch):
    from monopoly_cpc.settings import Settings

    monkeypatch.setattr("monopoly_cpc.app.screenshot_dir", lambda: tmp_path)
    f12 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, scancode=69, unicode="")
    off = session(kiosk=True)
    off.host_event(_a_key())
    off.step()
    off.render()
    assert off.host_event(_f11()) and off.host_event(f12)   # taken, and nothing done
    off.close()
    assert list(tmp_path.iterdir()) == [] and off.host_messages == []
    on = session(kiosk=True, settings=Settings(kiosk_captures=True))
    on.host_event(_a_key())
    on.step()
    on.render()
    assert on.host_event(_f11()) and not on.host_event(f12)  # F12 left to the window
    on.close()
    # a visitor is shown the file's name, not the operator's home folder
    assert on.host_messages[-1] == "GIF : monopoly-cpc-0001.gif"


def test_a_picture_kept_is_not_packed_again():
    ring, fb = GifRing(), FrameBuffer()
    ring.add(1, fb, same=True)          # nothing added before: packed
    fb.text(0, 0, "A")
    ring.add(2, fb)
    ring.add(3, fb, same=True)          # the session kept its picture: the bytes of tick 2 again
    assert [t for t, *_ in ring.items] == [1, 2, 3]
    assert ring.items[2][1] is ring.items[1][1] and ring.items[1][1] != ring.items[0][1]
