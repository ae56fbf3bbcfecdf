"""Saved games and replays edited by hand: accepted only if the game can show and play them.

A seeded fuzz mutates one value of a real mid-game save at a time (types, ranges, pawns,
names with characters the CPC font lacks, computer levels, ...).  Whatever it makes, either
the loader refuses the file (one line, set aside as ``.broken``, never offered again) or the
title's R resumes it and the game plays on without an exception nor a broken rule invariant.
"""

from __future__ import annotations

import copy
import json
import os
import random
import socket
import threading

import pytest
from demo_helpers import key, session

from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.store import Store, save_doc
from monopoly_cpc.errors import DataError
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.serial import to_data

WEIRD = [None, True, False, -1, 0, 6, 7, 99, 2**70, -(2**70), 1.5, "", "x", "normal", "facile",
         "€uro", "A\x00B", "é" * 11, "\u202e", "😀", [], [1], {}, {"a": 1}, "expert", "JEAN"]


ACCEPTED: list[int] = []   # how many mutants were played, over the seeds


def _base_doc() -> dict:
    state = new_game(["JEAN", "HAL", "ZOÉ"], seed=5)
    state.players[1].computer = True
    return save_doc(to_data(state), 7, {"seed": 11, "ai_level": "normal"})


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    yield path


def _mutate(doc: dict, rng: random.Random) -> dict:
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 2))):
        paths = [p for p in _leaves(doc) if p]
        focus = [p for p in paths if p[-1] in ("pawn", "name", "ai_level", "seed", "computer", "cash")]
        path = rng.choice(focus if rng.random() < 0.6 else paths)
        target = doc
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = copy.deepcopy(rng.choice(WEIRD)) if rng.random() < 0.8 else rng.randint(-3, 50)
    return doc


def _to_title(s) -> None:
    for _ in range(10):
        if type(s.screen).__name__ == "TitleScreen":
            return
        s.step([])
    raise AssertionError("no title")


def _resume_and_play(tmp_path, ticks: int = 150) -> None:
    s = session(seed=3, store=Store(tmp_path))
    assert s.suspended is not None
    _to_title(s)
    s.step([key("R")])
    assert type(s.screen).__name__ == "GameScreen"
    rng = random.Random(1)
    names = ["RETURN", "D", "N", "O", "1", "2", "ESC", "SPACE"]
    for t in range(ticks):
        s.step([key(rng.choice(names))] if t % 3 == 0 else [])
    if hasattr(s.screen, "state"):
        check_invariants(s.screen.state)


@pytest.mark.parametrize("seed", range(6))
def test_a_hand_edited_save_is_refused_in_one_line_or_plays(tmp_path, seed):
    rng = random.Random(seed)
    base = _base_doc()
    accepted = refused = 0
    for i in range(25):
        folder = tmp_path / f"m{i}"
        store = Store(folder)
        doc = _mutate(base, rng)
        folder.mkdir()
        store.autosave_path.write_text(json.dumps(doc), encoding="utf-8")
        said: list[str] = []
        got = store.load_game(said.append)
        if got is None:
            refused += 1
            assert len(said) == 1 and "\n" not in said[0] and len(said[0]) < 300, said
            assert (folder / "autosave.json.broken").exists() and not store.autosave_path.exists()
            assert store.load_game(said.append) is None and len(said) == 1   # said once
        else:
            accepted += 1
            assert said == []
            _resume_and_play(folder)
    assert refused and accepted + refused == 25
    ACCEPTED.append(accepted)


@pytest.mark.parametrize("path, value", [
    (("state", "players", 0, "pawn"), 7),
    (("state", "players", 0, "pawn"), 6),
    (("state", "players", 1, "pawn"), 0),                 # two players on one pawn
    (("state", "players", 0, "name"), "€"),
    (("state", "players", 0, "name"), "A\x00"),
    (("state", "players", 0, "name"), ""),
    (("state", "players", 0, "name"), "ABCDEFGHIJKL"),
    (("bots", "ai_level"), ["normal"]),
    (("bots", "ai_level"), {"x": 1}),
    (("bots", "seed"), True),
    (("seed",), False),
])
def test_the_cases_that_crashed_are_refused(tmp_path, path, value):
    doc = _base_doc()
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    store = Store(tmp_path)
    store.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_text(json.dumps(doc), encoding="utf-8")
    said: list[str] = []
    assert store.load_game(said.append) is None
    assert len(said) == 1 and (tmp_path / "autosave.json.broken").exists()


