"""The bookkeeping of a run of headless games: each game's seed and line-up from the run seed and
the game index, the deal of the deeds after ``DEALT_ROUND`` rounds, and chunks of games (a
worker's unit of work).

After ``DEALT_ROUND`` rounds the dice have dealt (nearly) every deed: each game then notes which
seats hold a complete colour group and whose deeds earn the most rent (``GameResult.groups``,
``top_earner``), so that a run can say how much of its outcome the deal had already decided.

Per-game seeds come from the run seed and the game index (``game.setup.run_game_seed``), so a
game plays the same in any process, any order and under any PYTHONHASHSEED.
"""

from __future__ import annotations

import time
from typing import Final

from monopoly_cpc.ai.sim import ROUND_CAP, GameResult, play_game
from monopoly_cpc.ai.values import LANDING_FR
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.rules.queries import rent
from monopoly_cpc.rules.state import GameState
from monopoly_cpc.rules.variants import Variant

DEALT_ROUND: Final = 40               # rounds after which the deal of the deeds is looked at
MEAN_DICE: Final = 7                  # the dice total a utility's rent is counted at then


def lineup(spec: list[str], index: int) -> list[str]:
    """Seats rotated by the game index, so every player type sits in every seat equally."""
    n = len(spec)
    return [spec[(seat + index) % n] for seat in range(n)]


def deal(state: GameState) -> tuple[int, int]:
    """(groups, top_earner) of a position: the seats holding a whole colour group (bit mask,
    mortgaged or not) and the seat whose deeds earn the most rent per opponent roll (landing
    frequencies of the French board, a utility at a roll of 7; ties: the first seat)."""
    b = state.board
    own = state.owner
    groups = 0
    for members in b.group_members:
        o = own[members[0]]
        if o >= 0 and all(own[s] == o for s in members):
            groups |= 1 << o
    earn = [0] * len(state.players)
    for s in b.properties:
        o = own[s]
        if o >= 0:
            earn[o] += LANDING_FR[s] * rent(state, s, MEAN_DICE)
    return groups, earn.index(max(earn))


def play_dealt(labels: list[str], seed: int, variant: Variant | None = None,
               round_cap: int = ROUND_CAP, index: int = 0) -> GameResult:
    """``play_game`` with the deal noted when round ``DEALT_ROUND + 1`` begins (``groups`` and
    ``top_earner`` stay -1 for a game over before)."""
    dealt = [-1, -1]

    def at_round(state: GameState, rounds: int) -> None:
        if rounds == DEALT_ROUND + 1:
            dealt[0], dealt[1] = deal(state)

    t0 = time.process_time()   # speed report only: nothing in the games reads a clock
    r = play_game(labels, seed, variant, round_cap, index=index, at_round=at_round,
                  at_round_only=DEALT_ROUND + 1)
    r.cpu_seconds = time.process_time() - t0
    r.groups, r.top_earner = dealt
    return r


def play_chunk(args: tuple) -> list[GameResult]:
    """Play games ``start..stop-1`` of a run (a worker's unit: picklable arguments)."""
    spec, run_seed, start, stop, variant, round_cap = args
    return [play_dealt(lineup(spec, i), run_game_seed(run_seed, i), variant, round_cap, index=i)
            for i in range(start, stop)]
