"""The engine's core mechanics shared by the action handlers: payments and debts, the
continuation stack (``_resume``), the end of a move, auctions opening, bankruptcy, the end of
the game and the clock. Internal to ``monopoly_cpc.rules`` (the API is in ``engine.py``)."""

from __future__ import annotations

from typing import Any, Final

from monopoly_cpc.rules.board import (
    HOTEL,
    JAIL_SQUARE,
)
from monopoly_cpc.rules.events import Event, event
from monopoly_cpc.rules.queries import (
    building_sale_value,
    by_fortune,
    fortune,
    transfer_interest,
)
from monopoly_cpc.rules.refusals import CODES, Why
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    END_MOVE,
    FREE_PHASES,
    GAME_OVER,
    JAIL,
    ROLL,
    START_ROLL,
    TRADE,
    Auction,
    Debt,
    GameState,
    is_phase,
)

_E: Final = tuple.__new__  # event(...) without NamedTuple's Python-level __new__: a third of the cost


class IllegalAction(Exception):
    """The action is not allowed now; the state is unchanged. ``reason`` says why (English),
    ``code`` is the stable short name of the refusal (``refusals.CODES``; the screens show the
    text ``rules.<code>``), ``fields`` the values that text may show. ``reason`` may be a
    ``refusals.Why``, which brings its own code and fields."""

    def __init__(self, reason: str, action: object = None, *, code: str = "",
                 fields: dict[str, Any] | None = None) -> None:
        if isinstance(reason, Why):
            code = code or reason.code
            fields = reason.fields if fields is None else fields
        if code not in CODES:
            raise ValueError(f"IllegalAction needs a code from refusals.CODES, got {code!r}")
        super().__init__(str(reason))
        self.reason = str(reason)
        self.code = code
        self.fields: dict[str, Any] = dict(fields or {})
        self.action = action


def _check_player(state: GameState, action: object, player: int) -> None:
    if not 0 <= player < len(state.players):
        raise IllegalAction(f"no player {player}", action, code="no_player")
    if state.players[player].bankrupt:
        raise IllegalAction("that player is bankrupt", action, code="player_bankrupt",
                            fields={"name": state.players[player].name})


def _check_free(state: GameState, action: object, player: int, after_time: str = "deal",
                phases: frozenset[str] = FREE_PHASES) -> None:
    """Out-of-turn actions: allowed to any player still in the game in the free phases.

    Once the quick game's time is up, "no operation can be concluded any more, but a player
    who is playing a move finishes it and does everything that goes with it" (seeds/002 A,
    NOUVELLE MANIERE RAPIDE): ``after_time`` says what the action is then. A "claim" (the rent
    of the move) is still allowed; "cash" (sell, mortgage, borrow) only to a player raising
    money in the move (the debtor, or the player at a purchase or a card choice); a "deal"
    (build, lift, trade) never."""
    _check_player(state, action, player)
    if state.phase not in phases:
        raise IllegalAction(f"not now (phase {state.phase})", action, code="not_now")
    if state.time_up and after_time != "claim":
        if after_time == "cash" and _in_the_move(state, player):
            return
        raise IllegalAction("the time is up: no more deals", action, code="time_up_no_deal")


def _in_the_move(state: GameState, player: int) -> bool:
    """Is ``player`` raising money for the move being finished (a debt, a purchase, a card)?"""
    if state.phase == DEBT:
        return bool(state.debts) and state.debts[0].debtor == player
    return player == state.current and state.phase in (BUY, CARD_CHOICE)


def _pay_bank(state: GameState, p: int, amount: int, reason: str, ev: list[Event] | None) -> None:
    pl = state.players[p]
    if pl.cash >= amount:
        pl.cash -= amount
        state.bank_cash += amount
        if ev is not None:
            ev.append(_E(Event, ("pay", p, -1, amount, -1, reason, ())))
    else:
        state.debts.append(Debt(p, -1, amount, reason))
        if ev is not None:
            ev.append(event("debt", p, -1, amount, -1, reason))


def _pay_player(state: GameState, p: int, to: int, amount: int, reason: str,
                ev: list[Event] | None, square: int = -1) -> None:
    pl = state.players[p]
    if pl.cash >= amount:
        pl.cash -= amount
        state.players[to].cash += amount
        if ev is not None:
            ev.append(_E(Event, ("rent_paid" if reason == "rent" else "transfer", p, square, amount,
                                  to, reason, ())))
    else:
        state.debts.append(Debt(p, to, amount, reason))
        if ev is not None:
            ev.append(event("debt", p, -1, amount, to, reason))


