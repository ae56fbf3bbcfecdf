"""Keys pressed at random over a whole game never break a command or the rules."""

from __future__ import annotations

import random

import pytest

from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.variants import Variant
from tests.screens.commands.helpers import Bot, digit, give, key, start_game, typed

KEYS = ["T", "P", "H", "L", "M", "Q", "N", "O", "A", "V", "C", "D", "F", "E",
        "SPACE", "ENTER", "ESC", "UP", "DOWN", "LEFT", "RIGHT", "DEL"]


def random_keys(rng: random.Random) -> list:
    r = rng.random()
    if r < 0.25:
        return [digit(rng.randrange(10))]
    if r < 0.30:
        return typed(rng.choice("+-?"))
    return [key(rng.choice(KEYS))]


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow),
                                  pytest.param(3, marks=pytest.mark.slow)])
def test_random_keys_in_every_command(seed):
    rng = random.Random(seed)
    s, st = start_game(("ANNE", "BRUNO", "CPC"), (False, False, True), bots={2: Bot()},
                       variant=Variant(loans=True), seed=seed)
    give(st, 0, [1, 3], houses=[1, 1])
    give(st, 1, [6, 8, 9], mortgaged=(8,))
    give(st, 2, [11, 13, 14])
    opened = set()
    for _ in range(1500):
        s.step(random_keys(rng), ticks=rng.choice((1, 1, 2, 5)))
        for m in s.screen.modes:
            opened.add(type(m).__name__)
        s.text()                      # every picture draws
        check_invariants(st)
        if st.phase == "game_over":
            break
    # the commands were really exercised, not just the dice
    assert {"TradeMode", "OwnersMode", "MortgageMode", "HousesMode"} <= opened
