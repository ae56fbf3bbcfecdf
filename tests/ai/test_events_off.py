"""``sim.play_game`` without ``observe`` plays with ``GameState.record_events`` off: the engine
makes no events (nobody reads them). The games must be the same as with the events made: the
state before every action, compared step by step, for line-ups of every strength, the
characters and the MONOPOLIC and fast variants."""

from __future__ import annotations

import hashlib

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.analysis.tournament import lineup
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import apply, new_game
from tests.ai.helpers import VARIED_LINEUPS

LINEUPS = VARIED_LINEUPS


def _steps(spec, seed, variant, observe):
    digest = hashlib.sha256()
    seen = []

    def check(st):
        seen.append(st.record_events)
        digest.update(repr((st.phase, st.current, st.rolls, st.actions, st.owner, st.houses,
                            st.mortgaged, [p.cash for p in st.players], st.debts, st.auction,
                            st.trade, st.stack)).encode())

    r = play_game(spec, seed, variant, 200, check=check, observe=observe)
    return digest.hexdigest(), r, set(seen)


def test_games_are_the_same_without_events():
    for k, (spec, variant) in enumerate(LINEUPS):
        for i in range(6):
            seed = run_game_seed(91 + k, i)
            quiet, r0, flags0 = _steps(lineup(spec, i), seed, variant, None)
            loud, r1, flags1 = _steps(lineup(spec, i), seed, variant, lambda st, a, ev: None)
            assert flags0 == {False} and flags1 == {True}
            assert quiet == loud and r0 == r1


def test_apply_returns_no_events_when_they_are_off():
    off, on = (new_game(["A", "B"], seed=5, first_player=0) for _ in range(2))
    off.record_events = False
    assert apply(off, A.Roll(0)) == []
    assert [e.kind for e in apply(on, A.Roll(0))][:1] == ["dice"]
    assert off == on   # the same move, with or without its events
