"""Runs of headless games and the simulate command: seeds, line-ups, the deal, tallies, strength,
options."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from monopoly_cpc.ai.sim import GameResult
from monopoly_cpc.analysis.runner import NO_GROUP, OVER_EARLY, TIMINGS, board_kind, run_games
from monopoly_cpc.analysis.tournament import DEALT_ROUND, deal, lineup, play_dealt
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.cli import main
from tests.ai.helpers import BELLEVILLE, LECOURBE, LYON, MONTPARNASSE, NORD, PAIX, PIGALLE, position

JSON_KEYS = {"games", "games_with_winner", "wins_by_type", "wins_by_seat", "mean_rounds",
             "games_per_s", "rolls_per_s", "games_per_cpu_s", "rolls_per_cpu_s",
             "wins_by_count_by_type", "win_interval_per_seat_by_type",
             "count_interval_per_seat_by_type"}


def test_seeds_and_seats():
    assert run_game_seed(1, 0) != run_game_seed(1, 1) != run_game_seed(2, 1)
    assert run_game_seed(7, 3) == run_game_seed(7, 3)
    assert lineup(["expert", "baseline", "baseline", "baseline"], 1) == [
        "baseline", "baseline", "baseline", "expert"]


def test_results_do_not_depend_on_jobs():
    one = run_games(["expert", "normal", "facile"], 24, seed=5, jobs=1)
    two = run_games(["expert", "normal", "facile"], 24, seed=5, jobs=2)
    assert one.results_key() == two.results_key()
    assert one.games == 24 and sum(one.wins_by_seat) == one.games_with_winner


def test_four_experts_finish_their_games():
    s = run_games(["expert"] * 4, 40, seed=2024)
    assert s.games_with_winner == 40 and s.bot_errors == 0
    assert s.trades > 0


def test_deal_names_the_group_holders_and_the_best_earner():
    # Nobody holds a group; three stations (10.000 F a landing) out-earn Rue de la Paix's
    # bare 5.000 F.
    st = position(owners={PAIX: 0, MONTPARNASSE: 2, LYON: 2, NORD: 2, PIGALLE: 1})
    assert deal(st) == (0, 2)
    # Player 1 completes the violet foncé group (mortgaged or not, the deeds are his); player 3
    # holds nothing.
    st = position(owners={PAIX: 0, BELLEVILLE: 1, LECOURBE: 1})
    st.mortgaged[LECOURBE] = True
    groups, top = deal(st)
    assert groups == 0b10 and top == 0
    # Ties go to the first seat: an empty board.
    assert deal(position()) == (0, 0)


def _result(labels, winner, leader, groups, top):
    return GameResult(0, 0, tuple(labels), winner, leader, 50, 100, 300, 0, winner < 0, 0,
                      groups, top)


def test_board_kinds():
    labels = ["expert", "baseline", "baseline", "baseline"]
    assert board_kind(_result(labels, 2, 2, -1, -1)) == OVER_EARLY
    assert board_kind(_result(labels, -1, 3, 0, 3)) == NO_GROUP
    assert board_kind(_result(labels, 0, 0, 0b0001, 0)) == "expert"
    assert board_kind(_result(labels, 1, 1, 0b0110, 0)) == "baseline"
    assert board_kind(_result(labels, 1, 1, 0b1001, 0)) == "baseline+expert"


def test_games_are_counted_by_the_deal_after_forty_rounds():
    s = run_games(["expert", "baseline", "baseline", "baseline"], 30, seed=3)
    boards = s.boards
    assert sum(b["games"] for b in boards.values()) == 30
    for key, total in (("wins_by_type", s.wins_by_type), ("leads_by_type", s.leads_by_type)):
        for lab, n in total.items():
            assert sum(b[key].get(lab, 0) for b in boards.values()) == n
    quiet = boards.get(NO_GROUP, {"games": 0})["games"]
    assert sum(s.top_earner_by_type.values()) == quiet
    assert 0 <= s.top_earner_richest <= quiet
    assert quiet > 0 and set(boards) - {NO_GROUP, OVER_EARLY}   # both kinds occur in 30 games
    d = s.to_json()
    assert d["deal_after_rounds"] == DEALT_ROUND
    assert d["boards_by_groups_held"] == boards
    # A game played again gives the same deal, and a game capped before the deal has none.
    r = play_dealt(["expert", "baseline"], run_game_seed(3, 0))
    assert play_dealt(["expert", "baseline"], run_game_seed(3, 0)).groups == r.groups
    assert play_dealt(["expert", "baseline"], run_game_seed(3, 0), round_cap=DEALT_ROUND - 1).groups == -1


def test_expert_beats_easy_players_clearly():
    s = run_games(["expert", "facile", "facile", "facile"], 60, seed=9)
    assert s.win_rate("expert") >= 0.45       # par is 0.25


def _simulate(args, hashseed):
    env = dict(os.environ, PYTHONHASHSEED=str(hashseed))
    out = subprocess.run([sys.executable, "-m", "monopoly_cpc", "simulate", *args],
                         capture_output=True, text=True, env=env, timeout=300, check=False)
    return out


def test_simulate_json_is_the_same_for_any_jobs_and_hash_seed():
    args = ["--games", "20", "--players", "4", "--ai", "expert,normal,baseline", "--seed", "3",
            "--json"]
    runs = [_simulate(args + ["--jobs", "1"], 0), _simulate(args + ["--jobs", "2"], 4242)]
    data = []
    for r in runs:
        assert r.returncode == 0, r.stderr
        assert r.stderr == ""  # no progress bar when not on a terminal
        d = json.loads(r.stdout)
        assert JSON_KEYS <= d.keys()
        for k in TIMINGS:
            d.pop(k)
        data.append(d)
    assert data[0] == data[1]
    assert data[0]["games"] == 20
    assert set(data[0]["wins_by_type"]) == {"expert", "normal", "baseline"}


def test_simulate_table(capsys):
    assert main(["simulate", "--games", "4", "--ai", "expert", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for word in ("wins by seat", "games with a winner", "mean rounds", "games/s", "dice rolls/s",
                 "in CPU time", "by count", "95 % interval", "after 40 rounds",
                 "complete group held by"):
        assert word in out


@pytest.mark.parametrize("args", [
    ["--ai", "grandmaster"],
    ["--ai", "expert:Nobody"],
    ["--ai", "baseline:Prudent"],
    ["--ai", "expert,normal,facile,baseline,expert", "--players", "4"],
    ["--players", "9"],
    ["--games", "0"],
    ["--games", "many"],
    ["--jobs", "0"],
    ["--ladder", "--ai", "expert"],
    ["--ladder", "--players", "3"],
    ["--ladder", "--personalities"],
    ["--ladder", "--games", "0"],
    ["--ai", "swap:Prudent"],
    ["--ai", "fair:Avare"],
    ["--ai", "swapper"],
])
def test_bad_options_are_a_usage_error(args, capsys):
    with pytest.raises(SystemExit) as exc:
        code = main(["simulate", *args])
        raise SystemExit(code)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and "Traceback" not in "\n".join(err)
    assert "simulate" in err[-1]


# -- the strength and termination targets (long: --runslow) -------------------------------------

@pytest.mark.slow
def test_target_four_experts_end_with_a_winner():
    s = run_games(["expert"] * 4, 2000, seed=1, jobs=2)
    assert s.games_with_winner >= 0.99 * s.games


@pytest.mark.slow
def test_expert_beats_normal_players():
    s = run_games(["expert", "normal", "normal", "normal"], 2000, seed=1, jobs=2)
    assert s.win_rate("expert") >= 0.30       # par is 0.25


@pytest.mark.slow
@pytest.mark.xfail(reason="baselines never trade: the deal decides (docs/ai.md, Strength)",
                   raises=AssertionError, strict=True)
def test_target_expert_against_three_baselines():
    s = run_games(["expert", "baseline", "baseline", "baseline"], 2000, seed=1, jobs=2)
    assert s.win_rate("expert") >= 0.45


@pytest.mark.slow
def test_target_expert_against_three_facile():
    s = run_games(["expert", "facile", "facile", "facile"], 2000, seed=1, jobs=2)
    assert s.count_rate("expert") >= 0.85


@pytest.mark.slow
def test_target_expert_against_three_swap_players():
    s = run_games(["expert", "swap", "swap", "swap"], 2000, seed=1, jobs=2)
    low, _high = s.interval("expert", by_count=True)
    # a win: outright, or the richest at the cap
    assert s.count_rate("expert") >= 0.37 and low >= 0.35


@pytest.mark.slow
def test_the_deal_caps_what_any_player_could_win_against_baselines():
    """docs/ai.md, Strength: where nobody holds a group after 40 rounds, the games reach the
    cap whatever is played, so even winning every other game stays under 45 % outright; and
    there the richest at the cap is mostly the player dealt the best-earning deeds."""
    s = run_games(["expert", "baseline", "baseline", "baseline"], 2000, seed=1, jobs=2)
    quiet = s.boards[NO_GROUP]
    quiet_ended = sum(quiet["wins_by_type"].values())
    assert quiet["games"] >= 0.5 * s.games and quiet_ended <= 0.05 * quiet["games"]
    assert s.games - (quiet["games"] - quiet_ended) < 0.5 * s.games     # the outright ceiling
    assert s.top_earner_richest >= 0.8 * quiet["games"]
    assert s.top_earner_by_type["expert"] <= 0.35 * quiet["games"]


def test_personalities_table_and_json(capsys):
    assert main(["simulate", "--personalities", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for name in ("Avare", "Téméraire", "Cupide", "Régulier", "Prudent", "Entreprenant"):
        assert name in out
    assert main(["simulate", "--personalities", "--games", "6", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sums = data["sums"]
    assert sum(s["seats"] for s in sums.values()) == 36
    assert sum(s["wins"] for s in sums.values()) <= 6


def test_engine_bench_keys():
    from monopoly_cpc.analysis.bench import engine_bench

    d = engine_bench(games=4)
    assert {"engine_games_per_s", "engine_rolls_per_s"} <= d.keys()
    assert d["engine_games"] == 4 and d["engine_rolls_per_game"] > 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a process group: POSIX")
def test_ctrl_c_stops_a_pool_without_worker_tracebacks(tmp_path):
    """CTRL+C during `simulate --jobs 2`: the workers leave it to the parent, which stops the
    pool at once; one exit code 130 and no traceback (was: a traceback per worker)."""
    import signal

    env = dict(os.environ, PYTHONHASHSEED="0")
    proc = subprocess.Popen(
        [sys.executable, "-m", "monopoly_cpc", "simulate", "--games", "200000", "--jobs", "2",
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    try:
        import time

        time.sleep(5)   # past the imports: the pool is at work (the JSON comes only at the end)
        os.killpg(proc.pid, signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()[-2000:]
