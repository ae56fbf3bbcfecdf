"""Computer players only ever ask for legal actions, and never touch the state themselves."""

from __future__ import annotations

import copy
import random

import pytest

from monopoly_cpc.ai import PERSONALITY_NAMES, make_bot
from monopoly_cpc.ai.reasons import CODES, Reason
from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.analysis.playout import random_step
from monopoly_cpc.rules import IllegalAction, apply, new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.state import GAME_OVER
from monopoly_cpc.rules.variants import Variant


def random_positions(count: int, seed: int):
    """States reached by random play (auctions, debts, trades, buildings...)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        variant = rng.choice([Variant(), Variant.monopolic(), Variant.fast()])
        n = rng.randint(2, 6)
        st = new_game([f"P{i}" for i in range(n)], computer=[True] * n,
                      seed=rng.randrange(1 << 30), variant=variant)
        for _ in range(rng.randint(20, 1500)):
            if st.phase == GAME_OVER:
                break
            random_step(st, rng)
        if st.phase != GAME_OVER:
            out.append(st)
    return out


POSITIONS = random_positions(120, 1985)
KINDS = ["facile", "normal", "expert", "baseline", "swap", "fair"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_decision_is_legal_in_random_positions(kind):
    seen = set()
    for i, st in enumerate(POSITIONS):
        for p in st.alive():
            pers = PERSONALITY_NAMES[(i + p) % 6]
            bot = make_bot(kind, pers if kind not in ("baseline", "swap", "fair") else None, seed=i)
            before = copy.deepcopy(st)
            action = bot.decide(st, p)
            assert st == before, "decide() changed the state"
            if action is None:
                continue
            seen.add(type(action).__name__)
            probe = copy.deepcopy(st)
            try:
                apply(probe, action)
            except IllegalAction as exc:
                pytest.fail(f"{kind} chose {action} in phase {st.phase}: {exc.reason}")
            assert isinstance(bot.last_reason, Reason) and bot.last_reason.code in ("", *CODES)
    # The sample reaches the main kinds of decision.
    assert "Roll" in seen and {"Bid", "Pass"} & seen


@pytest.mark.parametrize("labels", [
    ["expert", "normal", "facile", "baseline"],
    ["expert:Téméraire", "expert:Prudent", "normal:Avare", "normal:Cupide", "facile:Entreprenant"],
    ["random", "expert", "random"],
    ["expert", "swap", "fair", "swap"],
])
def test_full_games_with_invariants_and_no_refused_action(labels):
    for seed in range(3):
        r = play_game(labels, seed, round_cap=150, check=check_invariants)
        if "random" not in labels:
            assert r.bot_errors == 0
        assert r.rounds <= 150


@pytest.mark.parametrize("variant", [
    Variant.monopolic(), Variant.fast(), Variant(auto_rent=True), Variant(hotel_breakdown=True),
    Variant(trade_only_when_bank_empty=True)], ids=lambda v: "variant")
def test_rule_variants_play_through(variant):
    for seed, labels in enumerate((["expert", "expert", "normal"],
                                   ["expert:Téméraire", "expert:Entreprenant", "normal"],
                                   ["baseline", "expert", "facile:Avare", "normal:Cupide", "expert"])):
        r = play_game(labels, seed, variant=variant, round_cap=200, check=check_invariants)
        assert r.bot_errors == 0


def test_a_shortage_auction_nobody_wants_is_not_reopened_forever():
    """Found by a sweep: a builder passing on the house it asked for used to ask again at once."""
    r = play_game(["expert:Téméraire", "expert:Entreprenant", "normal"], 4882541506070730964,
                  round_cap=400)
    assert r.bot_errors == 0


def test_decisions_are_deterministic():
    st = POSITIONS[7]
    a = [make_bot("expert", "Cupide", seed=3).decide(st, p) for p in st.alive()]
    b = [make_bot("expert", "Cupide", seed=3).decide(st, p) for p in st.alive()]
    assert a == b
