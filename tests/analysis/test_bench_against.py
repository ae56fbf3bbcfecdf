"""``bench --against PYTHON``: this install's engine beside another one, taking turns."""

from __future__ import annotations

import ast
import sys

import pytest

from monopoly_cpc.analysis.bench import WORKER, engine_against
from monopoly_cpc.errors import UserError


def test_against_itself_plays_the_same_games_on_both_sides():
    d = engine_against(sys.executable, chunks=4, games=2)
    assert d["engine_against_games"] == 8
    assert d["engine_against_rolls"] == d["engine_against_other_rolls"] > 0   # the same games
    assert d["engine_against_cpu_s"] > 0 and d["engine_against_other_cpu_s"] > 0
    assert d["engine_against_ratio"] > 0 and d["engine_against_rolls_ratio"] > 0
    assert d["engine_against_chunk_p10"] <= d["engine_against_chunk_median"] <= d["engine_against_chunk_p90"]


@pytest.mark.parametrize("python, says", [
    ("/nonexistent/python", "cannot run '/nonexistent/python'"),
    (sys.executable + " -I", "cannot run"),
])
def test_a_python_that_cannot_play_is_one_line(python, says):
    with pytest.raises(UserError, match=says):
        engine_against(python, chunks=1, games=1)


def test_a_python_without_the_game_is_one_line(tmp_path):
    # -S: no site-packages, so monopoly_cpc cannot be imported
    script = tmp_path / "py"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -S \"$@\"\n")
    script.chmod(0o755)
    with pytest.raises(UserError, match="cannot play monopoly-cpc games: ModuleNotFoundError"):
        engine_against(str(script), chunks=1, games=1)


def test_the_command_line_checks_chunks(capsys):
    from monopoly_cpc.cli import main

    assert main(["bench", "--against", sys.executable, "--chunks", "0"]) != 0
    assert "--chunks must be 1 to" in capsys.readouterr().err


def test_the_worker_asks_an_older_install_only_for_play_chunk():
    # the other install may be an older commit: of the game it imports play_chunk alone
    tree = ast.parse(WORKER)
    imported = {(node.module, alias.name) for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert imported == {("monopoly_cpc.analysis.tournament", "play_chunk")}
    assert not any(isinstance(node, ast.Import) and any(a.name.startswith("monopoly_cpc")
                                                        for a in node.names)
                   for node in ast.walk(tree))
