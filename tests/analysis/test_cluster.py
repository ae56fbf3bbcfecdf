"""``simulate --scheduler``: the games played on a Dask cluster (the optional extra ``cluster``)
give exactly what ``--jobs`` gives: the same seeds, merged in game order, the same JSON."""

from __future__ import annotations

import json

import pytest

from monopoly_cpc.analysis import ladder
from monopoly_cpc.analysis.runner import TIMINGS, in_order, run_games
from monopoly_cpc.cli import main
from monopoly_cpc.errors import UserError


@pytest.fixture(scope="module")
def scheduler():
    """A cluster on this machine: two workers, threads (the address is what a real one gives)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def _results(text: str) -> dict:
    d = json.loads(text)
    for k in TIMINGS:
        d.pop(k)
    return d


def test_simulate_on_a_cluster_prints_what_jobs_prints(scheduler, capsys):
    args = ["simulate", "--games", "30", "--ai", "expert,swap", "--seed", "3", "--json"]
    assert main(args + ["--jobs", "2"]) == 0
    pool = _results(capsys.readouterr().out)
    assert main(args + ["--scheduler", scheduler]) == 0
    assert _results(capsys.readouterr().out) == pool
    assert pool["games"] == 30


def test_the_ladder_on_a_cluster_rates_as_at_home(scheduler):
    entrants = ["expert", "facile", "baseline"]
    here = ladder.run_ladder(entrants, games=10, seed=2, jobs=2).to_json()
    there = ladder.run_ladder(entrants, games=10, seed=2, scheduler=scheduler).to_json()
    here.pop("cpu_seconds")
    there.pop("cpu_seconds")
    assert there == here and here["games"] == 60


def test_results_come_back_in_the_order_of_the_chunks(scheduler):
    assert list(in_order(abs, [-3, 1, -2, 5, -4], scheduler=scheduler)) == [3, 1, 2, 5, 4]
    one = run_games(["facile", "baseline"], 20, seed=4, jobs=1)
    two = run_games(["facile", "baseline"], 20, seed=4, scheduler=scheduler)
    assert one.results_key() == two.results_key()


def test_a_scheduler_nobody_answers_is_one_line():
    with pytest.raises(UserError, match="--scheduler tcp://127.0.0.1:9"):
        list(in_order(abs, [1, 2], scheduler="tcp://127.0.0.1:9"))


def test_without_the_extra_the_option_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)   # not installed
    assert main(["simulate", "--games", "10", "--scheduler", "tcp://127.0.0.1:8786"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'monopoly-cpc[cluster]'" in err
