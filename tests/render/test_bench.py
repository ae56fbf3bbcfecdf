"""`monopoly-cpc bench`: the figures it reports (their values are never asserted)."""

import json
import sys

import pytest

from monopoly_cpc.cli import main
from monopoly_cpc.commands import bench


def test_display_bench_reports_positive_medians():
    r = bench.display_bench(frames=3)
    assert set(r) == {"frame_compose_ms", "frame_present_1080p_ms"}
    assert all(v > 0 for v in r.values())


def _quick(monkeypatch):
    """The start-up runs and the attract/title minutes replaced by fixed figures (own tests:
    tests/demo/test_bench_cpu.py)."""
    monkeypatch.setattr(bench, "startup_pair", lambda runs=5: {"startup_s": 0.5, "pygame_startup_s": 0.1})
    monkeypatch.setattr(bench, "cpu_share", lambda kind, ticks=3000, paced=False: {
        f"{kind}_cpu_share": 0.05, f"{kind}_draw_share": 0.9, f"{kind}_tick_ms": 1.0, f"{kind}_drawn": 0.2})


def test_bench_json_is_one_object(capsys, monkeypatch):
    _quick(monkeypatch)
    assert main(["bench", "--json", "--frames", "3"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert {"frame_compose_ms", "frame_present_1080p_ms", "startup_s"} <= set(data)
    assert out.count("\n") == 1


def test_bench_table(capsys, monkeypatch):
    _quick(monkeypatch)
    assert main(["bench", "--frames", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split()[0] for ln in lines] == [
        "frame_compose_ms", "frame_present_1080p_ms", "startup_s", "pygame_startup_s",
        "attract_cpu_share", "attract_draw_share", "attract_tick_ms", "attract_drawn",
        "title_cpu_share", "title_draw_share", "title_tick_ms", "title_drawn"]


def test_bench_engine_without_the_ai_module_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "monopoly_cpc.analysis.bench", None)
    assert main(["bench", "--engine", "--frames", "3"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "monopoly_cpc.analysis.bench" in err[0]


def test_bench_engine_merges_the_engine_figures(capsys, monkeypatch):
    fake = type(sys)("monopoly_cpc.analysis.bench")
    fake.engine_bench = lambda: {"engine_games_per_s": 12.5, "engine_rolls_per_s": 900.0}
    monkeypatch.setitem(sys.modules, "monopoly_cpc.analysis.bench", fake)
    _quick(monkeypatch)
    assert main(["bench", "--engine", "--json", "--frames", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine_games_per_s"] == 12.5 and "frame_compose_ms" in data


def test_start_up_runs_keep_compiled_modules(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = bench._start_env(str(tmp_path))
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["PYTHONPYCACHEPREFIX"] == str(tmp_path)
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"


@pytest.mark.slow
def test_startup_pair_reports_the_game_beside_a_bare_pygame():
    got = bench.startup_pair(runs=1)
    assert set(got) == {"startup_s", "pygame_startup_s", "startup_cpu_s", "pygame_startup_cpu_s",
                        "startup_cpu_ratio"}
    assert all(v > 0 for v in got.values())
