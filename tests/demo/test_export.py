"""Export: an MP4 with sound, a GIF and PNG frames, at exactly 50 frames per second."""

from __future__ import annotations

import subprocess

import imageio.v2 as imageio
import imageio_ffmpeg
import numpy as np
import pytest
from demo_helpers import recorded_demo
from PIL import Image

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.capture import fb_index, palette_rgb
from monopoly_cpc.demo.export import play

TICKS = 75  # 1.5 seconds


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory):
    return recorded_demo(tmp_path_factory.mktemp("export") / "demo.json", TICKS)


def test_mp4_has_every_frame_at_50_fps_and_a_sound_track(demo_file, tmp_path):
    out = tmp_path / "demo.mp4"
    assert main(["record", str(demo_file), "--out", str(out), "--scale", "1", "--quiet"]) == 0
    reader = imageio.get_reader(str(out), format="FFMPEG")
    meta = reader.get_meta_data()
    assert meta["fps"] == 50 and meta["size"] == (384, 272)
    assert reader.count_frames() == TICKS  # the video packets: a decoder would fill gaps
    reader.close()
    probe = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-i", str(out)],
                           capture_output=True, text=True, check=False).stderr
    assert "Audio: aac" in probe and "Duration: 00:00:01.50" in probe


def test_mp4_without_sound_at_scale_2(demo_file, tmp_path):
    out = tmp_path / "mute.mp4"
    assert main(["record", str(demo_file), "--out", str(out), "--scale", "2", "--mute", "--quiet"]) == 0
    probe = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-i", str(out)],
                           capture_output=True, text=True, check=False).stderr
    assert "Video: h264" in probe and "Audio" not in probe
    reader = imageio.get_reader(str(out), format="FFMPEG")
    assert reader.get_meta_data()["size"] == (768, 544) and reader.count_frames() == TICKS
    reader.close()


def test_gif_lasts_exactly_the_replay_at_2_cs_per_frame(demo_file, tmp_path):
    out = tmp_path / "demo.gif"
    assert main(["record", str(demo_file), "--out", str(out), "--scale", "2", "--quiet"]) == 0
    im = Image.open(out)
    assert im.size == (768, 544)
    durations = []
    for i in range(im.n_frames):
        im.seek(i)
        durations.append(im.info["duration"])
    assert sum(durations) == TICKS * 20
    assert all(d % 20 == 0 for d in durations)  # identical frames are folded, never shortened
    frames = imageio.mimread(str(out))
    assert len(frames) == im.n_frames and frames[0].shape[:2] == (544, 768)


def test_png_frames_are_the_replayed_pictures(demo_file, tmp_path):
    out = tmp_path / "frames"
    assert main(["record", str(demo_file), "--out", f"{out}/", "--scale", "1", "--quiet"]) == 0
    files = sorted(out.glob("frame_*.png"))
    assert len(files) == TICKS
    pictures = {}
    pal = palette_rgb()
    play(R.load(demo_file), on_frame=lambda t, fb: pictures.__setitem__(t, pal[fb_index(fb)]))
    for t in (0, 40, TICKS - 1):
        assert np.array_equal(imageio.imread(files[t])[:, :, :3], pictures[t])


def test_an_unknown_output_kind_is_one_line(demo_file, tmp_path, capsys):
    assert main(["record", str(demo_file), "--out", str(tmp_path / "x.avi")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".mp4" in err
    with pytest.raises(SystemExit) as exit_:  # a usage error, from the parser
        main(["record", str(demo_file), "--out", str(tmp_path / "x.gif"), "--scale", "0"])
    assert exit_.value.code == 2 and "--scale" in capsys.readouterr().err


def _decoded_sound(path) -> np.ndarray:
    raw = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(path), "-vn", "-f",
                          "s16le", "-ac", "1", "-ar", "44100", "-"], capture_output=True, check=True).stdout
    return np.abs(np.frombuffer(raw, "<i2").astype(np.int32))


def test_the_sound_track_carries_the_sessions_sounds(demo_file, tmp_path, monkeypatch):
    """The track is mixed from the session's sound log: a click logged at tick 5 is heard from
    0.1 s on, and a session that logs nothing gives silence (the game's own sounds held back)."""
    from monopoly_cpc.demo import export
    from monopoly_cpc.sound import Audio

    class OnlyTheLog(Audio):
        def cue(self, *args, **kwargs) -> None:  # the demo's own sounds are not wanted here
            pass

        def on_events(self, *args, **kwargs) -> None:
            pass

    def audio_with(log):
        def make():
            audio = OnlyTheLog(mute=False, volume=10, playback=False)
            audio.log.extend(log)
            return audio
        return make

    monkeypatch.setattr(export, "_export_audio", audio_with([]))
    silent = tmp_path / "silent.mp4"
    assert main(["record", str(demo_file), "--out", str(silent), "--scale", "1", "--quiet"]) == 0
    monkeypatch.setattr(export, "_export_audio", audio_with([(5, "relay_click")]))
    heard = tmp_path / "click.mp4"
    assert main(["record", str(demo_file), "--out", str(heard), "--scale", "1", "--quiet"]) == 0
    quiet, click = _decoded_sound(silent), _decoded_sound(heard)
    assert quiet.size == click.size == TICKS * 882  # 1.5 s at 44100 Hz, as long as the video
    assert quiet.max() < 50 and click.max() > 1000
    onset = int(np.argmax(click > 300)) / 44100
    assert 0.09 <= onset <= 0.12  # tick 5 = 0.1 s (AAC may smear a few ms)


def test_the_demo_is_heard_and_mute_has_no_track(demo_file, tmp_path):
    loud = tmp_path / "demo.mp4"
    assert main(["record", str(demo_file), "--out", str(loud), "--scale", "1", "--quiet"]) == 0
    assert _decoded_sound(loud).max() > 1000  # dice and steps of the demo's first 1.5 s
    mute = tmp_path / "mute.mp4"
    assert main(["record", str(demo_file), "--out", str(mute), "--scale", "1", "--quiet", "--mute"]) == 0
    probe = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-i", str(mute)],
                           capture_output=True, text=True, check=False).stderr
    assert "Video: h264" in probe and "Audio:" not in probe


def test_progress_bar_only_on_a_terminal():
    import io

    from monopoly_cpc.demo.export import progress_bar

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_bar(io.StringIO()) is None  # a log file or a pipe stays clean
    out = Tty()
    bar = progress_bar(out)
    for done in range(1, 201):
        bar(done, 200)
    text = out.getvalue()
    last = text.split("\r")[-1]
    assert last.startswith("[" + "#" * 30 + "] 100%  200/200 frames") and last.endswith("\n")
    assert text.count("\r") == 101  # one redraw per percent (0 to 100), not one per frame


def test_a_failed_export_leaves_the_previous_one_whole(demo_file, tmp_path, monkeypatch, capsys):
    """A full disk half-way through: the earlier good GIF stays as it was and no part file is
    left (was: the good file truncated)."""
    from monopoly_cpc.demo import capture

    out = tmp_path / "demo.gif"
    assert main(["record", str(demo_file), "--out", str(out), "--quiet"]) == 0
    good = out.read_bytes()

    def full_disk(frames, path, scale):
        path.write_bytes(b"GIF89a half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(capture, "write_gif", full_disk)
    assert main(["record", str(demo_file), "--out", str(out), "--quiet"]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.gif"]
