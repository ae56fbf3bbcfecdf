"""A game on screen set up for the command tests: players, deeds, buildings, keys.

The game is started through the engine (the who-starts rolls forced so that player 1 begins),
then the squares are dealt by hand; the screen is the real GameScreen driven by CPC keys.
"""

from __future__ import annotations

from monopoly_cpc.ai.reasons import NO_REASON, Reason, because
from monopoly_cpc.game.game import Game
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.engine import apply, new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.game.screen import GameScreen
from tests.screens.helpers import Session, digit, key, save_png, typed

__all__ = ["Bot", "Session", "digit", "give", "key", "save_png", "start_game", "typed", "window"]


class Bot:
    """A computer player for the tests: answers trades as told, with a reason; else nothing."""

    def __init__(self, accept: bool = True, reason: Reason = because("accept_good")) -> None:
        self.accept = accept
        self.reason = reason
        self.last_reason = NO_REASON
        self.asked = 0

    def decide(self, state, player):
        if state.phase == "trade" and state.trade is not None and state.trade.partner == player:
            self.asked += 1
            self.last_reason = self.reason
            return A.AcceptTrade(player) if self.accept else A.RejectTrade(player)
        if state.phase == "start_roll" and state.start_rollers and state.start_rollers[0] == player:
            return A.Roll(player)
        if state.phase == "auction":
            au = state.auction
            if player in au.bidders and player not in au.passed:
                return A.Pass(player)
        if state.phase in ("roll", "jail") and state.current == player:
            return A.Roll(player)
        return None


def start_game(names=("ANNE", "BRUNO"), computer=None, bots=None, variant=None, seed=5, **options):
    """A Session on the game screen with player 1 to roll (phase 'roll'); ``options`` are the
    session's (``lang="en"``...)."""
    variant = variant or Variant()
    computer = computer or (False,) * len(names)
    st = new_game(list(names), computer=list(computer), seed=seed, variant=variant)
    n = len(names)
    st.forced_dice = [(6, 6)] + [(1, 2)] * (n - 1)
    while st.phase == "start_roll":
        apply(st, A.Roll(st.start_rollers[0]))
    assert st.phase == "roll" and st.current == 0
    if bots is None:
        bots = {i: Bot() for i in range(n) if computer[i]}
    session = Session(lambda ctx: GameScreen(ctx, Game.of(st, bots)), **options)
    session.step(ticks=300)        # the who-starts messages
    return session, st


def give(st, player: int, squares, houses=None, mortgaged=()) -> None:
    """Deal ``squares`` to ``player`` (buildings taken from the bank's stock)."""
    for k, s in enumerate(squares):
        st.owner[s] = player
        h = houses[k] if houses else 0
        if h:
            st.houses[s] = h
            if h == HOTEL:
                st.bank_hotels -= 1
            else:
                st.bank_houses -= h
        if s in mortgaged:
            st.mortgaged[s] = True
    check_invariants(st)


def window(session) -> str:
    """The window and status line (text rows 18-24) as one string."""
    return "\n".join(session.text()[18:25])


def forward_key(square: int) -> str:
    """The cursor key that moves the board cursor one square on (clockwise) from ``square``."""
    return ("LEFT", "UP", "RIGHT", "DOWN")[(square % 40) // 10]


def goto(session, square: int) -> None:
    """Move the board cursor to ``square`` with the cursor keys, the way a player does."""
    screen = session.screen
    for _ in range(40):
        if screen.cursor == square:
            return
        session.press(forward_key(screen.cursor))
    raise AssertionError(f"the cursor did not reach square {square}")


def flat(session) -> str:
    """The window's words on one line (messages wrap over several rows)."""
    return " ".join(window(session).split())


def settle(session, limit: int = 400) -> None:
    """Tick until the game screen has shown everything queued (keys typed then act at once)."""
    for _ in range(limit):
        if not session.screen.busy:
            return
        session.step()
    raise AssertionError("the screen is still busy")
