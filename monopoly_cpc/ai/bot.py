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
from monopoly_cpc.ai.actions import (
    ACCEPTS,
    BANKRUPTCIES,
    BUILDS,
    BUYS,
    CLAIMS,
    DECLINES,
    JAIL_CARDS,
    LIFTS,
    MORTGAGES,
    PASSES,
    PAY_FINES,
    R_BID,
    R_BUILD,
    R_BUY,
    R_CLAIM_RENT,
    R_LIFT_MORTGAGE,
    R_MORTGAGE_TO_BUILD,
    R_MORTGAGE_TO_PAY,
    R_PASS_TOO_DEAR,
    R_SELL_TO_PAY,
    R_STAY_IN_JAIL,
    REJECTS,
    SALES,
    bid_act,
    roll_act,
    seat_act,
    square_act,
)
from monopoly_cpc.ai.knowledge import Knowledge
from monopoly_cpc.ai.levels import Level
from monopoly_cpc.ai.personality import Personality
from monopoly_cpc.ai.reasons import NO_REASON, Reason, plain, reason_from
from monopoly_cpc.ai.rng import BotRng
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.queries import (
    can_build,
    can_sell,
    group_has_buildings,
    level,
    loan_room,
)
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


class Bot:
    """A computer player of a given strength and character."""

    kind = "bot"

    def __init__(self, level: Level, pers: Personality, seed: int = 0) -> None:
        self.level = level
        self.pers = pers
        self.know = Knowledge(level, pers)   # what this player knows (ai/knowledge.py)
        self.fig = self.know.fig             # the figures of its level and personality
        self.kind = level.name
        self.rng = BotRng(seed)
        self.last_reason: Reason = NO_REASON
        self._freed_at = -99                 # my turn when I last sold a house to free one
        self._need = 0                       # cash that would let lift/build act (set by them)
        self._no_build_turn = -1             # turn in which I gave up a shortage auction
        self._idle_version = -1              # snapshot version when I had no offer to make
        self._idle_cash = 0
        self._turns = 0                      # my turns seen (for the trade rhythm)
        self._last_turn = -1
        self._proposed_turn = -1
        self._counter: A.ProposeTrade | None = None
        self._pending: A.ProposeTrade | None = None   # my last offer, until I see its fate
        self._by_price: list[int] = []       # partners who count printed prices (trading.learn)

    # -- memory ----------------------------------------------------------------------------------
    # What decide() reads from earlier decisions, with the knowledge's versions and its note of
    # the last "nothing to lift or build" (a note that says "nothing to do" skips work a fresh
    # player would do). The tables and holdings are rebuilt from the saved snapshot.
    _MEMORY_INTS: Final = ("_freed_at", "_need", "_no_build_turn", "_idle_version",
                           "_idle_cash", "_turns", "_last_turn", "_proposed_turn")

    def memory(self) -> dict[str, Any]:
        """This player's memory as plain data (JSON): ``restore`` takes it back."""
        k = self.know
        data: dict[str, Any] = {"_version": k.version, "_owners_version": k.owners_version,
                                "_quiet_version": k.quiet_version, "_quiet_need": k.quiet_need}
        data.update((name, getattr(self, name)) for name in self._MEMORY_INTS)
        data.update(
            rng=self.rng.state, reason=self.last_reason.data(),
            quiet_houses=list(k.quiet_houses), quiet_bank=list(k.quiet_bank),
            own=None if k.own is None else list(k.own),
            mort=None if k.mort is None else list(k.mort),
            tried=[[o[0], list(o[1]), list(o[2]), turn] for o, turn in k.tried.items()],
            refusals=[[q, n] for q, n in k.refusals.items()],
            counter=trading.offer_data(self._counter), pending=trading.offer_data(self._pending))
        if self._by_price:   # (absent from saves made before it, and while nobody is noted)
            data["by_price"] = list(self._by_price)
        return data

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Take back a ``memory()`` (of the player in ``seat``, saved with ``state``)."""
        for name in self._MEMORY_INTS:
            setattr(self, name, int(data[name]))
        k = self.know
        k.version, k.owners_version = int(data["_version"]), int(data["_owners_version"])
        k.quiet_version, k.quiet_need = int(data["_quiet_version"]), int(data["_quiet_need"])
        self.rng.state = int(data["rng"])
        self.last_reason = reason_from(data["reason"])
        k.quiet_houses = [int(x) for x in data["quiet_houses"]]
        qb = data["quiet_bank"]
        k.quiet_bank = (int(qb[0]), int(qb[1]))
        k.tried = {(int(q), tuple(give), tuple(take)): int(turn)
                   for q, give, take, turn in data["tried"]}
        k.refusals = {int(q): int(n) for q, n in data["refusals"]}
        self._counter = trading.offer_from(data["counter"])
        self._pending = trading.offer_from(data["pending"])
        self._by_price = [int(q) for q in data.get("by_price", [])]
        k.restore_snapshot(data["own"], data["mort"], state, seat)

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
            return roll_act(p) if state.start_rollers and state.start_rollers[0] == p else None
        if ph == _PH_PLACE:
            return self._place(state, p) if state.placer == p else None
        c = state.claim
        if c is not None and c.owner == p:
            if self.fig.slip_pct and self.rng.randrange(100) < self.fig.slip_pct:
                return None  # facile: looked away; the rent may be lost at the next roll
            self.last_reason = R_CLAIM_RENT
            return seat_act(CLAIMS, p)
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
                return roll_act(p)
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
        k = self.know
        if not ((state.engine_only and k.seen is state and k.seen_deeds == state.deed_changes)
                or k.same_deeds(state)):   # (k.current(state), inline)
            return False
        if self.level.stops_swaps and k.targets and trading.may_stop_swap(k, state, p):
            return False   # it may offer a rival what stops a swap (``trading.window_offer``)
        if not k.mortgaged and not k.monos:
            return True
        return k.nothing_to_build(state, pl.cash)

    def _buy(self, state: GameState, p: int) -> A.Action:
        s = state.pending_square
        price = facts(state).prices[s]
        cash = state.players[p].cash
        if cash < price and self.fig.develops:
            # Short of cash for a deed that completes or blocks a group: mortgage a lone
            # property to pay for it rather than let it go to auction (one mortgage per call;
            # the engine asks again while the purchase is pending).
            value = self.know.value_of(state, p, s)
            if value > price * 1.3 and cash + self.know.mortgage_room(state, p, s) >= price:
                m = self.know.junk_to_mortgage(state, p)
                if m >= 0 and m != s:
                    self.last_reason = plain("mortgage_to_buy")
                    return square_act(MORTGAGES, p, m)
        if cash < price:
            self.last_reason = plain("too_dear_auction")
            return seat_act(DECLINES, p)
        if self.fig.buys_all:
            self.last_reason = R_BUY   # as a baseline does: whatever it can afford
            return seat_act(BUYS, p)
        value = self.know.value_of(state, p, s)
        spare = cash - price
        if self.fig.auctions_cheap and self._rivals_short(state, p, price):
            self.last_reason = plain("auction_no_bidder")
            return seat_act(DECLINES, p)
        if value > price * 1.3:
            self.last_reason = plain("buy_for_group")
            return seat_act(BUYS, p)
        # Early on, every deed is worth having; later only with money to spare.
        reserve = self.know.reserve_now(state, p)
        if spare >= reserve or (value >= price and spare >= reserve // 2):
            self.last_reason = R_BUY
            return seat_act(BUYS, p)
        self.last_reason = plain("keep_cash_auction")
        return seat_act(DECLINES, p)

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
            value = self.know.value_of(state, p, au.square)
            ceiling = int(value * self.fig.bid_pct / 100)
            room = pl.cash - self.know.reserve_now(state, p) // 2
            if self.fig.develops:
                room += self.know.mortgage_room(state, p, -1) // 2
            return max(0, min(ceiling, room))
        # A house or hotel in a shortage: worth its price and a little more to a builder.
        t = self.know.refresh(state, p)
        if not self.know.monos:
            return 0
        cost = t.house_cost[t.members[self.know.monos[0]][0]]
        # Same cash floor as for building: a player who builds must be able to bid.
        floor = self.know.reserve_now(state, p) * self.fig.build_reserve_pct // 100
        return max(0, min(cost * self.fig.bid_pct // 100 + cost // 2, pl.cash - floor))

    def _auction(self, state: GameState, p: int) -> A.Action | None:
        au = state.auction
        if au is None or not has(au.bidders, p) or has(au.passed, p) or p == au.high_bidder:
            return None
        if state.time_up and au.kind != "property":
            self.last_reason = plain("pass_time_up")
            return seat_act(PASSES, p)   # no building is sold once the time is up
        ceiling = self.bid_ceiling(state, p)
        price = facts(state).prices[au.square] if au.square >= 0 else 10000
        step = max(1000, price // 5 // 1000 * 1000)
        bid = round_bid(max(au.min_bid, au.high_bid + step), up=True)
        bid = min(bid, round_bid(ceiling, up=False))
        if bid <= au.high_bid or bid < au.min_bid:
            if au.kind != "property":
                # No more building this turn: asking again would only reopen the same auction.
                self._no_build_turn = state.turn
            self.last_reason = R_PASS_TOO_DEAR
            return seat_act(PASSES, p)
        self.last_reason = R_BID
        return bid_act(p, bid)

    # -- jail and cards --------------------------------------------------------------------------
    def _jail(self, state: GameState, p: int) -> A.Action:
        pl = state.players[p]
        if self.level.jail_by_phase:
            late = self.know.opponent_houses(state, p) >= self.pers.jail_stay_houses
        else:
            late = state.turn > 30 * len(state.players) and self.pers.jail_stay_houses < 99
        if late and pl.jail_turns < 2:
            self.last_reason = R_STAY_IN_JAIL
            return roll_act(p)
        if pl.jail_cards:
            self.last_reason = plain("jail_card")
            return seat_act(JAIL_CARDS, p)
        if pl.cash >= state.variant.jail_fine + self.fig.reserve // 4:
            self.last_reason = plain("jail_fine")
            return seat_act(PAY_FINES, p)
        self.last_reason = plain("try_double")
        return roll_act(p)

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
        # Several calls a turn: nothing to do when I hold nothing to act on (asked again right
        # after the snapshot changed).
        k = self.know
        if state.engine_only and k.seen is state and k.seen_deeds == state.deed_changes:
            fresh = True   # (k.current(state), inline)
        else:
            stale = k.t is None or k.t.board is not state.board
            k.refresh(state, p)
            fresh = not stale and not k.changed
        offer = None if my_turn else trading.window_offer(k, state, p, self._by_price)
        if offer is not None:
            self._pending, self.last_reason = offer
            return self._pending
        if fresh and (not k.mortgaged and not k.monos
                      and (not my_turn or not (k.targets or k.split))):
            return None
        if (k.mortgaged or k.monos) and not k.nothing_to_build(state, state.players[p].cash):
            self._need = 1 << 60
            a = self._lift(state, p) if k.mortgaged else None
            if a is None and k.monos:
                a = self._build(state, p)
            if a is not None:
                k.quiet_version = -1
                return a
            k.note_nothing_to_build(state, self._need)
        if my_turn and self._pending is not None:
            self._learn(state, p)
        fig = self.fig
        if (my_turn and (k.targets or k.split) and fig.proposes and fig.propose_every
                and self._proposed_turn != state.turn
                and (self._turns - 1) % fig.propose_every == 0):
            self._proposed_turn = state.turn
            # No offer last time on this board: none now either, unless I have more money or a
            # few turns have passed (partners' cash and patience change).
            cash = state.players[p].cash
            if trading.trades_open(state) and (
                    k.owners_version != self._idle_version or cash > self._idle_cash + 5000
                    or self._turns % 8 == 0):
                offer = trading.propose(k, state, p, self._by_price)
                if offer is not None:
                    self._pending, self.last_reason = offer
                    self._idle_version = -1
                    return self._pending
                self._idle_version = k.owners_version
                self._idle_cash = cash
        return None

    def _learn(self, state: GameState, p: int) -> None:
        """Did my last offer go through? (``trading.learn``)"""
        a = self._pending
        assert a is not None   # _free checks it
        self._pending = None
        trading.learn(self.know, state, a, p, self._by_price)

    def _lift(self, state: GameState, p: int) -> A.Action | None:
        cash = state.players[p].cash
        spare = cash - self.know.reserve_now(state, p) * 3 // 2
        if spare <= 0:
            self._need = min(self._need, cash - spare + self.know.cheapest_lift(state))
            return None
        t = self.know.tables()
        own, houses, members_of = state.owner, state.houses, t.members
        fresh, mortgages = state.fresh_lifts, t.mortgage
        # While my groups still have houses to take, money goes to houses, not to lifting the
        # lone properties mortgaged to pay for them (lifting costs 10 % each time).
        houses_wanted = False
        if self.fig.develops:
            for g in self.know.monos:
                for x in members_of[g]:
                    if houses[x] != HOTEL:
                        houses_wanted = True
                        break
                if houses_wanted:
                    break
        best = best_kind = best_price = -1
        skipped = False
        for s in self.know.mortgaged:
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
                self._need = min(self._need, cash - spare + self.know.cheapest_lift(state))
            return None
        self.last_reason = R_LIFT_MORTGAGE
        return square_act(LIFTS, p, best)

    def _build(self, state: GameState, p: int) -> A.Action | None:
        if self._no_build_turn == state.turn:
            self._need = 0   # think again next turn
            return None
        if self.fig.slip_pct and self.rng.randrange(100) < self.fig.slip_pct:
            self._need = 0  # facile looked away: think again next time
            return None
        t = self.know.tables()
        pl = state.players[p]
        floor = self.know.reserve_now(state, p) * self.fig.build_reserve_pct // 100
        target = self.fig.build_target
        f = state.facts   # facts(state) inline: a call costs more
        if f is None or f.board is not state.board or f.variant is not state.variant:
            f = facts(state)
        top = f.houses_before_hotel + 1
        houses, members_of, monos = state.houses, t.members, self.know.monos
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
        if self.fig.develops:
            # Three houses on every group first; higher once money is plentiful.
            rich = pl.cash > floor + RICH
            target = top if rich else (min(target, 3) if lowest < 3 else target)
            if not rich and target < top:
                self._need = min(self._need, floor + RICH + 1)
        target = min(target, top)
        if (target == top and self.fig.hotel_restraint
                and self.know.rival_built_high(state, p, top)):
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
            self.last_reason = R_BUILD
            return square_act(BUILDS, p, s)
        if need_cash > 0 and self.fig.mortgage_to_build and self.fig.develops:
            s = self.know.junk_to_mortgage(state, p)
            if s >= 0:
                self.last_reason = R_MORTGAGE_TO_BUILD
                return square_act(MORTGAGES, p, s)
        if blocked and self.fig.develops and pl.cash > floor + 100_000 and len(self.know.monos) > 1:
            return self._free_houses(state, p, top)
        return None

    def _free_houses(self, state: GameState, p: int, top: int) -> A.Action | None:
        """The bank has no house left: sell a house of my weakest group so that my best one
        can go on to a hotel (which hands four houses back to the bank). Rare, and at most
        once in four of my turns (the freed house may well go to someone else)."""
        houses, members_of = state.houses, self.know.tables().members
        # the building levels of each of my groups (a hotel is level ``top``), best group first
        levels = [[top if houses[x] == HOTEL else houses[x] for x in members_of[g]]
                  for g in self.know.monos]
        if min(levels[0]) >= top - 1 or state.bank_houses:
            return None
        if self._turns < self._freed_at + 4:
            self._need = 0  # not yet: ask again on a later turn
            return None
        monos = self.know.monos
        for i in range(len(monos) - 1, 0, -1):
            g = monos[i]
            lv = levels[i]
            if max(lv) == 0 or max(lv) == top:
                continue
            s = max((x for x, lx in zip(members_of[g], lv) if lx == max(lv)))
            if not can_sell(state, p, s):
                self._freed_at = self._turns
                self.last_reason = plain("sell_for_hotel")
                return square_act(SALES, p, s)
        return None

    def _place(self, state: GameState, p: int) -> A.Action | None:
        """Place a building won at a shortage auction: on my best group, lowest street first."""
        t = self.know.refresh(state, p)
        want_hotel = state.place_kind == "hotel"
        top = facts(state).houses_before_hotel
        for g in self.know.monos:
            best = -1
            for s in t.members[g]:
                if (level(state, s) == top) != want_hotel or can_build(state, p, s, paid=True):
                    continue
                if best < 0 or level(state, s) < level(state, best) or (
                        level(state, s) == level(state, best) and t.price[s] > t.price[best]):
                    best = s
            if best >= 0:
                self.last_reason = plain("place_building")
                return square_act(BUILDS, p, best)
        return None

    # -- debts -----------------------------------------------------------------------------------
    def _raise_cash(self, state: GameState, p: int, d: Debt) -> A.Action:
        """Raise the money owed, hurting my position least; bankrupt only when nothing works."""
        self.know.refresh(state, p)
        pl = state.players[p]
        need = d.amount - pl.cash
        own, mort = state.owner, state.mortgaged
        # 1. A lone property (least useful first).
        s = self.know.junk_to_mortgage(state, p)
        if s >= 0:
            self.last_reason = R_MORTGAGE_TO_PAY
            return square_act(MORTGAGES, p, s)
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
        # 4. Houses back to the bank, evenly, from the least valuable group.
        s = self.know.house_to_sell(state, p)
        if s >= 0:
            self.last_reason = R_SELL_TO_PAY
            return square_act(SALES, p, s)
        # 5. Whatever is left unmortgaged.
        for s in facts(state).properties:
            if own[s] == p and not mort[s] and not group_has_buildings(state, s):
                self.last_reason = R_MORTGAGE_TO_PAY
                return square_act(MORTGAGES, p, s)
        if d.reason == "rent" and d.creditor >= 0:
            a = self._pay_in_kind(state, p, d, any_property=True)
            if a is not None:
                return a
        self.last_reason = plain("bankrupt")
        return seat_act(BANKRUPTCIES, p)

    def _pay_in_kind(self, state: GameState, p: int, d: Debt,
                     any_property: bool = False) -> A.Action | None:
        pl = state.players[p]
        half = (d.amount + 1) // 2
        if pl.cash < half:
            return None
        rest = d.amount - half
        t = self.know.tables()
        own, mort = state.owner, state.mortgaged
        q = d.creditor
        picks: list[int] = []
        total = 0
        candidates: list[tuple[int, int]] = []
        free_trade = facts(state).trade_mortgaged
        # (my deeds by the shared holdings when current: the candidates are sorted below, so
        # the order they come in does not matter)
        for s in self.know.my_deeds(state, p, t):
            if own[s] != p or group_has_buildings(state, s):
                continue
            if mort[s] and (not free_trade or d.kind_refused):
                continue   # seeds/002: never a mortgaged deed; seeds/003: not once refused
            g = t.group[s]
            if not any_property and g >= 0:
                if has(self.know.monos, g):
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
            return seat_act(REJECTS, p)
        accept, reason, counter = trading.judge(self.know, state, p, tr,
                                                has(self._by_price, tr.proposer))
        self.last_reason = reason
        if accept:
            return seat_act(ACCEPTS, p)
        if counter is not None and self.level.counters:
            self._counter = counter
        return seat_act(REJECTS, p)
