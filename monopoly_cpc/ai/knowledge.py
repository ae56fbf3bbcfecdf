"""What a computer player knows, apart from what it decides: the board's tables, who holds
what (its complete groups, the groups a trade would complete, its mortgaged deeds), the worst
rent it may have to pay, what a deed is worth to it, and the answers it remembers (the last
valuation, the cash mortgages would raise, the board at its last "nothing to lift or build",
the offers it weighed, tried and saw refused).

``Knowledge`` is one object per player (``Bot.know``), brought up to date by ``refresh(state,
p)`` once per change of the deeds: on a state only the engine changes (``engine_only``) the
engine's counters (``deed_changes``, ``build_changes``) and its note of the last change
(``flipped_at``, ``bought_at``, ``built_at``) say what changed without comparing the boards.
The holdings, the worst rents, the high streets and the copy of the buildings are worked out
once per board content and shared by every player (``ai.board_views``). Each of
these answers is tested against a fresh computation after every action of many games
(tests/ai/test_knowledge.py). ``ai.trading`` reads this object, never the ``Bot``.

This module is on the hot paths of docs/CONTRACTS.md: its fields are typed for the compiled
build and the holdings are worked out by hand-written loops.
"""

from __future__ import annotations

from monopoly_cpc.ai.board_views import EMPTY, HIGH, HOUSES, LAST, WORST, Holdings, WorstRents
from monopoly_cpc.ai.levels import Level
from monopoly_cpc.ai.personality import Personality
from monopoly_cpc.ai.values import Tables, best_rival_gain, tables, worth_to
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.queries import can_sell
from monopoly_cpc.rules.state import GameState, facts, has


class Figures:
    """The figures of a level and a personality that the choices read, in one compiled class
    (the compiled build reads its fields natively, those of the frozen ``Level`` and
    ``Personality`` through Python look-ups), two of them combined from both."""

    __slots__ = ("auctions_cheap", "bid_pct", "blocks", "build_reserve_pct", "build_target",
                 "buys_all", "danger_pct", "danger_reserve", "develops", "hotel_restraint",
                 "monopoly_aware", "mortgage_to_build", "propose_every", "proposes", "reserve",
                 "slip_pct", "trade_gain")

    def __init__(self, level: Level, pers: Personality) -> None:
        self.slip_pct = level.slip_pct
        self.buys_all = level.buys_all
        self.develops = level.develops
        self.danger_reserve = level.danger_reserve
        self.monopoly_aware = level.monopoly_aware
        self.blocks = level.blocks
        self.auctions_cheap = level.auctions_cheap
        self.proposes = level.proposes
        self.hotel_restraint = level.hotel_restraint
        self.reserve = pers.reserve
        self.trade_gain = pers.trade_gain
        self.danger_pct = pers.danger_pct
        self.build_reserve_pct = pers.build_reserve_pct * level.build_floor_pct // 100
        self.build_target = pers.build_target
        self.propose_every = (1 if level.trades_every_turn and pers.propose_every
                              else pers.propose_every)
        self.mortgage_to_build = pers.mortgage_to_build
        self.bid_pct = pers.bid_pct


