"""The short soak (as CI runs it) and the 10-second GIF ring of the window."""

from __future__ import annotations

import numpy as np
import pygame
from demo_helpers import session
from PIL import Image

from monopoly_cpc.cli import main
from monopoly_cpc.commands.soak import GROWTH_LIMIT, growth_trend, rss_bytes, soak
from monopoly_cpc.demo.capture import GifRing, is_gif_key, pack_pens, unpack_pens
from monopoly_cpc.render.framebuffer import FrameBuffer


def test_a_short_soak_runs_the_attract_loop_without_exception():
    r = soak(3000, seed=2, attract_after=1, kiosk=True)
    assert r["exceptions"] == 0 and r["errors"] == []
    assert r["demos"] >= 1 and r["ticks"] == 3000
    assert r["rss_end"] > 0


def test_the_memory_trend_ignores_the_first_demos_step_and_sees_a_steady_climb():
    step_then_flat = [(t, 38 << 20 if t < 5 else 50 << 20) for t in range(200)]
    assert growth_trend(step_then_flat) == 0.0     # the step the first demo makes
    climb = [(t, (50 << 20) + t * 40_000) for t in range(200)]
    assert 0.13 < growth_trend(climb) < 0.15       # 8 MB over about 54 MB
    assert growth_trend(climb[:2]) == 0.0           # too few samples to judge


def test_a_healthy_soak_passes_and_a_real_leak_fails(monkeypatch):
    """docs/kiosk.md: the soak judges the trend once the first demo has begun: the memory the
    first demo fills is no growth; memory that grows every tick is."""
    healthy = soak(12000, seed=2, attract_after=1)
    assert healthy["demos"] >= 1 and healthy["samples"] >= 3
    assert healthy["growth"] < GROWTH_LIMIT, healthy
    from monopoly_cpc.demo.attract import AttractScreen

    leaked: list[bytes] = []
    per_tick = rss_bytes() // 4000           # half the process's memory again over the run
    tick = AttractScreen.tick
    monkeypatch.setattr(AttractScreen, "tick",
                        lambda self: (leaked.append(b"x" * per_tick), tick(self))[1])
    leaking = soak(4000, seed=2, attract_after=1)
    assert leaking["growth"] > GROWTH_LIMIT, {k: v for k, v in leaking.items() if k != "errors"}


def test_soak_command_reports(capsys):
    assert main(["soak", "--ticks", "400"]) == 0
    out = capsys.readouterr().out
    assert "ticks/s" in out and "memory (RSS)" in out and "exceptions: 0" in out and "PASS" in out


def test_rss_is_read():
    assert rss_bytes() > 1_000_000


def test_pens_pack_four_per_byte():
    rng = np.random.default_rng(1)
    pens = rng.integers(0, 4, (200, 320), dtype=np.uint8)
    packed = pack_pens(pens)
    assert len(packed) == 16000
    assert np.array_equal(unpack_pens(packed), pens)


def test_the_ring_keeps_the_last_ten_seconds_one_picture_per_tick(tmp_path):
    ring = GifRing()
    fb = FrameBuffer()
    for t in range(0, 700, 2):  # drawn every other tick: the gaps repeat the picture
        fb.clear(t // 2 % 4)
        ring.add(t, fb)
    frames = ring.frames()
    assert len(frames) == 500
    # ticks 199..698: tick 199 repeats tick 198's picture (pen 3 = ink 6), tick 200 is pen 0 (ink 1)
    assert frames[0][50, 50] == 6 and frames[1][50, 50] == 1 and frames[2][50, 50] == 1
    assert frames[3][50, 50] == 24
    path = ring.save(tmp_path / "last.gif", scale=1)
    im = Image.open(path)
    total = 0
    for i in range(im.n_frames):
        im.seek(i)
        total += im.info["duration"]
    assert total == 500 * 20 and im.size == (384, 272)


def test_the_window_session_keeps_pictures_and_saves_a_gif_on_f11():
    s = session()
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, scancode=68, unicode="")
    assert not s.host_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, scancode=4, unicode="a"))
    for _ in range(30):
        s.step()
        s.render()
    assert len(s.ring.items) == 30
    assert s.host_event(f11)
    s.close()  # waits for the writer thread
    assert s.ring.errors == []
    from monopoly_cpc.app import screenshot_dir

    made = sorted(screenshot_dir().glob("monopoly-cpc-*.gif"))
    assert len(made) == 1
    im = Image.open(made[-1])
    assert im.size == (768, 544)


def test_gif_keys():
    def ev(key, mod=0, scancode=0):
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=scancode, unicode="")

    assert is_gif_key(ev(pygame.K_F11))
    assert is_gif_key(ev(pygame.K_QUOTEDBL, pygame.KMOD_LALT, pygame.KSCAN_3))  # Alt+3 on AZERTY
    assert not is_gif_key(ev(pygame.K_3, 0, pygame.KSCAN_3))
    assert not is_gif_key(ev(pygame.K_F12))


def test_two_quick_f11_presses_write_one_gif_then_the_next_gets_its_own_name(tmp_path):
    """One GIF at a time: a press while one is written is refused (a second full copy of the
    frames is what made ten presses cost gigabytes); the next press after it gets a new name."""
    from monopoly_cpc.demo.capture import GifRing
    from monopoly_cpc.render.framebuffer import FrameBuffer

    ring = GifRing(50)
    fb = FrameBuffer()
    for tick in range(20):
        fb.pset(tick, 0, 1)
        ring.add(tick, fb)
    first = ring.save_async(tmp_path / "pics")
    assert ring.save_async(tmp_path / "pics") is None
    ring.wait()
    second = ring.save_async(tmp_path / "pics")
    ring.wait()
    assert first != second and first.stat().st_size > 0 and second.stat().st_size > 0
    assert not ring.errors
