"""Random playouts: games of random legal actions (tests, profiling, the benchmark's baseline).

A game (``game.game.Game``) of careless players (``Careless``) in the table's order
(``ai.table``): owners usually claim their rent, sometimes someone builds, mortgages, lifts or
proposes a random trade, the awaited player does any of his moves, auctions end when everyone
else has passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from monopoly_cpc.ai.reasons import NO_REASON, Reason
from monopoly_cpc.game.game import Game
from monopoly_cpc.game.setup import GameSetup, Seat
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.legal import free_actions, legal_actions
from monopoly_cpc.rules.state import AUCTION, DEBT, FREE_PHASES, GAME_OVER, GameState
from monopoly_cpc.rules.turn import actor


def random_trade(state: GameState, rng: random.Random, p: int) -> A.ProposeTrade | None:
    """A random one-for-one swap (plus a little cash) between ``p`` and another player."""
    others = [i for i in state.alive() if i != p]
    if not others:
        return None
    q = rng.choice(others)
    mine = state.owned_by(p)
    theirs = state.owned_by(q)
    if not mine or not theirs:
        return None
    return A.ProposeTrade(p, q, (rng.choice(mine),), (rng.choice(theirs),),
                          rng.choice((0, 0, 1000, -1000)))


_FREE = (A.ClaimRent, A.Build, A.SellBuilding, A.Mortgage, A.Lift, A.Borrow)


class Careless:
    """A careless player (``ai.table.Computer``): owners usually claim their rent, now and then
    someone builds, mortgages, lifts or proposes a random trade, bids are random, and the
    awaited player does any of his legal moves. All careless players of a table share one
    random stream (``rng``), which the playout seeds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.last_reason: Reason = NO_REASON

    def decide(self, state: GameState, p: int) -> A.Action | None:
        rng = self.rng
        ph = state.phase
        if ph == AUCTION:
            bids = [a for a in legal_actions(state, p) if isinstance(a, A.Bid)]
            return rng.choice(bids) if bids and rng.random() < 0.35 else A.Pass(p)
        c = state.claim
        if c is not None and c.owner == p and rng.random() < 0.9:
            return A.ClaimRent(p)
        if ph in FREE_PHASES and rng.random() < 0.08:
            if rng.random() < 0.1:
                t = random_trade(state, rng, p)
                if t is not None:
                    return t
            acts = free_actions(state, p)
            if acts:
                return rng.choice(acts)
        if actor(state) != p:
            return None
        if ph == DEBT:
            r = rng.random()
            if r < 0.4:
                return A.AutoLiquidate(p)
            if r < 0.8:
                raising = [a for a in free_actions(state, p)
                           if isinstance(a, (A.SellBuilding, A.Mortgage))]
                if raising:
                    return rng.choice(raising)
        legal = legal_actions(state, p)
        acts = [a for a in legal if not isinstance(a, _FREE)] or legal  # placing a won building
        return rng.choice(acts) if acts else None

    def memory(self) -> dict[str, Any]:
        """Nothing of its own (the stream is the playout's)."""
        return {}

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Nothing to take back."""


def careless_game(state: GameState, rng: random.Random, seed: int = 0) -> Game:
    """The game ``state`` played by careless players, one a seat, sharing ``rng`` (seeded with
    ``seed``)."""
    player = Careless(rng)
    setup = GameSetup(seed, tuple(Seat(p.name, level="careless") for p in state.players),
                      state.variant)
    return Game(setup, state, {i: player for i in range(len(state.players))})


def random_step(state: GameState, rng: random.Random, game: Game | None = None) -> list[Event]:
    """Apply one move of careless players (``game``, whose state is ``state``; a new one when
    None: any state will do) in the table's order, or the bank's CloseAuction; return its
    events (none when the engine refused the move and the rules force nothing instead)."""
    if game is None:
        game = careless_game(state, rng)
    move = game.next_move()
    if move is None:
        if state.phase == AUCTION and auction_settled(state):
            return apply(state, A.CloseAuction())
        raise RuntimeError(f"no move in phase {state.phase}")
    events = game.apply(move)
    return [] if isinstance(events, IllegalAction) else events


def play_random_game(state: GameState, seed: int, max_steps: int = 5000,
                     check: Callable[[GameState], None] | None = None) -> int:
    """Play random actions until the game ends or ``max_steps`` (then CTRL+C); return steps."""
    rng = random.Random(seed)
    game = careless_game(state, rng, seed)
    steps = 0
    while state.phase != GAME_OVER and steps < max_steps:
        random_step(state, rng, game)
        steps += 1
        if check is not None:
            check(state)
    while state.phase != GAME_OVER:   # max_steps reached: CTRL+C ends the game
        if state.phase in ("roll", "jail") and not state.stack:
            apply(state, A.EndGame())
        else:
            random_step(state, rng, game)
        steps += 1
        if check is not None:
            check(state)
    return steps
