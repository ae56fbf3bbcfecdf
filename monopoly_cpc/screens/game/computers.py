"""The computer players on the game screen: one paced step at a time, out of turn too.

A computer player is ``monopoly_cpc.ai.make_bot(...)``; it only chooses among what the rules
allow, and the screen applies its choice through the engine like a key would.  When it has
nothing to say where the rules force a move (the dice, a debt), the forced move is made.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from monopoly_cpc.ai.personality import NAMES as PERSONALITIES
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply
from monopoly_cpc.rules.state import (
    BUY,
    CARD_CHOICE,
    DEBT,
    FREE_PHASES,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
)

# ticks a computer player waits before each of its steps, by speed 1..3
PACE = {1: 60, 2: 30, 3: 10}


def make_bots(ctx, state) -> dict[int, Any]:
    """A computer player for every simulated player.

    ``ctx.seed`` is the game's seed: the six characters are shuffled with it and dealt by seat,
    so each game gets its own (different players, different characters, as in the 1985
    program); ``ctx.option("ai_level")`` (``--ai-level`` or the saved setting: facile, normal,
    expert) is their strength."""
    from monopoly_cpc.ai import make_bot

    rng = random.Random(ctx.seed)
    names = list(PERSONALITIES)
    rng.shuffle(names)
    kind = ctx.option("ai_level", "normal")
    bots = {}
    for i, p in enumerate(state.players):
        if p.computer:
            bots[i] = make_bot(kind=kind, personality=names[i % len(names)], seed=ctx.seed * 7 + i)
    return bots


class ComputerPlayers:
    """Mixin of GameScreen: the steps of its computer players (``self.bots``)."""

    def bot_step(self, who: int) -> bool:
        """Let computer player ``who`` take one step; True if something was applied."""
        if self.idle.get(who) == self.state.actions:
            return False
        action = self.bots[who].decide(self.state, who)
        if action is None:
            action = self._default_action(who)
            if action is None:
                self._idle(who)
                return False
        ok, _ = self.apply(action)
        if not ok:
            fallback = self._default_action(who)
            ok = fallback is not None and fallback != action and self.apply(fallback)[0]
        if not ok:
            self._idle(who)
        return ok

    def _idle(self, who: int) -> None:
        self.idle[who] = self.state.actions

    def _default_action(self, who: int):
        """What the rules force when a computer player has nothing to say (never a choice)."""
        st = self.state
        ph = st.phase
        if ph in (START_ROLL, ROLL, JAIL):
            return A.Roll(who)
        if ph == BUY:
            return A.Decline(who)
        if ph == CARD_CHOICE:
            return A.ChooseCard(who, chance=True)
        if ph == DEBT:
            return A.AutoLiquidate(who)
        if ph == TRADE:
            return A.RejectTrade(who)
        if ph == PLACE_BUILDING:
            for s in st.board.streets:
                if st.owner[s] == who and self._would_apply(A.Build(who, s)):
                    return A.Build(who, s)
        return None

    def _would_apply(self, action) -> bool:
        probe = copy.deepcopy(self.state)
        try:
            apply(probe, action)
        except IllegalAction:
            return False
        return True

    def _bots_out_of_turn(self) -> bool:
        """Computer players who are not the one awaited may claim rent, build, mortgage..."""
        st = self.state
        if st.phase not in FREE_PHASES:
            return False
        who = self.actor()
        for i in sorted(self.bots):
            if i == who or st.players[i].bankrupt:
                continue
            if self.idle.get(i) == st.actions:
                continue
            action = self.bots[i].decide(st, i)
            if action is None:
                self._idle(i)
                continue
            if isinstance(action, A.Roll):
                self._idle(i)
                continue
            ok, _ = self.apply(action)
            if ok:
                return True
            self._idle(i)
        return False
