"""Random playouts: games of random legal actions (tests, profiling, the benchmark's baseline).

``random_step`` chooses who acts and what, like a table of careless players: owners usually
claim their rent, sometimes someone builds, mortgages, lifts or proposes a random trade, the
player whose turn it is does his part, auctions end when everyone else has passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.legal import free_actions, legal_actions
from monopoly_cpc.rules.state import AUCTION, DEBT, GAME_OVER, GameState
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


def random_step(state: GameState, rng: random.Random) -> list[Event]:
    """Apply one random legal action (or the bank's CloseAuction) and return its events."""
    ph = state.phase
    if ph == AUCTION:
        au = state.auction
        assert au is not None   # phase AUCTION
        if auction_settled(state):
            return apply(state, A.CloseAuction())
        live = [b for b in au.bidders if b not in au.passed and b != au.high_bidder]
        p = rng.choice(live)
        acts = legal_actions(state, p)
        bids = [a for a in acts if isinstance(a, A.Bid)]
        if bids and rng.random() < 0.35:
            return apply(state, rng.choice(bids))
        return apply(state, A.Pass(p))
    c = state.claim
    if c is not None and rng.random() < 0.9:
        try:
            return apply(state, A.ClaimRent(c.owner))
        except IllegalAction:
            pass
    if ph in ("roll", "jail", "buy", "card_choice", "debt") and rng.random() < 0.08:
        p = rng.choice(state.alive())
        if rng.random() < 0.1:
            t = random_trade(state, rng, p)
            if t is not None:
                try:
                    return apply(state, t)
                except IllegalAction:
                    pass
        acts = free_actions(state, p)
        if acts:
            return apply(state, rng.choice(acts))
    p = actor(state)
    if ph == DEBT:
        r = rng.random()
        if r < 0.4:
            return apply(state, A.AutoLiquidate(p))
        if r < 0.8:
            raising = [a for a in free_actions(state, p)
                       if isinstance(a, (A.SellBuilding, A.Mortgage))]
            if raising:
                return apply(state, rng.choice(raising))
    legal = legal_actions(state, p)
    acts = [a for a in legal if not isinstance(a, _FREE)] or legal  # placing a won building
    return apply(state, rng.choice(acts))


_FREE = (A.ClaimRent, A.Build, A.SellBuilding, A.Mortgage, A.Lift, A.Borrow)


def play_random_game(state: GameState, seed: int, max_steps: int = 5000,
                     check: Callable[[GameState], None] | None = None) -> int:
    """Play random actions until the game ends or ``max_steps`` (then CTRL+C); return steps."""
    rng = random.Random(seed)
    steps = 0
    while state.phase != GAME_OVER and steps < max_steps:
        random_step(state, rng)
        steps += 1
        if check is not None:
            check(state)
    if state.phase != GAME_OVER:
        while state.phase != GAME_OVER:
            if state.phase in ("roll", "jail") and not state.stack:
                apply(state, A.EndGame())
            else:
                random_step(state, rng)
            steps += 1
            if check is not None:
                check(state)
    return steps
