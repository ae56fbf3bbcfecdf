"""`monopoly-cpc simulate`: headless games between computer players, then a table of results.

    monopoly-cpc simulate --games 2000 --players 4 --ai expert,baseline --seed 1 --jobs 2

``--ai`` lists player types (``facile``, ``normal``, ``expert``, each optionally
``:Personality``, and ``baseline``, ``swap``, ``peer``, ``fair``, ``random``); a shorter list than
``--players`` is repeated with its last entry (``expert,baseline`` = 1 expert and 3 baselines). Seats rotate game by game. Results are the
same for any ``--jobs`` and any PYTHONHASHSEED (per-game seeds come from ``--seed`` and the game
index). A progress bar goes to stderr on a terminal only. Wins are reported outright and by the
count (the richest at the round cap), with 95 % Wilson intervals; speed in wall and CPU time.

    monopoly-cpc simulate --ladder --games 40 --seed 1

plays the round robin of ``analysis.ladder`` (one against three) and prints the Elo ladder.

    monopoly-cpc simulate --games 100000 --ai expert,swap --seed 1 --scheduler tcp://host:8786

plays them on a Dask cluster (the optional extra ``cluster``; docs/ai.md says how to start a
scheduler and workers): the same seeds, merged in game order, the same results as ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import sys

from monopoly_cpc.errors import UserError

MAX_GAMES = 10_000_000
LADDER_GAMES = 40   # games per pair of the ladder by default (132 pairs: a few minutes)


def _count(low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, got {value}")
        return value
    return parse


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seed: expected a whole number, got {text!r}") from None


def register(subparsers) -> None:
    """Add the ``simulate`` sub-command."""
    p = subparsers.add_parser(
        "simulate",
        help="play headless games between computer players and print the results",
        description="Play headless games between computer players (full rules: auctions, "
                    "trades, buildings, debts) to a winner or a cap of rounds, then print wins "
                    "per seat and per player type, mean rounds, games without a winner, "
                    "games/s and dice rolls/s. Same results for any --jobs.",
    )
    p.add_argument("--games", type=_count(1, MAX_GAMES), default=None, metavar="N",
                   help="number of games (default: 100); with --ladder, games per pair "
                        f"(default: {LADDER_GAMES})")
    p.add_argument("--players", type=_count(2, 6), default=4, metavar="P",
                   help="players per game, 2 to 6 (default: 4)")
    p.add_argument("--ai", default="expert,baseline", metavar="LIST",
                   help="player types by seat, comma-separated: facile, normal, expert, baseline, "
                        "swap, peer, fair, random, the first three optionally :Personality (Avare, Téméraire, Cupide, Régulier, "
                        "Prudent, Entreprenant); the last one fills the remaining seats "
                        "(default: expert,baseline)")
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="run seed (default: 0)")
    p.add_argument("--jobs", type=_count(1, 256), default=1, metavar="J",
                   help="worker processes (default: 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="play the games on a Dask cluster, e.g. tcp://host:8786: the same "
                        "results as --jobs (needs pip install 'monopoly-cpc[cluster]')")
    p.add_argument("--rounds", type=_count(1, 100_000), default=1000, metavar="R",
                   help="round cap: a game still going after R rounds is ended and ranked by "
                        "fortune: no outright winner, the richest wins by the count "
                        "(default: 1000)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--personalities", action="store_true",
                      help="measure the six characters instead: six-player games, one character "
                           "a seat, all of the strength given by --ai (default here: normal)")
    mode.add_argument("--ladder", action="store_true",
                      help="a round robin instead, one against three, of the three strengths, "
                           "the other five characters (normal) and the yardsticks (baseline, "
                           "swap, peer, fair), each pair --games games: an Elo rating with its 95 %% "
                           "interval for each")
    p.set_defaults(func=run, usage_error=p.error)


def parse_spec(text: str, players: int) -> list[str]:
    """The player type of every seat (UserError, exit 2, on an unknown type or personality)."""
    from monopoly_cpc.ai import KINDS
    from monopoly_cpc.ai.personality import personality

    items = [x.strip() for x in text.split(",")]
    if not items or any(not x for x in items):
        raise UserError("simulate: --ai: empty player type in the list", exit_code=2)
    if len(items) > players:
        raise UserError(f"simulate: --ai lists {len(items)} players for --players {players}",
                        exit_code=2)
    out = []
    for item in items:
        kind, colon, pers = item.partition(":")
        kind = kind.lower()
        if kind not in KINDS:
            shown = kind if len(kind) <= 40 else kind[:37] + "..."
            raise UserError(f"simulate: --ai: unknown player type {shown!r} "
                            f"(one of {', '.join(KINDS)})", exit_code=2)
        if colon:
            if kind in ("baseline", "swap", "peer", "fair", "random"):
                raise UserError(f"simulate: --ai: {kind} has no personality", exit_code=2)
            try:
                pers = personality(pers).name
            except ValueError as exc:
                raise UserError(f"simulate: --ai: {exc}", exit_code=2) from None
            out.append(f"{kind}:{pers}")
        else:
            out.append(kind)
    out += [out[-1]] * (players - len(out))
    return out


def _bar(done: int, total: int) -> None:
    width = 40
    fill = width * done // total
    sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\r" + " " * (width + 30) + "\r")
    sys.stderr.flush()


def table(s) -> str:
    """The human-readable report of a run."""
    lines = []
    n = len(s.spec)
    lines.append(f"{s.games} games, {n} players: {', '.join(s.spec)} (seats rotated)")
    lines.append("")
    lines.append(f"{'player type':24s} {'seats':>6s} {'wins':>6s} {'win %/seat':>10s} "
                 f"{'[95 % interval]':>16s} {'by count':>8s} {'count %/seat':>12s} "
                 f"{'[95 % interval]':>16s}")
    for lab in s.wins_by_type:
        seats = s.seats_by_type[lab]
        per_seat = 100.0 * s.wins_by_type[lab] / seats if seats else 0.0
        count = 100.0 * s.leads_by_type[lab] / seats if seats else 0.0
        lo, hi = s.interval(lab)
        clo, chi = s.interval(lab, by_count=True)
        lines.append(f"{lab:24s} {seats:6d} {s.wins_by_type[lab]:6d} {per_seat:9.1f}% "
                     f"{_span(lo, hi):>16s} {s.leads_by_type[lab]:8d} {count:11.1f}% "
                     f"{_span(clo, chi):>16s}")
    lines.append("")
    lines.append("wins by seat: " + "  ".join(f"{i + 1}: {w}" for i, w in enumerate(s.wins_by_seat)))
    lines.append(f"games with a winner: {s.games_with_winner} ({100.0 * s.games_with_winner / s.games:.1f} %)"
                 f"   no winner (round cap): {s.capped}")
    lines.append(f"mean rounds: {s.mean_rounds:.1f}   trades: {s.trades}   bot errors: {s.bot_errors}")
    lines.extend(deal_table(s))
    secs = s.seconds or 1e-9
    cpu = s.cpu_seconds or 1e-9
    lines.append(f"speed: {s.games / secs:.1f} games/s, {s.rolls / secs:,.0f} dice rolls/s "
                 f"({s.seconds:.1f} s wall); {s.games / cpu:.1f} games/s, "
                 f"{s.rolls / cpu:,.0f} dice rolls/s in CPU time ({s.cpu_seconds:.1f} s)")
    lines.append("'wins': outright (last player standing); 'by count': outright, or the richest by "
                 "the quick game's count when the round cap was hit (what CTRL+C names). "
                 "'%/seat': per seat of that type (par = 100/players), with its 95 % Wilson "
                 "interval over the games.")
    return "\n".join(lines)


def _span(lo: float, hi: float) -> str:
    return f"[{100 * lo:.1f}-{100 * hi:.1f} %]"


def deal_table(s) -> list[str]:
    """How much the deal of the deeds had decided: games by who held a complete colour group
    after DEALT_ROUND rounds, with the wins and the richest players of each player type."""
    from monopoly_cpc.analysis.runner import NO_GROUP, OVER_EARLY
    from monopoly_cpc.analysis.tournament import DEALT_ROUND

    types = list(s.wins_by_type)
    head = f"{'complete group held by':24s} {'games':>6s} {'%':>6s}"
    for lab in types:
        head += f" {('wins ' + lab)[:14]:>14s} {('richest ' + lab)[:16]:>16s}"
    lines = ["", f"after {DEALT_ROUND} rounds (the deeds dealt by the dice):", head]
    names = {NO_GROUP: "nobody", OVER_EARLY: f"(over within {DEALT_ROUND} rounds)"}
    order = {OVER_EARLY: 0, NO_GROUP: 1}
    for kind, b in sorted(s.boards.items(), key=lambda kv: (order.get(kv[0], 2), kv[0])):
        row = f"{names.get(kind, kind):24s} {b['games']:6d} {100.0 * b['games'] / s.games:5.1f}%"
        for lab in types:
            row += f" {b['wins_by_type'].get(lab, 0):14d} {b['leads_by_type'].get(lab, 0):16d}"
        lines.append(row)
    quiet = s.boards.get(NO_GROUP, {}).get("games", 0)
    if quiet:
        lines.append(f"nobody holding a group: the richest at the end was the holder of the "
                     f"best-earning deeds in {s.top_earner_richest} of {quiet} games "
                     f"({100.0 * s.top_earner_richest / quiet:.1f} %); best earner by type: "
                     + ", ".join(f"{lab} {n}" for lab, n in s.top_earner_by_type.items()))
    lines.append("")
    return lines


def run(args: argparse.Namespace) -> int:
    """Play the games and print the table (or the JSON object)."""
    from monopoly_cpc.analysis.runner import run_games

    try:
        if args.ladder:
            _ladder_options(args)
        elif args.personalities:
            _personality_kind(args)
        else:
            spec = parse_spec(args.ai, args.players)
    except UserError as exc:  # the usage line, as argparse gives it for any other bad option
        usage_error = getattr(args, "usage_error", None)
        if usage_error is None:
            raise
        usage_error(str(exc).removeprefix("simulate: "))
    if args.ladder:
        return _ladder(args)
    if args.games is None:
        args.games = 100
    if args.personalities:
        return _personalities(args)
    progress = _bar if sys.stderr.isatty() and not args.json else None
    from monopoly_cpc.interrupt import exit_on_signals

    with exit_on_signals():   # CTRL+C/SIGTERM: one line, 130/143, the workers ended with it
        summary = run_games(spec, args.games, args.seed, args.jobs, args.rounds, progress=progress,
                            scheduler=args.scheduler)
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False, sort_keys=False))
    else:
        print(table(summary))
    return 0


def _ladder_options(args: argparse.Namespace) -> None:
    if args.ai != "expert,baseline":
        raise UserError("--ladder: the players are fixed (no --ai)", exit_code=2)
    if args.players != 4:
        raise UserError("--ladder: the games are of four players (no --players)", exit_code=2)


def _ladder(args: argparse.Namespace) -> int:
    from monopoly_cpc.analysis import ladder
    from monopoly_cpc.interrupt import exit_on_signals

    games = args.games if args.games is not None else LADDER_GAMES
    progress = _bar if sys.stderr.isatty() and not args.json else None
    with exit_on_signals():
        result = ladder.run_ladder(games=games, seed=args.seed, jobs=args.jobs,
                                   round_cap=args.rounds, progress=progress,
                                   scheduler=args.scheduler)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(ladder.table(result))
    return 0


def _personality_kind(args: argparse.Namespace) -> str:
    kind = args.ai if args.ai != "expert,baseline" else "normal"
    if kind not in ("facile", "normal", "expert"):
        raise UserError("--personalities: --ai must be facile, normal or expert",
                        exit_code=2)
    return kind


def _personalities(args: argparse.Namespace) -> int:
    from monopoly_cpc.analysis import measure

    kind = _personality_kind(args)
    from monopoly_cpc.interrupt import exit_on_signals

    with exit_on_signals():
        total = measure.measure(kind, args.games, args.seed, args.jobs, args.rounds,
                                args.scheduler)
    if args.json:
        print(json.dumps({"ai": kind, "games": args.games, "sums": total}, ensure_ascii=False))
    else:
        print(f"{args.games} six-player games, one character a seat, all {kind}")
        print(measure.table(total))
    return 0
