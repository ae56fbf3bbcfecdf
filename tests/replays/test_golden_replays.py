"""The golden replays of tests/replays/ play back in sync: the same keys give the same frames.

Each file is a whole session recorded by tests/replays/record.py (its docstring says what each
one shows): a game of two people and two computers, the 464's tape boot in real time, and an
attract cycle. ``replay --verify`` compares every stored frame hash; a change to anything a
player sees in them fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_cpc.cli import main

HERE = Path(__file__).resolve().parent
GOLDEN = ("game_2p2c.json", "boot_464_tape.json", "attract_cycle.json")


@pytest.mark.parametrize("name", GOLDEN)
def test_the_golden_replay_verifies(name, capsys):
    assert main(["replay", str(HERE / name), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "in sync" in out and "OUT OF SYNC" not in out


def test_every_replay_of_the_folder_is_checked():
    assert sorted(p.name for p in HERE.glob("*.json")) == sorted(GOLDEN)