def _settle_debts(state: GameState, ev: list[Event] | None) -> None:
    """Pay the first debt as soon as the debtor has the cash; then resume."""
    while state.phase == DEBT and state.debts:
        d = state.debts[0]
        pl = state.players[d.debtor]
        if pl.cash < d.amount:
            return
        pl.cash -= d.amount
        if d.creditor < 0:
            state.bank_cash += d.amount
        else:
            state.players[d.creditor].cash += d.amount
        state.debts.pop(0)
        if ev is not None:
            ev.append(event("debt_paid", d.debtor, -1, d.amount, d.creditor, d.reason))
        if d.reason == "rent":
            if ev is not None:
                ev.append(event("rent_paid", d.debtor, -1, d.amount, d.creditor, "rent"))
        _resume(state, ev)


def _resume(state: GameState, ev: list[Event] | None) -> None:
    """An interruption is over: settle debts first, then bankrupt estates, then continue."""
    if state.phase == GAME_OVER:
        return
    if state.debts:
        state.phase = DEBT  # apply() pays at once what the debtor can already pay
        return
    if state.estate:
        _start_estate_auction(state, ev)
        return
    cont = state.stack.pop() if state.stack else END_MOVE
    while cont == DEBT:  # an interruption during a debt: the debts were checked above
        cont = state.stack.pop() if state.stack else END_MOVE
    if state.players[state.current].bankrupt:
        # The player whose move it was is out: whatever was pending in his turn is moot.
        state.stack.clear()
        state.pending_square = -1
        state.pending_card = -1
        cont = END_MOVE
    if cont == END_MOVE:
        _end_move(state, ev)
    elif state.time_up and cont in (ROLL, JAIL, START_ROLL) and not state.stack:
        _end_now(state, ev)  # the clock ran out during an out-of-turn action between moves
    elif is_phase(cont):
        state.phase = cont
    else:
        raise ValueError(f"unknown continuation {cont!r}")   # the stack holds phases only


def _end_move(state: GameState, ev: list[Event] | None) -> None:
    """The move is over: quick-game end or CTRL+C, same player again after a double, else the
    next player still in the game."""
    if state.time_up or state.end_requested:
        _end_now(state, ev)
        return
    cur = state.players[state.current]
    if state.extra_roll and not cur.bankrupt and not cur.in_jail:
        state.extra_roll = False
        state.phase = ROLL
        return
    state.extra_roll = False
    state.doubles = 0
    players = state.players
    n = len(players)
    i = state.current + 1
    if i == n:
        i = 0
    while players[i].bankrupt:  # someone is still in: the game would be over otherwise
        i = i + 1 if i + 1 < n else 0
    state.current = i
    state.turn += 1
    if ev is not None:
        ev.append(_E(Event, ("turn", i, -1, 0, -1, "", ())))
    state.phase = JAIL if players[i].in_jail else ROLL


def _go_to_jail(state: GameState, p: int, why: str, ev: list[Event] | None) -> None:
    pl = state.players[p]
    pl.pos = JAIL_SQUARE
    pl.in_jail = True
    pl.jail_turns = 0
    state.extra_roll = False
    state.doubles = 0
    if ev is not None:
        ev.append(event("jail", p, JAIL_SQUARE, 0, -1, why))


def _open_auction(state: GameState, kind: str, square: int, min_bid: int, bidders: list[int],
                  ev: list[Event] | None) -> None:
    state.auction = Auction(kind, square, min_bid, bidders)
    state.phase = AUCTION
    if ev is not None:
        ev.append(event("auction_start", -1, square, min_bid, -1, kind, tuple(bidders)))


def _start_estate_auction(state: GameState, ev: list[Event] | None) -> None:
    s = state.estate.pop(0)
    bidders = state.alive()
    _open_auction(state, "property", s, state.variant.min_bid, bidders, ev)


def _interest(state: GameState, who: int, s: int, ev: list[Event] | None) -> None:
    """The new owner of mortgaged ``s`` pays 10 % at once; lifting it before the next roll of
    the dice then costs the principal only (``fresh_lifts``)."""
    amount = transfer_interest(state, s)
    if s not in state.fresh_lifts:
        state.fresh_lifts.append(s)
    pl = state.players[who]
    if pl.cash >= amount:
        pl.cash -= amount
        state.bank_cash += amount
        if ev is not None:
            ev.append(event("interest", who, s, amount))
    else:
        state.debts.append(Debt(who, -1, amount, "interest"))
        if ev is not None:
            ev.append(event("debt", who, s, amount, -1, "interest"))


