"""The attract playlist: a folder of replay files played in turn instead of live demo games."""

from __future__ import annotations

import numpy as np
import pytest
from demo_helpers import key, run, session

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.attract import AttractScreen
from monopoly_cpc.demo.export import play
from monopoly_cpc.demo.playlist import PlaylistScreen
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.title import TitleScreen

TICKS = 120


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("playlist")
    # written in the reverse order of their names: the playlist goes by name
    for name, seed in (("b_second.json", 8), ("a_first.json", 7)):
        assert main(["demo", "--seconds", str(TICKS / 50), "--headless", "--record", str(d / name),
                     "--seed", str(seed)]) == 0
    (d / "notes.txt").write_text("not a replay")
    return d


def _picture(draw) -> np.ndarray:
    fb = FrameBuffer()
    draw(fb)
    return fb.pens[8:].copy()  # below the blinking DEMO of the top row


def _recorded_picture(path, tick: int) -> np.ndarray:
    got = {}
    play(R.load(path), on_frame=lambda t, fb: got.setdefault(t, fb.pens[8:].copy()) if t == tick else None)
    return got[tick]


def test_the_playlist_plays_its_files_in_name_order_then_the_title(folder):
    s = session(attract_playlist=str(folder), attract_after=1)
    run(s, 50)
    assert isinstance(s.screen, TitleScreen)
    s.step()  # the 51st tick on the title without a key (as the live demos)
    assert isinstance(s.screen, PlaylistScreen) and s.screen.path.name == "a_first.json"
    run(s, 40)
    assert np.array_equal(_picture(s.screen.draw), _recorded_picture(folder / "a_first.json", 39))
    run(s, TICKS)
    assert isinstance(s.screen, TitleScreen)  # the file ended: the title, then the next one
    run(s, 60)
    assert isinstance(s.screen, PlaylistScreen) and s.screen.path.name == "b_second.json"
    s.step([key("X")])
    s.step()
    assert isinstance(s.screen, TitleScreen)  # any key
    run(s, 60)
    assert s.screen.path.name == "a_first.json"  # round and round


def test_a_broken_file_is_logged_and_a_live_demo_plays(tmp_path, monkeypatch):
    (tmp_path / "broken.json").write_text("{not json")
    logged = []
    s = session(attract_playlist=str(tmp_path), attract_after=1)
    monkeypatch.setattr(s, "_log", logged.append)
    run(s, 51)
    assert isinstance(s.screen, AttractScreen)
    assert len(logged) == 1 and "broken.json" in logged[0] and "\n" not in logged[0]


def test_an_empty_or_missing_folder_means_live_demos(tmp_path):
    for folder in (tmp_path, tmp_path / "nowhere"):
        s = session(attract_playlist=str(folder), attract_after=1)
        run(s, 51)
        assert isinstance(s.screen, AttractScreen)


def test_a_recorded_session_plays_live_demos_so_its_replay_stands_alone(folder, tmp_path):
    s = session(attract_playlist=str(folder), attract_after=1, record=str(tmp_path / "r.json"))
    run(s, 51)
    assert isinstance(s.screen, AttractScreen)
    s.close()
    replay = R.load(tmp_path / "r.json")
    from monopoly_cpc.demo.export import replay_session

    assert replay_session(replay).playlist_dir is None  # a playback never reads a playlist


def _copy_with(folder, tmp_path, name, change):
    import json

    data = json.loads((folder / "a_first.json").read_text())
    change(data)
    (tmp_path / name).write_text(json.dumps(data))


def test_every_playlist_log_line_names_its_file_and_is_written_once(folder, tmp_path, monkeypatch, capsys):
    # audit G #6: a replay's own warning (a recorded kiosk_chord that is no chord) went to
    # stderr at every round without the file's name; a broken file was logged at every round
    _copy_with(folder, tmp_path, "a_chord.json", lambda d: d["settings"].__setitem__("kiosk_chord", ["X"]))
    (tmp_path / "b_broken.json").write_text("{not json")
    logged = []
    s = session(attract_playlist=str(tmp_path), attract_after=1)
    monkeypatch.setattr(s, "_log", logged.append)
    for _ in range(2):                     # two rounds of the playlist
        run(s, 51)
        assert isinstance(s.screen, PlaylistScreen) and s.screen.path.name == "a_chord.json"
        s.step([key("X")])
        s.step()
        run(s, 51)
        assert isinstance(s.screen, AttractScreen)   # the broken file: a live demo
        s.step([key("X")])
        s.step()
    assert capsys.readouterr().err == ""
    assert len(logged) == 2, logged
    assert logged[0].startswith(f"attract playlist: {tmp_path / 'a_chord.json'}: kiosk_chord ['X']")
    assert logged[1].startswith(f"attract playlist: {tmp_path / 'b_broken.json'}: ")


