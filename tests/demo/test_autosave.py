"""Autosave at every turn, atomic files, and the game back after a power cut."""

from __future__ import annotations

import json
import os

import pytest
from demo_helpers import key, run, session, to_game

from monopoly_cpc.demo.store import Store
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.safefile import FileRefused
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
    for _ in range(2000):       # a turn is saved once its events are shown (at rest)
        if game.at_rest():
            break
        s.step()
    assert game.state.turn >= 3
    saved = json.loads(store.autosave_path.read_text())
    assert saved["state"]["turn"] == game.state.turn
    # the power goes: no close(), a new program starts with the same folder
    s2 = session(store=store)
    for _ in range(500):
        if isinstance(s2.screen, TitleScreen):
            break
        s2.step()
    fb = s2.render()
    assert "R : reprendre la partie" in fb.read_text(22)
    # a blank row between it and the options (the two lines touched)
    assert fb.read_text(23).strip() == "" and fb.read_text(24).strip() == "O : options"
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


def _characters(game) -> dict:
    """Each computer player: its character, strength and the state of its own randomness."""
    return {i: (b.pers.name, b.kind, b.rng.state) for i, b in sorted(game.bots.items())}


def _to_title(s) -> None:
    for _ in range(500):
        if isinstance(s.screen, TitleScreen):
            return
        s.step()


def test_a_resumed_game_gets_back_the_same_computer_players(tmp_path):
    # QA review 2 #6: the game came back with characters dealt from the new session's seed
    # (seat 1 is Cupide with seed 3, Avare with seed 99), so a kiosk reshuffled them at every
    # power cut; and with the new session's strength
    store = Store(tmp_path)
    s = session(seed=3, store=store, ai_level="expert")
    to_game(s)
    first = _characters(s.screen)  # before any of them used its randomness
    _play_turns(s, 1500)
    saved = json.loads(store.autosave_path.read_text())
    bots = saved["bots"]
    assert {k: v for k, v in bots.items() if k != "memory"} == {"seed": 3, "ai_level": "expert"}
    s2 = session(seed=99, store=store, ai_level="facile")
    _to_title(s2)
    s2.step([key("R")])
    assert type(s2.screen).__name__ == "GameScreen"
    # the same characters and strength, each with its random stream where the save left it
    again = _characters(s2.screen)
    assert {i: c[:2] for i, c in again.items()} == {i: c[:2] for i, c in first.items()}
    assert {i: c[2] for i, c in again.items()} == {
        int(i): m["rng"] for i, m in bots["memory"]["table"]["computers"].items()}
    assert first[1][:2] == ("Cupide", "expert")
    # saved again by the new session: still the first session's players
    _play_turns(s2, 600)
    bots = json.loads(store.autosave_path.read_text())["bots"]
    assert {k: v for k, v in bots.items() if k != "memory"} == {"seed": 3, "ai_level": "expert"}
    s3 = session(seed=5, store=store)
    _to_title(s3)
    s3.step([key("R")])
    assert {i: c[:2] for i, c in _characters(s3.screen).items()} == {
        i: c[:2] for i, c in first.items()}


def test_an_old_save_without_its_players_uses_its_own_sessions_seed(tmp_path):
    store = Store(tmp_path)
    s = session(seed=3, store=store)
    to_game(s)
    first = _characters(s.screen)
    _play_turns(s, 600)
    doc = json.loads(store.autosave_path.read_text())
    del doc["bots"]  # as written before the players were saved with the game
    store.autosave_path.write_text(json.dumps(doc))
    s2 = session(seed=99, store=store)
    _to_title(s2)
    s2.step([key("R")])
    assert _characters(s2.screen) == first


def test_a_session_that_resumes_a_game_replays_bit_for_bit(tmp_path):
    from monopoly_cpc.demo import replay as R
    from monopoly_cpc.demo.export import play

    store = Store(tmp_path / "data")
    s = session(seed=3, store=store)
    to_game(s)
    first = _characters(s.screen)
    _play_turns(s, 600)
    s.close()
    rec = tmp_path / "resumed.json"
    s2 = session(seed=99, store=store, record=str(rec))
    _to_title(s2)
    s2.step([key("R")])
    _play_turns(s2, 900)
    assert _characters(s2.screen)[1][:2] == first[1][:2]
    s2.close()
    # the whole recorded session, saved game included, plays back in sync with those players
    replay = R.load(rec)
    result = play(replay, source=str(rec))
    assert result.first_bad is None and result.hashes == replay.hashes
    # and the resumed game's own replay (the data folder's replays/) as well
    newest = max(store.replay_dir.glob("game-*.json"))
    game_replay = R.load(newest)
    assert game_replay.start == "game"
    assert {k: v for k, v in game_replay.bots.items() if k != "memory"} == {"seed": 3, "ai_level": "normal"}
    assert "memory" in game_replay.bots      # the resumed game's replay starts from its memory
    result = play(game_replay, source=str(newest))
    assert result.first_bad is None and len(result.hashes) == len(game_replay.hashes) > 10
    assert {i: (b.pers.name, b.kind) for i, b in result.session.screen.bots.items()} == \
        {i: c[:2] for i, c in first.items()}


