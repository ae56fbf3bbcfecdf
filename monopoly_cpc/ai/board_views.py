"""What every computer player sees of the board, worked out once per board content and shared
by all of them (all players look at one board): who holds what (``Holdings``: each player's
mortgaged deeds, complete groups, trade targets, three-way splits, and the groups two players
hold alone), the dearest rents (``WorstRents``), the streets built high (``HighStreets``) and a
copy of the buildings (``HouseCopy``). Each is made again, or brought up to date by one step,
when the deeds or the buildings change; ``ai.knowledge.Knowledge`` reads them for one player.

On the hot paths of docs/CONTRACTS.md: fields typed for the compiled build, hand-written loops.
"""

from __future__ import annotations

from typing import Final

from monopoly_cpc.ai.values import Tables
from monopoly_cpc.rules.state import GameState, has


class Holdings:
    """Who holds what, for one content of the deeds (owners, mortgages): each player's
    mortgaged squares, complete groups, trade targets and three-way splits, worked out in one
    pass for every player. The bots that see the same deeds share it (the first one builds it,
    the others compare two lists, or read ``step``). Never changed once built."""

    __slots__ = ("base", "deeds", "grew", "held", "lists", "mort", "own", "pairs", "seen", "step",
                 "t")

    def __init__(self, t: Tables, own: list[int], mort: list[bool], n: int,
                 copy: bool = True) -> None:
        self.t = t
        # The state whose deeds were last found equal to these, and its ``deed_changes`` then
        # (``Knowledge.refresh``: trusted while that counter stays, on an ``engine_only`` state).
        self.seen: GameState | None = None
        self.deeds = -1
        # Made from ``base`` (flipped, bought) where one deed ``grew`` into an earning one (a
        # lift, a sale of the bank), or -1: the danger is then weighed on that street alone.
        self.base: Holdings | None = None
        self.grew = -1
        # What ``base`` -> these changed, as ``Knowledge.deeds_diff`` says it (1: a deed changed
        # hands, 2: a mortgage alone), or -1 (not made from ``base``, or unknown): a bot whose
        # snapshot is ``base`` then needs no list comparison (``Knowledge.known_diff``).
        self.step = -1
        # The groups two players hold alone, by pair (``pair_groups``), worked out when asked.
        self.pairs: dict[tuple[int, int], list[int]] | None = None
        # (copies, unless ``copy`` is False: ``flipped`` and ``bought`` share the list their
        # step leaves as it was, which nothing changes once built)
        self.own = own = own[:] if copy else own
        self.mort = mort = mort[:] if copy else mort
        if n == 0:
            none: list[list[int]] = []
            self.lists = (none, none, none, none)
            self.held = none
            return   # (flipped and bought fill the lists in)
        # Per player: the properties held (mortgaged or not), in board order (``bought`` adds
        # one last: the players only sum over them or take the least); an empty entry the
        # shared ``EMPTY``, as below (``Knowledge.my_deeds``).
        held: list[list[int]] = [EMPTY] * n
        self.held = held
        for s in t.properties:
            o = own[s]
            if 0 <= o < n:
                add(held, o, s)
        # Per player: mortgaged squares, monos (groups held whole, nothing mortgaged), targets
        # (groups a trade could complete: the player holds some, one other player all the
        # rest) and split (no bank deed, the player holds some and two or more rivals the
        # rest: a purchase brings them closer). An empty entry is the shared ``EMPTY`` (never
        # changed), a list of its own once something goes in (``add``).
        mortgaged: list[list[int]] = [EMPTY] * n
        monos: list[list[int]] = [EMPTY] * n
        targets: list[list[int]] = [EMPTY] * n
        split: list[list[int]] = [EMPTY] * n
        self.lists = (mortgaged, monos, targets, split)
        if any(mort):
            for s in t.board.properties:
                if mort[s]:
                    o = own[s]
                    if o >= 0:
                        add(mortgaged, o, s)
        for g, members in enumerate(t.members):
            # The holders of the group (pairs and triples spelt out: this runs at every change
            # of a deed). A group with a bank deed and any holder: no trade completes it.
            if len(members) == 2:
                x, y = members
                a, b = own[x], own[y]
                if a == b:
                    if a >= 0 and not mort[x] and not mort[y]:
                        add(monos, a, g)
                elif a >= 0 and b >= 0:
                    add(targets, a, g)
                    add(targets, b, g)
                continue
            if len(members) == 3:
                x, y, z = members
                a, b, c = own[x], own[y], own[z]
                if a == b == c:
                    if a >= 0 and not mort[x] and not mort[y] and not mort[z]:
                        add(monos, a, g)
                elif a >= 0 and b >= 0 and c >= 0:
                    # Two holders: a trade between them completes it, for either. Three: each
                    # is one of several rivals.
                    if a == b:
                        add(targets, a, g)
                        add(targets, c, g)
                    elif c == a or c == b:
                        add(targets, a, g)
                        add(targets, b, g)
                    else:
                        add(split, a, g)
                        add(split, b, g)
                        add(split, c, g)
                continue
            holders = sorted({own[s] for s in members})
            if len(holders) == 1:
                a = holders[0]
                if a >= 0 and not any(mort[s] for s in members):
                    add(monos, a, g)
            elif holders[0] >= 0:
                kind = targets if len(holders) == 2 else split
                for o in holders:
                    add(kind, o, g)
        rank = t.build_rank
        for groups in monos:
            if len(groups) > 1:
                groups.sort(key=rank.__getitem__)   # best groups to build on first

    def flipped(self, s: int) -> Holdings:
        """These holdings after deed ``s`` was mortgaged or lifted and nothing else changed:
        only its owner's mortgaged squares and complete groups are made again (who holds what
        is the same, so the trade targets and splits are shared). The same lists, in the same
        order, as a full pass over the new deeds (``__init__``)."""
        t = self.t
        new = Holdings(t, self.own, self.mort[:], 0, False)   # (the owners shared)
        own, mort = new.own, new.mort
        mort[s] = not mort[s]
        new.base = self
        new.grew = -1 if mort[s] else s
        new.step = 2   # (a mortgage alone: the owners are the same)
        new.held = self.held
        new.pairs = self.pairs
        self.base = None   # (no chains: only the last step is looked at)
        mortgaged, monos, targets, split = self.lists
        mortgaged, monos = mortgaged[:], monos[:]
        new.lists = (mortgaged, monos, targets, split)
        o = own[s]
        if o < 0 or o >= len(monos):
            return new
        # o's mortgaged squares, in board order
        lst: list[int] = []
        for x in mortgaged[o]:
            if x != s:
                lst.append(x)
        if mort[s]:
            i = 0
            while i < len(lst) and lst[i] < s:
                i += 1
            lst.insert(i, s)
        mortgaged[o] = lst if lst else EMPTY
        # o's complete groups: the group of s leaves them (mortgaged) or may join them (lifted)
        g = t.group[s]
        if g >= 0:
            groups: list[int] = []
            for x in monos[o]:
                if x != g:
                    groups.append(x)
            if not mort[s]:
                whole = True
                for x in t.members[g]:
                    if own[x] != o or mort[x]:
                        whole = False
                        break
                if whole:
                    rank = t.build_rank
                    i = 0
                    while i < len(groups) and (rank[groups[i]], groups[i]) < (rank[g], g):
                        i += 1
                    groups.insert(i, g)
            monos[o] = groups if groups else EMPTY
        return new

    def bought(self, s: int, b: int) -> Holdings:
        """These holdings after the bank's deed ``s`` went to player ``b`` (bought, or won at
        auction) and nothing else changed. Its group counted for nobody while the bank held a
        street of it; now that it may be held whole, it is placed in its holders' lists as the
        full pass (``__init__``) would place it, the other lists shared."""
        t = self.t
        new = Holdings(t, self.own[:], self.mort, 0, False)   # (the mortgages shared)
        own, mort = new.own, new.mort
        own[s] = b
        new.lists = self.lists
        new.base = self
        new.grew = s
        new.held = held = self.held[:]
        a = self.own[s]
        if b != a:
            new.step = 1
            # s leaves its holder's properties (if any) and joins b's, last
            if 0 <= a < len(held):
                lst: list[int] = []
                for x in held[a]:
                    if x != s:
                        lst.append(x)
                held[a] = lst if lst else EMPTY
            if 0 <= b < len(held):
                lst = held[b][:]
                lst.append(s)
                held[b] = lst
        self.base = None
        g = t.group[s]
        if g < 0 or b < 0 or b >= len(self.lists[0]):
            return new
        members = t.members[g]
        holders: list[int] = []
        free = False
        for x in members:
            o = own[x]
            if o < 0:
                free = True
                break
            if o not in holders:
                holders.append(o)
        if free:
            return new   # a street still the bank's: the group counts for nobody yet
        mortgaged, monos, targets, split = self.lists
        if len(holders) == 1:
            for x in members:
                if mort[x]:
                    return new
            monos = monos[:]
            rank = t.build_rank
            lst = monos[b][:]
            i = 0
            while i < len(lst) and (rank[lst[i]], lst[i]) < (rank[g], g):
                i += 1
            lst.insert(i, g)
            monos[b] = lst
        else:
            kind = targets[:] if len(holders) == 2 else split[:]
            for o in holders:
                lst = kind[o][:]
                i = 0
                while i < len(lst) and lst[i] < g:
                    i += 1
                lst.insert(i, g)
                kind[o] = lst
            if len(holders) == 2:
                targets = kind
            else:
                split = kind
        new.lists = (mortgaged, monos, targets, split)
        return new

    def pair_groups(self) -> dict[tuple[int, int], list[int]]:
        """The colour groups two players hold alone (no bank deed), each holding some, by pair
        (the lower seat first), for the pairs that hold two or more: a swap between the two
        completes one for each (``ai.trading.swap_pairs``). Worked out once for these owners."""
        pairs = self.pairs
        if pairs is not None:
            return pairs
        own = self.own
        shared: dict[tuple[int, int], list[int]] = {}
        for g, members in enumerate(self.t.members):
            first = second = -1
            for s in members:
                o = own[s]
                if o < 0:
                    break
                if first < 0 or o == first:
                    first = o
                elif second < 0 or o == second:
                    second = o
                else:
                    break
            else:
                if second >= 0:
                    shared.setdefault((min(first, second), max(first, second)), []).append(g)
        pairs = {pair: groups for pair, groups in shared.items() if len(groups) >= 2}
        self.pairs = pairs
        return pairs

    def of(self, p: int) -> tuple[list[int], list[int], list[int], list[int]]:
        """(mortgaged squares, monos, targets, split) of player ``p`` (never to be changed)."""
        mortgaged, monos, targets, split = self.lists
        if p < len(monos):
            return mortgaged[p], monos[p], targets[p], split[p]
        return NOTHING


