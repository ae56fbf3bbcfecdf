"""The computer player: one ``decide(state, player)`` per step, through the engine's actions only.

The bot builds the action it wants and the engine validates it (``apply``); it never touches the
state. Its strength (``Level``) says what it knows; its character (``Personality``) says how much
it dares. Every choice is a few table lookups: no search, no copy of the state, no clock, and its
own randomness comes from a seeded ``BotRng`` (one integer).

What a player remembers from one decision to the next (its random stream, the offers it tried
and their refusals, its turns, the buildings it gave up...) is ``memory()``, plain data saved
with the game; ``restore(data, state, seat)`` gives a new player that memory back, so that a
resumed game goes on as the uninterrupted one.
"""

from __future__ import annotations

from typing import Any, Final

from monopoly_cpc.ai import trading
from monopoly_cpc.ai.levels import Level
from monopoly_cpc.ai.personality import Personality
from monopoly_cpc.ai.reasons import NO_REASON, Reason, plain, reason_from
from monopoly_cpc.ai.rng import BotRng
from monopoly_cpc.ai.values import Tables, best_rival_gain, tables, worth_to
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.engine import BUYS, CLAIMS, DECLINES, ROLLS, SEATS
from monopoly_cpc.rules.queries import can_build, can_sell, group_has_buildings, level, loan_room
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
    Debt,
    GameState,
    facts,
    has,
)

# ``decide``'s phases as small ints (Final: folded into its tests when compiled): one dict
# look-up, then int tests. Its chain of string tests cost more: "roll", "jail" and "debt", of
# the same length, were compared byte by byte.
_PH_OVER: Final = 1
_PH_AUCTION: Final = 2
_PH_TRADE: Final = 3
_PH_START: Final = 4
_PH_PLACE: Final = 5
_PH_DEBT: Final = 6
_PH_BUY: Final = 7
_PH_CARD: Final = 8
_PH_ROLL: Final = 9
_PH_JAIL: Final = 10
_PHASES: Final[dict[str, int]] = {
    GAME_OVER: _PH_OVER, AUCTION: _PH_AUCTION, TRADE: _PH_TRADE, START_ROLL: _PH_START,
    PLACE_BUILDING: _PH_PLACE, DEBT: _PH_DEBT, BUY: _PH_BUY, CARD_CHOICE: _PH_CARD,
    ROLL: _PH_ROLL, JAIL: _PH_JAIL,
}

RICH: Final = 0   # cash beyond the floor at which an expert builds on past three houses



