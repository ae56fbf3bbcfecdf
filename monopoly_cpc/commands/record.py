"""`monopoly-cpc record REPLAY --out demo.mp4|demo.gif|DIR/`: render a replay offline.

Headless, one frame per 50 Hz tick (exactly 50 fps), integer scale, a progress bar on a
terminal, as fast as the machine goes; the MP4 carries the sound.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from monopoly_cpc.cli import file_name
from monopoly_cpc.commands.demo import scale_number
from monopoly_cpc.demo import replay as R
from monopoly_cpc.errors import UserError, quoted


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "record", help="export a replay to MP4 (with sound), GIF or PNG frames",
        description="Render a replay file headless at exactly 50 frames per second: "
                    "--out demo.mp4 (H.264 + AAC sound), demo.gif (2 cs per frame) or DIR/ (PNG frames); "
                    "--fit 2160p for YouTube.")
    p.add_argument("replay", metavar="REPLAY", help="the replay file (.json)")
    p.add_argument("--out", required=True, metavar="OUT", type=file_name,
                   help="demo.mp4, demo.gif or a folder DIR/")
    p.add_argument("--scale", type=scale_number, metavar="N",
                   help="integer scale of the 384x272 picture, 1 to 16 (default: 2)")
    p.add_argument("--fit", choices=("1080p", "2160p"),
                   help="an MP4 of exactly 1920x1080 or 3840x2160: the largest whole scale that fits "
                        "(3x, 7x), centred on black, colours kept sharp in browsers (upload 2160p)")
    p.add_argument("--mute", action="store_true", help="MP4 without a sound track")
    p.add_argument("--volume", type=decibels, default=None, metavar="DB",
                   help="gain of the MP4's sound track in decibels, -60 to 30 (default: +5, "
                        "about -20 LUFS for the demo; lowered so that no sample passes -3 dBFS)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monopoly_cpc.demo.export import export, progress_bar

    if args.fit and args.scale:
        raise UserError("--fit and --scale: give one (--fit chooses the scale)")
    replay = R.load(args.replay)
    t0 = time.perf_counter()
    c0 = cpu_seconds()
    from monopoly_cpc.demo.export import DEFAULT_VOLUME_DB

    volume = DEFAULT_VOLUME_DB if args.volume is None else args.volume
    done = export(replay, args.out, scale=args.scale or 2, mute=args.mute,
                  progress=None if args.quiet else progress_bar(), source=args.replay, volume_db=volume,
                  fit=args.fit)
    el = time.perf_counter() - t0
    cpu = cpu_seconds() - c0
    speed = done["seconds"] / el if el > 0 else 0.0
    per_cpu = f", {done['seconds'] / cpu:.1f}x per CPU second" if cpu > 0 else ""
    print(f"{done['path']}: {done['frames']} frames, {done['seconds']:.2f} s at 50 fps "
          f"(rendered in {el:.1f} s, {speed:.1f}x real time{per_cpu})")
    if "gain_db" in done and done["gain_db"] < volume - 0.05:
        print(f"{done['path']}: sound at {done['gain_db']:+.1f} dB, not {volume:+.1f} dB: "
              "louder would clip")
    return 0


def decibels(text: str) -> float:
    """``--volume``: a finite number of decibels from -60 to +30."""
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of decibels, got {quoted(text)}") from None
    if not math.isfinite(value) or not -60 <= value <= 30:
        raise argparse.ArgumentTypeError(f"must be from -60 to 30 decibels, got {quoted(text)}")
    return value


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (ffmpeg): the speed figure that a
    busy machine does not distort (children count only where the system reports them)."""
    import os

    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