EMPTY: Final[list[int]] = []   # an empty entry of Holdings.lists (shared: never changed)


def add(lists: list[list[int]], p: int, g: int) -> None:
    """Append ``g`` to ``lists[p]``, which becomes a list of its own if it was ``EMPTY``."""
    lst = lists[p]
    if lst is EMPTY:
        lists[p] = [g]
    else:
        lst.append(g)


NOTHING: Final = (EMPTY, EMPTY, EMPTY, EMPTY)
LAST: Final[list[Holdings | None]] = [None]   # the holdings last built (all bots look at one board)


class WorstRents:
    """The dearest rent on the board (``first``, charged by ``owner``) and the dearest charged
    by anyone else (``second``): the danger for every player at once, for one set of holdings
    and one content of the buildings. One object, worked out again in place (``work_out``)
    when the holdings or the buildings change."""

    __slots__ = ("builds", "first", "holdings", "houses", "owner", "second", "seen")

    holdings: Holdings
    houses: list[int] | None
    first: int
    owner: int
    second: int

    def __init__(self, holdings: Holdings, houses: list[int], copy: bool) -> None:
        # The state whose buildings were last found equal to these, and its ``build_changes``
        # then (as ``Holdings.seen``).
        self.seen: GameState | None = None
        self.builds = -1
        self.work_out(holdings, houses, copy)

    def work_out(self, holdings: Holdings, houses: list[int], copy: bool) -> None:
        """The danger for ``holdings`` and ``houses``. ``copy``: keep a copy of the buildings
        for later comparisons; without it (a state only the engine changes, whose counter is
        compared instead) ``houses`` is None and compares unequal to any buildings."""
        self.holdings = holdings
        self.houses = houses[:] if copy else None
        t = holdings.t
        rents, own, mort = t.street_rents, holdings.own, holdings.mort
        # One pass: the dearest rent so far, its owner, and the dearest of anyone else's.
        first, owner, second = 0, -1, 0
        for s in t.streets:
            o = own[s]
            if o < 0 or mort[s]:
                continue
            r = rents[s * 6 + houses[s]]
            if o == owner:
                if r > first:  # noqa: PLR1730 (hot path: a compare costs less than max())
                    first = r
            elif r > first:
                first, owner, second = r, o, first
            elif r > second:
                second = r
        self.first, self.owner, self.second = first, owner, second

    def built(self, s: int, houses: list[int]) -> None:
        """The danger after a building was added on street ``s`` (its rent went up), or after
        ``s`` began to earn (lifted, or sold by the bank: ``holdings`` are already the new
        ones), and nothing else changed: that street alone is weighed again. ``owner`` may then differ from what
        ``work_out`` finds where two owners tie for the dearest rent, but ``second`` is the
        dearest rent of anyone but ``owner`` either way, so every player's danger (``first``,
        or ``second`` for ``owner``) is the same."""
        h = self.holdings
        o = h.own[s]
        if o < 0 or h.mort[s]:
            return
        r = h.t.street_rents[s * 6 + houses[s]]
        if o == self.owner:
            if r > self.first:
                self.first = r
        elif r > self.first:
            self.second = self.first
            self.first = r
            self.owner = o
        elif r > self.second:
            self.second = r


