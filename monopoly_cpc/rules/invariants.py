"""Invariants that hold after every action; the playout tests check them at each step."""

from __future__ import annotations

from monopoly_cpc.rules.board import HOTEL, STREET
from monopoly_cpc.rules.queries import group_complete, level
from monopoly_cpc.rules.state import (
    AUCTION,
    DEBT,
    GAME_OVER,
    PHASES,
    PLACE_BUILDING,
    TRADE,
    GameState,
)


class InvariantError(AssertionError):
    """A rule invariant is broken (a bug in the engine, or a corrupt saved state)."""


def check_invariants(state: GameState) -> None:
    """Raise InvariantError naming the first broken invariant."""
    b = state.board
    v = state.variant
    n = len(state.players)
    if state.phase not in PHASES:
        raise InvariantError(f"unknown phase {state.phase!r}")
    # Money: the players' cash plus the bank's ledger is what was dealt at the start.
    total = sum(p.cash for p in state.players) + state.bank_cash
    if total != n * v.start_cash:
        raise InvariantError(f"money not conserved: players + bank = {total}, "
                             f"expected {n * v.start_cash}")
    # Buildings: stock plus board is 32 houses and 12 hotels (board.yaml).
    houses = sum(h for h in state.houses if h != HOTEL)
    hotels = sum(1 for h in state.houses if h == HOTEL)
    placing = state.place_kind
    if state.bank_houses + houses + (placing == "house") != b.bank_houses:
        raise InvariantError(f"houses: bank {state.bank_houses} + board {houses} != {b.bank_houses}")
    if state.bank_hotels + hotels + (placing == "hotel") != b.bank_hotels:
        raise InvariantError(f"hotels: bank {state.bank_hotels} + board {hotels} != {b.bank_hotels}")
    if state.bank_houses < 0 or state.bank_hotels < 0:
        raise InvariantError("negative bank stock")
    top = v.houses_before_hotel
    for s in range(40):
        o = state.owner[s]
        if not b.is_property[s]:
            if o != -1 or state.houses[s] or state.mortgaged[s]:
                raise InvariantError(f"square {s} is not a property but has an owner or buildings")
            continue
        if not -1 <= o < n:
            raise InvariantError(f"square {s}: owner {o} out of range")
        if o >= 0 and state.players[o].bankrupt:
            raise InvariantError(f"square {s} belongs to bankrupt player {o}")
        if o < 0 and state.mortgaged[s]:
            raise InvariantError(f"square {s}: the bank's property is mortgaged")
        h = state.houses[s]
        if h:
            if b.kinds[s] != STREET:
                raise InvariantError(f"square {s}: buildings on a non-street")
            if not (0 < h <= top or h == HOTEL):
                raise InvariantError(f"square {s}: {h} houses")
            if o < 0 or not group_complete(state, o, s):
                raise InvariantError(f"square {s}: buildings on an incomplete group")
    for members in b.group_members:
        levels = [level(state, s) for s in members]
        if max(levels) - min(levels) > 1:
            raise InvariantError(f"uneven building on {[b.names[s] for s in members]}: {levels}")
    # Cash: never negative (a shortfall is a pending debt, not negative cash).
    for i, p in enumerate(state.players):
        if p.cash < 0:
            raise InvariantError(f"player {i} has negative cash {p.cash}")
        if p.bankrupt and (p.cash or p.jail_cards):
            raise InvariantError(f"bankrupt player {i} still holds cash or cards")
        if not 0 <= p.pos < 40:
            raise InvariantError(f"player {i} on square {p.pos}")
        if p.in_jail and p.pos != 10:
            raise InvariantError(f"player {i} in jail but on square {p.pos}")
        if p.loan < 0 or (p.loan and not v.loans):
            raise InvariantError(f"player {i}: loan {p.loan}")
        if not (p.loan_interest == 0 or 0 < p.loan_interest < p.loan):
            raise InvariantError(f"player {i}: interest {p.loan_interest} in a loan of {p.loan}")
    if state.debts and state.phase not in (DEBT, GAME_OVER) and not state.stack:
        # Debts wait only while an interruption runs (they are settled when it ends).
        raise InvariantError(f"debts pending in phase {state.phase} with nothing to resume")
    # Cards: every card is in its deck or held, exactly once.
    seen: list[int] = []
    for deck in state.decks:
        seen.extend(deck)
    for p in state.players:
        seen.extend(p.jail_cards)
    if sorted(seen) != list(range(len(state.cards.all))):
        raise InvariantError("cards lost or duplicated")
    for k, deck in enumerate(state.decks):
        if any(state.cards.all[c].deck != k for c in deck):
            raise InvariantError("a card is in the wrong deck")
    if state.phase != GAME_OVER and not 0 <= state.current < n:
        raise InvariantError("current player out of range")
    # The current player may be out only while his debts and estate are being settled, or
    # while something that interrupts that settlement runs (a trade proposed meanwhile, a
    # building won at a shortage auction being placed): the settlement then resumes.
    settling = state.phase in (DEBT, AUCTION) or (state.phase in (TRADE, PLACE_BUILDING)
                                                  and bool(state.stack))
    if state.phase != GAME_OVER and not settling and state.players[state.current].bankrupt:
        raise InvariantError(f"the current player is bankrupt (phase {state.phase})")
