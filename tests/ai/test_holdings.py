"""``bot._Holdings`` worked out from the holdings just before (a few deeds changed: only the
groups and players they touch again) is the same as a full pass, and leaves the one before as
it was (its entries are shared, never changed in place)."""

from __future__ import annotations

import random

from monopoly_cpc.ai import bot as B
from monopoly_cpc.ai.values import tables
from monopoly_cpc.rules.board import default_board


def _lists(h) -> list:
    return [[list(x) for x in lists] for lists in h.lists]


def test_derived_holdings_equal_a_full_pass():
    t = tables(default_board())
    props = list(t.board.properties)
    rnd = random.Random(3)
    for _ in range(300):
        n = rnd.choice([2, 3, 4, 6])
        own, mort = [-1] * 40, [False] * 40
        for s in props:
            if rnd.random() < 0.7:
                own[s] = rnd.randrange(n)
                mort[s] = rnd.random() < 0.2
        prev = B._Holdings(t, own, mort, n)
        for _ in range(20):
            own2, mort2 = own[:], mort[:]
            for _ in range(rnd.choice([1, 1, 1, 2, 3, 4])):
                s = rnd.choice(props)
                if rnd.random() < 0.4:
                    own2[s] = rnd.randrange(-1, n)
                    mort2[s] = mort2[s] and own2[s] >= 0
                elif own2[s] >= 0:
                    mort2[s] = not mort2[s]
                if rnd.random() < 0.3:   # a whole group to one player
                    o = rnd.randrange(n)
                    for x in t.members[rnd.randrange(len(t.members))]:
                        own2[x], mort2[x] = o, False
            before = _lists(prev)
            derived = B._Holdings(t, own2, mort2, n, prev)
            assert _lists(prev) == before and B._EMPTY == []
            assert _lists(derived) == _lists(B._Holdings(t, own2, mort2, n))
            prev = derived
            own, mort = own2, mort2
