"""The strength measures: the Wilson interval, wins by the count, the ladder's Elo fit and the
``simulate --ladder`` options."""

from __future__ import annotations

import json
import math

import pytest

from monopoly_cpc.analysis.ladder import ENTRANTS, Pairing, fit, pairs, run_ladder, table
from monopoly_cpc.analysis.runner import run_games, wilson
from monopoly_cpc.cli import main


def test_wilson_interval_known_values():
    # 50 of 100: 0.404 to 0.596 (the textbook figures).
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    # None of 10 and all of 10: the interval stays inside [0, 1] and is not empty.
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # It narrows as the games grow, and holds the observed share.
    assert wilson(500, 2000)[1] - wilson(500, 2000)[0] < wilson(50, 200)[1] - wilson(50, 200)[0]
    lo, hi = wilson(580, 2000)
    assert lo < 0.29 < hi


def test_wins_by_the_count_include_the_richest_at_the_cap():
    s = run_games(["expert", "baseline", "baseline", "baseline"], 10, seed=3, round_cap=30)
    assert s.capped > 0
    assert sum(s.leads_by_type.values()) == s.games            # every game has one by the count
    assert sum(s.wins_by_type.values()) == s.games_with_winner  # outright: only the ended ones
    for lab in s.wins_by_type:
        assert s.leads_by_type[lab] >= s.wins_by_type[lab]
        lo, hi = s.interval(lab, by_count=True)
        assert lo <= s.leads_by_type[lab] / s.seats_by_type[lab] <= hi
    d = s.to_json()
    assert d["wins_by_count_by_type"] == d["leads_by_type"]
    assert d["cpu_seconds"] > 0 and d["games_per_cpu_s"] > 0 and d["rolls_per_cpu_s"] > 0
    assert "cpu_seconds" not in s.results_key()


def _pairings(entrants, strength, games=400):
    """Expected wins of one against three under the Luce model for given Elo strengths."""
    out = []
    for a, b in pairs(entrants):
        ga, gb = 10 ** (strength[a] / 400), 10 ** (strength[b] / 400)
        p = ga / (ga + 3 * gb)
        out.append(Pairing(a, b, games, round(games * p)))
    return out


def test_elo_fit_recovers_the_ratings_of_the_model():
    strength = {"a": 200.0, "b": 0.0, "c": -50.0, "d": -150.0}
    elo, half = fit(list(strength), _pairings(list(strength), strength, 4000), prior=0.0)
    mean = sum(strength.values()) / 4
    for k, v in strength.items():
        assert elo[k] == pytest.approx(v - mean, abs=3)
        assert 0 < half[k] < 40
    assert sum(elo.values()) == pytest.approx(0, abs=1e-6)


def test_elo_equal_players_rate_zero_and_intervals_shrink_with_games():
    ents = ["x", "y", "z"]
    same = {k: 0.0 for k in ents}
    elo, half = fit(ents, _pairings(ents, same, 40))
    assert all(abs(v) < 1e-6 for v in elo.values())
    _, half_more = fit(ents, _pairings(ents, same, 4000))
    assert all(half_more[k] < half[k] / 5 for k in ents)


def test_elo_a_player_winning_every_game_stays_finite():
    ents = ["strong", "weak"]
    prs = [Pairing("strong", "weak", 20, 20), Pairing("weak", "strong", 20, 0)]
    elo, half = fit(ents, prs)
    assert math.isfinite(elo["strong"]) and elo["strong"] > 300
    assert elo["weak"] == pytest.approx(-elo["strong"])


def test_the_ladder_entrants_and_a_tiny_run():
    assert {"facile", "normal", "expert", "baseline", "swap", "peer", "fair"} <= set(ENTRANTS)
    assert len(ENTRANTS) == 12 and len(pairs(list(ENTRANTS))) == 132
    lad = run_ladder(["expert", "facile", "swap"], games=2, seed=1, round_cap=60)
    assert lad.games == 12 and len(lad.pairings) == 6
    assert all(pr.games == 2 and 0 <= pr.wins <= 2 for pr in lad.pairings)
    text = table(lad)
    for word in ("Elo", "95 % interval", "expert", "swap", "facile"):
        assert word in text
    again = run_ladder(["expert", "facile", "swap"], games=2, seed=1, round_cap=60, jobs=2)
    assert again.to_json()["pairs"] == lad.to_json()["pairs"]


def test_simulate_ladder_json(capsys, monkeypatch):
    import monopoly_cpc.analysis.ladder as ladder

    monkeypatch.setattr(ladder, "ENTRANTS", ("expert", "facile"))
    assert main(["simulate", "--ladder", "--games", "2", "--rounds", "40", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["games_per_pair"] == 2
    assert set(data["elo"]) == set(data["elo_95"]) == {"expert", "facile"}
