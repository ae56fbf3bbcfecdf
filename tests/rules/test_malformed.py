"""An action with a value of the wrong type is refused (``bad_action``) before anything else.

``apply`` checks every field against its declared kind (a whole number, true/false, a tuple of
whole numbers) first, so the handlers may trust the types and the compiled build (setup.py),
which would otherwise stop with a TypeError, refuses exactly what the source refuses.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from monopoly_cpc.cli import main
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import _HANDLERS, IllegalAction, apply, malformed, new_game
from monopoly_cpc.rules.serial import to_data

# A well-formed example of every action the engine knows.
GOOD = {
    A.Roll: A.Roll(0), A.Buy: A.Buy(0), A.Decline: A.Decline(0), A.Bid: A.Bid(0, 1000),
    A.Pass: A.Pass(0), A.CloseAuction: A.CloseAuction(), A.ClaimRent: A.ClaimRent(0),
    A.ChooseCard: A.ChooseCard(0, True), A.PayJailFine: A.PayJailFine(0),
    A.UseJailCard: A.UseJailCard(0), A.Build: A.Build(0, 1), A.SellBuilding: A.SellBuilding(0, 1),
    A.Mortgage: A.Mortgage(0, 1), A.Lift: A.Lift(0, 1),
    A.ProposeTrade: A.ProposeTrade(0, 1, (1,), (3,), 0), A.AcceptTrade: A.AcceptTrade(1),
    A.RejectTrade: A.RejectTrade(1), A.AutoLiquidate: A.AutoLiquidate(0),
    A.PayInKind: A.PayInKind(0, (1,)), A.DeclareBankruptcy: A.DeclareBankruptcy(0),
    A.Borrow: A.Borrow(0, 1000), A.EndGame: A.EndGame(), A.AdvanceClock: A.AdvanceClock(5),
}
WRONG = {A.INT: ["1", None, 1.5, True], A.BOOL: [1, "yes", None], A.INTS: [[1], (1.0,), "1", None]}


def _cases():
    for cls, good in GOOD.items():
        for name, kind in A.shape(cls):
            for value in WRONG[kind]:
                yield pytest.param(replace(good, **{name: value}), name,
                                   id=f"{cls.__name__}.{name}={value!r}")


def test_every_action_has_an_example():
    assert set(GOOD) == set(_HANDLERS)
    for cls, good in GOOD.items():
        assert [f.name for f in fields(cls)] == [n for n, _ in A.shape(cls)]
        assert malformed(good) == "", good


@pytest.mark.parametrize("action, field", list(_cases()))
def test_a_wrong_type_is_refused_and_changes_nothing(action, field):
    state = new_game(["Anne", "Bruno"], seed=3)
    before = to_data(state)
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    assert exc.value.code == "bad_action" and exc.value.fields == {"field": field}
    assert to_data(state) == before


def test_the_refusal_has_its_texts():
    from monopoly_cpc.rules.refusals import refusal_text
    from monopoly_cpc.texts import load_texts

    state = new_game(["Anne", "Bruno"], seed=3)
    with pytest.raises(IllegalAction) as exc:
        apply(state, A.Bid(0, "mille"))
    assert refusal_text(load_texts("fr"), exc.value) == "Action mal formée"


def test_a_scenario_with_a_wrong_type_is_one_line(tmp_path, capsys):
    bad = tmp_path / "typed.yaml"
    bad.write_text("name: x\nsource: y\nsteps:\n  - roll: {player: zero}\n", encoding="utf-8")
    assert main(["scenario", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "player must be a whole number, got 'zero'" in err


@pytest.mark.parametrize("body, said", [
    ("start:\n  players: [{cash: 1000.5}]\n", "start.players[0].cash: expected a whole number"),
    ("start:\n  players: [{in_jail: 1}]\n", "start.players[0].in_jail: expected true or false"),
    ("start:\n  players: [{name: 7}]\n", "start.players[0].name: expected text"),
    ("start:\n  owner: {1: 'x'}\n", "start.owner: expected a whole number"),
    ("start:\n  mortgaged: {1: 1}\n", "start.mortgaged: expected true or false"),
    ("start:\n  claim: {owner: '1', payer: 0, square: 1, amount: 200}\n",
     "start.claim.owner: expected a whole number"),
    ("start:\n  claim: {owner: 1}\n", "start.claim: expected owner, payer, square and amount"),
    ("seed: 1.5\n", "seed: expected a whole number"),
    ("start:\n  current: '1'\n", "start.current: expected a player number"),
])
def test_a_scenario_value_of_the_wrong_type_is_one_line(tmp_path, capsys, body, said):
    """Start values reach the engine's state (compiled: typed attributes); a wrong type is the
    file's one-line error, never an internal error."""
    bad = tmp_path / "start.yaml"
    bad.write_text("name: x\nsource: y\n" + body + "expect: {players: [{cash: 150000}]}\n",
                   encoding="utf-8")
    assert main(["scenario", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "internal error" not in err, err


def test_new_game_checks_its_arguments():
    state = new_game(["Anne", "Bruno"], computer=[1, 0], seed=3)
    assert [p.computer for p in state.players] == [True, False]   # flags are truth values
    for kwargs, said in [({"pawns": [None, 1]}, "pawn"), ({"first_player": True}, "first_player"),
                         ({"seed": 1.5}, "seed")]:
        with pytest.raises(ValueError, match=said):
            new_game(["Anne", "Bruno"], **kwargs)
    with pytest.raises(ValueError, match="names"):
        new_game(["Anne", None])
