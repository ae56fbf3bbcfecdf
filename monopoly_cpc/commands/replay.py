"""`monopoly-cpc replay FILE`: play a recorded session back, bit for bit.

``--verify`` runs it headless and compares the frame hashes stored in the file; it prints the
first tick that differs and exits 1, as WinAPE's sync indicator turns red.
"""

from __future__ import annotations

import argparse
from typing import Any

from monopoly_cpc.cli import file_name, png_file
from monopoly_cpc.commands.demo import scale_number
from monopoly_cpc.demo import replay as R
from monopoly_cpc.errors import UserError


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "replay", help="play a replay file back (window, --headless or --verify)",
        description="Play a recorded session back bit for bit from its seed, options and key log. "
                    "The replay format is described in docs/replay.md.")
    p.add_argument("file", metavar="FILE", type=file_name, help="the replay file (.json)")
    p.add_argument("--verify", action="store_true",
                   help="headless: compare the stored frame hashes; exit 1 at the first tick that differs")
    p.add_argument("--headless", action="store_true", help="no window (with --screenshot, the last frame)")
    p.add_argument("--screenshot", metavar="FILE.png", type=png_file,
                   help="with --headless: write the last frame (a PNG file)")
    p.add_argument("--scale", type=scale_number, metavar="N",
                   help="window scale, 1 to 16 (default: the largest that fits)")
    p.add_argument("--fullscreen", action="store_true", help="play back full screen")
    p.add_argument("--mute", action="store_true", help="no sound in the window")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monopoly_cpc.demo.export import play

    if args.screenshot and not (args.headless or args.verify):
        raise UserError("--screenshot needs --headless (or --verify)")
    replay = R.load(args.file)
    if args.screenshot:  # checked before the whole replay is played, not after
        from monopoly_cpc.demo.paths import writable_file

        writable_file(args.screenshot, "the screenshot")
    if args.verify or args.headless:
        result = play(replay, source=args.file, stop_at_difference=args.verify)
        if args.screenshot:
            from pathlib import Path

            from monopoly_cpc.app import save_png

            save_png(result.session.render().to_rgb(), Path(args.screenshot))
        if not args.verify:
            print(f"{args.file}: played {replay.ticks} ticks ({replay.ticks / 50:.2f} s)")
            return 0
        return report(args.file, replay, result)
    return _window(args, replay)


def report(name: str, replay: R.Replay, result: Any) -> int:
    """One line: in sync, or the first tick out of sync (exit 1)."""
    from monopoly_cpc.demo.window import clock

    n = len(replay.hashes)
    if result.first_bad is None:
        print(f"{name}: in sync - {replay.ticks} ticks ({clock(replay.ticks)}), {n} frame hashes match")
        return 0
    print(f"{name}: OUT OF SYNC at tick {result.first_bad} ({clock(result.first_bad)}); "
          f"the frames before it match")
    from monopoly_cpc import __version__

    if replay.program and replay.program != __version__:
        print(f"{name}: recorded by monopoly-cpc {replay.program}, played by {__version__}")
    return 1


def _window(args: argparse.Namespace, replay: R.Replay) -> int:
    from monopoly_cpc.app import _audio
    from monopoly_cpc.demo.export import replay_session
    from monopoly_cpc.demo.replay import Recorder
    from monopoly_cpc.demo.window import clock, run_window
    from monopoly_cpc.options import Options

    settings = R.settings_for(replay, args.file)
    audio = _audio(Options(mute=args.mute), settings, playback=not args.mute)
    session = replay_session(replay, audio, args.file)
    keys = replay.key_log(session.layout)
    checker = Recorder(R.Replay(seed=replay.seed, hash_every=replay.hash_every), session.layout)
    bad: list[int] = []  # the first tick whose frame differs from the recording

    def step(t: int) -> None:
        session.step(keys.get(t, ()))
        checker.after_step(session.draw_into)
        i = t // replay.hash_every
        if (t % replay.hash_every == 0 and not bad and i < len(replay.hashes)
                and checker.replay.hashes[i] != replay.hashes[i]):
            bad.append(t)

    def status(t: int) -> str:
        sync = f"DESYNC at {clock(bad[0])}" if bad else "SYNC"
        return f"replay {clock(t)} / {clock(replay.ticks)} - {sync}"

    run_window(replay.ticks, step, session.render, status, scale=args.scale, fullscreen=args.fullscreen)
    if bad:
        print(f"{args.file}: OUT OF SYNC at tick {bad[0]} ({clock(bad[0])})")
        return 1
    return 0