def round_bid(amount: int, up: bool) -> int:
    """A bid a person would call out: a multiple of 500 F, or of 1.000 F above 20.000 F,
    rounded up (the next bid) or down (a ceiling)."""
    if amount <= 0:
        return 0
    unit = 1000 if amount > 20000 else 500
    if up:
        amount = -(-amount // unit) * unit
        return amount if amount <= 20000 or amount % 1000 == 0 else -(-amount // 1000) * 1000
    return amount // unit * unit

class _Holdings:
    """Who holds what, for one content of the deeds (owners, mortgages): each player's
    mortgaged squares, complete groups, trade targets and three-way splits, worked out in one
    pass for every player. The bots that see the same deeds share it (the first one builds it,
    the others compare two lists, or read ``step``). Never changed once built."""

    __slots__ = ("base", "deeds", "grew", "held", "lists", "mort", "own", "seen", "step", "t")

    def __init__(self, t: Tables, own: list[int], mort: list[bool], n: int,
                 copy: bool = True) -> None:
        self.t = t
        # The state whose deeds were last found equal to these, and its ``deed_changes`` then
        # (``Bot.refresh``: trusted while that counter stays, on an ``engine_only`` state).
        self.seen: GameState | None = None
        self.deeds = -1
        # Made from ``base`` (flipped, bought) where one deed ``grew`` into an earning one (a
        # lift, a sale of the bank), or -1: the danger is then weighed on that street alone.
        self.base: _Holdings | None = None
        self.grew = -1
        # What ``base`` -> these changed, as ``Bot._deeds_diff`` says it (1: a deed changed
        # hands, 2: a mortgage alone), or -1 (not made from ``base``, or unknown): a bot whose
        # snapshot is ``base`` then needs no list comparison (``Bot._known_diff``).
        self.step = -1
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
        # shared ``_EMPTY``, as below (``Bot._my_deeds``).
        held: list[list[int]] = [_EMPTY] * n
        self.held = held
        for s in t.properties:
            o = own[s]
            if 0 <= o < n:
                _add(held, o, s)
        # Per player: mortgaged squares, monos (groups held whole, nothing mortgaged), targets
        # (groups a trade could complete: the player holds some, one other player all the
        # rest) and split (no bank deed, the player holds some and two or more rivals the
        # rest: a purchase brings them closer). An empty entry is the shared ``_EMPTY`` (never
        # changed), a list of its own once something goes in (``_add``).
        mortgaged: list[list[int]] = [_EMPTY] * n
        monos: list[list[int]] = [_EMPTY] * n
        targets: list[list[int]] = [_EMPTY] * n
        split: list[list[int]] = [_EMPTY] * n
        self.lists = (mortgaged, monos, targets, split)
        if any(mort):
            for s in t.board.properties:
                if mort[s]:
                    o = own[s]
                    if o >= 0:
                        _add(mortgaged, o, s)
        for g, members in enumerate(t.members):
            # The holders of the group (pairs and triples spelt out: this runs at every change
            # of a deed). A group with a bank deed and any holder: no trade completes it.
            if len(members) == 2:
                x, y = members
                a, b = own[x], own[y]
                if a == b:
                    if a >= 0 and not mort[x] and not mort[y]:
                        _add(monos, a, g)
                elif a >= 0 and b >= 0:
                    _add(targets, a, g)
                    _add(targets, b, g)
                continue
            if len(members) == 3:
                x, y, z = members
                a, b, c = own[x], own[y], own[z]
                if a == b == c:
                    if a >= 0 and not mort[x] and not mort[y] and not mort[z]:
                        _add(monos, a, g)
                elif a >= 0 and b >= 0 and c >= 0:
                    # Two holders: a trade between them completes it, for either. Three: each
                    # is one of several rivals.
                    if a == b:
                        _add(targets, a, g)
                        _add(targets, c, g)
                    elif c == a or c == b:
                        _add(targets, a, g)
                        _add(targets, b, g)
                    else:
                        _add(split, a, g)
                        _add(split, b, g)
                        _add(split, c, g)
                continue
            holders = sorted({own[s] for s in members})
            if len(holders) == 1:
                a = holders[0]
                if a >= 0 and not any(mort[s] for s in members):
                    _add(monos, a, g)
            elif holders[0] >= 0:
                kind = targets if len(holders) == 2 else split
                for o in holders:
                    _add(kind, o, g)
        rank = t.build_rank
        for groups in monos:
            if len(groups) > 1:
                groups.sort(key=rank.__getitem__)   # best groups to build on first

    def flipped(self, s: int) -> _Holdings:
        """These holdings after deed ``s`` was mortgaged or lifted and nothing else changed:
        only its owner's mortgaged squares and complete groups are made again (who holds what
        is the same, so the trade targets and splits are shared). The same lists, in the same
        order, as a full pass over the new deeds (``__init__``)."""
        t = self.t
        new = _Holdings(t, self.own, self.mort[:], 0, False)   # (the owners shared)
        own, mort = new.own, new.mort
        mort[s] = not mort[s]
        new.base = self
        new.grew = -1 if mort[s] else s
        new.step = 2   # (a mortgage alone: the owners are the same)
        new.held = self.held
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
        mortgaged[o] = lst if lst else _EMPTY
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
            monos[o] = groups if groups else _EMPTY
        return new

    def bought(self, s: int, b: int) -> _Holdings:
        """These holdings after the bank's deed ``s`` went to player ``b`` (bought, or won at
        auction) and nothing else changed. Its group counted for nobody while the bank held a
        street of it; now that it may be held whole, it is placed in its holders' lists as the
        full pass (``__init__``) would place it, the other lists shared."""
        t = self.t
        new = _Holdings(t, self.own[:], self.mort, 0, False)   # (the mortgages shared)
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
                held[a] = lst if lst else _EMPTY
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

    def of(self, p: int) -> tuple[list[int], list[int], list[int], list[int]]:
        """(mortgaged squares, monos, targets, split) of player ``p`` (never to be changed)."""
        mortgaged, monos, targets, split = self.lists
        if p < len(monos):
            return mortgaged[p], monos[p], targets[p], split[p]
        return _NOTHING


_EMPTY: Final[list[int]] = []   # an empty entry of _Holdings.lists (shared: never changed)


def _add(lists: list[list[int]], p: int, g: int) -> None:
    """Append ``g`` to ``lists[p]``, which becomes a list of its own if it was ``_EMPTY``."""
    lst = lists[p]
    if lst is _EMPTY:
        lists[p] = [g]
    else:
        lst.append(g)


_NOTHING: Final = (_EMPTY, _EMPTY, _EMPTY, _EMPTY)
_LAST: Final[list[_Holdings | None]] = [None]   # the holdings last built (all bots look at one board)


class _WorstRents:
    """The dearest rent on the board (``first``, charged by ``owner``) and the dearest charged
    by anyone else (``second``): the danger for every player at once, for one set of holdings
    and one content of the buildings. One object, worked out again in place (``work_out``)
    when the holdings or the buildings change."""

    __slots__ = ("builds", "first", "holdings", "houses", "owner", "second", "seen")

    holdings: _Holdings
    houses: list[int] | None
    first: int
    owner: int
    second: int

    def __init__(self, holdings: _Holdings, houses: list[int], copy: bool) -> None:
        # The state whose buildings were last found equal to these, and its ``build_changes``
        # then (as ``_Holdings.seen``).
        self.seen: GameState | None = None
        self.builds = -1
        self.work_out(holdings, houses, copy)

    def work_out(self, holdings: _Holdings, houses: list[int], copy: bool) -> None:
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


_WORST: Final[list[_WorstRents | None]] = [None]


class _HighStreets:
    """The streets with a hotel or ``top - 1`` houses (four), for one content of the buildings:
    ``values.rival_built_high`` asks whether one of them is not ``p``'s, at every building
    choice of every bot. Kept, on a state only the engine changes (``engine_only``), while its
    ``build_changes`` stands, and after one building more on one street (``built_square``, as
    ``_WorstRents.built``): a street only joins them then; made again after anything else."""

    __slots__ = ("builds", "high", "seen", "streets", "top")

    def __init__(self) -> None:
        self.seen: GameState | None = None
        self.builds = self.top = -1
        self.streets: list[int] = _EMPTY
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


_HIGH: Final = _HighStreets()   # (all bots look at one board, as _WORST)

# The most frequent fieldless reasons (ten of them give nine of ten a game), looked up once:
# ``plain`` is a dict look-up by string at every call.
_R_BUILD: Final = plain("build")
_R_BID: Final = plain("bid")
_R_CLAIM_RENT: Final = plain("claim_rent")
_R_PASS_TOO_DEAR: Final = plain("pass_too_dear")
_R_BUY: Final = plain("buy")
_R_SELL_TO_PAY: Final = plain("sell_to_pay")
_R_MORTGAGE_TO_PAY: Final = plain("mortgage_to_pay")
_R_MORTGAGE_TO_BUILD: Final = plain("mortgage_to_build")
_R_STAY_IN_JAIL: Final = plain("stay_in_jail")
_R_LIFT_MORTGAGE: Final = plain("lift_mortgage")


class _HouseCopy:
    """A copy of the board's buildings (``GameState.houses``), shared by the bots' notes of
    the buildings at their last "nothing to lift or build" (``Bot._quiet_houses``, only ever
    compared and saved, never changed): made again unless the state is the one it was copied
    from, only the engine changes it (``engine_only``) and its ``build_changes`` stands."""

    __slots__ = ("builds", "houses", "seen")

    def __init__(self) -> None:
        self.seen: GameState | None = None
        self.builds = -1
        self.houses: list[int] = _EMPTY

    def of(self, state: GameState) -> list[int]:
        """The buildings of ``state``, as a list nobody changes."""
        if not (state.engine_only and self.seen is state
                and self.builds == state.build_changes):
            self.houses = state.houses[:]
            self.seen = state
            self.builds = state.build_changes
        return self.houses


_HOUSES: Final = _HouseCopy()

# Actions are values: the frequent ones are made once per seat (and square) and handed out
# again (making a frozen dataclass costs more than the rest of a typical decision).
_SEATS: Final = SEATS
_SQUARES: Final = 40


def _per_seat(cls: Any) -> tuple[Any, ...]:
    return tuple(cls(p) for p in range(_SEATS))


def _per_square(cls: Any) -> tuple[tuple[Any, ...], ...]:
    # (typed as tuples of tuples: both look-ups native when compiled)
    return tuple(tuple(cls(p, s) for s in range(_SQUARES)) for p in range(_SEATS))


_ROLLS: Final = ROLLS   # (the engine's: it tells their player by identity)
_CLAIMS: Final = CLAIMS
_BUYS: Final = BUYS
_DECLINES: Final = DECLINES
_PASSES: Final = _per_seat(A.Pass)
_BUILDS: Final = _per_square(A.Build)
_MORTGAGES: Final = _per_square(A.Mortgage)
_LIFTS: Final = _per_square(A.Lift)
_SALES: Final = _per_square(A.SellBuilding)
_PAY_FINES: Final = _per_seat(A.PayJailFine)
_JAIL_CARDS: Final = _per_seat(A.UseJailCard)
_ACCEPTS: Final = _per_seat(A.AcceptTrade)
_REJECTS: Final = _per_seat(A.RejectTrade)
_BANKRUPTCIES: Final = _per_seat(A.DeclareBankruptcy)
# Bids made so far, by amount * _SEATS + seat: a bid is the same object for the same seat and
# amount (a new frozen Bid runs the Python __init__ of its dataclass, a tenth of an auction's
# cost in the compiled build). Bids are rounded to 500 F and below the cash of a player, so
# this stays small; amounts from a million on are not kept.
_BIDS: Final[dict[int, A.Bid]] = {}


def _seat_act(table: tuple[Any, ...], p: int) -> Any:
    """The table's action for player ``p`` (a new one outside the table)."""
    return table[p] if 0 <= p < _SEATS else type(table[0])(p)


def _square_act(table: tuple[tuple[Any, ...], ...], p: int, s: int) -> Any:
    """The table's action for player ``p`` and square ``s`` (a new one outside the table)."""
    return table[p][s] if 0 <= p < _SEATS and 0 <= s < _SQUARES else type(table[0][0])(p, s)


def _roll(p: int) -> A.Roll:
    return _ROLLS[p] if 0 <= p < _SEATS else A.Roll(p)   # (_seat_act inline: every turn)


def _bid(p: int, amount: int) -> A.Bid:
    """``A.Bid(p, amount)``, made once per seat and amount (``_BIDS``)."""
    if not (0 <= p < _SEATS and 0 <= amount < 1_000_000):
        return A.Bid(p, amount)
    key = amount * _SEATS + p
    b = _BIDS.get(key)
    if b is None:
        b = _BIDS[key] = A.Bid(p, amount)
    return b


class Bot:
    """A computer player of a given strength and character."""

    kind = "bot"

    def __init__(self, level: Level, pers: Personality, seed: int = 0) -> None:
        self.level = level
        self.pers = pers
        # The figures read on every decision, copied once: the compiled build reads its own
        # attributes much faster than those of the (frozen, pure Python) Level and Personality.
        self._lv_slip_pct = level.slip_pct
        self._lv_buys_all = level.buys_all
        self._lv_develops = level.develops
        self._lv_danger_reserve = level.danger_reserve
        self._lv_monopoly_aware = level.monopoly_aware
        self._lv_blocks = level.blocks
        self._lv_auctions_cheap = level.auctions_cheap
        self._lv_proposes = level.proposes
        self._lv_hotel_restraint = level.hotel_restraint
        self._pe_reserve = pers.reserve
        self._pe_trade_gain = pers.trade_gain
        self._pe_danger_pct = pers.danger_pct
        self._pe_build_reserve_pct = pers.build_reserve_pct * level.build_floor_pct // 100
        self._pe_build_target = pers.build_target
        self._pe_propose_every = (1 if level.trades_every_turn and pers.propose_every
                                  else pers.propose_every)
        self._pe_mortgage_to_build = pers.mortgage_to_build
        self._pe_bid_pct = pers.bid_pct
        self.kind = level.name
        self.rng = BotRng(seed)
        self.last_reason: Reason = NO_REASON
        self._t: Tables | None = None
        self._own: list[int] | None = None   # ownership snapshot the caches below belong to
        self._holdings: _Holdings | None = None   # ... and what it says (shared)
        # value_of's last answer: the holdings, player, square, players in the game, value,
        # and the state and its deed_changes then.
        self._val_holdings: _Holdings | None = None
        self._val_p = self._val_s = -1
        self._val_alive: list[int] = []
        self._val_v = 0.0
        self._val_state: GameState | None = None
        self._val_deeds = -1
        self._mort: list[bool] | None = None
        # The state whose deeds were last found equal to the snapshot, and its deed_changes
        # then: on an engine_only state, an unchanged counter spares the two list comparisons.
        self._seen: GameState | None = None
        self._seen_deeds = -1
        self._changed = False                # the last refresh changed the snapshot
        self._version = 0                    # bumped whenever the snapshot changes
        self._owners_version = 0             # bumped when a deed changes hands
        # The trade interface (read and, for the memory, written by ai/trading.py): the
        # snapshot's groups below, refresh, board_tables, reserve_now, tried, refusals and
        # offer_memo.
        # (lists, typed so: native truth tests, loops and look-ups when compiled, where a
        # Sequence's were generic; never changed: the shared ones of ``_Holdings``)
        self.monos: list[int] = _EMPTY          # my complete groups (nothing mortgaged)
        self.targets: list[int] = _EMPTY        # groups a trade with one player would complete
        self.split: list[int] = _EMPTY          # groups held by me and two or more rivals
        self._quiet_version = -1             # snapshot version when lift/build had nothing
        self._quiet_houses: list[int] = []   # ... the buildings then
        self._quiet_bank = (0, 0)            # ... the bank's houses and hotels then
        self._quiet_need = 0                 # ... and the cash that would have changed that
        self._quiet_seen: GameState | None = None   # ... the state then (engine_only) ...
        self._quiet_builds = -1              # ... and its build_changes (as _seen)
        # The last _mortgage_room: its state (engine_only), counters, player, exclusion, answer.
        self._room_state: GameState | None = None
        self._room_deeds = self._room_builds = self._room_p = self._room_exclude = -1
        self._room = 0
        self._freed_at = -99                 # my turn when I last sold a house to free one
        self._need = 0                       # cash that would let lift/build act (set by them)
        self._no_build_turn = -1             # turn in which I gave up a shortage auction
        self._mortgaged: list[int] = _EMPTY      # my mortgaged squares
        self._idle_version = -1              # snapshot version when I had no offer to make
        self._idle_cash = 0
        self._turns = 0                      # my turns seen (for the trade rhythm)
        self._last_turn = -1
        self._proposed_turn = -1
        self.tried: dict[tuple, int] = {}   # offer -> turn it was last proposed
        self.offer_memo: tuple = (None, {})     # tables, offer -> gains (trading._offer_gains)
        self._counter: A.ProposeTrade | None = None
        self._pending: A.ProposeTrade | None = None   # my last offer, until I see its fate
        self.refusals: dict[int, int] = {}          # partner -> offers refused in a row

    # -- memory ----------------------------------------------------------------------------------
    # The integers and lists below are what decide() reads from earlier decisions (the caches
    # keyed by the snapshot's versions too, since a cache that says "nothing to do" skips work
    # a fresh player would do). The tables and holdings are rebuilt from the saved snapshot.
    _MEMORY_INTS: Final = ("_version", "_owners_version", "_quiet_version", "_quiet_need",
                           "_freed_at", "_need", "_no_build_turn", "_idle_version", "_idle_cash",
                           "_turns", "_last_turn", "_proposed_turn")

    def memory(self) -> dict[str, Any]:
        """This player's memory as plain data (JSON): ``restore`` takes it back."""
        data: dict[str, Any] = {name: getattr(self, name) for name in self._MEMORY_INTS}
        data.update(
            rng=self.rng.state, reason=self.last_reason.data(),
            quiet_houses=list(self._quiet_houses), quiet_bank=list(self._quiet_bank),
            own=None if self._own is None else list(self._own),
            mort=None if self._mort is None else list(self._mort),
            tried=[[k[0], list(k[1]), list(k[2]), turn] for k, turn in self.tried.items()],
            refusals=[[q, n] for q, n in self.refusals.items()],
            counter=_offer_data(self._counter), pending=_offer_data(self._pending))
        return data

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Take back a ``memory()`` (of the player in ``seat``, saved with ``state``)."""
        for name in self._MEMORY_INTS:
            setattr(self, name, int(data[name]))
        self.rng.state = int(data["rng"])
        self.last_reason = reason_from(data["reason"])
        self._quiet_houses = [int(x) for x in data["quiet_houses"]]
        self._seen = self._quiet_seen = None
        qb = data["quiet_bank"]
        self._quiet_bank = (int(qb[0]), int(qb[1]))
        self.tried = {(int(q), tuple(give), tuple(take)): int(turn)
                      for q, give, take, turn in data["tried"]}
        self.refusals = {int(q): int(n) for q, n in data["refusals"]}
        self._counter = _offer_from(data["counter"])
        self._pending = _offer_from(data["pending"])
        own, mort = data["own"], data["mort"]
        if own is not None and mort is not None:
            # the snapshot of the last refresh, so that the versions above stay in step
            t = self._t = tables(state.board)
            snap = _Holdings(t, [int(x) for x in own], [bool(x) for x in mort], len(state.players))
            self._holdings = snap
            self._own = snap.own
            self._mort = snap.mort
            self._mortgaged, self.monos, self.targets, self.split = snap.of(seat)

    # -- entry point -----------------------------------------------------------------------------
    def decide(self, state: GameState, p: int) -> A.Action | None:
        """The action player ``p`` wants now, or None (nothing to do, or waiting for others)."""
        phase = state.phase   # (most questions come in ROLL: the engine's constant, by identity)
        ph = _PH_ROLL if phase is ROLL else _PHASES.get(phase, 0)
        if ph == _PH_OVER or state.players[p].bankrupt:
            return None
        if ph == _PH_AUCTION:
            return self._auction(state, p)
        if ph == _PH_TRADE:
            t = state.trade
            return self._answer(state, p) if t is not None and t.partner == p else None
        if ph == _PH_START:
            return _roll(p) if state.start_rollers and state.start_rollers[0] == p else None
        if ph == _PH_PLACE:
            return self._place(state, p) if state.placer == p else None
        c = state.claim
        if c is not None and c.owner == p:
            if self._lv_slip_pct and self.rng.randrange(100) < self._lv_slip_pct:
                return None  # facile: looked away; the rent may be lost at the next roll
            self.last_reason = _R_CLAIM_RENT
            return _seat_act(_CLAIMS, p)
        if ph == _PH_DEBT:
            d = state.debts[0]
            return self._raise_cash(state, p, d) if d.debtor == p else None
        current = p == state.current
        if current:
            if state.turn != self._last_turn:
                self._last_turn = state.turn
                self._turns += 1
            if ph == _PH_BUY:
                return self._buy(state, p)
            if ph == _PH_CARD:
                return self._card_choice(state, p)
        a = self._free(state, p, current and (ph == _PH_ROLL or ph == _PH_JAIL))
        if a is not None:
            return a
        if current:
            if ph == _PH_JAIL:
                return self._jail(state, p)
            if ph == _PH_ROLL:
                return _roll(p)
        return None

    def quiet(self, state: GameState, p: int) -> bool:
        """True when ``decide(state, p)`` would surely answer None and change nothing in this
        player's memory (no random draw, no cache brought up to date): asked by the table
        before an out-of-turn window move (``ai.table``), where most answers are "nothing", so
        that such a player is not asked again while nothing it depends on has changed (its
        deeds, the mortgages, the buildings, the bank's stock, its cash, a rent or a counter
        offer of its own). False means only "ask ``decide``"."""
        ph = state.phase
        if (ph != ROLL and ph != JAIL) or p == state.current or self._counter is not None:
            return False
        pl = state.players[p]
        if pl.bankrupt:
            return True
        c = state.claim
        if c is not None and c.owner == p:
            return False
        if state.time_up:
            return True
        if not ((state.engine_only and self._seen is state
                 and self._seen_deeds == state.deed_changes) or self._same_deeds(state)):
            return False
        if not self._mortgaged and not self.monos:
            return True
        return (self._version == self._quiet_version and pl.cash < self._quiet_need
                and ((state.engine_only and self._quiet_seen is state
                      and self._quiet_builds == state.build_changes)
                     or self._same_builds(state)))

    def _same_deeds(self, state: GameState) -> bool:
        """The snapshot (``_own``, ``_mort``) is of this board and of these deeds, by comparing
        them. The callers first ask, inline, whether ``state`` is the one they were last found
        equal to (``_seen``), only the engine changes it and its ``deed_changes`` is the same:
        then they are, without a comparison."""
        t = self._t
        if t is None or t.board is not state.board:
            return False
        return self._deeds_diff(state) == 0

    def _deeds_diff(self, state: GameState) -> int:
        """0 when the deeds are those of the snapshot (then noted, as ``_same_deeds``), 1 when
        some changed hands, 2 when only mortgages changed (the board's tables are current).
        A list the snapshot shares with the shared holdings of these deeds (``_LAST``, trusted
        as in ``refresh``; ``flipped`` shares the owners, ``bought`` the mortgages) is equal to
        the state's without a comparison."""
        snap = _LAST[0]
        current = (snap is not None and state.engine_only and snap.seen is state
                   and snap.deeds == state.deed_changes)
        if not (current and snap is not None and self._own is snap.own) and (
                state.owner != self._own):
            return 1
        if not (current and snap is not None and self._mort is snap.mort) and (
                state.mortgaged != self._mort):
            return 2
        self._seen = state
        self._seen_deeds = state.deed_changes
        return 0

    def _known_diff(self, state: GameState, t: Tables) -> int:
        """``_deeds_diff``'s answer (1 or 2) when the shared holdings tell it without comparing
        lists, else -1: on a state only the engine changes, my snapshot is the last holdings
        and the one change since (the engine's counter) mortgaged or lifted a deed, or sold
        one of the bank's (``flipped_at``, ``bought_at``); or another bot already made the
        holdings of these deeds from mine in one step (``_Holdings.step``)."""
        h = self._holdings
        snap = _LAST[0]
        if (h is None or snap is None or h.t is not t or not state.engine_only
                or snap.seen is not state or self._own is not h.own or self._mort is not h.mort):
            return -1
        n = state.deed_changes
        if snap.deeds == n:
            return snap.step if snap.base is h else -1
        if h is snap and snap.deeds + 1 == n:
            if state.flipped_at == n:
                return 2
            b = state.bought_square
            if state.bought_at == n and state.owner[b] != h.own[b]:
                return 1
        return -1

    def _my_deeds(self, state: GameState, p: int, t: Tables) -> list[int]:
        """The properties to look at for ``p``'s own: those ``p`` holds by the snapshot's
        holdings (``_Holdings.held``) when the snapshot is of these deeds (the engine's counter,
        as ``refresh``), else all of them (the callers test the owner anyway)."""
        h = self._holdings
        if (h is not None and state.engine_only and self._seen is state
                and self._seen_deeds == state.deed_changes and h.t is t and self._own is h.own
                and 0 <= p < len(h.held)):
            return h.held[p]
        return t.properties

    def _same_builds(self, state: GameState) -> bool:
        """The buildings and the bank's stock are those of the last "nothing to lift or build"
        (``_quiet_houses``, ``_quiet_bank``), by comparing them; the callers first ask, inline,
        as for ``_same_deeds``, with ``_quiet_seen`` and ``build_changes``."""
        if (state.bank_houses != self._quiet_bank[0] or state.bank_hotels != self._quiet_bank[1]
                or state.houses != self._quiet_houses):
            return False
        self._quiet_seen = state
        self._quiet_builds = state.build_changes
        return True

    # -- caches ----------------------------------------------------------------------------------
    def refresh(self, state: GameState, p: int) -> Tables:
        t = self._t
        if t is None or t.board is not state.board:
            t = self._t = tables(state.board)
            self._own = None
            self._seen = None
        # Two list comparisons (C speed) tell whether any deed changed hands or was mortgaged
        # (none while the engine's counter says nothing changed: _same_deeds).
        self._changed = False
        if state.engine_only and self._seen is state and self._seen_deeds == state.deed_changes:
            return t
        diff = self._known_diff(state, t)
        if diff < 0:
            diff = self._deeds_diff(state)
        if diff:
            self._changed = True
            own, mort = state.owner, state.mortgaged
            if diff == 1:
                self._owners_version += 1     # deeds changed hands (not just a mortgage)
            self._version += 1
            snap = _LAST[0]
            if (snap is not None and snap.t is t and state.engine_only and snap.seen is state
                    and snap.deeds + 1 == state.deed_changes
                    and state.flipped_at == state.deed_changes and t.ascending):
                snap = _LAST[0] = snap.flipped(state.flipped_square)   # one mortgage since
            elif (snap is not None and snap.t is t and state.engine_only and snap.seen is state
                    and snap.deeds + 1 == state.deed_changes
                    and state.bought_at == state.deed_changes
                    and not mort[state.bought_square]):
                snap = _LAST[0] = snap.bought(state.bought_square, own[state.bought_square])
            elif snap is None or snap.t is not t or not (
                    state.engine_only and snap.seen is state
                    and snap.deeds == state.deed_changes) and (
                    own != snap.own or mort != snap.mort):
                snap = _LAST[0] = _Holdings(t, own, mort, len(state.players))
            snap.seen = state
            snap.deeds = state.deed_changes
            self._holdings = snap
            self._own = snap.own              # copies, never changed (shared by the bots)
            self._mort = snap.mort
            self._seen = state
            self._seen_deeds = state.deed_changes
            self._mortgaged, self.monos, self.targets, self.split = snap.of(p)
        return t

    def board_tables(self) -> Tables:
        """The board's tables of the last snapshot (``refresh`` runs before any choice)."""
        t = self._t
        assert t is not None
        return t

    def reserve(self, state: GameState, p: int) -> int:
        """Cash this player keeps in hand before spending by choice."""
        self.refresh(state, p)
        return self.reserve_now(state, p)

    def reserve_now(self, state: GameState, p: int) -> int:
        """``reserve`` on the snapshot of the last ``refresh`` (asked several times a turn)."""
        r = self._pe_reserve
        if self._lv_danger_reserve:
            # the worst rent an opponent could charge now
            w = _WORST[0]
            h = self._holdings
            assert h is not None   # set by refresh
            if w is None:
                w = _WORST[0] = _WorstRents(h, state.houses, not state.engine_only)
            elif w.holdings is not h:
                if (h.base is w.holdings and h.grew >= 0 and state.engine_only
                        and w.seen is state and w.builds == state.build_changes):
                    w.holdings = h   # one deed more earns rent (a lift, a sale of the bank)
                    w.built(h.grew, state.houses)
                else:
                    w.work_out(h, state.houses, not state.engine_only)
            elif not (state.engine_only and w.seen is state
                      and w.builds == state.build_changes):
                if (state.engine_only and w.seen is state and w.builds + 1 == state.build_changes
                        and state.built_at == state.build_changes):
                    w.built(state.built_square, state.houses)   # one more building, on one street
                elif state.houses != w.houses:
                    w.work_out(h, state.houses, not state.engine_only)
            w.seen = state
            w.builds = state.build_changes
            r += (w.second if p == w.owner else w.first) * self._pe_danger_pct // 100
        return r

    def opponent_houses(self, state: GameState, p: int) -> int:
        """Houses opponents have on the board (a hotel counts five)."""
        own, houses = state.owner, state.houses
        n = 0
        for s in facts(state).streets:
            h = houses[s]
            if h and own[s] != p:
                n += h
        return n

    # -- buying and auctions ---------------------------------------------------------------------
    def value_of(self, state: GameState, p: int, s: int) -> float:
        """What owning ``s`` is worth to ``p``: its effect on p's groups, plus (when the level
        knows it) the harm of letting a rival complete a group with it."""
        f = state.facts   # facts(state) inline: a call costs the Python interpreter more
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        price = f.prices[s]
        if not self._lv_monopoly_aware:
            return float(price)
        t = self.refresh(state, p)
        # Asked again and again during an auction: the last answer holds while the deeds and
        # the players still in the game are the same. On a state only the engine changes, an
        # unchanged deed_changes says both (a bankruptcy bumps it) without listing the players.
        same = (self._val_holdings is self._holdings and self._val_p == p and self._val_s == s)
        if (same and state.engine_only and self._val_state is state
                and self._val_deeds == state.deed_changes):
            return self._val_v
        alive = state.alive()
        if same and self._val_alive == alive:
            return self._val_v
        v = worth_to(t, state.owner, state.mortgaged, p, s)
        if self._lv_blocks:
            rival = best_rival_gain(t, state.owner, state.mortgaged, p, s, alive)
            if rival > price:
                v = max(v, price + (rival - price) * 0.5)
        v = max(v, price * 0.5)
        self._val_holdings = self._holdings
        self._val_p, self._val_s, self._val_alive, self._val_v = p, s, alive, v
        self._val_state = state
        self._val_deeds = state.deed_changes
        return v

    def _buy(self, state: GameState, p: int) -> A.Action:
        s = state.pending_square
        price = facts(state).prices[s]
        cash = state.players[p].cash
        if cash < price and self._lv_develops:
            # Short of cash for a deed that completes or blocks a group: mortgage a lone
            # property to pay for it rather than let it go to auction (one mortgage per call;
            # the engine asks again while the purchase is pending).
            value = self.value_of(state, p, s)
            if value > price * 1.3 and cash + self._mortgage_room(state, p, exclude=s) >= price:
                m = self._junk_to_mortgage(state, p)
                if m >= 0 and m != s:
                    self.last_reason = plain("mortgage_to_buy")
                    return _square_act(_MORTGAGES, p, m)
        if cash < price:
            self.last_reason = plain("too_dear_auction")
            return _seat_act(_DECLINES, p)
        if self._lv_buys_all:
            self.last_reason = _R_BUY   # as a baseline does: whatever it can afford
            return _seat_act(_BUYS, p)
        value = self.value_of(state, p, s)
        spare = cash - price
        if self._lv_auctions_cheap and self._rivals_short(state, p, price):
            self.last_reason = plain("auction_no_bidder")
            return _seat_act(_DECLINES, p)
        if value > price * 1.3:
            self.last_reason = plain("buy_for_group")
            return _seat_act(_BUYS, p)
        # Early on, every deed is worth having; later only with money to spare.
        reserve = self.reserve_now(state, p)
        if spare >= reserve or (value >= price and spare >= reserve // 2):
            self.last_reason = _R_BUY
            return _seat_act(_BUYS, p)
        self.last_reason = plain("keep_cash_auction")
        return _seat_act(_DECLINES, p)

    def _rivals_short(self, state: GameState, p: int, price: int) -> bool:
        """True when every rival's cash is well below ``price`` (an auction would go cheap)."""
        for q, pl in enumerate(state.players):
            if q != p and not pl.bankrupt and pl.cash * 2 >= price:
                return False
        return True

    def bid_ceiling(self, state: GameState, p: int) -> int:
        """The most this player would bid in the running auction."""
        au = state.auction
        assert au is not None   # phase AUCTION
        pl = state.players[p]
        if au.kind == "property":
            value = self.value_of(state, p, au.square)
            ceiling = int(value * self._pe_bid_pct / 100)
            room = pl.cash - self.reserve_now(state, p) // 2
            if self._lv_develops:
                room += self._mortgage_room(state, p, exclude=-1) // 2
            return max(0, min(ceiling, room))
        # A house or hotel in a shortage: worth its price and a little more to a builder.
        t = self.refresh(state, p)
        if not self.monos:
            return 0
        cost = t.house_cost[t.members[self.monos[0]][0]]
        # Same cash floor as for building: a player who builds must be able to bid.
        floor = self.reserve_now(state, p) * self._pe_build_reserve_pct // 100
        return max(0, min(cost * self._pe_bid_pct // 100 + cost // 2, pl.cash - floor))

    def _auction(self, state: GameState, p: int) -> A.Action | None:
        au = state.auction
        if au is None or not has(au.bidders, p) or has(au.passed, p) or p == au.high_bidder:
            return None
        if state.time_up and au.kind != "property":
            self.last_reason = plain("pass_time_up")
            return _seat_act(_PASSES, p)   # no building is sold once the time is up
        ceiling = self.bid_ceiling(state, p)
        price = facts(state).prices[au.square] if au.square >= 0 else 10000
        step = max(1000, price // 5 // 1000 * 1000)
        bid = round_bid(max(au.min_bid, au.high_bid + step), up=True)
        bid = min(bid, round_bid(ceiling, up=False))
        if bid <= au.high_bid or bid < au.min_bid:
            if au.kind != "property":
                # No more building this turn: asking again would only reopen the same auction.
                self._no_build_turn = state.turn
            self.last_reason = _R_PASS_TOO_DEAR
            return _seat_act(_PASSES, p)
        self.last_reason = _R_BID
        return _bid(p, bid)

    # -- jail and cards --------------------------------------------------------------------------
    def _jail(self, state: GameState, p: int) -> A.Action:
        pl = state.players[p]
        if self.level.jail_by_phase:
            late = self.opponent_houses(state, p) >= self.pers.jail_stay_houses
        else:
            late = state.turn > 30 * len(state.players) and self.pers.jail_stay_houses < 99
        if late and pl.jail_turns < 2:
            self.last_reason = _R_STAY_IN_JAIL
            return _roll(p)
        if pl.jail_cards:
            self.last_reason = plain("jail_card")
            return _seat_act(_JAIL_CARDS, p)
        if pl.cash >= state.variant.jail_fine + self._pe_reserve // 4:
            self.last_reason = plain("jail_fine")
            return _seat_act(_PAY_FINES, p)
        self.last_reason = plain("try_double")
        return _roll(p)

    def _card_choice(self, state: GameState, p: int) -> A.Action:
        fine = state.cards.all[state.pending_card].amount if state.pending_card >= 0 else 0
        if self.pers.chance_over_fine or state.players[p].cash < fine:
            self.last_reason = plain("draw_chance")
            return A.ChooseCard(p, True)
        self.last_reason = plain("pay_fine")
        return A.ChooseCard(p, False)

    # -- free actions: lift, build, trade --------------------------------------------------------
    def _free(self, state: GameState, p: int, my_turn: bool) -> A.Action | None:
        if state.time_up:
            return None   # the quick game's time is over: no more deals (seeds/002 A)
        if self._counter is not None:
            counter = self._counter
            self._counter = None
            if trading.still_valid(state, counter) and trading.trades_open(state):
                self.last_reason = plain("counter_offer")
                return counter
        # Hot path (several calls a turn): the snapshot is checked here (the engine's counter)
        # rather than through refresh, then nothing to do when I hold nothing to act on (not
        # asked right after the snapshot changed).
        if state.engine_only and self._seen is state and self._seen_deeds == state.deed_changes:
            fresh = True
        else:
            t = self._t
            stale = t is None or t.board is not state.board
            self.refresh(state, p)
            fresh = not stale and not self._changed
        if fresh and (not self._mortgaged and not self.monos
                      and (not my_turn or not (self.targets or self.split))):
            return None
        if self._mortgaged or self.monos:
            # Lifting and building only get easier with more cash: when nothing was possible on
            # this board, nothing is possible until the cash reaches what was missing then.
            cash = state.players[p].cash
            if (self._version != self._quiet_version or cash >= self._quiet_need
                    or not ((state.engine_only and self._quiet_seen is state
                             and self._quiet_builds == state.build_changes)
                            or self._same_builds(state))):
                self._need = 1 << 60
                a = self._lift(state, p) if self._mortgaged else None
                if a is None and self.monos:
                    a = self._build(state, p)
                if a is not None:
                    self._quiet_version = -1
                    return a
                self._quiet_version = self._version
                self._quiet_houses = _HOUSES.of(state)   # (a copy, shared by the bots)
                self._quiet_bank = (state.bank_houses, state.bank_hotels)
                self._quiet_seen = state
                self._quiet_builds = state.build_changes
                self._quiet_need = self._need
        if my_turn and self._pending is not None:
            self._learn(state, p)
        if (my_turn and (self.targets or self.split) and self._lv_proposes
                and self._pe_propose_every and self._proposed_turn != state.turn
                and (self._turns - 1) % self._pe_propose_every == 0):
            self._proposed_turn = state.turn
            # No offer last time on this board: none now either, unless I have more money or a
            # few turns have passed (partners' cash and patience change).
            cash = state.players[p].cash
            if trading.trades_open(state) and (
                    self._owners_version != self._idle_version or cash > self._idle_cash + 5000
                    or self._turns % 8 == 0):
                a = trading.propose(self, state, p)
                if a is not None:
                    self._pending = a
                    self._idle_version = -1
                    return a
                self._idle_version = self._owners_version
                self._idle_cash = cash
        return None

    def _learn(self, state: GameState, p: int) -> None:
        """Did my last offer go through? A partner who refuses every time is asked less often."""
        a = self._pending
        assert a is not None   # _free checks it
        self._pending = None
        got = a.take[0] if a.take else -1
        if got >= 0 and state.owner[got] == p:
            self.refusals[a.partner] = 0
        else:
            self.refusals[a.partner] = self.refusals.get(a.partner, 0) + 1

    def _cheapest_lift(self, state: GameState) -> int:
        f = state.facts   # facts(state) inline: a call costs the Python interpreter more
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        fresh, mortgages = state.fresh_lifts, f.mortgages
        cheapest = -1
        for s in self._mortgaged:
            m = mortgages[s]
            cost = m if has(fresh, s) else m + m // 10    # rules.queries.lift_cost
            if cheapest < 0 or cost < cheapest:
                cheapest = cost
        return cheapest

    def _lift(self, state: GameState, p: int) -> A.Action | None:
        cash = state.players[p].cash
        spare = cash - self.reserve_now(state, p) * 3 // 2
        if spare <= 0:
            self._need = min(self._need, cash - spare + self._cheapest_lift(state))
            return None
        t = self.board_tables()
        own, houses, members_of = state.owner, state.houses, t.members
        fresh, mortgages = state.fresh_lifts, t.mortgage
        # While my groups still have houses to take, money goes to houses, not to lifting the
        # lone properties mortgaged to pay for them (lifting costs 10 % each time).
        houses_wanted = False
        if self._lv_develops:
            for g in self.monos:
                for x in members_of[g]:
                    if houses[x] != HOTEL:
                        houses_wanted = True
                        break
                if houses_wanted:
                    break
        best = best_kind = best_price = -1
        skipped = False
        for s in self._mortgaged:
            g = t.group[s]
            whole = g >= 0
            if whole:
                for x in members_of[g]:
                    if own[x] != p:
                        whole = False
                        break
            if houses_wanted and not whole:
                skipped = True
                continue
            m = mortgages[s]
            cost = m if has(fresh, s) else m + m // 10    # rules.queries.lift_cost
            if cost > spare:
                continue
            # Streets of a group I hold entirely first (they can carry houses again), then the
            # dearest, then the first: the least of (kind, -price, square), as three ints.
            kind = 0 if whole else 1
            pr = t.price[s]
            if (best < 0 or kind < best_kind
                    or (kind == best_kind and (pr > best_price
                                               or (pr == best_price and s < best)))):
                best, best_kind, best_price = s, kind, pr
        if best < 0:
            if not skipped:
                self._need = min(self._need, cash - spare + self._cheapest_lift(state))
            return None
        self.last_reason = _R_LIFT_MORTGAGE
        return _square_act(_LIFTS, p, best)

    def _build(self, state: GameState, p: int) -> A.Action | None:
        if self._no_build_turn == state.turn:
            self._need = 0   # think again next turn
            return None
        if self._lv_slip_pct and self.rng.randrange(100) < self._lv_slip_pct:
            self._need = 0  # facile looked away: think again next time
            return None
        t = self.board_tables()
        pl = state.players[p]
        floor = self.reserve_now(state, p) * self._pe_build_reserve_pct // 100
        target = self._pe_build_target
        f = state.facts   # facts(state) inline: a call costs the Python interpreter more
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        top = f.houses_before_hotel + 1
        houses, members_of, monos = state.houses, t.members, self.monos
        # The lowest building level of each group (a hotel is level ``top``) and the lowest of
        # all (loops rather than min(): native code when compiled; no list of the levels).
        lows: list[int] = []
        lowest = HOTEL + 1
        for g in monos:
            low = HOTEL + 1
            for s in members_of[g]:
                h = houses[s]
                if h == HOTEL:
                    h = top
                if h < low:
                    low = h
            lows.append(low)
            if low < lowest:
                lowest = low
        if self._lv_develops:
            # Three houses on every group first; higher once money is plentiful.
            rich = pl.cash > floor + RICH
            target = top if rich else (min(target, 3) if lowest < 3 else target)
            if not rich and target < top:
                self._need = min(self._need, floor + RICH + 1)
        target = min(target, top)
        if (target == top and self._lv_hotel_restraint
                and _HIGH.rival_built_high(state, p, top, t.streets)):
            target = top - 1   # four houses, not a hotel, once a rival builds that high
        need_cash = -1
        blocked = False
        for i, g in enumerate(monos):
            lv = lows[i]
            if lv >= target:
                continue
            # The street with the fewest buildings; the dearest of those (highest rent).
            s = -1
            for x in members_of[g]:
                lx = houses[x]
                if lx == HOTEL:
                    lx = top
                if lx == lv and (s < 0 or t.price[x] >= t.price[s]):
                    s = x
            cost = t.house_cost[s]
            if pl.cash - cost < floor:
                if need_cash < 0:
                    need_cash = cost + floor - pl.cash
                self._need = min(self._need, cost + floor)
                continue
            why = can_build(state, p, s)
            if why:
                blocked = blocked or "bank" in why
                continue
            self.last_reason = _R_BUILD
            return _square_act(_BUILDS, p, s)
        if need_cash > 0 and self._pe_mortgage_to_build and self._lv_develops:
            s = self._junk_to_mortgage(state, p)
            if s >= 0:
                self.last_reason = _R_MORTGAGE_TO_BUILD
                return _square_act(_MORTGAGES, p, s)
        if blocked and self._lv_develops and pl.cash > floor + 100_000 and len(self.monos) > 1:
            return self._free_houses(state, p, top)
        return None

    def _free_houses(self, state: GameState, p: int, top: int) -> A.Action | None:
        """The bank has no house left: sell a house of my weakest group so that my best one
        can go on to a hotel (which hands four houses back to the bank). Rare, and at most
        once in four of my turns (the freed house may well go to someone else)."""
        houses, members_of = state.houses, self.board_tables().members
        # the building levels of each of my groups (a hotel is level ``top``), best group first
        levels = [[top if houses[x] == HOTEL else houses[x] for x in members_of[g]]
                  for g in self.monos]
        if min(levels[0]) >= top - 1 or state.bank_houses:
            return None
        if self._turns < self._freed_at + 4:
            self._need = 0  # not yet: ask again on a later turn
            return None
        monos = self.monos
        for i in range(len(monos) - 1, 0, -1):
            g = monos[i]
            lv = levels[i]
            if max(lv) == 0 or max(lv) == top:
                continue
            s = max((x for x, lx in zip(members_of[g], lv) if lx == max(lv)))
            if not can_sell(state, p, s):
                self._freed_at = self._turns
                self.last_reason = plain("sell_for_hotel")
                return _square_act(_SALES, p, s)
        return None

    def _junk_to_mortgage(self, state: GameState, p: int) -> int:
        """A property whose mortgage hurts least: not in a group I hold or can complete soon."""
        t = self.board_tables()
        own, mort, houses = state.owner, state.mortgaged, state.houses
        group, members_of, gsize, price, monos = t.group, t.members, t.gsize, t.price, self.monos
        # The least of the keys (kind, price, square): stations and utilities (kind 0) earn
        # least per franc, then streets (kind 1); compared as three ints, no tuple a candidate.
        best = best_kind = best_price = -1
        for s in self._my_deeds(state, p, t):
            if own[s] != p or mort[s]:
                continue
            g = group[s]
            kind = 0
            if g >= 0:
                if has(monos, g):
                    continue
                # One pass over the group: a building in it (queries.group_has_buildings),
                # streets of mine, streets of the bank.
                mine = free = 0
                for x in members_of[g]:
                    if houses[x]:
                        break
                    o = own[x]
                    if o == p:
                        mine += 1
                    elif o < 0:
                        free += 1
                else:
                    n = gsize[g]
                    if mine + free == n and mine >= n - 1:
                        continue  # one street from a monopoly: keep it clean
                    kind = 1
                if kind == 0:
                    continue   # a building in the group
            pr = price[s]
            if (best < 0 or kind < best_kind
                    or (kind == best_kind and (pr < best_price
                                               or (pr == best_price and s < best)))):
                best, best_kind, best_price = s, kind, pr
        return best

    def _mortgage_room(self, state: GameState, p: int, exclude: int) -> int:
        """Cash that mortgaging my lone properties would raise."""
        t = self.refresh(state, p)
        # Asked at every bid of an auction: on a state only the engine changes, the last answer
        # holds while the deeds and the buildings are the same (the engine's counters).
        if (state.engine_only and self._room_state is state
                and self._room_deeds == state.deed_changes
                and self._room_builds == state.build_changes
                and self._room_p == p and self._room_exclude == exclude):
            return self._room
        own, mort, houses = state.owner, state.mortgaged, state.houses
        group, members_of, mortgage, monos = t.group, t.members, t.mortgage, self.monos
        total = 0
        for s in self._my_deeds(state, p, t):
            if own[s] == p and not mort[s] and s != exclude:
                g = group[s]
                if g >= 0:
                    if has(monos, g):
                        continue
                    for x in members_of[g]:   # queries.group_has_buildings, inlined
                        if houses[x]:
                            break
                    else:
                        total += mortgage[s]
                    continue
                total += mortgage[s]
        if state.engine_only:
            self._room_state = state
            self._room_deeds = state.deed_changes
            self._room_builds = state.build_changes
            self._room_p = p
            self._room_exclude = exclude
            self._room = total
        return total

    def _place(self, state: GameState, p: int) -> A.Action | None:
        """Place a building won at a shortage auction: on my best group, lowest street first."""
        t = self.refresh(state, p)
        want_hotel = state.place_kind == "hotel"
        top = facts(state).houses_before_hotel
        for g in self.monos:
            best = -1
            for s in t.members[g]:
                if (level(state, s) == top) != want_hotel or can_build(state, p, s, paid=True):
                    continue
                if best < 0 or level(state, s) < level(state, best) or (
                        level(state, s) == level(state, best) and t.price[s] > t.price[best]):
                    best = s
            if best >= 0:
                self.last_reason = plain("place_building")
                return _square_act(_BUILDS, p, best)
        return None

    # -- debts -----------------------------------------------------------------------------------
    def _raise_cash(self, state: GameState, p: int, d: Debt) -> A.Action:
        """Raise the money owed, hurting my position least; bankrupt only when nothing works."""
        t = self.refresh(state, p)
        pl = state.players[p]
        need = d.amount - pl.cash
        own, mort = state.owner, state.mortgaged
        # 1. A lone property (least useful first).
        s = self._junk_to_mortgage(state, p)
        if s >= 0:
            self.last_reason = _R_MORTGAGE_TO_PAY
            return _square_act(_MORTGAGES, p, s)
        # 2. MONOPOLIC: borrow rather than sell houses at half price.
        if loan_room(state, p) > 0:
            amount = min(loan_room(state, p), max(1000, (need + 999) // 1000 * 1000))
            self.last_reason = plain("borrow")
            return A.Borrow(p, amount)
        # 3. A rent: half in cash, the rest in properties that give the creditor no group.
        if d.reason == "rent" and d.creditor >= 0:
            a = self._pay_in_kind(state, p, d)
            if a is not None:
                return a
        # 4. Houses back to the bank, evenly, from the least valuable group: the least of the
        # keys (hotel, income, square), compared as three numbers (no tuple a street).
        best, best_hotel, best_income = -1, 0, 0.0
        houses = state.houses
        for s in facts(state).streets:
            if own[s] == p and houses[s] and not can_sell(state, p, s):
                hotel = 1 if houses[s] == HOTEL else 0
                income = t.income[t.group[s]][3]
                if (best < 0 or hotel < best_hotel
                        or (hotel == best_hotel and (income < best_income
                                                     or (income == best_income and s < best)))):
                    best, best_hotel, best_income = s, hotel, income
        if best >= 0:
            self.last_reason = _R_SELL_TO_PAY
            return _square_act(_SALES, p, best)
        # 5. Whatever is left unmortgaged.
        for s in facts(state).properties:
            if own[s] == p and not mort[s] and not group_has_buildings(state, s):
                self.last_reason = _R_MORTGAGE_TO_PAY
                return _square_act(_MORTGAGES, p, s)
        if d.reason == "rent" and d.creditor >= 0:
            a = self._pay_in_kind(state, p, d, any_property=True)
            if a is not None:
                return a
        self.last_reason = plain("bankrupt")
        return _seat_act(_BANKRUPTCIES, p)

    def _pay_in_kind(self, state: GameState, p: int, d: Debt,
                     any_property: bool = False) -> A.Action | None:
        pl = state.players[p]
        half = (d.amount + 1) // 2
        if pl.cash < half:
            return None
        rest = d.amount - half
        t = self.board_tables()
        own, mort = state.owner, state.mortgaged
        q = d.creditor
        picks: list[int] = []
        total = 0
        candidates: list[tuple[int, int]] = []
        free_trade = facts(state).trade_mortgaged
        # (my deeds by the shared holdings when current: the candidates are sorted below, so
        # the order they come in does not matter)
        for s in self._my_deeds(state, p, t):
            if own[s] != p or group_has_buildings(state, s):
                continue
            if mort[s] and not free_trade:
                continue     # seeds/002: a mortgaged deed may be neither sold nor exchanged
            g = t.group[s]
            if not any_property and g >= 0:
                if has(self.monos, g):
                    continue
                # Never hand the creditor the last street of a group.
                for x in t.members[g]:
                    if x != s and own[x] != q:
                        break
                else:
                    continue
            value = t.price[s] // 2 if mort[s] else t.price[s]
            candidates.append((value, s))
        candidates.sort()
        for value, s in candidates:
            if total >= rest:
                break
            picks.append(s)
            total += value
        if total < rest:
            return None
        self.last_reason = plain("pay_in_kind")
        return A.PayInKind(p, tuple(sorted(picks)))

    # -- trades ----------------------------------------------------------------------------------
    def _answer(self, state: GameState, p: int) -> A.Action:
        tr = state.trade
        assert tr is not None   # phase TRADE
        if state.time_up:   # the quick game's time is over: no deal can be concluded
            self.last_reason = plain("refuse_time_up")
            return _seat_act(_REJECTS, p)
        accept, reason, counter = trading.judge(self, state, p, tr)
        self.last_reason = reason
        if accept:
            return _seat_act(_ACCEPTS, p)
        if counter is not None and self.level.counters:
            self._counter = counter
        return _seat_act(_REJECTS, p)


def _offer_data(a: A.ProposeTrade | None) -> list | None:
    """A trade offer as plain data (its fields in order)."""
    if a is None:
        return None
    return [a.player, a.partner, list(a.give), list(a.take), a.cash, list(a.give_cards),
            list(a.take_cards)]


def _offer_from(data: list | None) -> A.ProposeTrade | None:
    if data is None:
        return None
    p, q, give, take, cash, give_cards, take_cards = data
    return A.ProposeTrade(int(p), int(q), tuple(give), tuple(take), int(cash), tuple(give_cards),
                          tuple(take_cards))
