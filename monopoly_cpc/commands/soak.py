"""`monopoly-cpc soak --hours 8`: the attract loop, headless, at full speed, for hours of game time.

Title, demo game, title again, ... exactly as a kiosk runs all day, every tick rendered as the
window renders it (the picture drawn again whenever it changes).
Reports the resident memory at the start, when the first demo begins and at the end, ticks
per second and the exceptions caught by the screen guard.  Memory is judged on its trend once
the first demo has begun (the first demo game fills the caches the title does not use): a
sample every ``sample_every`` ticks, the Theil-Sen slope of the samples (the median of the
slopes between every two, which a step at the first demo's start does not sway) over the
samples' span, as a share of their median.  Targets: no exception, a trend under 10 %.  Exit
1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from monopoly_cpc.errors import UserError

TICK_HZ = 50
GROWTH_LIMIT = 0.10
SAMPLES = 1000   # at most this many memory samples a run (the trend's pairs stay few)


def rss_bytes() -> int:
    """Resident memory of this process: /proc/self/statm, else the peak from resource, else 0."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
        import sys

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024  # macOS gives bytes, Linux KiB
    except (ImportError, OSError):
        return 0


def growth_trend(samples: Sequence[tuple[int, int]]) -> float:
    """The memory growth the samples ``(tick, bytes)`` show over their span, as a share of
    their median: the Theil-Sen slope (median of the pairwise slopes) times the span.  0.0
    with fewer than three samples (too short a run to judge)."""
    import numpy as np

    if len(samples) < 3:
        return 0.0
    t = np.array([s[0] for s in samples], dtype=np.float64)
    m = np.array([s[1] for s in samples], dtype=np.float64)
    i, j = np.triu_indices(len(samples), k=1)
    slope = float(np.median((m[j] - m[i]) / (t[j] - t[i])))
    level = float(np.median(m))
    return slope * (t[-1] - t[0]) / level if level > 0 else 0.0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "soak", help="run the attract loop headless for hours of game time; report memory and speed",
        description="Run the title/attract loop headless at full speed (every changed picture drawn) and report "
                    "memory at the start and the end, ticks per second and exceptions.")
    from monopoly_cpc.commands.demo import MAX_SECONDS, finite_float, whole

    g = p.add_mutually_exclusive_group()
    g.add_argument("--hours", type=lambda text: finite_float(text, "hours", MAX_SECONDS / 3600), default=8.0,
                   help="hours of game time (default: 8 = 1.44 M ticks; at most a week, 168)")
    g.add_argument("--ticks", type=lambda text: whole(text, "a number of ticks", 1, MAX_SECONDS * TICK_HZ),
                   metavar="N", help="run N ticks instead")
    p.add_argument("--seed", type=int, default=0, help="session seed (default: 0)")
    p.add_argument("--attract-after", type=lambda text: whole(text, "seconds", 0, MAX_SECONDS),
                   default=None, metavar="S",
                   help="seconds on the title before each demo (default: the setting, 60)")
    p.add_argument("--kiosk", action="store_true", help="with the kiosk rules (guard, chord, idle)")
    p.set_defaults(func=run)


def soak(ticks: int, seed: int = 0, attract_after: int | None = None, kiosk: bool = False,
         report_every: int = 0, out: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run ``ticks`` ticks of the attract loop; the measurements as a dict."""
    from monopoly_cpc.demo.attract import AttractScreen
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.options import Options
    from monopoly_cpc.settings import Settings

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    play = Options(headless=True, loader="skip", seed=seed, attract_after=attract_after, kiosk=kiosk)
    errors: list[str] = []
    session = ExhibitSession(play, settings=Settings(), seed=seed,
                             config=ExhibitConfig(store=None, suspended=None, guard=True, warn=errors.append))
    session._log = lambda text: errors.append(  # type: ignore[method-assign]
        text.strip().splitlines()[-1])  # count the session's error reports, keep going
    rss0 = rss_bytes()
    rss_warm = rss0
    samples: list[tuple[int, int]] = []   # (tick, RSS) from the first demo's start on
    every = max(TICK_HZ, ticks // SAMPLES)
    first_demo: int | None = None
    demos_seen = 0
    was_demo = False
    t0 = time.perf_counter()
    c0 = time.process_time()
    for t in range(ticks):
        session.step(())
        session.render()
        is_demo = isinstance(session.screen, AttractScreen)
        demos_seen += is_demo and not was_demo
        was_demo = is_demo
        if is_demo and first_demo is None:
            first_demo = t
            rss_warm = rss_bytes()
        if first_demo is not None and (t - first_demo) % every == 0:
            samples.append((t, rss_bytes()))
        if report_every and out is not None and (t + 1) % report_every == 0:
            el = time.perf_counter() - t0
            out(f"  {t + 1} ticks ({(t + 1) / TICK_HZ / 3600:.2f} h), {(t + 1) / el:.0f} ticks/s, "
                f"RSS {rss_bytes() / 2**20:.1f} MiB, {session.exceptions} exceptions")
    el = time.perf_counter() - t0
    cpu = time.process_time() - c0
    rss1 = rss_bytes()
    return {"ticks": ticks, "seconds": el, "tps": ticks / el if el > 0 else 0.0,
            "cpu_seconds": cpu, "tps_cpu": ticks / cpu if cpu > 0 else 0.0,
            "rss_start": rss0, "rss_warm": rss_warm, "rss_end": rss1,
            "growth": growth_trend(samples), "samples": len(samples),
            "exceptions": session.exceptions, "errors": errors, "demos": demos_seen}


def run(args: argparse.Namespace) -> int:
    ticks = args.ticks if args.ticks is not None else round(args.hours * 3600 * TICK_HZ)
    if ticks <= 0:
        raise UserError("soak: give a positive --hours or --ticks")
    print(f"soak: {ticks} ticks ({ticks / TICK_HZ / 3600:.3f} h of game time), attract loop, headless")
    r = soak(ticks, seed=args.seed, attract_after=args.attract_after, kiosk=args.kiosk,
             report_every=max(TICK_HZ * 3600, ticks // 10), out=print)
    mib = 2**20
    print(f"ticks: {r['ticks']} in {r['seconds']:.1f} s = {r['tps']:.0f} ticks/s "
          f"({r['tps'] / TICK_HZ:.1f}x real time); {r['tps_cpu']:.0f} ticks per CPU second "
          f"(the figure to compare on a busy machine); demo games started: {r['demos']}")
    print(f"memory (RSS): start {r['rss_start'] / mib:.1f} MiB, first demo {r['rss_warm'] / mib:.1f} MiB, "
          f"end {r['rss_end'] / mib:.1f} MiB; trend since the first demo {100 * r['growth']:+.1f} % "
          f"({r['samples']} samples" + (")" if r["samples"] >= 3 else ": too short a run to judge)"))
    print(f"exceptions: {r['exceptions']}")
    for line in r["errors"][:5]:
        print(f"  {line}")
    ok = r["exceptions"] == 0 and r["growth"] < GROWTH_LIMIT
    print("soak: " + ("PASS (no exception, memory trend < 10 %)" if ok else "FAIL"))
    return 0 if ok else 1
