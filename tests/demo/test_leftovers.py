"""What an unattended machine would pile up: the crash log is bounded, and what a capture
killed while writing left behind is cleaned at the next start (docs/kiosk.md)."""

from __future__ import annotations

import os
import time

import pygame
from demo_helpers import session

from monopoly_cpc import app, logs
from monopoly_cpc.demo.paths import STALE_CAPTURE_S, remove_stale_captures


def test_the_crash_log_is_rotated_past_its_limit(monkeypatch):
    monkeypatch.setattr(logs, "CRASH_LOG_LIMIT", 10_000)
    for i in range(100):
        logs.write_crash(f"failure {i}\n" + "x" * 400)
    log = logs.log_dir() / "crash.log"
    older = log.with_name("crash.log.1")
    assert log.stat().st_size <= 10_000 + 500 and older.stat().st_size <= 10_000 + 500
    assert "failure 99" in log.read_text() and "failure 0\n" not in log.read_text() + older.read_text()
    assert sorted(p.name for p in logs.log_dir().iterdir()) == ["crash.log", "crash.log.1"]


def test_a_link_at_the_crash_logs_name_is_not_followed(tmp_path):
    precious = tmp_path / "precious.txt"
    precious.write_text("mine")
    (logs.log_dir() / "crash.log").symlink_to(precious)
    assert not logs.write_crash("boom").is_absolute()   # said as not writable
    assert precious.read_text() == "mine"


def _file(path, data: bytes = b"", age: float = 0.0):
    path.write_bytes(data)
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_a_capture_killed_while_writing_is_cleaned_at_the_next_start():
    folder = app.screenshot_dir()
    old = STALE_CAPTURE_S + 60
    stale = [_file(folder / ".monopoly-cpc-0003.gif.k2j4.tmp.gif", b"GIF8", old),
             _file(folder / ".monopoly-cpc-0004-x3.png.a1b2.tmp.png", b"", old),
             _file(folder / "monopoly-cpc-0003.gif", b"", old)]        # reserved, never written
    kept = [_file(folder / ".monopoly-cpc-0005.gif.zz.tmp.gif"),      # being written right now
            _file(folder / "monopoly-cpc-0005.gif"),
            _file(folder / "monopoly-cpc-0001.gif", b"GIF89a", old),   # a GIF written whole
            _file(folder / "holiday.gif", b"", old)]                    # not ours
    s = session()
    s.host_event(pygame.event.Event(pygame.WINDOWSHOWN))   # the window loop's first event
    assert [p for p in stale if p.exists()] == []
    assert all(p.exists() for p in kept)


def test_the_cleaning_leaves_links_and_folders_alone(tmp_path):
    target = tmp_path / "elsewhere.gif"
    target.write_bytes(b"")
    folder = tmp_path / "pics"
    folder.mkdir()
    (folder / "monopoly-cpc-0002.gif").symlink_to(target)
    (folder / "monopoly-cpc-0003.gif").mkdir()
    now = time.time() + 10 * STALE_CAPTURE_S
    assert remove_stale_captures(folder, now) == []
    assert target.exists() and (folder / "monopoly-cpc-0003.gif").is_dir()