def test_an_unusable_data_folder_is_not_called_a_broken_save(tmp_path):
    # QA review 2 #12: "saved game .../autosave.json is broken (NotADirectoryError)" when
    # there was no saved game at all, only a file standing where the data folder should be
    (tmp_path / "x.txt").write_text("a file")
    warnings: list[str] = []
    store = Store(tmp_path / "x.txt" / "sub")
    assert store.load_game(warnings.append) is None
    assert len(warnings) == 1 and "broken" not in warnings[0]
    assert f"data folder {store.root} is unusable ({tmp_path / 'x.txt'} is a file, not a folder)" in warnings[0]
    assert (tmp_path / "x.txt").read_text() == "a file"  # nothing set aside


def test_a_save_that_is_not_text_is_set_aside_as_such(tmp_path):
    store = Store(tmp_path)
    store.autosave_path.write_bytes(b"\xff\xfe\x00")
    warnings: list[str] = []
    assert store.load_game(warnings.append) is None
    assert "not UTF-8 text" in warnings[0] and (tmp_path / "autosave.json.broken").exists()


def _unlink_refused(store, mp):
    """The data folder is read-only (audit G #1): the saved game cannot be deleted."""
    real = type(store.autosave_path).unlink

    def unlink(path, *a, **k):
        if path == store.autosave_path:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **k)

    mp.setattr(type(store.autosave_path), "unlink", unlink)


def test_the_end_of_a_game_survives_a_save_that_cannot_be_deleted(tmp_path, monkeypatch):
    # audit G #1: drop_game's PermissionError escaped step() at the moment of the win
    # (in --kiosk too: the autosave runs outside the screen guard): internal error, exit
    for kiosk in (False, True):
        store = Store(tmp_path / str(kiosk))
        s = session(store=store, kiosk=kiosk)
        logged: list[str] = []
        s._log = logged.append
        to_game(s)
        _play_turns(s, 600)
        assert store.autosave_path.exists()
        with monkeypatch.context() as mp:
            _unlink_refused(store, mp)
            s.screen.state.phase = "game_over"
            for _ in range(3):
                s.step()
        assert s.exceptions == 0 and type(s.screen).__name__ == "GameScreen"
        assert len([m for m in logged if "games are not saved" in m]) == 1, logged


def test_a_save_nested_too_deeply_is_set_aside_not_a_crash_at_every_start(tmp_path):
    # audit G #2: 'internal error: RecursionError' at every start, the file never set aside
    store = Store(tmp_path)
    for n, (text, why) in enumerate((("[" * 100000 + "]" * 100000, "nested too deeply"),
                      ('{"format": "monopoly-cpc-save", "version": 1, "seed": 1, "state": {"x": '
                       + "[" * 5000 + "]" * 5000 + "}}", "nested too deeply"),
                      ('{"format": "monopoly-cpc-save", "version": 1, "seed": ' + "9" * 5000
                       + ', "state": {}}', "a number is too long"))):
        store.autosave_path.write_text(text)
        warnings: list[str] = []
        assert store.load_game(warnings.append) is None
        assert len(warnings) == 1 and why in warnings[0] and len(warnings[0]) < 300
        copy = "autosave.json.broken" + (f".{n + 1}" if n else "")   # no copy overwritten
        assert (tmp_path / copy).read_text() == text
        assert not store.autosave_path.exists()


class ReadOnlyStore(Store):
    """A data folder on a read-only medium (audit G #4): it reads, every write fails."""

    def _refuse(self, *args, **kwargs):
        raise OSError(30, "Read-only file system", str(self.root))

    save_game = drop_game = new_replay_path = _refuse

    def write_problem(self):
        return "Read-only file system"


def test_a_data_folder_that_cannot_be_written_is_said_once_at_the_start(tmp_path, monkeypatch):
    # audit G #4: autosave and replays failed silently on a read-only medium
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    logged: list[str] = []
    monkeypatch.setattr(ExhibitSession, "_log", lambda self, text: logged.append(text))
    warnings: list[str] = []
    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=ReadOnlyStore(tmp_path), warn=warnings.append))
    line = f"the data folder {tmp_path} cannot be written (Read-only file system); games are not saved"
    assert warnings == [line] and logged == [line]   # stderr and the operator's crash log
    to_game(s)
    _play_turns(s, 600)
    s.screen.state.phase = "game_over"
    s.step()
    s.close()
    assert warnings == [line] and logged == [line]   # not again at every turn


