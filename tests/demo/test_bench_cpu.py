"""bench --json: the CPU share of an attract minute and an idle title minute, start-up beside pygame's."""

from __future__ import annotations

import json

import pytest

from monopoly_cpc.cli import main
from monopoly_cpc.commands.bench import cpu_share


@pytest.mark.parametrize("kind", ["attract", "title"])
def test_cpu_share_is_the_work_of_a_tick_over_its_20_ms(kind):
    got = cpu_share(kind, ticks=100)
    share, tick_ms = got[f"{kind}_cpu_share"], got[f"{kind}_tick_ms"]
    assert 0 < share < 1 and tick_ms > 0
    assert share == pytest.approx(tick_ms / 20, rel=0.02, abs=1e-4)
    assert 0 < got[f"{kind}_draw_share"] <= 1
    assert 0 < got[f"{kind}_drawn"] < 1   # drawn when the picture changed, not at every tick


def test_a_bad_tick_count_is_one_line(capsys):
    assert main(["bench", "--ticks", "3"]) == 1
    assert "--ticks must be 50" in capsys.readouterr().err


@pytest.mark.slow
def test_bench_json_reports_cpu_shares_and_startup_beside_pygames(capsys):
    assert main(["bench", "--json", "--frames", "5", "--ticks", "100"]) == 0
    got = json.loads(capsys.readouterr().out)
    for key in ("attract_cpu_share", "title_cpu_share", "attract_draw_share", "title_draw_share",
                "attract_drawn", "title_drawn", "startup_s", "pygame_startup_s"):
        assert key in got and got[key] > 0, key
    assert got["pygame_startup_s"] < got["startup_s"]
