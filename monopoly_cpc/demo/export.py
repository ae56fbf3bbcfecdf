"""Playing a replay back headless: verification and export to MP4, GIF or PNG frames.

As MAME's ``-playback ... -aviwrite``: the input is recorded live, the video is rendered
offline at exactly 50 frames per second, one frame per tick, as fast as the machine goes.
The MP4's sound track is mixed from the session's sound log (``sound.render_track``) and
muxed in by the ffmpeg that imageio-ffmpeg ships.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from monopoly_cpc.demo.replay import Replay, first_difference
from monopoly_cpc.errors import UserError

FPS = 50


def replay_session(replay: Replay, audio: Any = None, source: str = "replay",
                   warn: Callable[[str], None] | None = None) -> Any:
    """An ExhibitSession set up as the replay's was at its tick 0 (``ExhibitSession.from_replay``)."""
    from monopoly_cpc.demo.exhibit import ExhibitSession

    return ExhibitSession.from_replay(replay, audio, source, warn)


class PlayResult:
    """What a headless playback found: the tick of the first difference, the hashes, the session."""

    def __init__(self, session: Any, hashes: list[str], first_bad: int | None) -> None:
        self.session = session
        self.hashes = hashes
        self.first_bad = first_bad


class Playback:
    """A replay run tick by tick (:meth:`ticks`), checking the frame hashes as it goes."""

    def __init__(self, replay: Replay, audio: Any = None, source: str = "replay",
                 stop_at_difference: bool = False) -> None:
        from monopoly_cpc.demo.replay import Recorder

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: nothing may open a window
        self.replay = replay
        self.stop_at_difference = stop_at_difference
        self.session = replay_session(replay, audio, source)
        try:
            self.keys = replay.key_log(self.session.layout)
        except ValueError as exc:
            raise UserError(f"{source}: not a valid replay file ({exc})") from None
        self.checker = Recorder(Replay(seed=replay.seed, hash_every=replay.hash_every), self.session.layout)
        self.first_bad: int | None = None
        self.count = 0

    def ticks(self, render: bool = True,
              progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[int, Any]]:
        """Yields ``(tick, framebuffer)`` after each tick (the framebuffer None without
        ``render``); one picture at a time, so an export's memory does not grow with its length."""
        replay, session, checker = self.replay, self.session, self.checker
        every = replay.hash_every
        for t in range(replay.ticks):
            session.step(self.keys.get(t, ()))
            checker.after_step(session.draw_into)
            if t % every == 0 and self.first_bad is None:
                i = t // every
                if i < len(replay.hashes) and checker.replay.hashes[i] != replay.hashes[i]:
                    self.first_bad = t
                    if self.stop_at_difference:
                        break
            yield t, (session.render() if render else None)
            self.count += 1
            if progress is not None:
                progress(t + 1, replay.ticks)
            if session.quit_requested:
                break

    def result(self) -> PlayResult:
        first_bad = self.first_bad
        if first_bad is None and not self.stop_at_difference:
            first_bad = first_difference(self.replay.hashes, self.checker.replay.hashes, self.replay.hash_every)
        return PlayResult(self.session, self.checker.replay.hashes, first_bad)


def play(replay: Replay, *, on_frame: Callable[[int, Any], None] | None = None, audio: Any = None,
         progress: Callable[[int, int], None] | None = None, source: str = "replay",
         stop_at_difference: bool = False) -> PlayResult:
    """Run the replay's ticks; frame hashes every ``hash_every`` ticks as when it was recorded.

    ``on_frame(tick, fb)`` gets the picture of every tick (export).  Returns the hashes and the
    first tick whose hash differs from the stored one (None: in sync all along).
    """
    run = Playback(replay, audio, source, stop_at_difference)
    for t, fb in run.ticks(render=on_frame is not None, progress=progress):
        if on_frame is not None:
            on_frame(t, fb)
    return run.result()


# -- progress ---------------------------------------------------------------------------------
def progress_bar(stream: Any = None) -> Callable[[int, int], None] | None:
    """A one-line bar on stderr when it is a terminal (None otherwise: logs stay clean)."""
    stream = stream or sys.stderr
    if not getattr(stream, "isatty", lambda: False)():
        return None
    start = time.perf_counter()
    last = [-1]

    def show(done: int, total: int) -> None:
        pct = 100 * done // max(1, total)
        if pct == last[0] and done != total:
            return
        last[0] = pct
        width = 30
        fill = width * done // max(1, total)
        el = time.perf_counter() - start
        speed = (done / FPS) / el if el > 0 else 0.0
        stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {pct:3d}%  {done}/{total} frames"
                     f"  {speed:4.1f}x real time")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


