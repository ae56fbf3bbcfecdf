"""What properties are worth to a player: by what they do to monopolies, not by their price.

A colour group is worth its printed prices while split, and a monopoly bonus once one player
holds all of it (nothing mortgaged). The bonus grows with the rent the group earns at three
houses times how often opponents land there (Darling: three houses give the best return), so
orange and red are worth more than dark purple. A property's worth to a player is the change
it makes to that player's holdings; the same function measured for an opponent gives the value
of *blocking* him. Tables are built once per board; every decision is a few list lookups.
"""

from __future__ import annotations

from typing import Final

from monopoly_cpc.rules.board import STATION, STREET, UTILITY, Board

# Where rolls end on the French board, stay-short jail policy, in 1/10000 (anchors.md §2,
# exact Markov chain, FR deck). Squares that cannot be owned are 0 here (not used).
LANDING_FR: Final = (
    308, 262, 0, 220, 0, 226, 232, 0, 236, 231, 0, 269, 229, 237, 247, 310, 279, 0, 293, 306,
    0, 281, 0, 271, 317, 272, 273, 270, 266, 263, 0, 267, 260, 0, 246, 238, 0, 215, 0, 260,
)

# Bonus of a monopoly = HORIZON x (rent per opponent roll at three houses) + half its prices.
HORIZON: Final = 12
STATION_STEP_PCT: Final = 15     # each further station held adds 15 % to the stations' worth
UTILITY_PCT: Final = 90          # a lone utility is worth a little less than its price (Darling)


