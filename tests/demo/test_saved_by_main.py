"""A game saved, and replay files recorded, by the program before the game had one home
(``game.game.Game``, commit d50dc0b) still load and play the same.

``saved_by_main/`` holds what that program wrote in a session of seed 3 with computers at
``expert`` (JEAN against HAL, 1,500 ticks of play): its autosave file (``autosave.json``), the
recording of a later session of seed 99 that resumed it with R and played on for 900 ticks
(``resumed.json``, the save waiting on its title inside), and that resumed game's own replay
(``game.json``: it starts from the saved state and the computers' and screen's memory), and
the engine's state at the end of each recording as that program played it
(``final_states.json``). The pictures of these recordings are not compared: the board's owner
marks and pawns have been redrawn since, on purpose (docs/screens.md); the game is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from demo_helpers import key, session

from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.store import Store
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.screens.title import TitleScreen

HERE = Path(__file__).resolve().parent / "saved_by_main"


def test_the_old_autosave_resumes_with_its_players_and_their_memory(tmp_path):
    saved = json.loads((HERE / "autosave.json").read_text())
    store = Store(tmp_path)
    shutil.copy(HERE / "autosave.json", store.autosave_path)
    s = session(seed=99, store=store, ai_level="facile")
    for _ in range(500):
        if isinstance(s.screen, TitleScreen):
            break
        s.step()
    s.step([key("R")])
    game = s.screen.game
    assert to_data(game.state) == saved["state"]
    assert game.setup.seed == 3 and game.setup.ai_level == "expert"
    # the whole memory comes back: the table's and the computers', the screen's pace and log
    memory, old = game.memory(), saved["bots"]["memory"]
    assert {k: memory[k] for k in old} == old
    # its journal (J) starts from the log it saved, its rounds from the turns begun
    assert s.screen.view.journal == old["log"]
    assert s.screen.view.first_round == 1 + (game.state.turn - 1) // 2
    assert {i: (b.pers.name, b.kind) for i, b in game.bots.items()} == {1: ("Cupide", "expert")}


def test_the_old_recordings_of_a_resumed_game_play_the_same_game():
    from monopoly_cpc.demo.export import replay_session

    finals = json.loads((HERE / "final_states.json").read_text())
    for name in ("resumed.json", "game.json"):
        replay = R.load(HERE / name)
        s = replay_session(replay)
        keys = replay.key_log(s.layout)
        for t in range(replay.ticks):
            s.step(keys.get(t, ()))
        assert replay.ticks > 500 and to_data(s.screen.state) == finals[name], name
