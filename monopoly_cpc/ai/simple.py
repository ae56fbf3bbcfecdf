"""Plain players for comparison and tests: the four yardsticks and the random player.

``BaselineBot`` is the yardstick of the strength targets: it buys everything it can afford, bids
up to the printed price, builds whenever it can, never trades and pays to leave jail.
``SwapBot`` is the baseline that trades as the players of gamescomputersplay/monopoly v2 do: it
proposes and accepts only a deal that completes one of its own colour groups, at a printed-price
balance no worse than ``SWAP_BALANCE``; ``FairBot`` is the baseline that accepts any offer giving
it at least the printed value of what it gives (``printed_value``). ``RandomBot`` picks any
legal action (bids and trades included): the legality tests use it.
"""

from __future__ import annotations

from typing import Any, Final

from monopoly_cpc.ai.reasons import NO_REASON, Reason, because, reason_from
from monopoly_cpc.ai.rng import BotRng
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.legal import legal_actions
from monopoly_cpc.rules.queries import (
    bank_has_deeds,
    can_build,
    can_sell,
    group_has_buildings,
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
    GameState,
    Trade,
)

SWAP_BALANCE: Final = -20_000   # the worst printed-price balance a swap player takes
JAIL_CARD_VALUE: Final = 5_000  # a 'libéré de prison' card, to the swap and fair players


class BaselineBot:
    """Buys everything it can afford, builds whenever it can, never trades, pays to leave jail."""

    kind = "baseline"

    def __init__(self, seed: int = 0) -> None:
        self.last_reason: Reason = NO_REASON
        self._key: tuple | None = None
        self._streets: list[int] = []     # streets of my complete groups, cheapest first
        self._no_build_turn = -1          # turn in which it gave up a shortage auction

    def memory(self) -> dict[str, Any]:
        """What it remembers between decisions, as plain data (the rest is a cache)."""
        return {"no_build_turn": self._no_build_turn, "reason": self.last_reason.data()}

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Take back a ``memory()``."""
        self._no_build_turn = int(data["no_build_turn"])
        self.last_reason = reason_from(data["reason"])

    def decide(self, state: GameState, p: int) -> A.Action | None:
        """The baseline's action for player ``p`` now, or None."""
        ph = state.phase
        if ph == GAME_OVER or state.players[p].bankrupt:
            return None
        if ph == AUCTION:
            au = state.auction
            if au is None or p not in au.bidders or p in au.passed or p == au.high_bidder:
                return None
            cap = state.board.prices[au.square] if au.square >= 0 else 0
            if au.square < 0 and state.time_up:
                return A.Pass(p)   # no building is sold once the quick game's time is up
            if au.square < 0:  # a building in a shortage: up to its price
                cap = max((state.board.house_costs[s] for s in self._my_streets(state, p)), default=0)
            bid = max(au.min_bid, au.high_bid + 1000)
            bid = min(bid, cap, state.players[p].cash)
            if bid <= au.high_bid or bid < au.min_bid:
                if au.square < 0:
                    self._no_build_turn = state.turn  # or the same shortage auction reopens
                return A.Pass(p)
            return A.Bid(p, bid)
        if ph == TRADE:
            t = state.trade
            if t is not None and t.partner == p:
                return self._answer(state, p, t)
            return None
        if ph == START_ROLL:
            return A.Roll(p) if state.start_rollers and state.start_rollers[0] == p else None
        if ph == PLACE_BUILDING:
            if state.placer != p:
                return None
            for a in legal_actions(state, p):
                return a
            return None
        c = state.claim
        if c is not None and c.owner == p:
            return A.ClaimRent(p)
        if ph == DEBT:
            d = state.debts[0]
            if d.debtor != p:
                return None
            return _sell_or_mortgage(state, p)
        current = p == state.current
        pl = state.players[p]
        if current and ph == BUY:
            if pl.cash >= state.board.prices[state.pending_square]:
                return A.Buy(p)
            return A.Decline(p)
        if current and ph == CARD_CHOICE:
            return A.ChooseCard(p, pl.cash < state.cards.all[state.pending_card].amount)
        if self._no_build_turn != state.turn and not state.time_up:   # no deal after the time
            for s in self._my_streets(state, p):
                if not can_build(state, p, s):
                    return A.Build(p, s)
        if current:
            if ph in (ROLL, JAIL) and not state.time_up:
                offer = self._offer(state, p)
                if offer is not None:
                    return offer
            if ph == JAIL:
                if pl.jail_cards:
                    return A.UseJailCard(p)
                if pl.cash >= state.variant.jail_fine:
                    return A.PayJailFine(p)
                return A.Roll(p)
            if ph == ROLL:
                return A.Roll(p)
        return None

    def _answer(self, state: GameState, p: int, t: Trade) -> A.Action:
        """The answer to the offer ``t`` made to ``p``: the baseline never trades."""
        self.last_reason = because("refuse_no_trades")
        return A.RejectTrade(p)

    def _offer(self, state: GameState, p: int) -> A.Action | None:
        """An offer ``p`` makes before its roll: the baseline makes none."""
        return None

    def _my_streets(self, state: GameState, p: int) -> list[int]:
        own, mort = state.owner, state.mortgaged
        key = (tuple(own), tuple(mort))
        if key != self._key:
            self._key = key
            b = state.board
            out: list[int] = []
            for members in b.group_members:
                if all(own[s] == p and not mort[s] for s in members):
                    out.extend(members)
            self._streets = out
        return self._streets


