"""Who the game waits for."""

from __future__ import annotations

from monopoly_cpc.rules.state import (
    AUCTION,
    DEBT,
    GAME_OVER,
    PLACE_BUILDING,
    START_ROLL,
    TRADE,
    GameState,
)


def actor(state: GameState) -> int:
    """The player the game is waiting for (-1 when it waits for the bank or is over)."""
    ph = state.phase
    if ph == GAME_OVER:
        return -1
    if ph == DEBT:
        return state.debts[0].debtor
    if ph == TRADE:
        return state.trade.partner if state.trade else -1
    if ph == PLACE_BUILDING:
        return state.placer
    if ph == AUCTION:
        return -1
    if ph == START_ROLL:
        return state.start_rollers[0]
    return state.current
