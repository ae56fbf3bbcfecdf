"""The engine skips its check of the fields' types (``engine.malformed``) for the actions a
``Bot`` made (``table.Move.checked``, ``apply(..., checked=True)`` in ``ai.sim``): the bots'
actions always have fields of their declared types, so the engine refuses exactly what it
refused before. Everything else (a human's actions, a scenario's, another computer's, the
public ``apply``) is checked as always (tests/rules/test_malformed.py)."""

from __future__ import annotations

import pytest

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.ai.table import Table, computers
from monopoly_cpc.analysis.tournament import lineup
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, malformed, new_game
from tests.ai.helpers import VARIED_LINEUPS
from tests.ai.test_table import Script


def test_every_action_of_the_bots_games_is_well_formed():
    seen = 0
    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        for i in range(6):
            def observe(st, action, events):
                nonlocal seen
                assert malformed(action) == "", action
                seen += 1

            labels = lineup(spec, i)
            result = play_game(labels, run_game_seed(100 + k, i), variant, observe=observe)
            assert result.bot_errors == 0
    assert seen > 10_000


def test_only_the_moves_of_a_bot_are_marked_checked():
    s = new_game(["A", "B", "C", "D"], computer=[True] * 4, seed=2, first_player=2)
    bots = computers({0: "expert", 1: "normal"}, 5)
    bots[2] = Script({"roll": lambda st, p: A.Roll(p)})
    bots[3] = Script()
    table = Table(bots)
    move = table.next(s)
    assert move.seat == 2 and move.action == A.Roll(2) and not move.checked
    apply(s, move.action)
    checked_by = set()
    for _ in range(300):
        move = table.next(s)
        if move is None:
            break
        if move.checked:   # a Bot's own move (a forced one is not)
            assert move.seat in (0, 1) and move.why != "forced"
            checked_by.add(move.seat)
        apply(s, move.action, move.checked)
    assert checked_by == {0, 1}


def test_the_public_path_still_refuses_a_wrong_type():
    state = new_game(["Anne", "Bruno"], seed=3)
    for action in (A.Roll(True), A.Bid(0, "mille"), A.Build(0, 1.0)):
        with pytest.raises(IllegalAction) as exc:
            apply(state, action)
        assert exc.value.code == "bad_action"


def test_an_unknown_kind_is_refused_even_marked_checked():
    state = new_game(["Anne", "Bruno"], seed=3)
    for checked in (False, True):
        with pytest.raises(IllegalAction) as exc:
            apply(state, object(), checked)
        assert exc.value.code == "unknown_action"