def _sell_or_mortgage(state: GameState, p: int) -> A.Action:
    """Raise cash the plain way: mortgage what carries no building, then sell houses."""
    own, mort = state.owner, state.mortgaged
    b = state.board
    for s in b.properties:
        if own[s] == p and not mort[s] and not group_has_buildings(state, s):
            return A.Mortgage(p, s)
    for s in b.streets:
        if own[s] == p and state.houses[s] and not can_sell(state, p, s):
            return A.SellBuilding(p, s)
    for s in b.properties:
        if own[s] == p and not mort[s] and not group_has_buildings(state, s):
            return A.Mortgage(p, s)
    room = loan_room(state, p)
    if room > 0:       # MONOPOLIC: who can still borrow is not bankrupt (seeds/000)
        return A.Borrow(p, room)
    return A.DeclareBankruptcy(p)


def printed_value(state: GameState, squares: tuple[int, ...]) -> int:
    """What deeds are worth at their printed prices, a mortgaged one at its price less what
    lifting it costs (the mortgage and 10 %), as the swap and fair players count."""
    b = state.board
    mort = state.mortgaged
    return sum(b.prices[s] - b.mortgages[s] * 11 // 10 if mort[s] else b.prices[s]
               for s in squares)


def printed_balance(state: GameState, t: Trade) -> int:
    """The partner's printed-price balance of the offer ``t``: what he receives (deeds at
    ``printed_value``, cash, jail cards at ``JAIL_CARD_VALUE``) less what he gives."""
    return (printed_value(state, t.give) - printed_value(state, t.take) + t.cash
            + JAIL_CARD_VALUE * (len(t.give_cards) - len(t.take_cards)))


def completed_group(state: GameState, p: int, get: tuple[int, ...]) -> int:
    """The colour group that receiving ``get`` makes ``p`` the holder of, whole, when he did not
    hold it whole before (the lowest such group), or -1."""
    b = state.board
    own = state.owner
    for g in sorted({b.groups[s] for s in get if b.groups[s] >= 0}):
        members = b.group_members[g]
        if any(own[s] != p for s in members) and all(own[s] == p or s in get for s in members):
            return g
    return -1


def _can_pay(state: GameState, p: int, t: Trade) -> bool:
    """``p``, the partner of ``t``, has the cash it asks of him."""
    return t.cash >= 0 or state.players[p].cash >= -t.cash


