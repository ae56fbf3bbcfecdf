"""The ladder: a round robin, one against three, and an Elo rating for every player.

Every ordered pair (A, B) of the entrants plays ``games`` four-player games of one A against
three B, seats rotated game by game (``tournament.lineup``); each pair has its own run seed, so
a game plays the same in any process and any order. A game is won by the count (the last
player standing, or the richest at the round cap by the quick game's count: the engine's
winner), so every game has a winner.

**Ratings.** The winner of a game is taken to be drawn among its seats in proportion to each
seat's strength ``g = 10 ** (elo / 400)`` (Luce's choice model, the many-player form of Elo's
Bradley-Terry model): in a game of one A and three B, A wins with probability
``gA / (gA + 3 gB)``. Two players 400 points apart are then 10 to 1 head to head, and A is at
par (1 in 4) against three B of its own rating. The ratings are the maximum-likelihood
estimates over all the games (Hunter's MM iteration), each pair counted with one more virtual
game won at par (so that a player winning or losing every game keeps a finite rating), and
centred on a mean of 0. The 95 % intervals are ``1.96`` standard errors from the observed
information (the inverse of the log-likelihood's curvature, the centring taken into account).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from monopoly_cpc.ai.personality import DEFAULT, NAMES
from monopoly_cpc.ai.sim import ROUND_CAP, GameResult
from monopoly_cpc.analysis.runner import Z95, in_order
from monopoly_cpc.analysis.tournament import play_chunk
from monopoly_cpc.game.setup import run_game_seed

PLAYERS: Final = 4
DEFAULT_GAMES: Final = 40         # games per ordered pair: 132 pairs, 5.280 games
ELO_SCALE: Final = 400 / math.log(10)
PRIOR_GAMES: Final = 1.0          # virtual games won at par, per pair

# The entrants: the three strengths (character Régulier), the five other characters at the
# normal strength, and the four yardsticks.
ENTRANTS: Final = (("facile", "normal", "expert")
                   + tuple(f"normal:{name}" for name in NAMES if name != DEFAULT)
                   + ("baseline", "swap", "peer", "fair"))


@dataclass
class Pairing:
    """One against three: ``one`` in a seat, ``three`` in the others, over ``games`` games."""

    one: str
    three: str
    games: int = 0
    wins: int = 0          # games ``one`` won by the count
    outright: int = 0      # ... of which outright
    three_outright: int = 0
    capped: int = 0


@dataclass
class Ladder:
    """A round robin's results and ratings."""

    entrants: list[str]
    pairings: list[Pairing] = field(default_factory=list)
    elo: dict[str, float] = field(default_factory=dict)
    half_width: dict[str, float] = field(default_factory=dict)   # 95 % interval: elo +- this
    games: int = 0
    cpu_seconds: float = 0.0

    def score(self, lab: str) -> tuple[int, int]:
        """(games won by the count, games played) of an entrant alone against three."""
        won = played = 0
        for pr in self.pairings:
            if pr.one == lab:
                won += pr.wins
                played += pr.games
        return won, played

    def to_json(self) -> dict:
        """The --json object."""
        return {
            "entrants": list(self.entrants),
            "games": self.games,
            "games_per_pair": self.pairings[0].games if self.pairings else 0,
            "elo": {k: round(v, 1) for k, v in self.elo.items()},
            "elo_95": {k: round(v, 1) for k, v in self.half_width.items()},
            "pairs": [{"one": pr.one, "three": pr.three, "games": pr.games, "wins": pr.wins,
                       "outright": pr.outright, "three_outright": pr.three_outright,
                       "capped": pr.capped} for pr in self.pairings],
            "cpu_seconds": round(self.cpu_seconds, 3),
        }


def pairs(entrants: list[str]) -> list[tuple[str, str]]:
    """Every ordered pair of distinct entrants (one, three)."""
    return [(a, b) for a in entrants for b in entrants if a != b]