class Knowledge:
    """What one player knows (the module's docstring): ``refresh`` brings the snapshot of the
    deeds and what it says (``monos``, ``targets``, ``split``, ``mortgaged``) up to date; the
    other questions are asked after it."""

    def __init__(self, level: Level, pers: Personality) -> None:
        self.level = level
        self.pers = pers
        self.fig = Figures(level, pers)
        self.t: Tables | None = None
        self.own: list[int] | None = None    # the snapshot of the deeds the lists below describe
        self.mort: list[bool] | None = None
        self.holdings: Holdings | None = None   # ... and the holdings it makes (shared)
        # The state whose deeds were last found equal to the snapshot, and its deed_changes
        # then: on an engine_only state, an unchanged counter spares the two list comparisons.
        self.seen: GameState | None = None
        self.seen_deeds = -1
        self.changed = False                 # the last refresh changed the snapshot
        self.version = 0                     # bumped whenever the snapshot changes
        self.owners_version = 0              # bumped when a deed changes hands
        # (lists, typed so: native truth tests, loops and look-ups when compiled; never
        # changed: the shared ones of ``Holdings``)
        self.monos: list[int] = EMPTY       # my complete groups (nothing mortgaged)
        self.targets: list[int] = EMPTY     # groups a trade with one player would complete
        self.split: list[int] = EMPTY       # groups held by me and two or more rivals
        self.mortgaged: list[int] = EMPTY   # my mortgaged squares
        # value_of's last answer: the holdings, player, square, players in the game, value,
        # and the state and its deed_changes then.
        self._val_holdings: Holdings | None = None
        self._val_p = self._val_s = -1
        self._val_alive: list[int] = []
        self._val_v = 0.0
        self._val_state: GameState | None = None
        self._val_deeds = -1
        # The last mortgage_room: its state (engine_only), counters, player, exclusion, answer.
        self._room_state: GameState | None = None
        self._room_deeds = self._room_builds = self._room_p = self._room_exclude = -1
        self._room = 0
        # The board at the last "nothing to lift or build": the snapshot's version, the
        # buildings, the bank's houses and hotels, the cash that would have changed that, and
        # the state then (engine_only) with its build_changes (as ``seen``).
        self.quiet_version = -1
        self.quiet_houses: list[int] = []
        self.quiet_bank = (0, 0)
        self.quiet_need = 0
        self.quiet_seen: GameState | None = None
        self.quiet_builds = -1
        # The trade memory (ai/trading.py): offer -> turn last proposed, partner -> offers
        # refused in a row, and (tables, offer -> gains) of the offers weighed.
        self.tried: dict[tuple, int] = {}
        self.refusals: dict[int, int] = {}
        self.offer_memo: tuple = (None, {})
        # ``ai.trading.swap_pairs``'s last answer: (state, holdings, the state's build_changes,
        # pairs), trusted while all three are the same on an ``engine_only`` state.
        self.swap_memo: tuple[GameState | None, Holdings | None, int,
                              dict[tuple[int, int], list[int]]] = (None, None, -1, {})

    # -- memory ----------------------------------------------------------------------------------
    def restore_snapshot(self, own: list[int] | None, mort: list[bool] | None,
                         state: GameState, seat: int) -> None:
        """Take back the snapshot of a saved game (``Bot.restore``): the versions saved with it
        stay in step."""
        self.seen = self.quiet_seen = None
        if own is not None and mort is not None:
            t = self.t = tables(state.board)
            snap = Holdings(t, [int(x) for x in own], [bool(x) for x in mort], len(state.players))
            self.holdings = snap
            self.own = snap.own
            self.mort = snap.mort
            self.mortgaged, self.monos, self.targets, self.split = snap.of(seat)

    # -- the deeds -------------------------------------------------------------------------------
    def current(self, state: GameState) -> bool:
        """The snapshot is of ``state``'s deeds by the engine's counter (no comparison)."""
        return (state.engine_only and self.seen is state
                and self.seen_deeds == state.deed_changes)

    def same_deeds(self, state: GameState) -> bool:
        """The snapshot (``own``, ``mort``) is of this board and of these deeds, by comparing
        them (the callers first ask ``current``)."""
        t = self.t
        if t is None or t.board is not state.board:
            return False
        return self.deeds_diff(state) == 0

    def deeds_diff(self, state: GameState) -> int:
        """0 when the deeds are those of the snapshot (then noted, as ``same_deeds``), 1 when
        some changed hands, 2 when only mortgages changed (the board's tables are current).
        A list the snapshot shares with the shared holdings of these deeds (``LAST``, trusted
        as in ``refresh``; ``flipped`` shares the owners, ``bought`` the mortgages) is equal to
        the state's without a comparison."""
        snap = LAST[0]
        current = (snap is not None and state.engine_only and snap.seen is state
                   and snap.deeds == state.deed_changes)
        if not (current and snap is not None and self.own is snap.own) and (
                state.owner != self.own):
            return 1
        if not (current and snap is not None and self.mort is snap.mort) and (
                state.mortgaged != self.mort):
            return 2
        self.seen = state
        self.seen_deeds = state.deed_changes
        return 0

    def known_diff(self, state: GameState, t: Tables) -> int:
        """``deeds_diff``'s answer (1 or 2) when the shared holdings tell it without comparing
        lists, else -1: on a state only the engine changes, my snapshot is the last holdings
        and the one change since (the engine's counter) mortgaged or lifted a deed, or sold
        one of the bank's (``flipped_at``, ``bought_at``); or another player already made the
        holdings of these deeds from mine in one step (``Holdings.step``)."""
        h = self.holdings
        snap = LAST[0]
        if (h is None or snap is None or h.t is not t or not state.engine_only
                or snap.seen is not state or self.own is not h.own or self.mort is not h.mort):
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

    def my_deeds(self, state: GameState, p: int, t: Tables) -> list[int]:
        """The properties to look at for ``p``'s own: those ``p`` holds by the snapshot's
        holdings (``Holdings.held``) when the snapshot is of these deeds (``current``), else
        all of them (the callers test the owner anyway)."""
        h = self.holdings
        if (h is not None and self.current(state) and h.t is t and self.own is h.own
                and 0 <= p < len(h.held)):
            return h.held[p]
        return t.properties

    def refresh(self, state: GameState, p: int) -> Tables:
        """The board's tables, the snapshot of ``state``'s deeds brought up to date (its lists
        those of player ``p``)."""
        t = self.t
        if t is None or t.board is not state.board:
            t = self.t = tables(state.board)
            self.own = None
            self.seen = None
        # Two list comparisons (C speed) tell whether any deed changed hands or was mortgaged
        # (none while the engine's counter says nothing changed: current).
        self.changed = False
        if state.engine_only and self.seen is state and self.seen_deeds == state.deed_changes:
            return t
        diff = self.known_diff(state, t)
        if diff < 0:
            diff = self.deeds_diff(state)
        if diff:
            self.changed = True
            own, mort = state.owner, state.mortgaged
            if diff == 1:
                self.owners_version += 1     # deeds changed hands (not just a mortgage)
            self.version += 1
            snap = LAST[0]
            if (snap is not None and snap.t is t and state.engine_only and snap.seen is state
                    and snap.deeds + 1 == state.deed_changes
                    and state.flipped_at == state.deed_changes and t.ascending):
                snap = LAST[0] = snap.flipped(state.flipped_square)   # one mortgage since
            elif (snap is not None and snap.t is t and state.engine_only and snap.seen is state
                    and snap.deeds + 1 == state.deed_changes
                    and state.bought_at == state.deed_changes
                    and not mort[state.bought_square]):
                snap = LAST[0] = snap.bought(state.bought_square, own[state.bought_square])
            elif snap is None or snap.t is not t or len(snap.held) != len(state.players) or not (
                    state.engine_only and snap.seen is state
                    and snap.deeds == state.deed_changes) and (
                    own != snap.own or mort != snap.mort):
                snap = LAST[0] = Holdings(t, own, mort, len(state.players))
            snap.seen = state
            snap.deeds = state.deed_changes
            self.holdings = snap
            self.own = snap.own              # copies, never changed (shared by the players)
            self.mort = snap.mort
            self.seen = state
            self.seen_deeds = state.deed_changes
            self.mortgaged, self.monos, self.targets, self.split = snap.of(p)
        return t

    def tables(self) -> Tables:
        """The board's tables of the last snapshot (``refresh`` runs before any choice)."""
        t = self.t
        assert t is not None
        return t

    # -- money -----------------------------------------------------------------------------------
    def reserve(self, state: GameState, p: int) -> int:
        """Cash this player keeps in hand before spending by choice."""
        self.refresh(state, p)
        return self.reserve_now(state, p)

    def reserve_now(self, state: GameState, p: int) -> int:
        """``reserve`` on the snapshot of the last ``refresh`` (asked several times a turn)."""
        fig = self.fig
        r = fig.reserve
        if fig.danger_reserve:
            # the worst rent an opponent could charge now
            w = WORST[0]
            h = self.holdings
            assert h is not None   # set by refresh
            if w is None:
                w = WORST[0] = WorstRents(h, state.houses, not state.engine_only)
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
            r += (w.second if p == w.owner else w.first) * fig.danger_pct // 100
        return r

    def cheapest_lift(self, state: GameState) -> int:
        """What lifting my cheapest mortgage costs (-1: nothing mortgaged)."""
        f = state.facts   # facts(state) inline: a call costs more
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        fresh, mortgages = state.fresh_lifts, f.mortgages
        cheapest = -1
        for s in self.mortgaged:
            m = mortgages[s]
            cost = m if has(fresh, s) else m + m // 10    # rules.queries.lift_cost
            if cheapest < 0 or cost < cheapest:
                cheapest = cost
        return cheapest

    def value_of(self, state: GameState, p: int, s: int) -> float:
        """What owning ``s`` is worth to ``p``: its effect on p's groups, plus (when the level
        knows it) the harm of letting a rival complete a group with it."""
        f = state.facts   # facts(state) inline: asked at every bid of an auction
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        price = f.prices[s]
        if not self.fig.monopoly_aware:
            return float(price)
        t = self.refresh(state, p)
        # Asked again and again during an auction: the last answer holds while the deeds and
        # the players still in the game are the same. On a state only the engine changes, an
        # unchanged deed_changes says both (a bankruptcy bumps it) without listing the players.
        same = (self._val_holdings is self.holdings and self._val_p == p and self._val_s == s)
        if (same and state.engine_only and self._val_state is state
                and self._val_deeds == state.deed_changes):
            return self._val_v
        alive = state.alive()
        if same and self._val_alive == alive:
            return self._val_v
        v = worth_to(t, state.owner, state.mortgaged, p, s)
        if self.fig.blocks:
            rival = best_rival_gain(t, state.owner, state.mortgaged, p, s, alive)
            if rival > price:
                v = max(v, price + (rival - price) * 0.5)
        v = max(v, price * 0.5)
        self._val_holdings = self.holdings
        self._val_p, self._val_s, self._val_alive, self._val_v = p, s, alive, v
        self._val_state = state
        self._val_deeds = state.deed_changes
        return v

    def mortgage_room(self, state: GameState, p: int, exclude: int) -> int:
        """Cash that mortgaging my lone properties (no group of mine, no building in their
        group; not ``exclude``) would raise."""
        t = self.refresh(state, p)
        # Asked at every bid of an auction: on a state only the engine changes, the last answer
        # holds while the deeds and the buildings are the same (the engine's counters).
        if (state.engine_only and self._room_state is state
                and self._room_deeds == state.deed_changes
                and self._room_builds == state.build_changes
                and self._room_p == p and self._room_exclude == exclude):
            return self._room
        own, mort, houses = state.owner, state.mortgaged, state.houses
        total = 0
        for s in self.my_deeds(state, p, t):
            if own[s] != p or mort[s] or s == exclude:
                continue
            g = t.group[s]
            if g >= 0 and (has(self.monos, g) or any(houses[x] for x in t.members[g])):
                continue
            total += t.mortgage[s]
        if state.engine_only:
            self._room_state = state
            self._room_deeds = state.deed_changes
            self._room_builds = state.build_changes
            self._room_p = p
            self._room_exclude = exclude
            self._room = total
        return total

    def house_to_sell(self, state: GameState, p: int) -> int:
        """The street whose building ``p`` sells first to pay a debt, or -1: the least useful,
        by the keys (a hotel last, the income of its group at three houses, the square), among
        those the rules let him sell (evenly)."""
        t = self.tables()
        own, houses = state.owner, state.houses
        # compared as three numbers, no tuple a street
        best, best_hotel, best_income = -1, 0, 0.0
        for s in facts(state).streets:
            if own[s] == p and houses[s] and not can_sell(state, p, s):
                hotel = 1 if houses[s] == HOTEL else 0
                income = t.income[t.group[s]][3]
                if (best < 0 or hotel < best_hotel
                        or (hotel == best_hotel and (income < best_income
                                                     or (income == best_income and s < best)))):
                    best, best_hotel, best_income = s, hotel, income
        return best

    def junk_to_mortgage(self, state: GameState, p: int) -> int:
        """A property whose mortgage hurts least: not in a group I hold or can complete soon."""
        t = self.tables()
        own, mort, houses = state.owner, state.mortgaged, state.houses
        group, members_of, gsize, price, monos = t.group, t.members, t.gsize, t.price, self.monos
        # The least of the keys (kind, price, square): stations and utilities (kind 0) earn
        # least per franc, then streets (kind 1); compared as three ints, no tuple a candidate.
        best = best_kind = best_price = -1
        for s in self.my_deeds(state, p, t):
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


    # -- the buildings ---------------------------------------------------------------------------
    @staticmethod
    def opponent_houses(state: GameState, p: int) -> int:
        """The houses ``p``'s opponents have on the board (a hotel counts five)."""
        own, houses = state.owner, state.houses
        n = 0
        for s in facts(state).streets:
            h = houses[s]
            if h and own[s] != p:
                n += h
        return n

    def rival_built_high(self, state: GameState, p: int, top: int) -> bool:
        """A street not ``p``'s carries a hotel or ``top - 1`` houses."""
        return HIGH.rival_built_high(state, p, top, self.tables().streets)

    def nothing_to_build(self, state: GameState, cash: int) -> bool:
        """Lifting and building only get easier with more cash: True while the snapshot, the
        buildings and the bank's stock are those of the last "nothing to lift or build" and the
        cash is below what was missing then."""
        return (self.version == self.quiet_version and cash < self.quiet_need
                and ((state.engine_only and self.quiet_seen is state
                      and self.quiet_builds == state.build_changes)
                     or self._same_builds(state)))

    def note_nothing_to_build(self, state: GameState, need: int) -> None:
        """Nothing to lift or build on this board below ``need`` in cash."""
        self.quiet_version = self.version
        self.quiet_houses = HOUSES.of(state)   # (a copy, shared by the players)
        self.quiet_bank = (state.bank_houses, state.bank_hotels)
        self.quiet_seen = state
        self.quiet_builds = state.build_changes
        self.quiet_need = need

    def _same_builds(self, state: GameState) -> bool:
        """The buildings and the bank's stock are those of the last "nothing to lift or build",
        by comparing them (then noted, as ``deeds_diff``)."""
        if (state.bank_houses != self.quiet_bank[0] or state.bank_hotels != self.quiet_bank[1]
                or state.houses != self.quiet_houses):
            return False
        self.quiet_seen = state
        self.quiet_builds = state.build_changes
        return True


