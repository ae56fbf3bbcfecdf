"""A replay file claims only what it can be checked for, and an export checks its room first.

A few hundred bytes claiming a week of play (``ticks`` = ``hash_every`` = 30,240,000, one
hash) passed every check: ``replay --verify`` then ran for hours and ``record --out DIR/``
wrote one PNG a tick until the disc was full.  Now a hash comes at most every
``MAX_HASH_EVERY`` ticks (docs/replay.md), and a folder export measures its room first.
"""

from __future__ import annotations

import json
import shutil
from collections import namedtuple

import pytest

from monopoly_cpc.demo import export as E
from monopoly_cpc.demo import replay as R
from monopoly_cpc.errors import DataError, UserError


def _week_claim(every: int) -> dict:
    ticks = R.MAX_TICKS
    return {"format": R.FORMAT_NAME, "version": R.VERSION, "seed": 0, "start": "attract",
            "options": {}, "settings": {}, "ticks": ticks, "hash_every": every,
            "hashes": ["0" * 16] * R.hash_count(ticks, every), "keys": []}


def test_a_small_file_claiming_a_week_is_refused_in_one_line(tmp_path):
    path = tmp_path / "week.json"
    path.write_text(json.dumps(_week_claim(R.MAX_TICKS)))
    assert path.stat().st_size < 400
    with pytest.raises(DataError) as exc:
        R.load(path)
    assert str(exc.value) == (f"{path}: not a valid replay file (hash_every {R.MAX_TICKS}: more than "
                              f"{R.MAX_HASH_EVERY} ticks between frame hashes)")


def test_a_week_at_the_largest_hash_spacing_is_a_file_of_megabytes():
    size = len(json.dumps(_week_claim(R.MAX_HASH_EVERY)))
    assert R.MAX_HASH_EVERY <= 250 and size > 2_000_000
    R.Replay.from_data(_week_claim(R.MAX_HASH_EVERY))   # honest: it is accepted


def test_a_folder_export_checks_its_room_before_the_first_frame(tmp_path, monkeypatch):
    rep = R.Replay(seed=0, ticks=1500, hashes=["0" * 16] * 30)
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda _p: usage(10**9, 10**9 - 10**7, 10**7))
    played = []
    monkeypatch.setattr(E, "play", lambda *a, **k: played.append(1))
    with pytest.raises(UserError) as exc:
        E.export(rep, str(tmp_path / "frames") + "/", scale=2)
    line = str(exc.value)
    assert "\n" not in line and str(tmp_path / "frames") in line and "free some space" in line
    assert "1500 frames" in line and not played
    assert list((tmp_path / "frames").iterdir()) == []


def test_the_room_estimate_covers_the_measured_frames():
    measured = {1: 6491, 2: 15008, 4: 46667, 8: 131295, 16: 360753}   # the demo's busiest frames
    for scale, size in measured.items():
        assert size < E.frame_bytes(scale) < 3 * size + 8192
