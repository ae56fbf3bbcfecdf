"""Many headless games: fixed chunks of consecutive game indexes, played in one process or a
pool, merged in game order, then summarised (wins per seat and per player type, rounds, speed).

A *win* is counted two ways: **outright** (the last player standing) and **by the count**: the
outright winner, or, for a game still running at the round cap, the richest by the quick game's
count (``rules.queries.fortune``, what CTRL+C names: the engine's ``winner`` after ``EndGame``).
Shares come with 95 % Wilson intervals (``wilson``). Speed is given in wall time and in CPU time
(the games' own processes, so a busy machine or a pool does not blur it).

The per-game seed depends only on the run seed and the game index, and chunks are merged in
index order, so the summary is identical for any number of jobs, and on a Dask cluster
(``in_order``; the optional extra ``cluster``).
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import TypeVar

from monopoly_cpc.ai.sim import ROUND_CAP, GameResult
from monopoly_cpc.analysis.tournament import DEALT_ROUND, play_chunk
from monopoly_cpc.errors import UserError
from monopoly_cpc.rules.variants import Variant

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 10   # games per work unit (fixed: the split never depends on --jobs)
Z95 = 1.959964   # the normal quantile of a two-sided 95 % interval


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``k`` successes in ``n`` trials (95 % by
    default); (0, 1) when there is no trial."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    """What a run of games measured."""

    spec: list[str]
    games: int = 0
    games_with_winner: int = 0          # ended by bankruptcies within the round cap
    capped: int = 0                     # reached the round cap (ranked by fortune, CTRL+C)
    wins_by_type: dict[str, int] = field(default_factory=dict)       # outright wins
    leads_by_type: dict[str, int] = field(default_factory=dict)      # engine winner (cap: richest)
    seats_by_type: dict[str, int] = field(default_factory=dict)      # seats played per type
    wins_by_seat: list[int] = field(default_factory=list)
    total_rounds: int = 0
    rolls: int = 0
    actions: int = 0
    trades: int = 0
    bot_errors: int = 0
    seconds: float = 0.0                # wall time of the run
    cpu_seconds: float = 0.0            # CPU time of the games, summed over the processes
    # The deal after DEALT_ROUND rounds: per kind of board (``board_kind``), the games, and the
    # outright wins and engine winners by type; on boards where nobody held a group, the games
    # where a type held the best-earning deeds, and those the best earner ended richest.
    boards: dict[str, dict] = field(default_factory=dict)
    top_earner_by_type: dict[str, int] = field(default_factory=dict)
    top_earner_richest: int = 0

    def add(self, r: GameResult) -> None:
        """Count one game."""
        n = len(r.labels)
        if not self.wins_by_seat:
            self.wins_by_seat = [0] * n
        self.games += 1
        for lab in r.labels:
            self.seats_by_type[lab] = self.seats_by_type.get(lab, 0) + 1
            self.wins_by_type.setdefault(lab, 0)
            self.leads_by_type.setdefault(lab, 0)
        if r.winner >= 0:
            self.games_with_winner += 1
            self.wins_by_seat[r.winner] += 1
            lab = r.labels[r.winner]
            self.wins_by_type[lab] += 1
        if r.leader >= 0:
            lab = r.labels[r.leader]
            self.leads_by_type[lab] += 1
        self.capped += r.capped
        self.total_rounds += r.rounds
        self.rolls += r.rolls
        self.actions += r.actions
        self.trades += r.trades
        self.bot_errors += r.bot_errors
        self.cpu_seconds += r.cpu_seconds
        kind = board_kind(r)
        b = self.boards.get(kind)
        if b is None:
            b = self.boards[kind] = {"games": 0, "wins_by_type": {}, "leads_by_type": {}}
        b["games"] += 1
        for key, seat in (("wins_by_type", r.winner), ("leads_by_type", r.leader)):
            counts = b[key]
            for lab in r.labels:
                counts.setdefault(lab, 0)
            if seat >= 0:
                counts[r.labels[seat]] += 1
        if kind == NO_GROUP:
            lab = r.labels[r.top_earner]
            self.top_earner_by_type[lab] = self.top_earner_by_type.get(lab, 0) + 1
            self.top_earner_richest += r.leader == r.top_earner

    @property
    def mean_rounds(self) -> float:
        """Mean rounds per game."""
        return self.total_rounds / self.games if self.games else 0.0

    def win_share(self, lab: str) -> float:
        """Outright wins per seat of this type (par = 1 / players)."""
        seats = self.seats_by_type.get(lab, 0)
        return self.wins_by_type.get(lab, 0) / seats if seats else 0.0

    def win_rate(self, lab: str) -> float:
        """Share of all games won outright by a player of this type."""
        return self.wins_by_type.get(lab, 0) / self.games if self.games else 0.0

    def count_rate(self, lab: str) -> float:
        """Share of all games won by the count (outright, or richest at the cap) by this type."""
        return self.leads_by_type.get(lab, 0) / self.games if self.games else 0.0

    def interval(self, lab: str, by_count: bool = False) -> tuple[float, float]:
        """95 % Wilson interval of the share of the games a player of this type won (outright,
        or by the count), per seat: the type wins a game or not, so the games are the trials;
        a type holding several seats of each game has its interval divided by them."""
        wins = (self.leads_by_type if by_count else self.wins_by_type).get(lab, 0)
        lo, hi = wilson(wins, self.games)
        per_game = self.seats_by_type.get(lab, 0) / self.games if self.games else 1.0
        return lo / per_game, hi / per_game

    def to_json(self) -> dict:
        """The --json object (results first, then speed)."""
        secs = self.seconds or 1e-9
        cpu = self.cpu_seconds or 1e-9
        return {
            "games": self.games,
            "players": len(self.spec),
            "ai": list(self.spec),
            "games_with_winner": self.games_with_winner,
            "games_capped": self.capped,
            "wins_by_type": dict(self.wins_by_type),
            "win_rate_by_type": {k: round(self.win_rate(k), 4) for k in self.wins_by_type},
            "win_share_per_seat_by_type": {k: round(self.win_share(k), 4) for k in self.wins_by_type},
            "win_interval_per_seat_by_type": {k: [round(x, 4) for x in self.interval(k)]
                                              for k in self.wins_by_type},
            "leads_by_type": dict(self.leads_by_type),
            "wins_by_count_by_type": dict(self.leads_by_type),
            "count_rate_by_type": {k: round(self.count_rate(k), 4) for k in self.leads_by_type},
            "count_share_per_seat_by_type": {
                k: round(self.leads_by_type[k] / self.seats_by_type[k], 4)
                for k in self.leads_by_type},
            "count_interval_per_seat_by_type": {k: [round(x, 4) for x in self.interval(k, True)]
                                                for k in self.leads_by_type},
            "wins_by_seat": list(self.wins_by_seat),
            "mean_rounds": round(self.mean_rounds, 2),
            "rolls": self.rolls,
            "trades": self.trades,
            "bot_errors": self.bot_errors,
            "deal_after_rounds": DEALT_ROUND,
            "boards_by_groups_held": {k: {"games": v["games"],
                                          "wins_by_type": dict(v["wins_by_type"]),
                                          "leads_by_type": dict(v["leads_by_type"])}
                                      for k, v in self.boards.items()},
            "no_group_top_earner_by_type": dict(self.top_earner_by_type),
            "no_group_top_earner_richest": self.top_earner_richest,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / secs, 1),
            "rolls_per_s": round(self.rolls / secs),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "games_per_cpu_s": round(self.games / cpu, 1),
            "rolls_per_cpu_s": round(self.rolls / cpu),
        }

    def results_key(self) -> dict:
        """Everything but the timings (equal across --jobs and PYTHONHASHSEED)."""
        d = self.to_json()
        for k in TIMINGS:
            d.pop(k)
        return d


TIMINGS = ("seconds", "games_per_s", "rolls_per_s", "cpu_seconds", "games_per_cpu_s",
           "rolls_per_cpu_s")


NO_GROUP = "nobody"          # board kind: no complete colour group after DEALT_ROUND rounds
OVER_EARLY = "over early"   # board kind: the game was over within DEALT_ROUND rounds


def board_kind(r: GameResult) -> str:
    """How the deal stood after ``DEALT_ROUND`` rounds: ``OVER_EARLY``, ``NO_GROUP``, or the
    player types holding a complete colour group, sorted and joined by '+'."""
    if r.groups < 0:
        return OVER_EARLY
    if r.groups == 0:
        return NO_GROUP
    return "+".join(sorted({lab for p, lab in enumerate(r.labels) if r.groups >> p & 1}))


def _worker_ignores_ctrl_c() -> None:
    """A pool worker leaves CTRL+C to the parent, which stops the pool (no worker tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


CLUSTER_EXTRA = "pip install 'monopoly-cpc[cluster]'"   # what --scheduler needs


def in_order(func: Callable[[T], R], items: list[T], jobs: int = 1,
             scheduler: str | None = None) -> Generator[R, None, None]:
    """``func`` over ``items``, the results in the items' order: in this process, in a pool of
    ``jobs`` processes, or on the Dask cluster whose scheduler is at ``scheduler`` (e.g.
    ``tcp://host:8786``). Where a chunk is played never changes its result, so the three give
    the same results. Close the iterator (or run it out) to stop the work."""
    if scheduler:
        return _on_cluster(func, items, scheduler)
    if jobs <= 1 or len(items) <= 1:
        return (func(x) for x in items)
    return _in_pool(func, items, jobs)


def _in_pool(func: Callable[[T], R], items: list[T], jobs: int) -> Generator[R, None, None]:
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    pool = ctx.Pool(jobs, initializer=_worker_ignores_ctrl_c)
    try:
        yield from pool.imap(func, items)   # imap keeps the order
    except BaseException:
        # CTRL+C (or any failure): stop the workers now rather than wait for their chunks.
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _on_cluster(func: Callable[[T], R], items: list[T],
                address: str) -> Generator[R, None, None]:
    try:
        from distributed import Client
    except ImportError:
        raise UserError(f"--scheduler needs Dask's distributed: {CLUSTER_EXTRA}") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, ValueError, TypeError) as exc:
        raise UserError(f"--scheduler {address}: {exc}") from None
    with client:
        # pure=False: two equal chunks are still two pieces of work (no result shared)
        futures = client.map(func, items, pure=False)
        try:
            for f in futures:
                yield f.result()
        finally:
            client.cancel(futures)


def run_games(spec: list[str], games: int, seed: int = 0, jobs: int = 1,
              round_cap: int = ROUND_CAP, variant: Variant | None = None,
              progress: Callable[[int, int], None] | None = None,
              scheduler: str | None = None) -> Summary:
    """Play ``games`` games of the player types ``spec`` (seats rotated game by game), here,
    in ``jobs`` processes or on the Dask cluster at ``scheduler``."""
    chunks = [(list(spec), seed, a, min(a + CHUNK, games), variant, round_cap)
              for a in range(0, games, CHUNK)]
    summary = Summary(list(spec))
    t0 = time.perf_counter()   # speed report only: nothing in the games reads a clock
    done = 0
    with closing(in_order(play_chunk, chunks, jobs, scheduler)) as results:
        for chunk in results:
            for r in chunk:
                summary.add(r)
            done += len(chunk)
            if progress is not None:
                progress(done, games)
    summary.seconds = time.perf_counter() - t0
    return summary