def test_an_error_without_the_files_name_gets_it():
    from monopoly_cpc.demo.playlist import named

    assert named("/d/x.json", ValueError("bad\nsecond line")) == "/d/x.json: bad"
    assert named("/d/x.json", ValueError("/d/x.json: bad")) == "/d/x.json: bad"
    assert named("/d/x.json", KeyError()) == "/d/x.json: KeyError"


def test_a_playlist_file_that_fails_while_playing_is_named_in_the_log(folder, monkeypatch):
    logged = []
    s = session(attract_playlist=str(folder), attract_after=1, kiosk=True)
    monkeypatch.setattr(s, "_log", logged.append)
    run(s, 51)
    assert isinstance(s.screen, PlaylistScreen)

    def boom():
        raise RuntimeError("boom")

    monkeypatch.setattr(s.screen, "tick", boom)
    s.step()
    assert logged and logged[0].startswith(f"attract playlist {folder / 'a_first.json'}:\n")


@pytest.mark.parametrize("kind", ["fifo", "socket", "dev-zero", "dev-urandom", "folder", "fifo-link"])
def test_a_special_file_in_the_playlist_never_hangs_and_is_skipped(folder, tmp_path, monkeypatch, kind):
    """A FIFO, socket, device or folder named *.json among the replays (also one swapped in
    after the folder was listed): never opened for long, one log line, a demo still plays."""
    import os
    import shutil
    import socket
    import threading

    from monopoly_cpc.demo import playlist as P

    d = tmp_path / "pl"
    d.mkdir()
    odd = d / "a_odd.json"
    kept = None
    if kind.startswith("fifo"):
        real = d / "real" if kind.endswith("link") else odd
        os.mkfifo(real)
        if real != odd:
            os.symlink(real, odd)
    elif kind == "socket":
        kept = socket.socket(socket.AF_UNIX)
        kept.bind(str(odd))
    elif kind.startswith("dev"):
        os.symlink("/dev/zero" if kind == "dev-zero" else "/dev/urandom", odd)
    else:
        odd.mkdir()
    shutil.copy(folder / "a_first.json", d / "b_good.json")
    assert [p.name for p in P.playlist_files(d)] == ["b_good.json"]   # skipped when listed
    listed = P.playlist_files
    monkeypatch.setattr(P, "playlist_files", lambda f: [odd, *listed(f)])  # swapped in after
    logged: list[str] = []
    s = session(attract_playlist=str(d), attract_after=1)
    monkeypatch.setattr(s, "_log", logged.append)
    th = threading.Thread(target=run, args=(s, 51), daemon=True)
    th.start()
    th.join(20)
    assert not th.is_alive(), "the playlist hangs"
    assert isinstance(s.screen, AttractScreen)        # the odd file: a live demo in its place
    assert len(logged) == 1 and "a_odd.json" in logged[0] and "\n" not in logged[0]
    if kept is not None:
        kept.close()


@pytest.mark.parametrize("problem", ["EACCES", "ENAMETOOLONG", "ELOOP", "EIO"])
def test_a_playlist_folder_the_system_refuses_to_look_at_is_one_line(tmp_path, monkeypatch, problem):
    """No right to look into it, a name too long once ~ is expanded, an I/O error: one line at
    the start and live demos (was: 'internal error' at every start)."""
    import errno
    import os
    import pathlib

    from demo_helpers import play_args

    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession

    said: list[str] = []
    real_stat = pathlib.Path.stat
    target = tmp_path / "locked"

    def refusing_stat(self, *a, **k):
        if self == target:
            raise OSError(getattr(errno, problem), os.strerror(getattr(errno, problem)), str(self))
        return real_stat(self, *a, **k)

    monkeypatch.setattr(pathlib.Path, "stat", refusing_stat)
    s = ExhibitSession(play_args(seed=1, attract_playlist=str(target), attract_after=1),
                       settings=None, seed=1,
                       config=ExhibitConfig(store=None, warn=said.append))
    assert len(said) == 1 and str(target) in said[0] and "live demo" in said[0]
    run(s, 51)
    assert isinstance(s.screen, AttractScreen)