WORST: Final[list[WorstRents | None]] = [None]


class HighStreets:
    """The streets with a hotel or ``top - 1`` houses (four), for one content of the buildings:
    ``values.rival_built_high`` asks whether one of them is not ``p``'s, at every building
    choice of every bot. Kept, on a state only the engine changes (``engine_only``), while its
    ``build_changes`` stands, and after one building more on one street (``built_square``, as
    ``WorstRents.built``): a street only joins them then; made again after anything else."""

    __slots__ = ("builds", "high", "seen", "streets", "top")

    def __init__(self) -> None:
        self.seen: GameState | None = None
        self.builds = self.top = -1
        self.streets: list[int] = EMPTY
        self.high: list[int] = []

    def rival_built_high(self, state: GameState, p: int, top: int, streets: list[int]) -> bool:
        """``values.rival_built_high(state.owner, state.houses, p, top, streets)``."""
        houses = state.houses
        n = state.build_changes
        if not (state.engine_only and self.seen is state and self.top == top
                and self.streets is streets):
            self._work_out(state, top, streets)
        elif self.builds != n:
            s = state.built_square
            if self.builds + 1 == n and state.built_at == n:
                if houses[s] >= top - 1 and not has(self.high, s):
                    self.high.append(s)
                self.builds = n
            else:
                self._work_out(state, top, streets)
        own = state.owner
        for s in self.high:
            if own[s] != p:
                return True
        return False

    def _work_out(self, state: GameState, top: int, streets: list[int]) -> None:
        houses, at = state.houses, top - 1
        high: list[int] = []
        for s in streets:
            if houses[s] >= at:
                high.append(s)
        self.high = high
        self.seen = state
        self.builds = state.build_changes
        self.top = top
        self.streets = streets


HIGH: Final = HighStreets()   # (all bots look at one board, as WORST)


class HouseCopy:
    """A copy of the board's buildings (``GameState.houses``), shared by the bots' notes of
    the buildings at their last "nothing to lift or build" (``Knowledge.quiet_houses``, only ever
    compared and saved, never changed): made again unless the state is the one it was copied
    from, only the engine changes it (``engine_only``) and its ``build_changes`` stands."""

    __slots__ = ("builds", "houses", "seen")

    def __init__(self) -> None:
        self.seen: GameState | None = None
        self.builds = -1
        self.houses: list[int] = EMPTY

    def of(self, state: GameState) -> list[int]:
        """The buildings of ``state``, as a list nobody changes."""
        if not (state.engine_only and self.seen is state
                and self.builds == state.build_changes):
            self.houses = state.houses[:]
            self.seen = state
            self.builds = state.build_changes
        return self.houses


HOUSES: Final = HouseCopy()
