"""``Player`` writes its own ``__init__`` (a native one in the compiled build, as ``Auction``'s):
the same defaults and fields as the one ``dataclass`` made, and copies, deep copies, pickles and
``dataclasses.replace`` give equal players."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.rules.state import Player


def test_a_player_has_the_defaults_and_fields_of_the_dataclass():
    a, b = Player("A"), Player(name="B")
    assert (a.pawn, a.computer, a.cash, a.pos, a.in_jail, a.jail_turns, a.jail_cards, a.loan,
            a.loan_interest, a.loan_passes, a.bankrupt) == (0, False, 0, 0, False, 0, [], 0, 0,
                                                           0, False)
    assert a.jail_cards is not b.jail_cards   # (a list of its own, as default_factory)
    names = [f.name for f in dataclasses.fields(Player)]
    full = Player(*[{"name": "C", "computer": True, "in_jail": True, "bankrupt": True,
                     "jail_cards": [3]}.get(n, i) for i, n in enumerate(names)])
    assert [getattr(full, n) for n in names] == ["C", 1, True, 3, 4, True, 6, [3], 8, 9, 10,
                                                  True]
    assert Player(**{n: getattr(full, n) for n in names}) == full


def test_players_copy_deep_copy_pickle_and_replace():
    st = new_game(["A", "B", "C"], seed=3)
    p = st.players[0]
    p.jail_cards.append(5)
    p.cash, p.loan = 12_345, 2000
    for q in (copy.copy(p), copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert q == p and repr(q) == repr(p)
    assert copy.deepcopy(p).jail_cards is not p.jail_cards
    assert copy.deepcopy(st) == st
    r = dataclasses.replace(p, cash=5)
    assert r.cash == 5 and r.jail_cards == [5] and r.name == "A"
