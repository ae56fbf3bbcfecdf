"""``engine_bench()``: the engine's speed with four expert players, full rules (auctions,
trades, buildings, debts), in one process. ``monopoly-cpc bench --engine`` merges the result.

Timed in CPU seconds of this process (``time.process_time``), so other programs on a busy
machine do not lower the figure; on an idle machine it equals the wall-clock figure.

``engine_against(python)``: this install's engine beside another install of monopoly-cpc (an
older commit, the pure build...), given by its Python interpreter (``monopoly-cpc bench
--against PYTHON``). A shared machine's speed drifts by tens of percent within minutes, so the
two are not timed one after the other: each runs in a process of its own that stays up, and
they take turns at short chunks of the same games (this one, the other, the other, this one...),
each chunk timed in its own process's CPU seconds. The ratio of the totals is the figure; the
chunks' own ratios show the spread.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES

from monopoly_cpc.ai import sim
from monopoly_cpc.analysis.tournament import play_chunk
from monopoly_cpc.errors import UserError, quoted, shorten_words

BENCH_GAMES = 200
BENCH_SEED = 1985


# What each of the two processes of ``engine_against`` runs: it plays the chunks it is sent
# ("seed games" a line) and answers each with its CPU seconds and the dice rolls of its games
# (the same rolls on both sides say the same games were played). Only ``play_chunk``'s
# long-standing arguments are used, so that an older install can be measured too.
WORKER = """
import sys, time
from monopoly_cpc.analysis.tournament import play_chunk
spec = ["expert"] * 4
play_chunk((spec, 1, 0, 10, None, 1000))
print("ready", flush=True)
for line in sys.stdin:
    seed, games = map(int, line.split())
    t0 = time.process_time()
    results = play_chunk((spec, seed, 0, games, None, 1000))
    print(time.process_time() - t0, sum(r.rolls for r in results), flush=True)
"""


def compiled() -> bool:
    """True when the engine and the computer players run as C extensions (mypyc, setup.py)."""
    return (sim.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def engine_bench(games: int = BENCH_GAMES, seed: int = BENCH_SEED) -> dict:
    """Play ``games`` games of 4 experts; games and dice rolls per second, and what they did."""
    spec = ["expert"] * 4
    play_chunk((spec, seed + 1, 0, min(games, 10), None, 1000))   # warm-up: imports, tables
    t0 = time.process_time()
    results = play_chunk((spec, seed, 0, games, None, 1000))
    secs = max(time.process_time() - t0, 1e-9)
    rolls = sum(r.rolls for r in results)
    return {
        "engine_games": games,
        "engine_compiled": compiled(),
        "engine_games_per_s": round(games / secs, 1),
        "engine_rolls_per_s": round(rolls / secs),
        "engine_rolls_per_game": round(rolls / max(1, games), 1),
        "engine_actions_per_game": round(sum(r.actions for r in results) / max(1, games), 1),
        "engine_mean_rounds": round(sum(r.rounds for r in results) / max(1, games), 1),
        "engine_trades_per_game": round(sum(r.trades for r in results) / max(1, games), 2),
        "engine_games_with_winner": sum(1 for r in results if r.winner >= 0),
    }


class _Worker:
    """One side of ``engine_against``: a process playing the chunks it is sent."""

    def __init__(self, python: str) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        # its messages to a file, read if it fails (a pipe nobody reads could fill and stop it)
        self.errors = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")
        try:
            self.proc = subprocess.Popen([python, "-c", WORKER], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=self.errors,
                                         text=True, env=env, cwd=tempfile.gettempdir())
        except OSError as exc:
            self.errors.close()
            raise UserError(f"bench --against: cannot run {quoted(python)}: "
                            f"{exc.strerror or exc}") from None
        self.python = python
        self._expect("ready")

    def _expect(self, what: str) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line or (what and line.strip() != what):
            self.close()
            self.errors.seek(0)
            err = self.errors.read().strip().splitlines()
            raise UserError(f"bench --against: {quoted(self.python)} cannot play monopoly-cpc "
                            "games: " + shorten_words(err[-1] if err else "no answer"))
        return line

    def play(self, seed: int, games: int) -> tuple[float, int]:
        """CPU seconds and dice rolls of ``games`` games from ``seed``."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{seed} {games}\n")
        self.proc.stdin.flush()
        cpu, rolls = self._expect("").split()
        return float(cpu), int(rolls)

    def close(self) -> None:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            self.proc.stdin.close()
        self.proc.wait()


def engine_against(python: str, chunks: int = 400, games: int = 50,
                   seed: int = BENCH_SEED) -> dict:
    """This install's games per CPU second over those of the install run by ``python``
    (module doc): ``chunks`` chunks of ``games`` games of four experts each, the two sides
    taking turns (ABBA), the same games on both."""
    mine, other = _Worker(sys.executable), None
    try:
        other = _Worker(python)
        cpu_mine = cpu_other = 0.0
        rolls_mine = rolls_other = 0
        ratios = []
        for i in range(chunks):
            chunk_seed = seed + i * 7_919
            order = (mine, other) if i % 4 in (0, 3) else (other, mine)
            first, second = (w.play(chunk_seed, games) for w in order)
            (a, ra), (b, rb) = (first, second) if order[0] is mine else (second, first)
            cpu_mine += a
            cpu_other += b
            rolls_mine += ra
            rolls_other += rb
            ratios.append(b / max(a, 1e-9))
    finally:
        for worker in (mine, other):
            if worker is not None:
                worker.close()
                worker.errors.close()
    ratios.sort()
    return {
        "engine_against": python,
        "engine_against_games": chunks * games,
        "engine_against_ratio": round(cpu_other / max(cpu_mine, 1e-9), 3),
        "engine_against_chunk_median": round(statistics.median(ratios), 3),
        "engine_against_chunk_p10": round(ratios[len(ratios) // 10], 3),
        "engine_against_chunk_p90": round(ratios[len(ratios) * 9 // 10], 3),
        "engine_against_cpu_s": round(cpu_mine, 2),
        "engine_against_other_cpu_s": round(cpu_other, 2),
        # dice rolls per CPU second, this over the other: the same figure when the two play
        # the same games, the fairer one when a change of rules made some games longer
        "engine_against_rolls_ratio": round(rolls_mine * cpu_other
                                            / max(rolls_other * cpu_mine, 1e-9), 3),
        "engine_against_rolls": rolls_mine,
        "engine_against_other_rolls": rolls_other,
    }