def test_a_write_that_fails_later_is_said_once_on_stderr_and_in_the_log(tmp_path, monkeypatch):
    store = Store(tmp_path)
    warnings: list[str] = []
    logged: list[str] = []
    s = session(store=store)
    s.warn, s._log = warnings.append, logged.append
    assert warnings == []                        # the folder can be written at the start
    to_game(s)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "save_game", full)
    _play_turns(s, 600)
    line = f"the data folder {tmp_path} cannot be written (No space left on device); games are not saved"
    assert warnings == [line]
    assert logged == warnings


def test_the_write_probe_names_a_file_standing_where_the_folder_should_be(tmp_path):
    from monopoly_cpc.demo.store import write_problem

    assert write_problem(tmp_path / "new" / "data") is None and (tmp_path / "new" / "data").is_dir()
    assert list((tmp_path / "new" / "data").iterdir()) == []     # the probe file is gone
    (tmp_path / "x.txt").write_text("a file")
    assert write_problem(tmp_path / "x.txt" / "data") == f"{tmp_path / 'x.txt'} is a file, not a folder"
    assert write_problem(tmp_path / "x.txt") == f"{tmp_path / 'x.txt'} is a file, not a folder"


def test_an_unusable_data_folder_is_said_in_one_line_not_two(tmp_path):
    (tmp_path / "x.txt").write_text("a file")
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    warnings: list[str] = []
    ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                   config=ExhibitConfig(store=Store(tmp_path / "x.txt" / "d"),
                                        warn=warnings.append))
    assert len(warnings) == 1 and "games are not saved" in warnings[0]


def test_a_broken_save_that_cannot_be_renamed_is_not_said_set_aside(tmp_path, monkeypatch):
    # audit G #4: on read-only media 'it is set aside' at every start, the rename having failed
    store = Store(tmp_path)
    store.autosave_path.write_text("{half a fi")
    import os

    real = os.rename

    def rename(path, target, *a, **k):
        if str(path) == str(store.autosave_path):
            raise OSError(30, "Read-only file system")
        return real(path, target, *a, **k)

    monkeypatch.setattr(os, "rename", rename)
    warnings: list[str] = []
    assert store.load_game(warnings.append) is None
    assert len(warnings) == 1 and "set aside (" not in warnings[0].replace("cannot be set aside (", "")
    assert "cannot be set aside (Read-only file system); it is ignored" in warnings[0]
    assert store.autosave_path.exists() and not (tmp_path / "autosave.json.broken").exists()
    monkeypatch.undo()
    assert store.load_game(warnings.append) is None
    assert warnings[1].endswith("; it is set aside as autosave.json.broken")


def test_a_log_folder_that_cannot_be_written_is_said_once(tmp_path, monkeypatch):
    # audit G #4: crash.log failed silently
    (tmp_path / "x.txt").write_text("a file")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "x.txt" / "state"))
    warnings: list[str] = []
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=Store(tmp_path / "data"), warn=warnings.append))
    assert len(warnings) == 1 and warnings[0] == (
        f"the log folder {tmp_path / 'x.txt' / 'state' / 'monopoly-cpc' / 'log'} cannot be written "
        f"({tmp_path / 'x.txt'} is a file, not a folder); crash.log is not kept")
    s._log("something")
    assert len(warnings) == 1


