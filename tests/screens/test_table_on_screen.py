"""The game screen plays the table's moves (ai/table.py) and saves what the computers remember.

* The same seed through ``play_game`` and through the game screen (four computers, headless,
  fastest pace) gives the same actions and the same winner: the screen adds only the pace.
* A game of two people and two computers saved at several turns (one of them while a person's
  rent is due) and resumed from each save shows, with the same keys, exactly the frames of the
  uninterrupted game.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import Session, screen_keys

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.ai.table import computers
from monopoly_cpc.demo.replay import frame_hash
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.serial import from_data, to_data
from monopoly_cpc.rules.state import GAME_OVER
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.game import game as game_module
from monopoly_cpc.game.game import Game
from monopoly_cpc.screens.game import GameScreen


@pytest.mark.parametrize(("seed", "variant"), [(7, Variant.fast()), (5, None)])
def test_play_game_and_the_game_screen_play_the_same_game(monkeypatch, seed, variant):
    labels = ["expert", "normal", "expert", "facile"]
    simulated = []
    result = play_game(labels, seed, variant, observe=lambda st, a, ev: simulated.append(a))
    applied = []
    real_apply = game_module.apply

    def recording_apply(state, action):
        events = real_apply(state, action)
        applied.append(action)
        return events

    monkeypatch.setattr(game_module, "apply", recording_apply)

    def make(ctx):
        st = new_game([f"P{i + 1}" for i in range(4)], computer=[True] * 4, seed=seed,
                      variant=variant)
        return GameScreen(ctx, Game.of(st, computers(dict(enumerate(labels)), seed)))

    s = Session(make, seed=seed, speed=3)
    for _ in range(200_000):
        if s.screen.state.phase == GAME_OVER:
            break
        s.step()
    assert s.screen.state.phase == GAME_OVER and not result.capped
    assert applied == simulated
    assert s.screen.state.winner == result.winner


SEED = 6
NAMES = ["Jean", "Hal", "Zoé", "Cpc"]


def _screen(ctx, state=None, memory=None):
    if state is None:
        state = new_game(NAMES, computer=[False, True, False, True], pawns=[0, 1, 2, 3], seed=SEED)
    game = Game.of(state, seed=SEED, ai_level="expert")
    if memory is not None:
        game.restore(memory)
    return GameScreen(ctx, game)


def test_a_game_resumed_at_any_turn_shows_the_frames_of_the_uninterrupted_game():
    ticks = 5400
    s = Session(_screen, seed=SEED, speed=3)
    rng = random.Random(1)
    keylog, frames, saves = [], [], {}
    last_turn = -1
    for tick in range(ticks):
        game = s.screen
        if game.state.turn != last_turn and game.at_rest():
            last_turn = game.state.turn
            # what the autosave writes: the engine's state and the screen's memory, as JSON
            saves[tick] = json.dumps({"state": to_data(game.state), "memory": game.game.memory()})
        keys = screen_keys(s.text(), rng, 0.6) if tick % 4 == 0 else []
        keylog.append(keys)
        s.step(keys)
        s.screen.draw(s.fb)
        frames.append(frame_hash(s.fb))
    assert len(saves) > 10 and s.screen.state.turn > 10
    # the computers remember something worth saving: their turns, their random streams
    last = json.loads(saves[max(saves)])["memory"]["table"]["computers"]
    assert last["1"]["_turns"] >= 3 and last["3"]["_turns"] >= 3
    # and some saves made while a person's rent is due (the time he has left to claim it)
    claims = [t for t, doc in saves.items() if json.loads(doc)["memory"]["claim_shown"]]
    assert claims
    for start in list(saves)[1::5] + claims:
        doc = json.loads(saves[start])
        resumed = Session(lambda ctx, doc=doc: _screen(ctx, from_data(doc["state"]), doc["memory"]),
                          seed=SEED, speed=3)
        for tick in range(start, ticks):
            resumed.step(keylog[tick])
            resumed.screen.draw(resumed.fb)
            assert frame_hash(resumed.fb) == frames[tick], (start, tick)
