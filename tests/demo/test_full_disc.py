"""A full disc: every write fails in one line and leaves the previous file as it was.

``pygame.image.save`` does not report a failed write (a full disc gave a 0-byte PNG and exit
0): the screenshot is encoded in memory and written through ``safefile``, which checks what
was written.  The disc is a tiny tmpfs mounted for the test (root only), else skipped; the
silent writer is also simulated without one.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import uuid
from pathlib import Path

import numpy as np
import pytest

from monopoly_cpc import safefile
from monopoly_cpc.errors import UserError
from test_safe_outputs import cli

@pytest.fixture
def full_disc(tmp_path):
    """A 256 KB tmpfs at tmp_path/disc (root, Linux); filled by ``fill()``."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a tiny file system needs root on Linux")
    disc = tmp_path / "disc"
    disc.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disc)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield disc
    finally:
        subprocess.run(["umount", "-l", str(disc)], check=False)


def fill(disc: Path) -> None:
    """Fill ``disc`` to the last byte."""
    for size in (65536, 4096, 1):
        with contextlib.suppress(OSError), open(disc / f"filler-{uuid.uuid4().hex}", "wb",
                                                buffering=0) as f:
            while True:
                f.write(b"\xff" * size)


def test_screenshot_on_a_full_disc_is_one_line_and_keeps_the_old_file(full_disc, tmp_path):
    shot = full_disc / "shot.png"
    first = cli("--headless", "--loader", "skip", "--screenshot", str(shot), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    good = shot.read_bytes()
    assert good.startswith(b"\x89PNG") and len(good) > 1000
    fill(full_disc)
    r = cli("--headless", "--loader", "skip", "--frames", "60", "--screenshot", str(shot), cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and str(shot) in lines[0] and "free some space" in lines[0], r.stderr
    assert shot.read_bytes() == good
    assert not [p for p in os.listdir(full_disc) if safefile.TMP_MARK in p]


def test_f12_on_a_full_disc_keeps_the_old_file(full_disc):
    import pygame

    shot = full_disc / "monopoly-cpc-0001.png"
    picture = pygame.surfarray.make_surface(np.random.default_rng(1).integers(0, 255, (200, 150, 3)))
    safefile.write_png(picture, shot)
    good = shot.read_bytes()
    fill(full_disc)
    with pytest.raises(UserError, match="disc is full; free some space"):
        safefile.write_png(pygame.transform.scale(picture, (400, 300)), shot)
    assert shot.read_bytes() == good
    with pytest.raises(UserError, match="disc is full"):   # the replay and save path as well
        try:
            safefile.replace_file(full_disc / "x.json", "{}" * 100_000, "the replay file")
        except OSError as exc:
            raise UserError(safefile.write_problem(full_disc / "x.json", exc, "the replay file")) from None


def test_a_writer_that_writes_nothing_silently_never_replaces_the_file(tmp_path, monkeypatch):
    """As pygame.image.save on a full disc: the file it was given stays empty, no error."""
    target = tmp_path / "a.png"
    target.write_bytes(b"old")
    with pytest.raises(OSError, match="nothing was written"), safefile.writing(target, "the screenshot"):
        pass   # the writer "succeeded" and wrote nothing
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["a.png"]


def test_a_name_of_255_bytes_is_written_through_its_temp_file(tmp_path):
    for name in ("n" * 251 + ".png", "é" * 125 + ".json", "x." + "s" * 253):
        target = tmp_path / name
        assert len(os.fsencode(name)) <= 255
        safefile.replace_file(target, b"data")
        assert target.read_bytes() == b"data"
        target.unlink()
    assert os.listdir(tmp_path) == []
