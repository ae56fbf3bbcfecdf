"""A whole game through the screens: title to winner, 2 humans and 2 computer players.

The humans are a scripted key log: each key is chosen by reading the window on the screen
(``helpers.screen_keys``), the way a person would. Every engine action the screens apply is
recorded; replaying them on a fresh engine game gives exactly the final state.
"""

import random

import pytest
from helpers import Session, digit, key, screen_keys, typed

from monopoly_cpc.rules import engine
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.rules.state import GAME_OVER
from monopoly_cpc.screens.game import GameScreen
from monopoly_cpc.game import game as game_module
from monopoly_cpc.screens.title import TitleScreen


def setup_keys(quick_minutes: int) -> list:
    keys = [key("SPACE")]                                          # leave the title
    for pawn, computer, name in ((1, "N", "Jean"), (4, "O", "Hal"), (2, "N", "Zoé"), (6, "O", "Cpc")):
        keys += [digit(pawn), key(computer)] + typed(name) + [key("RETURN")]
    keys.append(key("RETURN"))                                     # all the players are in
    if quick_minutes:
        keys += [key("O"), digit(0), key("RETURN")] + [digit(int(c)) for c in str(quick_minutes)]
        keys.append(key("RETURN"))
    else:
        keys.append(key("N"))
    return keys


def play(monkeypatch, seed: int, quick_minutes: int, max_ticks: int, bots=None, buy: float = 0.7):
    applied = []
    real_apply = game_module.apply

    def recording_apply(state, action):
        events = real_apply(state, action)
        applied.append(action)
        return events

    monkeypatch.setattr(game_module, "apply", recording_apply)
    if bots is not None:
        monkeypatch.setattr(game_module, "computers", bots)
    s = Session(TitleScreen, seed=seed, speed=3)
    for ev in setup_keys(quick_minutes):
        s.step([ev], 2)
    assert isinstance(s.screen, GameScreen)
    game = s.screen
    st = game.state
    assert [p.name for p in st.players] == ["Jean", "Hal", "Zoé", "Cpc"]
    assert [p.computer for p in st.players] == [False, True, False, True]
    rng = random.Random(seed)
    log = []
    for tick in range(max_ticks):
        keys = []
        if tick % 4 == 0:
            keys = screen_keys(s.text(), rng, buy)
            log.extend((tick, k.key) for k in keys)
        s.step(keys, 1)
        if tick % 500 == 0:
            check_invariants(st)
        if st.phase == GAME_OVER and not game.busy:
            s.step([], 5)                                          # the winner's window
            break
    return s, game, applied, log


def replay(game, applied, seed):
    st = game.state
    fresh = engine.new_game([p.name for p in st.players], computer=[p.computer for p in st.players],
                            pawns=[p.pawn for p in st.players], variant=st.variant, seed=seed)
    for action in applied:
        engine.apply(fresh, action)
    return fresh


def test_a_quick_game_from_the_title_to_the_winner(monkeypatch):
    s, game, applied, log = play(monkeypatch, seed=11, quick_minutes=3, max_ticks=20000)
    st = game.state
    assert st.phase == GAME_OVER
    assert s.shows("FIN DE LA PARTIE")
    assert s.shows(f"{st.players[st.winner].name} a gagné la partie !")
    assert st.turn > 10 and len(log) > 20
    check_invariants(st)
    assert to_data(replay(game, applied, seed=11)) == to_data(st)


@pytest.mark.slow
def test_a_full_game_to_the_last_player_standing(monkeypatch):
    # people who seldom buy lose to the computers; the last computers fight it out
    s, game, applied, _log = play(monkeypatch, seed=5, quick_minutes=0, max_ticks=200000, buy=0.2)
    st = game.state
    assert st.phase == GAME_OVER
    assert sum(not p.bankrupt for p in st.players) == 1
    assert s.shows("a gagné la partie !")
    assert to_data(replay(game, applied, seed=5)) == to_data(st)


def test_the_same_keys_and_seed_give_the_same_game(monkeypatch):
    runs = []
    for _ in range(2):
        with monkeypatch.context() as m:
            s, game, applied, log = play(m, seed=4, quick_minutes=1, max_ticks=4000)
            runs.append((to_data(game.state), log, list(applied), s.text()))
    assert runs[0] == runs[1]