class Tables:
    """Per-board constants the players read (built once, immutable after)."""

    __slots__ = (
        "ascending",
        "board",
        "bonus",
        "build_rank",
        "gprice",
        "group",
        "gsize",
        "house_cost",
        "income",
        "kind",
        "lifted",
        "members",
        "mortgage",
        "price",
        "prob",
        "properties",
        "small_change",
        "street_rents",
        "stations",
        "streets",
        "utilities",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        # The properties in board order (ai.board_views.Holdings.flipped keeps its lists so)
        self.ascending = list(board.properties) == sorted(board.properties)
        standard = len(board.properties) == 28 and board.kinds[10] != STREET
        self.prob = [LANDING_FR[s] / 10000 if standard else 0.025 for s in range(40)]
        self.kind = board.kinds
        self.group = board.groups
        self.members = board.group_members
        self.price = board.prices
        self.house_cost = board.house_costs
        self.mortgage = board.mortgages
        # What a mortgaged deed is worth to its holder: its price less the lift (mortgage + 10 %).
        self.lifted = [board.prices[s] - board.mortgages[s] * 11 // 10 for s in range(40)]
        self.gsize = [len(m) for m in board.group_members]
        self.small_change = board.stations + board.utilities   # what a trade adds to even out
        self.stations: tuple[int, ...] = board.stations
        self.properties: list[int] = list(board.properties)
        self.utilities: tuple[int, ...] = board.utilities
        # The streets, and the rent of street s with h houses (h = 5 hotel) at s * 6 + h: flat
        # lists of ints, which the compiled build reads without boxing (board_views.WorstRents).
        self.streets: list[int] = list(board.streets)
        self.street_rents: list[int] = [0] * 240
        for s in board.streets:
            for h, r in enumerate(board.rents[s]):
                self.street_rents[s * 6 + h] = r
        self.gprice = [sum(board.prices[s] for s in m) for m in board.group_members]
        # income[g][h]: rent per opponent roll with h houses on every street (h = 5 hotel).
        self.income = [[sum(self.prob[s] * board.rents[s][h] for s in m) for h in range(6)]
                       for m in board.group_members]
        self.bonus = [HORIZON * self.income[g][3] + self.gprice[g] / 2
                      for g in range(len(board.group_members))]
        # Groups by what building on them earns: rent at three houses per franc of a house
        # (best first); build_rank[g] is the place of group g in that order.
        order = sorted(range(len(board.group_members)),
                       key=lambda g: (-self.income[g][3] / (self.house_cost[self.members[g][0]] or 1),
                                      g))
        self.build_rank = [0] * len(order)
        for i, g in enumerate(order):
            self.build_rank[g] = i


_CACHE: Final[list[Tables]] = []


def tables(board: Board) -> Tables:
    """The tables of ``board`` (cached: boards are immutable and usually one per process)."""
    for t in _CACHE:
        if t.board is board:
            return t
    t = Tables(board)
    _CACHE.append(t)
    if len(_CACHE) > 4:
        _CACHE.pop(0)
    return t


def _group_worth(t: Tables, g: int, k: int, val: float, others: int, rival: int) -> float:
    """Worth to a player of its streets in group ``g``: ``k`` streets held worth ``val`` (a
    mortgaged one at its lift: mortgage + 10 %), ``others`` held by rivals (``rival`` when they
    are all one player's, else -1)."""
    n = t.gsize[g]
    if k == n:
        return val + t.bonus[g]
    if others == 0:
        # Still open: the closer to complete, the more each street is worth.
        return val + t.bonus[g] * (k * k) / (n * n) * 0.25
    if others + k == n and rival >= 0:
        # Split with one rival: a trade piece (and a block) both ways.
        return val * 1.1
    return val


def _group_gain(t: Tables, g: int, owner: list[int], mortgaged: list[bool], p: int,
                square: int) -> float:
    """``p``'s worth of group ``g`` with ``square`` given to him, less his worth of it now
    (``_group_worth`` of both counts, in one pass)."""
    k0 = k1 = 0
    v0 = v1 = 0.0
    others0 = others1 = 0
    rival0 = rival1 = -2
    price, lifted = t.price, t.lifted
    for s in t.members[g]:
        o = owner[s]
        v = lifted[s] if mortgaged[s] else price[s]
        if o == p:
            k0 += 1
            v0 += v
        elif o >= 0:
            others0 += 1
            rival0 = o if rival0 == -2 or rival0 == o else -1
        if s == square or o == p:
            k1 += 1
            v1 += v
        elif o >= 0:
            others1 += 1
            rival1 = o if rival1 == -2 or rival1 == o else -1
    after = _group_worth(t, g, k1, v1, others1, rival1) if k1 else 0.0
    before = _group_worth(t, g, k0, v0, others0, rival0) if k0 else 0.0
    return after - before


def _owned(t: Tables, squares: tuple[int, ...], owner: list[int], mortgaged: list[bool], p: int,
           moved: dict[int, int] | None) -> tuple[int, float]:
    """How many of ``squares`` ``p`` owns (after the ``moved`` deeds), and their price less the
    cost of lifting the mortgaged ones."""
    n = 0
    val = 0.0
    for s in squares:
        o = owner[s] if moved is None or s not in moved else moved[s]
        if o == p:
            n += 1
            val += t.lifted[s] if mortgaged[s] else t.price[s]
    return n, val


def stations_value(t: Tables, owner: list[int], mortgaged: list[bool], p: int,
                   moved: dict[int, int] | None = None) -> float:
    """Worth to ``p`` of its stations (each extra station adds a share)."""
    n, val = _owned(t, t.stations, owner, mortgaged, p, moved)
    if n == 0:
        return 0.0
    return val * (100 + STATION_STEP_PCT * (n - 1)) / 100


def utilities_value(t: Tables, owner: list[int], mortgaged: list[bool], p: int,
                    moved: dict[int, int] | None = None) -> float:
    """Worth to ``p`` of its utilities (both together earn 2.5 times more per point)."""
    n, val = _owned(t, t.utilities, owner, mortgaged, p, moved)
    if n == 0:
        return 0.0
    return val * (UTILITY_PCT if n == 1 else 110) / 100


def gain_of(t: Tables, owner: list[int], mortgaged: list[bool], p: int, s: int) -> float:
    """Change in ``p``'s holdings when square ``s`` becomes his (only its group is measured)."""
    k = t.kind[s]
    if k == STREET:
        return 0.0 + _group_gain(t, t.group[s], owner, mortgaged, p, s)
    if k == STATION:
        moved = {s: p}
        return 0.0 + (stations_value(t, owner, mortgaged, p, moved)
                      - stations_value(t, owner, mortgaged, p))
    if k == UTILITY:
        moved = {s: p}
        return 0.0 + (utilities_value(t, owner, mortgaged, p, moved)
                      - utilities_value(t, owner, mortgaged, p))
    return 0.0


def swap(t: Tables, owner: list[int], mortgaged: list[bool], a: int, b: int,
         moved: dict[int, int]) -> tuple[float, float, list[int], list[int]]:
    """The change in holdings that ``moved`` makes for players ``a`` and ``b`` and the groups each ``completes``, in
    one pass over each group touched (the same numbers as the four calls)."""
    seen: list[int] = []
    st = ut = False
    da = db = 0.0
    ca: list[int] = []
    cb: list[int] = []
    kind, group, price, lifted = t.kind, t.group, t.price, t.lifted
    for s in moved:
        k = kind[s]
        if k == STREET:
            g = group[s]
            if g in seen:
                continue
            seen.append(g)
            # Before and after the move, for a and for b: streets held, their worth, streets
            # held by others, and the one other holder (-1 when several).
            ka0 = ka1 = kb0 = kb1 = 0
            va0 = va1 = vb0 = vb1 = 0.0
            na0 = na1 = nb0 = nb1 = 0
            ra0 = ra1 = rb0 = rb1 = -2
            for x in t.members[g]:
                o0 = owner[x]
                o1 = moved.get(x, o0)
                v = lifted[x] if mortgaged[x] else price[x]
                if o0 == a:
                    ka0 += 1
                    va0 += v
                elif o0 >= 0:
                    na0 += 1
                    ra0 = o0 if ra0 == -2 or ra0 == o0 else -1
                if o1 == a:
                    ka1 += 1
                    va1 += v
                elif o1 >= 0:
                    na1 += 1
                    ra1 = o1 if ra1 == -2 or ra1 == o1 else -1
                if o0 == b:
                    kb0 += 1
                    vb0 += v
                elif o0 >= 0:
                    nb0 += 1
                    rb0 = o0 if rb0 == -2 or rb0 == o0 else -1
                if o1 == b:
                    kb1 += 1
                    vb1 += v
                elif o1 >= 0:
                    nb1 += 1
                    rb1 = o1 if rb1 == -2 or rb1 == o1 else -1
            da += ((_group_worth(t, g, ka1, va1, na1, ra1) if ka1 else 0.0)
                   - (_group_worth(t, g, ka0, va0, na0, ra0) if ka0 else 0.0))
            db += ((_group_worth(t, g, kb1, vb1, nb1, rb1) if kb1 else 0.0)
                   - (_group_worth(t, g, kb0, vb0, nb0, rb0) if kb0 else 0.0))
            n = t.gsize[g]
            if ka1 == n and ka0 != n:
                ca.append(g)
            if kb1 == n and kb0 != n:
                cb.append(g)
        elif k == STATION and not st:
            st = True
            da += (stations_value(t, owner, mortgaged, a, moved)
                   - stations_value(t, owner, mortgaged, a))
            db += (stations_value(t, owner, mortgaged, b, moved)
                   - stations_value(t, owner, mortgaged, b))
        elif k == UTILITY and not ut:
            ut = True
            da += (utilities_value(t, owner, mortgaged, a, moved)
                   - utilities_value(t, owner, mortgaged, a))
            db += (utilities_value(t, owner, mortgaged, b, moved)
                   - utilities_value(t, owner, mortgaged, b))
    return da, db, ca, cb


def worth_to(t: Tables, owner: list[int], mortgaged: list[bool], p: int, s: int) -> float:
    """What getting ``s`` (from the bank) is worth to ``p``."""
    return gain_of(t, owner, mortgaged, p, s)


def best_rival_gain(t: Tables, owner: list[int], mortgaged: list[bool], p: int, s: int,
                    alive: list[int]) -> float:
    """The most any other player still in the game would gain from getting ``s``."""
    best = 0.0
    for q in alive:
        if q != p:
            v = gain_of(t, owner, mortgaged, q, s)
            if v > best:  # noqa: PLR1730 (as max(best, v), the first of equals kept; hot path)
                best = v
    return best
