"""``engine_bench()``: the engine's speed with four expert players, full rules (auctions,
trades, buildings, debts), in one process. ``monopoly-cpc bench --engine`` merges the result."""

from __future__ import annotations

from monopoly_cpc.ai.runner import run_games

BENCH_GAMES = 200
BENCH_SEED = 1985


def engine_bench(games: int = BENCH_GAMES, seed: int = BENCH_SEED) -> dict:
    """Play ``games`` games of 4 experts; games and dice rolls per second, and what they did."""
    run_games(["expert"] * 4, min(games, 10), seed + 1)   # warm-up: imports, tables, caches
    s = run_games(["expert"] * 4, games, seed)
    secs = s.seconds or 1e-9
    return {
        "engine_games": s.games,
        "engine_games_per_s": round(s.games / secs, 1),
        "engine_rolls_per_s": round(s.rolls / secs),
        "engine_rolls_per_game": round(s.rolls / max(1, s.games), 1),
        "engine_mean_rounds": round(s.mean_rounds, 1),
        "engine_trades_per_game": round(s.trades / max(1, s.games), 2),
        "engine_games_with_winner": s.games_with_winner,
    }
