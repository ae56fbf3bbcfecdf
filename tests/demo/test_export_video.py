"""The MP4's colours and loudness, and the GIF export's memory, whatever its length."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc

import imageio_ffmpeg
import numpy as np
import pytest
from demo_helpers import recorded_demo

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.capture import fb_index, palette_rgb
from monopoly_cpc.demo.export import apply_gain, play

TICKS = 75
FFMPEG = imageio_ffmpeg.get_ffmpeg_exe()
MiB = 1 << 20


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory):
    return recorded_demo(tmp_path_factory.mktemp("video") / "demo.json", TICKS)


@pytest.fixture(scope="module")
def pictures(demo_file):
    pal = palette_rgb()
    out: dict[int, np.ndarray] = {}
    play(R.load(demo_file), on_frame=lambda t, fb: out.__setitem__(t, pal[fb_index(fb)]))
    return out


def _decoded(path, w: int, h: int, n: int = TICKS) -> np.ndarray:
    """The video decoded back to RGB as a player reads it: with the stream's own tags."""
    raw = subprocess.run([FFMPEG, "-loglevel", "error", "-i", str(path), "-frames:v", str(n),
                          "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_the_mp4_keeps_red_and_blue_text_sharp_at_every_scale(demo_file, pictures, tmp_path, scale):
    """At scale 3 with 4:2:0 chroma, red and blue letters bled into their neighbours (an error
    of up to 244 of 255); what remains is the encoder's, under 120 and rare."""
    out = tmp_path / f"s{scale}.mp4"
    assert main(["record", str(demo_file), "--out", str(out), "--scale", str(scale), "--mute", "--quiet"]) == 0
    frames = _decoded(out, 384 * scale, 272 * scale)
    for t in (0, TICKS // 2, TICKS - 1):
        want = pictures[t].repeat(scale, 0).repeat(scale, 1).astype(int)
        err = np.abs(frames[t].astype(int) - want).max(axis=2)
        assert err.max() < 120, (scale, t, err.max())
        assert (err > 48).mean() < 0.01, (scale, t, (err > 48).mean())


def test_the_mp4_is_tagged_bt709_tv_range_and_shows_the_cpcs_colours(demo_file, pictures, tmp_path):
    out = tmp_path / "tagged.mp4"
    assert main(["record", str(demo_file), "--out", str(out), "--scale", "2", "--quiet"]) == 0
    probe = subprocess.run([FFMPEG, "-hide_banner", "-i", str(out)], capture_output=True, text=True, check=False).stderr
    video = next(line for line in probe.splitlines() if "Video:" in line)
    assert "yuv420p(tv, bt709" in video      # matrix, primaries and transfer all bt709, TV range
    # decoded with the BT.709 matrix a player takes from the tags: the CPC's inks come back
    frames = _decoded(out, 768, 544, 1)
    want = pictures[0].repeat(2, 0).repeat(2, 1).astype(int)
    assert np.abs(frames[0].astype(int) - want).mean() < 1.5


def _loudness(path) -> tuple[float, float]:
    text = subprocess.run([FFMPEG, "-hide_banner", "-i", str(path), "-af", "ebur128=peak=sample",
                           "-f", "null", "-"], capture_output=True, text=True, check=False).stderr
    summary = text[text.rindex("Summary:"):]
    lufs = float(summary.split("I:")[1].split("LUFS")[0])
    peak = float(summary.split("Peak:")[1].split("dBFS")[0])
    return lufs, peak


def test_volume_sets_the_tracks_gain_in_decibels(demo_file, tmp_path):
    quiet, loud = tmp_path / "q.mp4", tmp_path / "l.mp4"
    assert main(["record", str(demo_file), "--out", str(quiet), "--scale", "1", "--quiet", "--volume", "-6"]) == 0
    assert main(["record", str(demo_file), "--out", str(loud), "--scale", "1", "--quiet", "--volume", "0"]) == 0
    (lq, _), (ll, _) = _loudness(quiet), _loudness(loud)
    assert 5 < ll - lq < 7


def test_the_gain_never_clips():
    track = (np.sin(np.arange(4410) / 7) * 20000).astype(np.int16)
    out, used = apply_gain(track, 12)
    assert np.abs(out.astype(int)).max() <= 32767 * 10 ** (-3 / 20) + 1 and used < 12
    out, used = apply_gain(track, -6)
    assert used == -6.0 and abs(int(np.abs(out.astype(int)).max()) - 10024) < 3


@pytest.mark.parametrize("text", ["loud", "inf", "nan", "40", "-100"])
def test_a_bad_volume_is_a_usage_error(demo_file, tmp_path, text, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["record", str(demo_file), "--out", str(tmp_path / "x.mp4"), "--volume", text])
    assert exc.value.code == 2 and "--volume" in capsys.readouterr().err


def _gif_peak(demo: R.Replay, tmp_path, name: str) -> int:
    from monopoly_cpc.demo.export import export

    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        export(demo, str(tmp_path / name), scale=2)
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_a_gif_export_takes_no_more_memory_for_a_longer_replay(tmp_path):
    """Every frame was kept until the end: 1.75 GiB for a 60 s demo.  Streamed, 24 s costs what
    6 s does."""
    short = tmp_path / "short.json"
    long = tmp_path / "long.json"
    assert main(["demo", "--seconds", "6", "--headless", "--record", str(short), "--seed", "3"]) == 0
    assert main(["demo", "--seconds", "24", "--headless", "--record", str(long), "--seed", "3"]) == 0
    p_short = _gif_peak(R.load(short), tmp_path, "short.gif")
    p_long = _gif_peak(R.load(long), tmp_path, "long.gif")
    assert p_long < p_short + 8 * MiB and p_long < 100 * MiB, (p_short / MiB, p_long / MiB)


@pytest.mark.slow
def test_record_gif_of_two_minutes_stays_under_300_mib_rss(tmp_path):
    demo = tmp_path / "two.json"
    assert main(["demo", "--seconds", "120", "--headless", "--record", str(demo), "--seed", "7"]) == 0
    # VmHWM: the peak of this program's own memory (ru_maxrss would keep pytest's across exec)
    code = ("import sys; from monopoly_cpc.cli import main; "
            f"rc = main(['record', {str(demo)!r}, '--out', {str(tmp_path / 'two.gif')!r}, '--quiet']); "
            "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM'))); "
            "sys.exit(rc)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    peak_kib = int(done.stdout.strip().splitlines()[-1])
    assert peak_kib * 1024 < 300 * MiB, peak_kib / 1024
