"""Random playouts: thousands of games of random legal actions; after every action the
invariants hold and the state survives a serialisation round trip unchanged."""

import random

import pytest

from monopoly_cpc.rules import Variant, new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.playout import play_random_game
from monopoly_cpc.rules.serial import from_data, to_data

CONFIGS = [
    {},
    {"start_cash": 6000},                       # bankruptcies come fast
    {"start_cash": 3000, "auto_rent": True},
    {"loans": True, "max_humans": 4},
    {"houses_before_hotel": 3, "end_at_bankruptcies": 2, "deal_deeds": 2},
    {"hotel_breakdown": True, "auto_rent": True},
    {"trade_only_when_bank_empty": True, "deal_deeds": 2},
    {"time_limit_ticks": 40, "ticks_per_action": 1, "deal_deeds": 2},
]


def _game(i: int):
    """Game i of the batch: a configuration, 2-6 players, and half the time colour groups
    dealt at random so that building, shortages and hotels happen early."""
    rng = random.Random(i)
    cfg = CONFIGS[i % len(CONFIGS)]
    n = 2 + i % 5
    if cfg.get("deal_deeds"):
        n = min(n, 4)
    s = new_game([f"P{k}" for k in range(n)], computer=[True] * n, seed=i,
                 variant=Variant.from_data(cfg))
    if i % 2:
        for members in s.board.group_members:
            owner = rng.randrange(n)
            for sq in members:
                if s.owner[sq] < 0:
                    s.owner[sq] = owner
    return s


def _check_everything(state):
    check_invariants(state)
    assert from_data(to_data(state)) == state


def _run(first: int, count: int, max_steps: int) -> dict[str, int]:
    seen = {"games": 0, "over": 0, "bankrupt": 0}
    for i in range(first, first + count):
        s = _game(i)
        play_random_game(s, seed=i, max_steps=max_steps, check=_check_everything)
        assert s.phase == "game_over" and s.winner >= 0
        seen["games"] += 1
        seen["over"] += not s.end_requested
        seen["bankrupt"] += s.bankruptcies
    return seen


def test_random_playouts():
    seen = _run(0, 1400, max_steps=50)
    assert seen["games"] == 1400
    assert seen["over"] > 150 and seen["bankrupt"] > 100  # real endings, not only CTRL+C


@pytest.mark.slow
def test_random_playouts_long():
    seen = _run(10_000, 2000, max_steps=3000)
    assert seen["games"] == 2000