class SwapBot(BaselineBot):
    """The baseline that trades as the players of gamescomputersplay/monopoly v2: before its
    roll it proposes a two-way swap (the rest of a colour group of one rival for its own streets
    that complete one of that rival's groups, the printed prices evened out in cash), and it
    accepts only an offer that completes one of its own groups at a printed-price balance of
    at least ``SWAP_BALANCE``; everything else, cash offers included, it refuses."""

    kind = "swap"
    RETRY_TURNS: Final = 24    # an offer refused is not made again before this many turns

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tried: dict[tuple, int] = {}   # offer (partner, give, take) -> turn proposed
        self._offer_turn = -1               # the turn of its last offer (one a turn)

    def memory(self) -> dict[str, Any]:
        """The baseline's memory and the offers tried."""
        data = super().memory()
        data["tried"] = [[k[0], list(k[1]), list(k[2]), turn] for k, turn in self.tried.items()]
        data["offer_turn"] = self._offer_turn
        return data

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Take back a ``memory()``."""
        super().restore(data, state, seat)
        self.tried = {(int(q), tuple(give), tuple(take)): int(turn)
                      for q, give, take, turn in data["tried"]}
        self._offer_turn = int(data["offer_turn"])

    def _answer(self, state: GameState, p: int, t: Trade) -> A.Action:
        g = completed_group(state, p, t.give)
        if (not state.time_up and _can_pay(state, p, t) and g >= 0
                and printed_balance(state, t) >= SWAP_BALANCE):
            self.last_reason = because("accept_my_group", group=g)
            return A.AcceptTrade(p)
        self.last_reason = because("refuse_no_group")
        return A.RejectTrade(p)

    def _offer(self, state: GameState, p: int) -> A.Action | None:
        if self._offer_turn == state.turn or (state.variant.trade_only_when_bank_empty
                                              and bank_has_deeds(state)):
            return None
        b = state.board
        own, mort = state.owner, state.mortgaged
        tradable = state.variant.trade_mortgaged

        def loose(members: tuple[int, ...]) -> bool:   # no building, and free to change hands
            return not any(state.houses[s] or (mort[s] and not tradable) for s in members)

        alive = state.alive()
        for g, members in enumerate(b.group_members):
            take = tuple(s for s in members if own[s] != p)
            if len(take) == len(members) or not take:
                continue
            q = own[take[0]]
            if q < 0 or q not in alive or any(own[s] != q for s in take) or not loose(members):
                continue
            for h, others in enumerate(b.group_members):
                if h == g:
                    continue
                give = tuple(s for s in others if own[s] == p)
                if not give or any(own[s] != q for s in others if s not in give):
                    continue
                if len(give) == len(others) or not loose(others):
                    continue
                cash = printed_value(state, take) - printed_value(state, give)
                if cash > state.players[p].cash or -cash > state.players[q].cash:
                    continue
                if not self._fits(state, give, take):
                    continue
                key = (q, give, take)
                last = self.tried.get(key)
                if last is not None and state.turn - last < self.RETRY_TURNS:
                    continue
                self.tried[key] = self._offer_turn = state.turn
                self.last_reason = because("propose_trade", amount=abs(cash))
                return A.ProposeTrade(p, q, give=give, take=take, cash=cash)
        return None


    def _fits(self, state: GameState, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        """May this swap be offered? (Any the search finds, for the swap player.)"""
        return True


PEER_RATIO: Final = 2   # the peer's limit: no side gives more than twice the printed price it gets


def within_ratio(state: GameState, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
    """Neither side of a deed-for-deed swap gives more than ``PEER_RATIO`` times the printed
    price of what it receives (both sides give a deed)."""
    prices = state.board.prices
    a = sum(prices[s] for s in give)
    b = sum(prices[s] for s in take)
    return a > 0 and b > 0 and a <= PEER_RATIO * b and b <= PEER_RATIO * a


def groups_dealt(state: GameState, squares: tuple[int, ...]) -> bool:
    """No deed of the colour groups of ``squares`` is still with the bank."""
    b = state.board
    own = state.owner
    return all(own[x] >= 0 for s in squares if b.groups[s] >= 0
               for x in b.group_members[b.groups[s]])


class PeerBot(SwapBot):
    """The swap player held to the three limits of gamescomputersplay/monopoly v2's traders,
    which ``SwapBot`` skips: a deal is a swap of deeds that completes a colour group for **each**
    side (cash only evens out the printed prices, within ``SWAP_BALANCE``); neither side gives
    more than **twice** the printed price it receives (``PEER_RATIO``); and no deed of a group
    it touches is still **with the bank**. It offers and accepts only such deals."""

    kind = "peer"

    def _fits(self, state: GameState, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        return within_ratio(state, give, take) and groups_dealt(state, give + take)

    def _answer(self, state: GameState, p: int, t: Trade) -> A.Action:
        g = completed_group(state, p, t.give)
        if (not state.time_up and _can_pay(state, p, t) and g >= 0 and not t.in_kind
                and not t.give_cards and not t.take_cards
                and completed_group(state, t.proposer, t.take) >= 0
                and self._fits(state, t.take, t.give)
                and printed_balance(state, t) >= SWAP_BALANCE):
            self.last_reason = because("accept_my_group", group=g)
            return A.AcceptTrade(p)
        self.last_reason = because("refuse_no_group")
        return A.RejectTrade(p)


class FairBot(BaselineBot):
    """The baseline that accepts any offer giving it at least the printed value of what it
    gives (``printed_value``: a mortgaged deed at its price less the mortgage and the 10 %; a
    jail card ``JAIL_CARD_VALUE``); it proposes nothing."""

    kind = "fair"

    def _answer(self, state: GameState, p: int, t: Trade) -> A.Action:
        if not state.time_up and _can_pay(state, p, t) and printed_balance(state, t) >= 0:
            self.last_reason = because("accept_good")
            return A.AcceptTrade(p)
        self.last_reason = because("refuse_too_little")
        return A.RejectTrade(p)


class RandomBot:
    """Any legal action, uniformly (rolls favoured so games move on), now and then a random
    trade. For tests: it exercises every corner of the engine through the legal API."""

    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = BotRng(seed)
        self.last_reason: Reason = NO_REASON

    def memory(self) -> dict[str, Any]:
        """Its random stream, as plain data."""
        return {"rng": self.rng.state, "reason": self.last_reason.data()}

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None:
        """Take back a ``memory()``."""
        self.rng.state = int(data["rng"])
        self.last_reason = reason_from(data["reason"])

    def decide(self, state: GameState, p: int) -> A.Action | None:
        """A random legal action of player ``p`` (None when it has none)."""
        acts = legal_actions(state, p)
        if state.phase in (ROLL, JAIL) and p == state.current and self.rng.random() < 0.05:
            others = [q for q in state.alive() if q != p]
            mine, theirs = state.owned_by(p), []
            if others:
                q = self.rng.choice(others)
                theirs = state.owned_by(q)
                if mine or theirs:
                    give = tuple(self.rng.sample(mine, min(len(mine), self.rng.randint(0, 1))))
                    take = tuple(self.rng.sample(theirs, min(len(theirs), self.rng.randint(0, 1))))
                    if give or take:
                        return A.ProposeTrade(p, q, give, take, self.rng.choice((0, 0, 1000, -1000)))
        if not acts:
            return None
        if p == state.current and state.phase == ROLL and self.rng.random() < 0.6:
            return A.Roll(p)
        # Out of turn: mostly leave the others alone.
        if (state.phase not in (AUCTION, TRADE, PLACE_BUILDING, DEBT, BUY, CARD_CHOICE, START_ROLL)
                and p != state.current and self.rng.random() < 0.7):
            return None
        return self.rng.choice(acts)