def _holder(root):
    """Another program holding the data folder ``root`` (audit G #5), until it is killed."""
    import subprocess
    import sys

    code = ("import sys; from monopoly_cpc.demo.store import Store; "
            "print(Store(sys.argv[1]).lock(), flush=True); sys.stdin.read()")
    proc = subprocess.Popen([sys.executable, "-c", code, str(root)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "True"
    return proc


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_second_program_says_in_its_window_that_another_runs_and_leaves(tmp_path, lang):
    """docs/kiosk.md: a second start on a data folder another game holds neither overwrites nor
    offers its autosave, nor plays a game that saves nothing: it says so on its screen, in the
    player's language, with the folder, and closes."""
    from demo_helpers import play_args

    from monopoly_cpc.demo.busy import SHOWN_TICKS, BusyScreen
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    store = Store(tmp_path)
    store.save_game(to_data(new_game(["A", "B"], seed=4)), seed=9)
    before = store.autosave_path.read_text()
    first = _holder(tmp_path)
    try:
        warnings: list[str] = []
        s = ExhibitSession(play_args(seed=3, lang=lang), settings=Settings(), seed=3,
                           config=ExhibitConfig(store=Store(tmp_path), warn=warnings.append))
        assert warnings == [(f"another monopoly-cpc is running with the data folder {tmp_path}: "
                             "this one says so in its window and closes")]
        assert s.store is None and s.suspended is None and isinstance(s.screen, BusyScreen)
        picture = "\n".join(s.render().read_text(row) for row in range(25))
        assert ("DEJA OUVERT" if lang == "fr" else "ALREADY OPEN") in picture
        assert str(tmp_path)[:38] in picture
        run(s, SHOWN_TICKS - 2)
        assert not s.quit_requested            # long enough to be read ...
        run(s, 2)
        assert s.quit_requested                # ... then the program leaves
        assert store.autosave_path.read_text() == before and not store.replay_dir.exists()
        again = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                               config=ExhibitConfig(store=Store(tmp_path), warn=warnings.append))
        again.step([key("SPACE")])
        assert again.quit_requested            # a key leaves at once
    finally:
        first.kill()
        first.wait()


def test_a_symbolic_link_at_the_lock_is_neither_followed_nor_written(tmp_path):
    """The lock's name is the program's own file: a link there (to a file of the user's) is
    not followed, the file it points to keeps its bytes, and games are not saved."""
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    precious = tmp_path / "precious.txt"
    precious.write_text("the user's words")
    data = tmp_path / "data"
    data.mkdir()
    (data / "monopoly-cpc.lock").symlink_to(precious)
    warnings: list[str] = []
    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=Store(data), warn=warnings.append))
    assert precious.read_text() == "the user's words"
    assert s.store is None and len(warnings) == 1
    assert "symbolic link" in warnings[0] and "games are not saved" in warnings[0]
    assert (data / "monopoly-cpc.lock").is_symlink()
    other = tmp_path / "other"
    other.mkdir()
    os.mkfifo(other / "monopoly-cpc.lock")   # nor a FIFO: the open would wait for a reader
    with pytest.raises(FileRefused, match="FIFO"):
        Store(other).lock()


def test_the_lock_of_a_program_killed_does_not_outlive_it(tmp_path):
    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    Store(tmp_path).save_game(to_data(new_game(["A", "B"], seed=4)), seed=9)
    first = _holder(tmp_path)
    first.kill()  # a crash: the lock must not outlive it
    first.wait()
    warnings: list[str] = []
    s = ExhibitSession(play_args(seed=3), settings=Settings(), seed=3,
                       config=ExhibitConfig(store=Store(tmp_path), warn=warnings.append))
    assert warnings == [] and s.suspended is not None  # the restart after the crash has it


def test_the_same_program_may_open_its_data_folder_again(tmp_path):
    assert Store(tmp_path).lock() and Store(tmp_path).lock()
    assert (tmp_path / "monopoly-cpc.lock").exists()


def test_a_game_left_in_its_first_tick_writes_no_empty_replay_file(tmp_path):
    """docs/replay.md: each game's replay starts at its first tick; a game screen that goes
    before any tick was recorded (put aside or replaced at once) leaves no file of 0 ticks that
    replay --verify would call "in sync" while checking nothing (play-test); nor does it take
    the number of a game ended in the same tick whose file is not written yet (it overwrote
    that game's replay with its own 0 ticks)."""
    from monopoly_cpc.demo.plugins.recorder import Recording

    store = Store(tmp_path)
    s = session(store=store)
    to_game(s)
    run(s, 3)
    game = s.screen
    rec = s.plugin(Recording)
    assert rec is not None
    rec.screen_changed(game)               # the game's replay (its ticks so far) ends, a new one starts ...
    rec.screen_changed(s.title())          # ... and ends before a tick is counted
    rec.end_tick()
    files = sorted(store.replay_dir.glob("game-*.json"))
    ticks = [json.loads(f.read_text())["ticks"] for f in files]
    assert ticks == [4], ticks   # the game's own file, whole; the second game left none


def test_a_resumed_game_keeps_its_journal_and_its_rounds(tmp_path):
    """J after R reads the game's journal from before the save, under the same turn headings,
    and the next turn's heading goes on with the rounds (not from round 1)."""
    store = Store(tmp_path)
    s = session(store=store)
    to_game(s)
    _play_turns(s)
    game = s.screen
    for _ in range(2000):
        if game.at_rest():
            break
        s.step()
    journal, turns = list(game.view.journal), list(game.view.turns)
    assert len(journal) > 10 and turns and turns[-1][1] >= 2
    s2 = session(store=store)
    for _ in range(500):
        if isinstance(s2.screen, TitleScreen):
            break
        s2.step()
    s2.step([key("R")])
    assert s2.screen.view.journal == journal and s2.screen.view.turns == turns
    _play_turns(s2, 400)
    assert s2.screen.view.turns[-1][1] >= turns[-1][1]