def fit(entrants: list[str], pairings: list[Pairing], prior: float = PRIOR_GAMES,
        iterations: int = 10_000) -> tuple[dict[str, float], dict[str, float]]:
    """Elo ratings (mean 0) and the half-widths of their 95 % intervals from the pairings'
    games (module docstring)."""
    idx = {lab: i for i, lab in enumerate(entrants)}
    n = len(entrants)
    rows = []   # (i, j, games, wins of i): i alone against three j
    for pr in pairings:
        rows.append((idx[pr.one], idx[pr.three], pr.games + prior,
                     pr.wins + prior / PLAYERS))
    three = PLAYERS - 1
    won = np.zeros(n)
    for i, j, g, w in rows:
        won[i] += w
        won[j] += g - w
    gamma = np.ones(n)
    for _ in range(iterations):
        denom = np.zeros(n)
        for i, j, g, _w in rows:
            total = gamma[i] + three * gamma[j]
            denom[i] += g / total
            denom[j] += g * three / total
        new = won / denom
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(gamma))) < 1e-10:
            gamma = new
            break
        gamma = new
    theta = np.log(gamma)
    # Observed information of theta: per game, the winner's category is multinomial over the
    # two kinds of seat, with probabilities pa and 1 - pa.
    info = np.zeros((n, n))
    for i, j, g, _w in rows:
        pa = gamma[i] / (gamma[i] + three * gamma[j])
        v = g * pa * (1 - pa)
        info[i, i] += v
        info[j, j] += v
        info[i, j] -= v
        info[j, i] -= v
    cov = np.linalg.pinv(info)   # the ratings' covariance with their mean held at 0
    elo = {lab: float(theta[i] * ELO_SCALE) for lab, i in idx.items()}
    half = {lab: float(Z95 * math.sqrt(max(cov[i, i], 0.0)) * ELO_SCALE)
            for lab, i in idx.items()}
    return elo, half


def pair_seed(seed: int, k: int) -> int:
    """The run seed of pair number ``k`` of a ladder seeded ``seed``."""
    return run_game_seed(seed, 1_000_000 + k)


def run_ladder(entrants: list[str] | None = None, games: int = DEFAULT_GAMES, seed: int = 0,
               jobs: int = 1, round_cap: int = ROUND_CAP,
               progress: Callable[[int, int], None] | None = None,
               scheduler: str | None = None) -> Ladder:
    """Play the round robin and rate the entrants (here, in ``jobs`` processes or on the Dask
    cluster at ``scheduler``: the same ratings)."""
    ents = list(entrants or ENTRANTS)
    plan = pairs(ents)
    chunks = []
    for k, (a, b) in enumerate(plan):
        spec = [a] + [b] * (PLAYERS - 1)
        for start in range(0, games, 10):
            chunks.append((k, (spec, pair_seed(seed, k), start, min(start + 10, games), None,
                                round_cap)))
    ladder = Ladder(ents, [Pairing(a, b) for a, b in plan])
    total = len(plan) * games
    done = 0
    with closing(in_order(play_chunk, [c for _, c in chunks], jobs, scheduler)) as results:
        for (k, _), chunk in zip(chunks, results):
            done += _count(ladder.pairings[k], chunk, ladder)
            if progress is not None:
                progress(done, total)
    ladder.elo, ladder.half_width = fit(ents, ladder.pairings)
    return ladder


def _count(pr: Pairing, chunk: list[GameResult], ladder: Ladder) -> int:
    for r in chunk:
        one = r.labels.index(pr.one)
        pr.games += 1
        pr.wins += r.leader == one
        pr.outright += r.winner == one
        pr.three_outright += r.winner >= 0 and r.winner != one
        pr.capped += r.capped
        ladder.games += 1
        ladder.cpu_seconds += r.cpu_seconds
    return len(chunk)


def table(ladder: Ladder) -> str:
    """The ladder as printed by ``simulate --ladder`` (best first)."""
    per_pair = ladder.pairings[0].games if ladder.pairings else 0
    lines = [f"{len(ladder.entrants)} players, round robin one against three: "
             f"{len(ladder.pairings)} pairs x {per_pair} games = {ladder.games} games "
             f"(seats rotated; a win is by the count)", "",
             f"{'rank':>4s}  {'player':22s} {'Elo':>6s} {'95 % interval':>15s} "
             f"{'alone: won':>10s} {'played':>7s} {'won %':>6s}"]
    order = sorted(ladder.entrants, key=lambda k: (-ladder.elo[k], k))
    for rank, lab in enumerate(order, 1):
        e, h = ladder.elo[lab], ladder.half_width[lab]
        won, played = ladder.score(lab)
        lines.append(f"{rank:4d}  {lab:22s} {e:6.0f} {f'[{e - h:.0f}, {e + h:.0f}]':>15s} "
                     f"{won:10d} {played:7d} {100 * won / played if played else 0:5.1f}%")
    lines.append("")
    lines.append("Elo: mean 0; 400 points = 10 to 1 head to head; a player is at par (1 game in 4) "
                 "against three of its own rating. 'alone': its games alone against three of another "
                 "(won by the count; par 25 %); the ratings use every game.")
    cpu = ladder.cpu_seconds or 1e-9
    lines.append(f"CPU time: {ladder.cpu_seconds:.1f} s ({ladder.games / cpu:.1f} games/s)")
    return "\n".join(lines)
