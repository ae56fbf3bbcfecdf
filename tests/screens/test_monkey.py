"""Monkey test: random CPC keys through every screen (title, set-up, game, auction, jail, debt
and whatever the command modes open); no exception, and the engine's invariants always hold."""

import random

import pytest
from helpers import LAYOUT, Session

from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.screens.game import GameScreen
from monopoly_cpc.screens.title import TitleScreen

# keys the screens listen to, often; any other key of the CPC, sometimes
BUSY_KEYS = ["D", "O", "N", "Y", "P", "C", "A", "H", "V", "F", "L", "T", "M", "Q", "ENTER", "RETURN",
             "ESC", "DEL", "SPACE", "UP", "DOWN", "LEFT", "RIGHT", "1", "2", "3", "4", "5", "6", "0"]


def monkey(n_keys: int, seed: int) -> dict:
    rng = random.Random(seed)
    all_keys = [k.number for k in LAYOUT.keys if k is not None]
    busy = [LAYOUT.named(n).number for n in BUSY_KEYS]
    s = Session(TitleScreen, seed=seed, speed=3)
    seen: dict[str, int] = {}
    for i in range(n_keys):
        number = rng.choice(busy) if rng.random() < 0.85 else rng.choice(all_keys)
        ev = LAYOUT.event(number, shift=rng.random() < 0.3, ctrl=rng.random() < 0.03,
                          repeat=rng.random() < 0.05)
        s.step([ev], rng.choice((1, 1, 2, 5)))
        screen = s.screen
        name = type(screen).__name__
        if isinstance(screen, GameScreen):
            name = f"game:{screen.state.phase}"
            if i % 97 == 0:
                check_invariants(screen.state)
        seen[name] = seen.get(name, 0) + 1
        if i % 50 == 0:
            s.screen.draw(s.fb)
    return seen


def test_100000_random_keys_through_every_screen():
    seen = monkey(100_000, seed=2026)
    for name in ("TitleScreen", "SetupScreen", "game:start_roll", "game:roll", "game:buy",
                 "game:auction", "game:jail"):
        assert seen.get(name, 0) > 0, (name, seen)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_more_monkeys(seed):
    seen = monkey(200_000, seed)
    assert seen.get("game:roll", 0) > 0
