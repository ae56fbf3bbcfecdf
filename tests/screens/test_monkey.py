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


def _shortage_episode(rng: random.Random, n_keys: int) -> tuple[bool, int]:
    """A two-human game staged at a house shortage (two builders, one house left: auction),
    then random keys: the auction, a human placing the house won (cursor keys, ENTER, ESC),
    and whatever follows.  Returns whether a human placed a building, and the keys sent."""
    from helpers import game_session, settle

    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.state import PLACE_BUILDING

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), seed=rng.randrange(10**6),
                     first_player=0)
    settle(s)
    st = s.screen.state
    for sq in (1, 3):
        st.owner[sq] = 0
    for sq in (6, 8, 9):
        st.owner[sq] = 1
    # the other 31 houses on MARIE's pink, orange and red streets (built evenly)
    for sq, n in {11: 4, 13: 4, 14: 4, 16: 4, 18: 4, 19: 4, 21: 3, 23: 2, 24: 2}.items():
        st.owner[sq] = 1
        st.houses[sq] = n
    st.bank_houses = 1
    check_invariants(st)
    ok, _ = s.screen.apply(A.Build(0, 1))
    assert ok and st.phase == "auction"
    placing = False
    place_keys = ["UP", "DOWN", "LEFT", "RIGHT", "ENTER", "RETURN", "ESC", "SPACE"]
    bid_keys = ["1", "2", "0", "5", "ENTER", "DEL", "ESC"]
    all_keys = [k.number for k in LAYOUT.keys if k is not None]
    queue: list[str] = []
    for i in range(n_keys):
        state = getattr(s.screen, "state", None)
        phase = state.phase if state is not None else ""
        if phase == PLACE_BUILDING:
            placing = placing or not s.screen.state.players[s.screen.state.placer].computer
            names = place_keys
        elif phase == "auction":
            names = bid_keys
            if not queue and rng.random() < 0.2:   # a whole offer now and then: "1 16000 ENTER"
                queue = [rng.choice("12"), *str(rng.choice((1000, 1600, 16000, 99999))), "ENTER"]
        else:
            names = BUSY_KEYS
        if queue:
            number = LAYOUT.named(queue.pop(0)).number
        else:
            number = LAYOUT.named(rng.choice(names)).number if rng.random() < 0.9 else rng.choice(all_keys)
        s.step([LAYOUT.event(number, shift=rng.random() < 0.2, ctrl=rng.random() < 0.02,
                             repeat=rng.random() < 0.05)], rng.choice((1, 2, 5)))
        if i % 50 == 0:
            if getattr(s.screen, "state", None) is not None:
                check_invariants(s.screen.state)
            s.screen.draw(s.fb)
    return placing, n_keys


@pytest.mark.slow
def test_120000_keys_with_humans_placing_buildings_won_at_shortage_auctions():
    """The slow set's monkey: 60,000 keys from the title through every screen, then 60,000 in
    staged house shortages where a human wins the auction and places the house with the
    cursor (and presses anything else meanwhile)."""
    seen = monkey(60_000, seed=2027)
    for name in ("TitleScreen", "SetupScreen", "game:roll", "game:buy", "game:auction"):
        assert seen.get(name, 0) > 0, (name, seen)
    rng = random.Random(2027)
    placed = keys = 0
    while keys < 60_000:
        did, n = _shortage_episode(rng, 400)
        placed += did
        keys += n
    assert placed >= 10, placed
