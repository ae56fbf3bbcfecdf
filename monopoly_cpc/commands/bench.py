"""`monopoly-cpc bench`: how fast the display path and the start-up are on this machine.

Frame figures are medians of the CPU time of the thread doing the work (``time.thread_time``),
so that other processes on a loaded machine do not count; ``startup_s`` is wall time.

* ``frame_compose_ms``: median time to compose one full 40x25 text screen, whose per-line inks
  change every frame, into the 384x272 bordered picture (the numpy lookup);
* ``frame_present_1080p_ms``: the same plus the integer upscale (x3) into a 1920x1080 surface,
  i.e. all the CPU work of a frame at full HD (target: at most 1.0 ms, 5 % of a 20 ms frame);
* ``startup_s``: wall time of ``python -m monopoly_cpc --headless --frames 1`` in a fresh
  process, from process start to the first frame written (target: at most 0.3 s);
  ``pygame_startup_s`` beside it, in the same run, the two taken in turn: a fresh process that
  only imports pygame and opens a (dummy) display, the floor any pygame program pays.  Both
  run with compiled modules cached (in a temporary ``PYTHONPYCACHEPREFIX``, filled by a first
  run that is not counted), as an installed program has them.  ``startup_cpu_s`` and
  ``pygame_startup_cpu_s`` are the same runs' CPU time (user + system of the child process,
  which a busy machine slows far less than the wall time), and ``startup_cpu_ratio`` their
  ratio (target: at most 2.2);
* ``attract_cpu_share`` and ``title_cpu_share``: the share of one core that a minute of the
  attract demo, and a minute of the title left alone, take at 50 Hz, headless: the CPU time of
  each tick's work as the window loop does it (step, draw the framebuffer, compose and scale
  it into a 1920x1080 picture: all but the flip), divided by the tick's 20 ms.  ``--paced``
  runs each minute at the real 50 Hz instead and divides the process's CPU time by the wall
  time (two minutes).  ``*_draw_share`` is the part of that work spent drawing and presenting
  the picture; the session draws the framebuffer only when its picture changes, and
  ``*_drawn`` is the share of the ticks whose picture was drawn (``screens.base.DrawSkip``).
  Targets, in a 1920x1080 full-screen window without a GPU (which this headless figure leaves
  out the flip of: see README, "Speed"): the attract demo under 7 %, the title under 3 %.

``--engine`` adds the rules engine's figures from ``monopoly_cpc.analysis.bench.engine_bench()``.
``--against PYTHON`` measures only the engine, beside another install of the game given by its
Python interpreter, the two taking turns at chunks of the same games
(``monopoly_cpc.analysis.bench.engine_against``): ``engine_against_ratio`` is this install's
games per CPU second over the other's.
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
    p.add_argument("--ticks", type=int, default=3000, metavar="N",
                   help="ticks of the attract and title runs (default: 3000, one minute)")
    p.add_argument("--paced", action="store_true",
                   help="run the attract and title minutes at the real 50 Hz (process CPU / wall time)")
    p.add_argument("--engine", action="store_true",
                   help="also time the rules engine (monopoly_cpc.analysis.bench.engine_bench)")
    p.add_argument("--against", metavar="PYTHON",
                   help="only the engine, beside the install of monopoly-cpc that PYTHON runs "
                        "(games per CPU second, the two taking turns)")
    p.add_argument("--chunks", type=int, default=400, metavar="N",
                   help="chunks of 50 games each side plays with --against (default: 400)")
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


def _start_env(cache: str) -> dict[str, str]:
    """A fresh process's environment: no window, no sound device, and compiled modules kept in
    ``cache`` (``PYTHONPYCACHEPREFIX``) even where ``PYTHONDONTWRITEBYTECODE`` is set, as an
    installed program has them: start-up is not the compiler's time."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _children_cpu() -> float:
    """CPU seconds (user + system) of the child processes ended so far."""
    try:
        import resource

        use = resource.getrusage(resource.RUSAGE_CHILDREN)
        return use.ru_utime + use.ru_stime
    except ImportError:   # Windows: os.times, to the clock tick
        t = os.times()
        return t.children_user + t.children_system


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run ``cmd``: its wall seconds, its CPU seconds, and its result."""
    c0, t0 = _children_cpu(), time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    return time.perf_counter() - t0, _children_cpu() - c0, r


def _first_frame(env: dict[str, str], shot: Path) -> tuple[float, float]:
    """Wall and CPU seconds for ``python -m monopoly_cpc --headless --frames 1`` to write its
    first frame."""
    shot.unlink(missing_ok=True)
    wall, cpu, r = _timed([sys.executable, "-m", "monopoly_cpc", "--headless", "--frames", "1",
                           "--screenshot", str(shot)], env)
    if r.returncode != 0 or not shot.exists():
        last = (r.stderr.strip().splitlines() or ["no message"])[-1]
        raise UserError(f"bench: the headless start-up run failed: {last}")
    return wall, cpu


PYGAME_ONLY = "import pygame; pygame.display.init(); pygame.display.set_mode((384, 272))"


def _bare_pygame(env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds for a fresh process that imports pygame and opens a dummy display."""
    wall, cpu, r = _timed([sys.executable, "-c", PYGAME_ONLY], env)
    if r.returncode != 0:
        raise UserError("bench: a bare pygame start failed: "
                        + (r.stderr.strip().splitlines() or ["no message"])[-1])
    return wall, cpu