# -- writers ----------------------------------------------------------------------------------
def write_wav(samples: np.ndarray, path: Path, rate: int = 44100) -> Path:
    """int16 mono or (n, 2) stereo samples to a WAV file."""
    data = np.ascontiguousarray(samples.astype("<i2"))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2 if data.ndim == 2 else 1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())
    return path


def sound_track(audio: Any, n_ticks: int) -> np.ndarray:
    """The session's sounds (log and clips) mixed over ``n_ticks``."""
    from monopoly_cpc.sound import render_track

    cues: list[tuple[int, Any]] = list(getattr(audio, "log", []))
    cues += [(t, samples) for t, _name, samples in getattr(audio, "clips", [])]
    return render_track(cues, n_ticks)


DEFAULT_VOLUME_DB = 5.0   # the demo: -24.8 LUFS, sample peak -8 dBFS at 0 dB; +5: -19.8 LUFS
PEAK_LIMIT = 10 ** (-3 / 20)  # no sample past -3 dBFS (AAC overshoots ~2 dB): the gain is lowered instead


def export(replay: Replay, out: str, scale: int = 1, mute: bool = False,
           progress: Callable[[int, int], None] | None = None, source: str = "replay",
           volume_db: float = DEFAULT_VOLUME_DB) -> dict:
    """Render ``replay`` to ``out``: ``*.mp4``, ``*.gif`` or a folder (``DIR/``) of PNGs.

    ``volume_db``: the MP4 sound track's gain (see :func:`apply_gain`).
    Returns a summary: frames written, seconds, the output path (and the gain used).
    """
    if scale < 1:
        raise UserError("--scale must be a positive whole number")
    target = Path(out)
    is_dir = out.endswith(("/", os.sep)) or target.is_dir()
    kind = "dir" if is_dir else target.suffix.lower().lstrip(".")
    if kind not in ("mp4", "gif", "dir"):
        raise UserError(f"--out {out}: give a .mp4 or .gif file, or a folder ending in /")
    from monopoly_cpc.demo.paths import writable_file, writable_folder

    what = {"mp4": "the video", "gif": "the GIF", "dir": "the frames in"}[kind]
    # checked (and the folder made) before a single frame is rendered, not after minutes
    if kind == "dir":
        writable_folder(target, what)
    else:
        writable_file(target, what)
    try:
        return _export(replay, target, kind, scale, mute, progress, source, volume_db)
    except OSError as exc:  # the disc filled up, the folder vanished... while rendering
        from monopoly_cpc.errors import path_problem

        raise UserError(f"cannot write {what} {out}: {path_problem(target, exc)}") from None


def _export(replay: Replay, target: Path, kind: str, scale: int, mute: bool,
            progress: Callable[[int, int], None] | None, source: str, volume_db: float) -> dict:
    from monopoly_cpc.demo.capture import fb_index, palette_rgb, scale_up, write_gif

    pal = palette_rgb()
    audio = _export_audio() if kind == "mp4" and not mute else None
    count = [0]
    gain: list[float] = []

    if kind == "gif":
        # streamed: one picture composed, compared and encoded at a time (GifWriter)
        run = Playback(replay, source=source)
        with _replacing(target) as part:
            write_gif((fb_index(fb) for _t, fb in run.ticks(progress=progress)), part, scale)
        count[0] = run.count
    elif kind == "dir":
        from PIL import Image

        from monopoly_cpc.safefile import writing

        target.mkdir(parents=True, exist_ok=True)
        flat_palette = [int(v) for v in pal.reshape(-1)]

        def on_frame(t: int, fb: Any) -> None:
            # Paletted PNGs of the 27 CPC colours: the same pixels as RGB, about 6x less to
            # compress, so the folder is written several times faster than real time.
            img = Image.fromarray(scale_up(fb_index(fb), scale), mode="P")
            img.putpalette(flat_palette)
            with writing(target / f"frame_{t:06d}.png", "the frame", sync=False) as part:
                img.save(part, format="PNG", compress_level=1)
            count[0] += 1

        play(replay, on_frame=on_frame, progress=progress, source=source)
    else:
        with _replacing(target) as part:
            count[0] = _export_mp4(replay, part, scale, audio, progress, source, pal, volume_db, gain)
    done: dict = {"frames": count[0], "seconds": count[0] / FPS, "path": str(target)}
    if gain:
        done["gain_db"] = gain[0]
    return done


