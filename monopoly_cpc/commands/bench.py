"""`monopoly-cpc bench`: how fast the display path and the start-up are on this machine.

Frame figures are medians of the CPU time of the thread doing the work (``time.thread_time``),
so that other processes on a loaded machine do not count; ``startup_s`` is wall time.

* ``frame_compose_ms``: median time to compose one full 40x25 text screen, whose per-line inks
  change every frame, into the 384x272 bordered picture (the numpy lookup);
* ``frame_present_1080p_ms``: the same plus the integer upscale (x3) into a 1920x1080 surface,
  i.e. all the CPU work of a frame at full HD (target: at most 1.0 ms, 5 % of a 20 ms frame);
* ``startup_s``: wall time of ``python -m monopoly_cpc --headless --frames 1`` in a fresh
  process, from process start to the first frame written.

``--engine`` adds the rules engine's figures from ``monopoly_cpc.analysis.bench.engine_bench()``.
Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from monopoly_cpc.errors import UserError

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is ours (bench --json)


MAX_FRAMES = 100_000   # far above any useful run (300 is the default): a typo beyond


def register(subparsers) -> None:
    p = subparsers.add_parser("bench", help="measure frame composition, upscale and start-up times",
                              description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--frames", type=int, default=300, metavar="N",
                   help="frames timed for each display figure (default: 300)")
    p.add_argument("--engine", action="store_true",
                   help="also time the rules engine (monopoly_cpc.analysis.bench.engine_bench)")
    p.set_defaults(func=run)


def _text_screen():
    from monopoly_cpc.render.framebuffer import FrameBuffer

    fb = FrameBuffer()
    sample = "Rue de la Paix  40.000 F  Départ ÉÀÇ ┌─┐ "
    for row in range(25):
        line = (sample[row:] + sample)[:40]
        fb.text(0, row, line, pen=1 + row % 3)
    return fb


def _median_ms(fn, fb, frames: int) -> float:
    import numpy as np

    base = np.arange(200, dtype=np.int64)
    times = []
    for i in range(frames + 10):
        # a new per-line palette every frame, as a raster-effect screen would have
        fb.inks[:, 0] = (base + i) % 27
        fb.inks[:, 3] = (base // 8 + i) % 27
        # CPU time of this thread, not wall time: other programs on a busy machine (a CI
        # runner) take the processor between two readings, and that is not our cost.
        t0 = time.thread_time()
        fn()
        if i >= 10:  # the first frames warm caches up
            times.append(time.thread_time() - t0)
    return statistics.median(times) * 1000.0


def display_bench(frames: int = 300) -> dict[str, float]:
    """frame_compose_ms and frame_present_1080p_ms, medians over ``frames`` frames."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from monopoly_cpc.render.present import Presenter, layout_for

    fb = _text_screen()
    target = pygame.Surface((1920, 1080), 0, 32)
    presenter = Presenter(target)
    layout = layout_for(1920, 1080)
    presenter.clear_bars(target, layout)
    return {
        "frame_compose_ms": round(_median_ms(lambda: presenter.compose(fb), fb, frames), 4),
        "frame_present_1080p_ms": round(
            _median_ms(lambda: presenter.present(fb, target, layout), fb, frames), 4),
    }


def startup_bench(runs: int = 3) -> float:
    """Median seconds for a fresh process to write its first headless frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        shot = Path(tmp) / "first.png"
        for _ in range(runs):
            t0 = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "monopoly_cpc", "--headless", "--frames", "1",
                                "--screenshot", str(shot)], env=env, capture_output=True, text=True,
                               check=False)
            times.append(time.perf_counter() - t0)
            if r.returncode != 0 or not shot.exists():
                last = (r.stderr.strip().splitlines() or ["no message"])[-1]
                raise UserError(f"bench: the headless start-up run failed: {last}")
    return round(statistics.median(times), 3)


def run(args) -> int:
    if not 1 <= args.frames <= MAX_FRAMES:
        raise UserError(f"bench: --frames must be 1 to {MAX_FRAMES}, got {args.frames}")
    results: dict[str, float] = {}
    results.update(display_bench(args.frames))
    results["startup_s"] = startup_bench()
    if args.engine:
        from monopoly_cpc.analysis.bench import engine_bench

        results.update(engine_bench())
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        width = max(len(k) for k in results)
        for k, v in results.items():
            print(f"{k:<{width}}  {v}")
    return 0
