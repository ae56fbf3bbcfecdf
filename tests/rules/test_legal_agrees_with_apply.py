"""``legal_actions`` and ``free_actions`` list only what ``apply`` accepts (docs/engine.md):
over seeded random playouts of every variant, every action listed for a player is accepted (so
no refused one is listed). Outside auctions and trade answers (where selling, mortgaging and
borrowing stay open but are not offered) the lists are also complete for the kinds they
enumerate: an accepted build, sale, mortgage, lift, claim, roll... is listed. Bids, loans and
payments in kind are sampled, and trade proposals are never listed."""

from __future__ import annotations

import pickle
import random

import pytest

from monopoly_cpc.analysis.playout import play_random_game
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import IllegalAction, Variant, apply, free_actions, legal_actions, new_game
from monopoly_cpc.rules.state import AUCTION, FREE_PHASES, TRADE, Debt, GameState

VARIANTS = [
    Variant(),
    Variant.monopolic(),
    Variant.fast(),
    Variant.from_data({"start_cash": 6000}),
    Variant.from_data({"start_cash": 8000, "trade_mortgaged": True}),
    Variant.from_data({"start_cash": 3000, "auto_rent": True}),
    Variant.from_data({"loans": True, "start_cash": 8000}),
    Variant.from_data({"hotel_breakdown": True, "houses_before_hotel": 3}),
    Variant.from_data({"trade_only_when_bank_empty": True, "deal_deeds": 2}),
    Variant.from_data({"time_limit_ticks": 40, "ticks_per_action": 1, "deal_deeds": 2}),
]
SAMPLED = (A.Bid, A.Borrow, A.PayInKind)


class Trial:
    """Try actions on a copy of a state: a refused action leaves the copy as it was (``apply``
    changes nothing when it refuses), so a fresh copy is made only after an accepted one."""

    def __init__(self, state: GameState) -> None:
        self.snapshot = pickle.dumps(state)
        self.copy: GameState = pickle.loads(self.snapshot)

    def accepted(self, action: A.Action) -> bool:
        try:
            apply(self.copy, action)
        except IllegalAction:
            return False
        self.copy = pickle.loads(self.snapshot)
        return True


def accepted(state: GameState, action: A.Action) -> bool:
    """Does ``apply`` take ``action`` in ``state``? (Tried on a copy.)"""
    return Trial(state).accepted(action)


def candidates(state: GameState, p: int) -> list[A.Action]:
    """Every action of the kinds the lists enumerate, for player ``p``."""
    out: list[A.Action] = [
        A.Roll(p), A.Buy(p), A.Decline(p), A.Pass(p), A.ClaimRent(p), A.PayJailFine(p),
        A.UseJailCard(p), A.ChooseCard(p, False), A.ChooseCard(p, True), A.AutoLiquidate(p),
        A.DeclareBankruptcy(p), A.AcceptTrade(p), A.RejectTrade(p)]
    for s in state.board.properties:
        out += [A.Build(p, s), A.SellBuilding(p, s), A.Mortgage(p, s), A.Lift(p, s)]
    return out


def disagreements(state: GameState) -> list[str]:
    """What the lists and ``apply`` disagree on in ``state`` (empty when they agree)."""
    out = []
    trial = Trial(state)
    for p in range(len(state.players)):
        listed = legal_actions(state, p)
        free = free_actions(state, p)
        if state.phase in FREE_PHASES:
            out += [f"free_actions {a} not in legal_actions" for a in free if a not in listed]
        out += [f"free, refused: {a} in phase {state.phase}" for a in free
                if a not in listed and not trial.accepted(a)]
        for a in listed:
            if not trial.accepted(a):
                out.append(f"listed, refused: {a} in phase {state.phase}")
        if state.phase in (AUCTION, TRADE):
            continue
        for a in candidates(state, p):
            if a not in listed and trial.accepted(a):
                out.append(f"accepted, not listed: {a} in phase {state.phase}")
    return out


@pytest.mark.parametrize("v", range(len(VARIANTS)))
def test_listed_actions_are_exactly_the_accepted_ones(v):
    variant = VARIANTS[v]
    checked = 0
    for game in range(4):
        seed = 100 * v + game
        rng = random.Random(seed)
        n = 2 + (seed % 3 if variant.deal_deeds else seed % 5)
        state = new_game([f"P{i}" for i in range(n)], computer=[True] * n, seed=seed,
                         variant=variant)
        if game % 2:   # groups dealt: buildings, shortages and debts come early
            for members in state.board.group_members:
                owner = rng.randrange(n)
                for s in members:
                    if state.owner[s] < 0:
                        state.owner[s] = owner
        step = [0]

        def check(st: GameState) -> None:
            nonlocal checked
            step[0] += 1
            if step[0] % 5 == 0:
                checked += 1
                problems = disagreements(st)
                assert not problems, problems[:5]

        play_random_game(state, seed=seed, max_steps=600, check=check)
    assert checked >= 20


def test_a_bankrupt_player_is_offered_nothing():
    """A bankrupt player is out of the game (refusal ``player_bankrupt``): not even a loan."""
    s = new_game(["A", "B", "C"], seed=3, variant=Variant.monopolic())
    s.players[2].bankrupt = True
    assert free_actions(s, 2) == [] and legal_actions(s, 2) == []
    assert not accepted(s, A.Borrow(2, 10000))


def test_a_debtor_is_offered_neither_build_nor_lift():
    """A debtor spends no cash on anything but his debt (deals.py, refusal
    ``debtor_pays_first``), so the lists do not offer him Build or Lift."""
    s = new_game(["A", "B"], seed=3, first_player=0)
    for sq in (1, 3):
        s.owner[sq] = 0
    s.owner[5] = 0
    s.mortgaged[5] = True
    s.players[0].cash = 60000
    s.debts.append(Debt(0, -1, 90000, "tax"))
    s.stack.append(s.phase)
    s.phase = "debt"
    listed = legal_actions(s, 0)
    assert not any(isinstance(a, (A.Build, A.Lift)) for a in listed), listed
    assert A.Mortgage(0, 1) in listed and not accepted(s, A.Build(0, 1))
    assert not accepted(s, A.Lift(0, 5))