@contextlib.contextmanager
def _replacing(target: Path) -> Iterator[Path]:
    """A file written beside ``target`` that takes its place only once complete
    (``safefile.writing``): a full disk or an error half-way leaves the previous export as
    it was (and no part file); a target that is not a regular file is never replaced."""
    from monopoly_cpc.safefile import writing

    with writing(target, "the export") as part:
        yield part


def _export_audio() -> Any:
    try:
        from monopoly_cpc.sound import Audio
    except ImportError:
        return None
    return Audio(mute=False, volume=10, playback=False)


def pixel_format(scale: int) -> str:
    """4:2:0 (every player) when each CPC pixel covers whole 2x2 chroma blocks (even scales),
    else 4:4:4: at an odd scale a 2x2 chroma block straddles two CPC pixels, and red or blue
    text on another colour bleeds into its neighbours."""
    return "yuv420p" if scale % 2 == 0 else "yuv444p"


def video_params(scale: int) -> list[str]:
    """ffmpeg's output options: nearest-neighbour integer scaling in RGB (square, sharp pixels:
    1x frames go down the pipe), then the conversion to YCbCr with the BT.709 matrix and TV
    (limited) range, and the stream tagged with exactly that, so that players convert back to
    the CPC's colours (untagged, a player guesses: BT.601 here, BT.709 there)."""
    chain = [f"scale=iw*{scale}:ih*{scale}:flags=neighbor"] if scale > 1 else []
    chain += ["scale=out_color_matrix=bt709:out_range=tv:flags=neighbor+full_chroma_int+accurate_rnd",
              f"format={pixel_format(scale)}",
              "setparams=range=tv:color_primaries=bt709:color_trc=bt709:colorspace=bt709"]
    return ["-vf", ",".join(chain), "-colorspace", "bt709", "-color_primaries", "bt709",
            "-color_trc", "bt709", "-color_range", "tv", "-crf", "14", "-tune", "animation", "-preset", "veryfast"]


def apply_gain(track: np.ndarray, volume_db: float) -> tuple[np.ndarray, float]:
    """The int16 track made ``volume_db`` decibels louder (or quieter), but never past -3 dBFS:
    the gain is lowered to fit the loudest sample (no clipping).  Returns it and the gain used."""
    peak = int(np.abs(track.astype(np.int32)).max()) if track.size else 0
    gain = 10 ** (volume_db / 20)
    if peak and peak * gain > PEAK_LIMIT * 32767:
        gain = PEAK_LIMIT * 32767 / peak
    out = np.clip(np.rint(track.astype(np.float64) * gain), -32768, 32767).astype(np.int16)
    return out, round(20 * np.log10(gain), 1) if gain > 0 else float("-inf")


def _export_mp4(replay: Replay, target: Path, scale: int, audio: Any,
                progress: Callable[[int, int], None] | None, source: str,
                pal: np.ndarray, volume_db: float = DEFAULT_VOLUME_DB, gain: list | None = None) -> int:
    import imageio.v2 as imageio
    import imageio_ffmpeg

    from monopoly_cpc.demo.capture import fb_index

    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="monopoly-cpc-") as tmp:
        video = Path(tmp) / "video.mp4"
        writer = imageio.get_writer(str(video), format="FFMPEG", mode="I", fps=FPS, codec="libx264",
                                    pixelformat=pixel_format(scale), macro_block_size=1,
                                    ffmpeg_log_level="error", output_params=video_params(scale))
        count = [0]

        def on_frame(t: int, fb: Any) -> None:
            writer.append_data(pal[fb_index(fb)])
            count[0] += 1

        try:
            play(replay, on_frame=on_frame, audio=audio, progress=progress, source=source)
        finally:
            writer.close()
        if audio is None:
            shutil.move(str(video), str(target))
            return count[0]
        track, used = apply_gain(sound_track(audio, count[0]), volume_db)
        if gain is not None:
            gain.append(used)
        wav = write_wav(track, Path(tmp) / "sound.wav")
        # The track is exactly as long as the video (882 samples a tick), so no -shortest: with
        # ffmpeg's threaded muxing it sometimes cut the last video packets (73 of 75 frames
        # on a busy machine, seen 2 times in 14 exports of the same replay; 0 in 28 without).
        cmd = [imageio_ffmpeg.get_ffmpeg_exe(), "-y", "-loglevel", "error", "-i", str(video),
               "-i", str(wav), "-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy", "-c:a", "aac",
               "-b:a", "128k", str(target)]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["unknown error"])[-1]
            raise UserError(f"ffmpeg could not write {target}: {last}")
        return count[0]
