"""Autosave at every turn, atomic files, and the game back after a power cut."""

from __future__ import annotations

import json

from demo_helpers import key, session, to_game

from monopoly_cpc.demo.store import Store
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.screens.title import TitleScreen


def _play_turns(s, ticks: int = 3000) -> None:
    for t in range(ticks):
        s.step([key("D")] if t % 60 == 0 else [key("N")] if t % 60 == 20 else
               [key("RETURN")] if t % 60 == 40 else [])  # roll, never buy, skip messages


def test_store_round_trip_and_broken_files_set_aside(tmp_path):
    store = Store(tmp_path)
    assert store.load_game() is None
    state = new_game(["A", "B"], seed=4)
    store.save_game(to_data(state), seed=9)
    doc = store.load_game()
    assert doc["seed"] == 9 and doc["state"] == to_data(state)
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temp file left
    warnings = []
    store.autosave_path.write_text('{"format": "monopoly-cpc-save", "version": 1, "seed": 1, "state": {"x": 1}}')
    assert store.load_game(warnings.append) is None
    assert len(warnings) == 1 and (tmp_path / "autosave.json.broken").exists()
    store.autosave_path.write_text("{half a fi")
    assert store.load_game(warnings.append) is None and len(warnings) == 2


def test_a_power_cut_during_a_save_leaves_the_old_save(tmp_path):
    store = Store(tmp_path)
    state = new_game(["A", "B"], seed=4)
    store.save_game(to_data(state), seed=1)
    (tmp_path / "autosave.json.tmp").write_text('{"format": "monopoly-cpc-save", "ver')  # cut here
    assert store.load_game()["state"] == to_data(state)


def test_every_turn_is_saved_and_the_game_comes_back_after_a_power_cut(tmp_path):
    store = Store(tmp_path)
    s = session(store=store)
    to_game(s)
    _play_turns(s)
    game = s.screen
    assert game.state.turn >= 3
    saved = json.loads(store.autosave_path.read_text())
    assert saved["state"]["turn"] == game.state.turn
    # the power goes: no close(), a new program starts with the same folder
    s2 = session(store=store)
    for _ in range(500):
        if isinstance(s2.screen, TitleScreen):
            break
        s2.step()
    assert "R : reprendre la partie" in s2.render().read_text(22)
    s2.step([key("R")])
    assert type(s2.screen).__name__ == "GameScreen"
    assert to_data(s2.screen.state) == saved["state"]


def test_no_resume_line_without_a_saved_game(tmp_path):
    s = session(store=Store(tmp_path))
    for _ in range(500):
        if isinstance(s.screen, TitleScreen):
            break
        s.step()
    assert "reprendre" not in s.render().read_text(22)
    s.step([key("R")])
    assert type(s.screen).__name__ == "SetupScreen"  # R is just a key then


def test_a_finished_game_is_not_offered_again(tmp_path):
    store = Store(tmp_path)
    s = session(store=store)
    to_game(s)
    _play_turns(s, 600)
    assert store.autosave_path.exists()
    s.screen.state.phase = "game_over"  # as the engine leaves it at the end
    s.step()
    assert not store.autosave_path.exists()


def test_a_read_only_data_folder_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    s = session(store=Store(blocker / "data"))  # every write fails: the folder cannot exist
    to_game(s)
    _play_turns(s, 600)
    assert type(s.screen).__name__ == "GameScreen" and s.screen.state.turn >= 1
    s.close()
