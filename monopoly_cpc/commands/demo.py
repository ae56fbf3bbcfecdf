"""`monopoly-cpc demo --seconds S --headless --record FILE`: record an attract-mode game.

The demo starts straight on the attract game (six computer players, the whole interface) and
its S seconds go to a replay file, so demos can be made without a screen and exported later
with `monopoly-cpc record`.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Any

from monopoly_cpc.cli import file_name
from monopoly_cpc.demo.replay import MAX_TICKS
from monopoly_cpc.errors import UserError

MAX_SECONDS = MAX_TICKS // 50   # a week: the longest replay a file may hold (docs/replay.md)
MAX_SCALE = 16


def finite_float(text: str, unit: str, limit: float) -> float:
    """A positive, finite number of ``unit`` up to ``limit`` (argparse type; exit 2 otherwise)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of {unit}, got {text!r}") from None
    if not math.isfinite(value) or not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of {unit}, got {text!r}")
    if value > limit:
        raise argparse.ArgumentTypeError(f"{text} {unit} is more than a week ({limit:g} {unit})")
    return value


def whole(text: str, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (argparse type; exit 2 otherwise)."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected {what} from {low} to {high}, got {text!r}")
    return value


def positive_float(text: str) -> float:
    return finite_float(text, "seconds", MAX_SECONDS)


def scale_number(text: str) -> int:
    return whole(text, "a whole scale", 1, MAX_SCALE)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "demo", help="record S seconds of an attract-mode game into a replay file",
        description="Play the attract-mode demo game (six computer players) and record it into a "
                    "replay file; export it with `monopoly-cpc record FILE --out demo.mp4`.")
    p.add_argument("--seconds", type=positive_float, default=60.0, metavar="S",
                   help="length of the demo in seconds of game time (default: 60; at most a week)")
    p.add_argument("--record", metavar="FILE", type=file_name,
                   help="the replay file to write (needed with --headless)")
    p.add_argument("--headless", action="store_true", help="no window: as fast as the machine goes")
    p.add_argument("--seed", type=int, default=0, help="seed of the demo game (default: 0)")
    p.add_argument("--lang", choices=("fr", "en"), help="language of the texts (default: fr)")
    p.add_argument("--speed", type=int, choices=(1, 2, 3), help="pace of the computer players")
    p.add_argument("--scale", type=scale_number, metavar="N", help="window scale (1 to 16)")
    p.set_defaults(func=run)


def make_session(args: argparse.Namespace) -> Any:
    """The attract session the demo records (headless, no files but the replay)."""
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.options import Options
    from monopoly_cpc.settings import Settings

    play = Options(headless=args.headless, lang=args.lang, speed=args.speed, seed=args.seed,
                   record=args.record)
    return ExhibitSession(play, settings=Settings(), seed=args.seed,
                          config=ExhibitConfig(start="attract", store=None, suspended=None))


def run(args: argparse.Namespace) -> int:
    if args.headless and not args.record:
        raise UserError("demo --headless needs --record FILE (where to write the replay)")
    ticks = max(1, round(args.seconds * 50))
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    session = make_session(args)
    try:
        if args.headless:
            for _ in range(ticks):
                session.step(())
        else:
            from monopoly_cpc.demo.window import clock, run_window

            run_window(ticks, lambda t: session.step(()), session.render,
                       lambda t: f"demo {clock(t)} / {clock(ticks)}" + (" - REC" if args.record else ""),
                       scale=args.scale)
    finally:
        session.close()   # CTRL+C half-way: the replay recorded so far is still written
    if args.record:
        rec = session.session_recorder.replay
        print(f"{args.record}: {rec.ticks} ticks ({rec.ticks / 50:.2f} s) of the demo, "
              f"{len(rec.hashes)} frame hashes")
    return 0
