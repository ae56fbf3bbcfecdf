"""Every output path of every command only ever replaces a regular file (or nothing).

A FIFO, a socket or a folder (directly or through a symlink) named as the output is refused in
one line before anything is written, and is left as it was.  Devices are checked only through
``safefile.target_problem``, which never writes: a test that wrote to ``/dev/null`` as root
would replace the system's device if the check failed.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_cpc import safefile
from monopoly_cpc.errors import UserError

KINDS = ["fifo", "socket", "folder", "fifo-link", "socket-link", "folder-link"]
ROOT = Path(__file__).resolve().parents[2]


def make(kind: str, where: Path):
    """A special file of ``kind`` at ``where``; a socket object to keep open, or None."""
    target = where
    if kind.endswith("link"):
        target = where.with_name(where.name + ".real")
        os.symlink(target, where)
    kept = None
    if "fifo" in kind:
        os.mkfifo(target)
    elif "socket" in kind:
        kept = socket.socket(socket.AF_UNIX)
        kept.bind(str(target))
    elif "folder" in kind:
        target.mkdir()
    return kept


def snapshot(folder: Path) -> dict:
    return {p.name: (os.lstat(p).st_mode, os.lstat(p).st_ino) for p in folder.iterdir()}


def cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(cwd / "data"), XDG_CONFIG_HOME=str(cwd / "config"),
               XDG_STATE_HOME=str(cwd / "state"))
    return subprocess.run([sys.executable, "-m", "monopoly_cpc", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("path", ["/dev/null", "/dev/zero", "/dev/urandom", "/dev/full", "/dev/tty"])
def test_a_device_is_never_a_target_and_the_check_writes_nothing(path):
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    before = os.stat(path)
    assert not stat.S_ISREG(before.st_mode)
    assert "device" in safefile.target_problem(path)
    with pytest.raises(UserError) as err:
        safefile.check_target(path, "the replay file")
    assert str(err.value) == f"cannot write the replay file {path}: it is a character device, not a regular file"
    after = os.stat(path)
    assert (before.st_mode, before.st_ino, before.st_rdev) == (after.st_mode, after.st_ino, after.st_rdev)


# -- the writers, called directly: each kind x each writer -------------------------------------
def _writers():
    import numpy as np

    from monopoly_cpc import settings as S
    from monopoly_cpc.demo.capture import write_gif
    from monopoly_cpc.demo.replay import Replay
    from monopoly_cpc.demo.store import Store

    frame = np.zeros((272, 384), dtype=np.uint8)
    return {
        "save_game": lambda p: Store(p.parent).save_game({"x": 1}, 1) if p.name == "autosave.json" else None,
        "settings": lambda p: S.save(S.Settings(), p),
        "replay": lambda p: Replay(seed=1).save(p),
        "gif": lambda p: write_gif([frame], p),
        "png": lambda p: __import__("monopoly_cpc.app", fromlist=["save_png"]).save_png(
            np.zeros((4, 4, 3), dtype=np.uint8), p),
        "bytes": lambda p: safefile.replace_file(p, b"data"),
        "sound": lambda p: __import__("monopoly_cpc.commands.sounds", fromlist=["write_wav"]).write_wav(
            p, np.zeros(10, dtype=np.int16), False),
    }


NAMES = {"save_game": "autosave.json", "settings": "settings.yaml", "replay": "r.json", "gif": "a.gif",
         "png": "a.png", "bytes": "b.bin", "sound": "s.wav"}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("writer", sorted(NAMES))
def test_no_writer_replaces_a_special_file(tmp_path, kind, writer):
    path = tmp_path / NAMES[writer]
    kept = make(kind, path)
    before = snapshot(tmp_path)
    with pytest.raises(UserError) as err:
        _writers()[writer](path)
    line = str(err.value)
    assert "\n" not in line and "not a regular file" in line and str(path) in line
    assert snapshot(tmp_path) == before       # nothing replaced, no temp file left
    if kept is not None:
        kept.close()


@pytest.mark.parametrize("writer", sorted(NAMES))
def test_every_writer_replaces_a_regular_file_and_leaves_no_temp(tmp_path, writer):
    path = tmp_path / NAMES[writer]
    path.write_bytes(b"old")
    _writers()[writer](path)
    assert path.read_bytes() != b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_failing_write_leaves_the_old_file_and_no_temp(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), safefile.writing(path) as part:
        part.write_text("half", encoding="utf-8")
        raise RuntimeError("disc full")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_a_special_file_put_there_during_the_write_is_not_replaced(tmp_path):
    path = tmp_path / "x.json"
    with pytest.raises(UserError), safefile.writing(path) as part:
        part.write_text("new", encoding="utf-8")
        os.mkfifo(path)             # another program puts a FIFO there meanwhile
    assert stat.S_ISFIFO(os.lstat(path).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


# -- the commands, end to end ------------------------------------------------------------------
COMMANDS = {
    "game --record": lambda out: ["--headless", "--loader", "skip", "--frames", "2", "--record", out],
    "demo --record": lambda out: ["demo", "--headless", "--seconds", "1", "--record", out],
    "--screenshot": lambda out: ["--headless", "--loader", "skip", "--screenshot", out + ".png"],
    "sounds --out": lambda out: ["sounds", "--out", out, "--only", "bell"],
}


@pytest.mark.parametrize("kind", ["fifo", "socket", "fifo-link"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_refuses_a_special_output_in_one_line(tmp_path, kind, command):
    argv = COMMANDS[command]("out")
    name = next(a for a in reversed(argv) if a.startswith("out"))
    kept = make(kind, tmp_path / name)
    before = snapshot(tmp_path)
    done = cli(*argv, cwd=tmp_path)
    assert done.returncode != 0, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "monopoly-cpc: cannot write" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    after = {k: v for k, v in snapshot(tmp_path).items() if k not in ("data", "config", "state")}
    assert after == before
    if kept is not None:
        kept.close()


@pytest.mark.parametrize("kind", ["fifo", "socket", "fifo-link"])
def test_record_out_and_replay_screenshot_refuse_a_special_output(tmp_path, kind):
    from monopoly_cpc.demo.replay import Replay

    Replay(seed=1, ticks=1, hashes=["0" * 16]).save(tmp_path / "r.json")
    kept = make(kind, tmp_path / "out.gif")
    kept2 = make(kind, tmp_path / "out.png")
    before = snapshot(tmp_path)
    for argv in (["record", "r.json", "--out", "out.gif", "--quiet"],
                 ["replay", "r.json", "--headless", "--screenshot", "out.png"]):
        done = cli(*argv, cwd=tmp_path)
        lines = done.stderr.strip().splitlines()
        assert done.returncode != 0 and len(lines) == 1 and "not a regular file" in lines[0], done
    after = {k: v for k, v in snapshot(tmp_path).items() if k not in ("data", "config", "state")}
    assert after == before
    for k in (kept, kept2):
        if k is not None:
            k.close()


def test_tape_loader_sim_refuses_a_special_output(tmp_path):
    make("fifo", tmp_path / "monopoly.cdt")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "tape_loader_sim.py"), "build", "--out",
                           str(tmp_path)], env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1 and "not a regular file" in done.stderr and "Traceback" not in done.stderr
    assert stat.S_ISFIFO(os.lstat(tmp_path / "monopoly.cdt").st_mode)


def test_temp_leftovers_are_recognised_and_only_they(tmp_path):
    names = ["autosave.json.tmp", ".autosave.json.x1y2.tmp.json", ".a.png.k.tmp.png", "keep.json",
             "tmp", "x.tmpl", ".hidden"]
    for n in names:
        (tmp_path / n).write_text("x", encoding="utf-8")
    gone = {p.name for p in safefile.remove_leftovers(tmp_path)}
    assert gone == {"autosave.json.tmp", ".autosave.json.x1y2.tmp.json", ".a.png.k.tmp.png"}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(set(names) - gone)


def test_a_written_file_gets_the_usual_mode_not_a_private_one(tmp_path):
    path = safefile.replace_file(tmp_path / "shot.png", b"x")
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o666 & ~umask
