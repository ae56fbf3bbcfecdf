"""`monopoly-cpc landing`: share of dice rolls ending on each square (and in jail)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from monopoly_cpc.errors import UserError

MAX_ROLLS = 1_000_000_000   # far above any useful run (1 M is the default): a typo beyond


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `landing` sub-command."""
    p = subparsers.add_parser(
        "landing", help="landing frequencies of the 40 squares (simulation and exact chain)",
        description="Roll the engine's dice N times for one token and print the share of rolls "
                    "ending on each square and in jail, next to the exact Markov chain.")
    p.add_argument("--rolls", type=int, default=1_000_000, metavar="N",
                   help="number of dice rolls (default: 1000000)")
    p.add_argument("--jail", choices=("stay", "pay"), default="stay",
                   help="stay in jail up to 3 turns (default) or pay at once")
    p.add_argument("--seed", type=int, default=0, help="seed of the dice and decks (default: 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate, compare with the exact chain, print."""
    from monopoly_cpc.analysis.landing import IN_JAIL, exact, simulate
    from monopoly_cpc.rules.board import default_board
    from monopoly_cpc.rules.cards import default_cards

    if not 0 < args.rolls <= MAX_ROLLS:
        raise UserError(f"--rolls must be 1 to {MAX_ROLLS}, got {args.rolls}")
    from monopoly_cpc.interrupt import exit_on_signals

    board = default_board()
    with exit_on_signals():   # CTRL+C: one line and 130, never a KeyboardInterrupt in compiled code
        counts = simulate(args.rolls, args.jail, args.seed)
    chain = exact(board, default_cards(), args.jail)
    total = sum(counts)
    rows: list[dict[str, Any]] = []
    for i in range(41):
        name = board.names[i] if i < 40 else "En prison"
        rows.append({"square": i if i < 40 else "jail", "name": name,
                     "percent": round(100 * counts[i] / total, 4),
                     "exact": round(100 * chain[i], 4) + 0.0})   # + 0.0: never "-0.000"
    worst = max(abs(r["percent"] - r["exact"]) for r in rows)
    if args.json:
        print(json.dumps({"rolls": args.rolls, "jail": args.jail, "seed": args.seed,
                          "squares": rows[:40], "in_jail": rows[IN_JAIL],
                          "max_difference_pp": round(worst, 4)}, ensure_ascii=False, indent=1))
        return 0
    print(f"{args.rolls} rolls, jail policy {args.jail}, seed {args.seed}")
    print(f"{'#':>4}  {'square':<42}{'sim %':>8}{'exact %':>9}")
    for r in rows:
        print(f"{r['square']!s:>4}  {r['name']:<42}{r['percent']:>8.3f}{r['exact']:>9.3f}")
    print(f"largest difference: {worst:.3f} percentage point")
    return 0