def startup_pair(runs: int = 5) -> dict[str, float]:
    """``startup_s`` and ``pygame_startup_s`` (wall), ``startup_cpu_s`` and
    ``pygame_startup_cpu_s`` (CPU) and ``startup_cpu_ratio``: medians of ``runs`` runs of
    each, taken in turn (one of each, then again), after one discarded run of each that fills
    the module cache, so that a busy machine slows both alike."""
    with tempfile.TemporaryDirectory() as tmp:
        env = _start_env(str(Path(tmp) / "pycache"))
        shot = Path(tmp) / "first.png"
        _first_frame(env, shot)
        _bare_pygame(env)
        game, bare = [], []
        for _ in range(runs):
            game.append(_first_frame(env, shot))
            bare.append(_bare_pygame(env))
    game_cpu = statistics.median(c for _, c in game)
    bare_cpu = statistics.median(c for _, c in bare)
    return {"startup_s": round(statistics.median(w for w, _ in game), 3),
            "pygame_startup_s": round(statistics.median(w for w, _ in bare), 3),
            "startup_cpu_s": round(game_cpu, 3), "pygame_startup_cpu_s": round(bare_cpu, 3),
            "startup_cpu_ratio": round(game_cpu / bare_cpu, 2) if bare_cpu > 0 else 0.0}


def _session(kind: str):
    """A headless exhibition session: the attract demo, or the title left alone (no demo)."""
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.options import Options
    from monopoly_cpc.settings import Settings

    options = Options(headless=True, loader="skip", attract_after=86400)
    config = ExhibitConfig(start="attract" if kind == "attract" else "boot", store=None, playlist=False,
                           warn=lambda _msg: None)
    return ExhibitSession(options, settings=Settings(), seed=7, config=config)


def cpu_share(kind: str, ticks: int = 3000, paced: bool = False) -> dict[str, float]:
    """The share of one core a minute of ``kind`` ("attract" or "title") takes (module doc)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from monopoly_cpc.render.present import Presenter, layout_for

    session = _session(kind)
    if kind == "title":
        from monopoly_cpc.screens.title import TitleScreen

        for _ in range(200):      # past the boot, if any, to the title
            if isinstance(session.screen, TitleScreen):
                break
            session.step()
        if not isinstance(session.screen, TitleScreen):
            raise UserError(f"bench: no title screen to measure (got {type(session.screen).__name__})")
    target = pygame.Surface((1920, 1080), 0, 32)
    layout = layout_for(1920, 1080)
    presenter = Presenter(target)
    presenter.clear_bars(target, layout)
    step_s = draw_s = 0.0
    draws0, skips0 = session.redraw.draws, session.redraw.skips
    c0, w0 = time.process_time(), time.perf_counter()
    for t in range(ticks):
        a = time.thread_time()
        session.step()
        b = time.thread_time()
        fb = session.render()
        if presenter.changed(fb):
            presenter.present(fb, target, layout)
        c = time.thread_time()
        step_s += b - a
        draw_s += c - b
        if paced:
            delay = w0 + (t + 1) / 50 - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
    busy = step_s + draw_s
    if paced:
        share = (time.process_time() - c0) / max(1e-9, time.perf_counter() - w0)
    else:
        share = busy / (ticks / 50)
    return {f"{kind}_cpu_share": round(share, 4),
            f"{kind}_draw_share": round(draw_s / busy, 3) if busy > 0 else 0.0,
            f"{kind}_tick_ms": round(1000 * busy / ticks, 3),
            f"{kind}_drawn": _drawn(session.redraw.draws - draws0, session.redraw.skips - skips0)}


def _drawn(draws: int, skips: int) -> float:
    """The share of the pictures asked for that were drawn (the others kept)."""
    return round(draws / max(1, draws + skips), 3)


def run(args) -> int:
    if not 1 <= args.frames <= MAX_FRAMES:
        raise UserError(f"bench: --frames must be 1 to {MAX_FRAMES}, got {args.frames}")
    if not 50 <= args.ticks <= MAX_FRAMES:
        raise UserError(f"bench: --ticks must be 50 to {MAX_FRAMES}, got {args.ticks}")
    results: dict[str, float] = {}
    if args.against is not None:
        if not 1 <= args.chunks <= MAX_FRAMES:
            raise UserError(f"bench: --chunks must be 1 to {MAX_FRAMES}, got {args.chunks}")
        from monopoly_cpc.analysis.bench import engine_against

        _print(engine_against(args.against, args.chunks), args.json)
        return 0
    results.update(display_bench(args.frames))
    results.update(startup_pair())
    for kind in ("attract", "title"):
        results.update(cpu_share(kind, args.ticks, args.paced))
    if args.engine:
        from monopoly_cpc.analysis.bench import engine_bench

        results.update(engine_bench())
    _print(results, args.json)
    return 0


def _print(results: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(results, sort_keys=True))
    else:
        width = max(len(k) for k in results)
        for k, v in results.items():
            print(f"{k:<{width}}  {v}")