def _bankrupt(state: GameState, p: int, ev: list[Event] | None) -> None:
    """``p`` cannot pay ``debts[0]``: everything goes to the creditor (or to auction)."""
    d = state.debts.pop(0)
    creditor = d.creditor
    pl = state.players[p]
    b = state.board
    own = state.owner
    state.deed_changes += 1     # the deeds change hands below, the buildings go back, and
    state.build_changes += 1    # one player fewer is in the game (bot.value_of counts on it)
    # Buildings go back to the bank at half price (seeds/002 FAILLITE).
    for s in b.streets:
        if own[s] == p and state.houses[s]:
            value = building_sale_value(state, s)
            if state.houses[s] == HOTEL:
                state.bank_hotels += 1
            else:
                state.bank_houses += state.houses[s]
            state.houses[s] = 0
            pl.cash += value
            state.bank_cash -= value
    squares = [s for s in b.properties if own[s] == p]
    if ev is not None:
        # data: the MONOPOLIC loan the bank writes off with him (void, as his other debts)
        ev.append(event("bankrupt", p, -1, d.amount, creditor, d.reason, (pl.loan,) if pl.loan else ()))
    if creditor >= 0:
        cp = state.players[creditor]
        cp.cash += pl.cash
        for s in squares:
            own[s] = creditor
        cp.jail_cards.extend(pl.jail_cards)
        if pl.jail_cards:
            if ev is not None:
                ev.append(event("card_kept", creditor, -1, 0, p, "", tuple(pl.jail_cards)))
        if ev is not None:
            ev.append(event("transfer", p, -1, pl.cash, creditor, "bankruptcy", tuple(squares)))
        pl.cash = 0
        for s in squares:
            if state.mortgaged[s]:
                _interest(state, creditor, s, ev)
    else:
        state.bank_cash += pl.cash
        pl.cash = 0
        for c in pl.jail_cards:
            state.decks[state.cards.all[c].deck].append(c)
        for s in squares:
            own[s] = -1
            state.mortgaged[s] = False
            if s in state.fresh_lifts:
                state.fresh_lifts.remove(s)
        state.estate.extend(squares)
    pl.jail_cards = []
    pl.loan = 0
    pl.loan_interest = 0
    pl.loan_passes = 0
    pl.in_jail = False
    pl.bankrupt = True
    state.bankruptcies += 1
    # Debts owed by the bankrupt are void; debts owed to him go to the bank.
    state.debts = [x for x in state.debts if x.debtor != p]
    for x in state.debts:
        if x.creditor == p:
            x.creditor = -1
    claim = state.claim
    if claim is not None and p in (claim.owner, claim.payer):
        state.claim = None
    if state.trade is not None and p in (state.trade.proposer, state.trade.partner):
        state.trade = None
    if p == state.current:
        state.extra_roll = False
    alive = state.alive()
    v = state.variant
    if len(alive) <= 1 or (v.end_at_bankruptcies and state.bankruptcies >= v.end_at_bankruptcies):
        state.estate = []
        _finish(state, ev)
        return
    if state.phase != DEBT:
        return
    _resume(state, ev)


def _finish(state: GameState, ev: list[Event] | None) -> None:
    alive = state.alive()
    scores = [fortune(state, i) for i in range(len(state.players))]
    ranking = by_fortune(state, scores)
    state.scores = scores
    state.ranking = ranking
    state.winner = ranking[0]
    for i in alive:
        if ev is not None:
            ev.append(event("score", i, -1, scores[i]))
    if ev is not None:
        ev.append(event("winner", state.winner, -1, scores[state.winner]))
    if ev is not None:
        ev.append(event("game_over", state.winner))
    state.phase = GAME_OVER
    state.stack = []
    state.pending_square = -1
    state.pending_card = -1
    state.debts = []
    state.auction = None
    state.trade = None
    state.claim = None
    state.estate = []


def _end_now(state: GameState, ev: list[Event] | None) -> None:
    """The game ends at the end of a move (the quick game's time is over, or CTRL+C): the rent
    that move brought is paid even if the owner has not claimed it yet, since the player
    "finishes his move and does everything that goes with it" (seeds/002 A, NOUVELLE MANIERE
    RAPIDE); a rent he cannot pay is raised like any debt first. Then the scores."""
    c = state.claim
    if c is not None:
        state.claim = None
        if not state.players[c.payer].bankrupt:
            _pay_player(state, c.payer, c.owner, c.amount, "rent", ev, c.square)
            if state.debts:
                state.phase = DEBT   # once settled, _resume ends the move again: the scores
                return
    _finish(state, ev)


def _between_moves(state: GameState) -> bool:
    return state.phase in (ROLL, JAIL, START_ROLL) and not state.stack


def _advance_clock(state: GameState, ticks: int, ev: list[Event] | None) -> None:
    if not state.variant.time_limit_ticks or state.time_up:
        return
    state.clock = max(0, state.clock - ticks)
    if state.clock == 0:
        state.time_up = True
        if ev is not None:
            ev.append(event("time_up"))
        t = state.trade
        if state.phase == TRADE and t is not None:
            # An offer still unanswered lapses: "no operation can be concluded any more"
            # (seeds/002 A), so it leaves the screen rather than wait for an O it would refuse.
            state.trade = None
            if ev is not None:
                ev.append(event("trade_rejected", t.partner, -1, 0, t.proposer, "time_up"))
            _resume(state, ev)
        if _between_moves(state):
            _end_now(state, ev)