def test_a_save_that_fails_when_resumed_is_set_aside_and_not_offered_again(tmp_path, monkeypatch):
    from monopoly_cpc.demo import games

    store = Store(tmp_path)
    store.save_game(_base_doc()["state"], 7, {"seed": 11, "ai_level": "normal"})
    s = session(seed=3, store=store)
    assert s.suspended is not None
    _to_title(s)

    def broken(*a, **k):
        raise ValueError("a value the checks missed")

    monkeypatch.setattr(games.Players, "game_from", broken)
    s.step([key("R")])
    assert not store.autosave_path.exists() and (tmp_path / "autosave.json.broken").exists()
    monkeypatch.undo()
    assert session(seed=3, store=Store(tmp_path)).suspended is None


def test_second_and_third_broken_saves_keep_every_copy(tmp_path):
    store = Store(tmp_path)
    for i in range(3):
        store.autosave_path.write_text(f"{{broken {i}", encoding="utf-8")
        assert store.load_game(lambda _m: None) is None
    copies = ["autosave.json.broken", "autosave.json.broken.2", "autosave.json.broken.3"]
    assert [(tmp_path / c).read_text(encoding="utf-8") for c in copies] == [f"{{broken {i}" for i in range(3)]


def test_temp_files_of_an_interrupted_save_are_removed_at_the_next_start(tmp_path):
    store = Store(tmp_path)
    store.save_game(_base_doc()["state"], 7)
    (tmp_path / "autosave.json.tmp").write_text("{half", encoding="utf-8")
    (tmp_path / ".autosave.json.k2j3.tmp.json").write_text("{half", encoding="utf-8")
    assert store.load_game() is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_an_unreadable_save_is_blamed_on_the_file_not_the_folder(tmp_path, monkeypatch):
    from monopoly_cpc.demo import store as store_mod

    store = Store(tmp_path)
    store.save_game(_base_doc()["state"], 7)

    def refused(path, limit):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(store_mod, "read_text", refused)
    said: list[str] = []
    assert store.load_game(said.append) is None
    assert len(said) == 1 and "saved game" in said[0] and "cannot be read" in said[0]
    assert "data folder" not in said[0] and store.autosave_path.exists()


@pytest.mark.parametrize("kind", ["fifo", "socket", "dev-zero", "dev-urandom", "fifo-link", "folder", "huge"])
def test_a_special_file_at_the_save_path_is_refused_without_hanging(tmp_path, kind):
    store = Store(tmp_path)
    path = store.autosave_path
    kept = None
    if kind.startswith("fifo"):
        real = tmp_path / "real" if kind.endswith("link") else path
        os.mkfifo(real)
        if real != path:
            os.symlink(real, path)
    elif kind == "socket":
        kept = socket.socket(socket.AF_UNIX)
        kept.bind(str(path))
    elif kind.startswith("dev"):
        os.symlink("/dev/zero" if kind == "dev-zero" else "/dev/urandom", path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text('{"a": "' + "x" * (1 << 20) + '"}', encoding="utf-8")
    said: list[str] = []
    out: list = []
    th = threading.Thread(target=lambda: out.append(store.load_game(said.append)), daemon=True)
    th.start()
    th.join(5)
    assert not th.is_alive(), "the load hangs"
    assert out == [None] and len(said) == 1 and "\n" not in said[0]
    assert "regular file" in said[0] or "too big" in said[0]
    if kept is not None:
        kept.close()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder", "huge"])
def test_a_special_file_as_a_replay_is_one_line(tmp_path, kind):
    path = tmp_path / "r.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        path.mkdir()
    else:
        with open(path, "wb") as f:
            f.truncate(65 << 20)
    out: list = []

    def load():
        try:
            R.load(path)
        except DataError as exc:
            out.append(str(exc))

    th = threading.Thread(target=load, daemon=True)
    th.start()
    th.join(5)
    assert not th.is_alive() and len(out) == 1 and "\n" not in out[0] and str(path) in out[0]


@pytest.mark.parametrize("seed", range(4))
def test_a_replay_with_a_hand_edited_game_is_refused_or_plays(tmp_path, seed):
    """The recorded game and suspended save of a replay are checked as a save is."""
    rng = random.Random(100 + seed)
    base = _base_doc()
    for i in range(20):
        doc = _mutate(base, rng)
        rep = R.Replay(seed=1, start="game", game=doc["state"], bots=None, suspended=doc, ticks=1,
                       hashes=["0" * 16]).to_data()
        try:
            R.Replay.from_data(rep, "r.json")
        except DataError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 300
            continue
        from monopoly_cpc.demo.playable import playable_problem
        from monopoly_cpc.rules.serial import from_data

        assert playable_problem(from_data(doc["state"])) is None
