"""``engine_bench()``: the engine's speed with four expert players, full rules (auctions,
trades, buildings, debts), in one process. ``monopoly-cpc bench --engine`` merges the result.

Timed in CPU seconds of this process (``time.process_time``), so other programs on a busy
machine do not lower the figure; on an idle machine it equals the wall-clock figure.
"""

from __future__ import annotations

import time
from importlib.machinery import EXTENSION_SUFFIXES

from monopoly_cpc.ai import sim
from monopoly_cpc.analysis.tournament import play_chunk

BENCH_GAMES = 200
BENCH_SEED = 1985


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
