"""The rules engine: ``new_game``, ``apply`` and the turn flow.

``apply(state, action)`` validates the one action given, then mutates the state in place and
returns the events. Validation always happens before the first mutation, so an
``IllegalAction`` leaves the state exactly as it was (no copy needed).

The turn flow uses a small continuation stack: an interruption (a debt to settle, an auction, a
trade awaiting an answer) keeps what comes after it in ``state.stack``; ``_resume`` pops it.
"""

from __future__ import annotations

from collections.abc import Sequence

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import (
    CHANCE,
    COMMUNITY,
    GO_TO_JAIL,
    HOTEL,
    JAIL_SQUARE,
    STREET,
    TAX,
    UTILITY,
    Board,
)
from monopoly_cpc.rules.cards import CHANCE_DECK, COMMUNITY_DECK, Cards
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.queries import (
    assets,
    bank_has_deeds,
    building_sale_value,
    can_build,
    can_mortgage,
    can_sell,
    fortune,
    group_has_buildings,
    hotel_level,
    level,
    lift_cost,
    liquidation_value,
    rent,
    shortage_bidders,
)
from monopoly_cpc.rules.rng import below, next_u32, seed_state
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    END_MOVE,
    FREE_PHASES,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
    Auction,
    Debt,
    GameState,
    RentClaim,
    Trade,
    blank_state,
)
from monopoly_cpc.rules.variants import Variant

_E = tuple.__new__  # Event(...) without NamedTuple's Python-level __new__: a third of the cost


class IllegalAction(Exception):
    """The action is not allowed now; the state is unchanged. ``reason`` says why."""

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


# ---------------------------------------------------------------------------------------------
# new game

def new_game(names: Sequence[str], computer: Sequence[bool] | None = None,
             pawns: Sequence[int] | None = None, variant: Variant | None = None, seed: int = 0,
             board: Board | None = None, cards: Cards | None = None,
             first_player: int | None = None) -> GameState:
    """Start a game: money dealt, decks shuffled from the seeded RNG, deeds dealt in the quick
    game, then the who-starts rolls (skipped when ``first_player`` is given, for scenarios)."""
    variant = variant or Variant()
    n = len(names)
    if not variant.min_players <= n <= variant.max_players:
        raise ValueError(f"{n} players: this game takes {variant.min_players} to {variant.max_players}")
    computer = list(computer) if computer is not None else [False] * n
    if len(computer) != n:
        raise ValueError("one computer flag per player")
    if sum(1 for c in computer if not c) > variant.max_humans:
        raise ValueError(f"at most {variant.max_humans} human players in this variant")
    state = blank_state(variant, list(names), board, cards)
    for i, p in enumerate(state.players):
        p.computer = bool(computer[i])
        p.pawn = pawns[i] if pawns is not None else i
        p.cash = variant.start_cash
    state.rng = seed_state(seed)
    for d in (CHANCE_DECK, COMMUNITY_DECK):
        _shuffle(state, state.decks[d])
    state.clock = variant.time_limit_ticks
    if variant.deal_deeds:
        _deal_deeds(state, variant.deal_deeds)
    state.start_rolls = [0] * n
    if first_player is None:
        state.phase = START_ROLL
        state.start_rollers = list(range(n))
    else:
        if not 0 <= first_player < n:
            raise ValueError(f"first_player {first_player} out of range")
        state.current = first_player
        state.phase = ROLL
        state.turn = 1
    return state


def _shuffle(state: GameState, items: list[int]) -> None:
    rng = state.rng
    for i in range(len(items) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    state.rng = rng


def _deal_deeds(state: GameState, k: int) -> None:
    """Quick game: shuffle the title deeds and deal ``k`` to each player, paid at once."""
    if k * len(state.players) > len(state.board.properties):
        raise ValueError(f"cannot deal {k} title deeds to {len(state.players)} players")
    deeds = list(state.board.properties)
    _shuffle(state, deeds)
    for _ in range(k):
        for i, p in enumerate(state.players):
            s = deeds.pop()
            state.owner[s] = i
            price = state.board.prices[s]
            if p.cash < price:
                raise ValueError("the starting cash cannot pay for the dealt title deeds")
            p.cash -= price
            state.bank_cash += price


# ---------------------------------------------------------------------------------------------
# apply

def apply(state: GameState, action: A.Action) -> list[Event]:
    """Validate ``action`` and carry it out; return the events. Raises IllegalAction (state
    unchanged) when the action is not allowed now."""
    handler = _HANDLERS.get(action.__class__)
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}", action)
    if state.phase == GAME_OVER:
        raise IllegalAction("the game is over", action)
    ev: list[Event] = []
    handler(state, action, ev)
    state.actions += 1
    if state.phase == DEBT:
        _settle_debts(state, ev)
    if state.variant.ticks_per_action and state.phase != GAME_OVER:
        _advance_clock(state, state.variant.ticks_per_action, ev)
    return ev


def _check_player(state: GameState, action, player: int) -> None:
    if not 0 <= player < len(state.players):
        raise IllegalAction(f"no player {player}", action)
    if state.players[player].bankrupt:
        raise IllegalAction("that player is bankrupt", action)


def _check_free(state: GameState, action, player: int) -> None:
    """Out-of-turn actions: allowed to any player still in the game in the free phases."""
    _check_player(state, action, player)
    if state.phase not in FREE_PHASES:
        raise IllegalAction(f"not now (phase {state.phase})", action)


# ---------------------------------------------------------------------------------------------
# dice, movement, landing

def _roll_dice(state: GameState) -> tuple[int, int]:
    state.rolls += 1
    if state.forced_dice:
        return state.forced_dice.pop(0)
    state.rng, r = next_u32(state.rng)
    r %= 36
    return r // 6 + 1, r % 6 + 1


def _do_roll(state: GameState, action: A.Roll, ev: list[Event]) -> None:
    phase = state.phase
    p = action.player
    if phase == START_ROLL:
        if not state.start_rollers or state.start_rollers[0] != p:
            raise IllegalAction("not your turn to roll for the start", action)
        _start_roll(state, p, ev)
        return
    if phase != ROLL and phase != JAIL:
        raise IllegalAction(f"cannot roll now (phase {phase})", action)
    if p != state.current:
        raise IllegalAction("not your turn", action)
    claim = state.claim
    if claim is not None:  # the next roll of the dice: an unclaimed rent is lost
        ev.append(Event("rent_lost", claim.payer, claim.square, claim.amount, claim.owner))
        state.claim = None
    state.rolls += 1
    if state.forced_dice:
        d1, d2 = state.forced_dice.pop(0)
    else:  # xorshift64* inlined (rng.next_u32): this is the hottest line of the engine
        x = state.rng
        x ^= x >> 12
        x ^= (x << 25) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 27
        state.rng = x
        r = (((x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 32) % 36
        d1 = r // 6 + 1
        d2 = r % 6 + 1
    state.dice = (d1, d2)
    total = d1 + d2
    ev.append(_E(Event, ("dice", p, -1, total, -1, "", (d1, d2))))
    pl = state.players[p]
    if phase == JAIL:
        if d1 == d2:
            pl.in_jail = False
            pl.jail_turns = 0
            ev.append(Event("leave_jail", p, JAIL_SQUARE, 0, -1, "doubles"))
            state.extra_roll = False  # the double that frees does not give another roll
            _advance(state, p, total, ev)
        else:
            pl.jail_turns += 1
            if pl.jail_turns >= 3:
                pl.in_jail = False
                pl.jail_turns = 0
                ev.append(Event("leave_jail", p, JAIL_SQUARE, state.variant.jail_fine, -1,
                                "third_turn"))
                _pay_bank(state, p, state.variant.jail_fine, "jail", ev)
                state.extra_roll = False
                _advance(state, p, total, ev)
            else:
                ev.append(Event("jail_stay", p, JAIL_SQUARE, pl.jail_turns))
                state.extra_roll = False
    else:
        if d1 == d2:
            state.doubles += 1
            ev.append(_E(Event, ("doubles", p, -1, state.doubles, -1, "", ())))
            if state.doubles >= 3:
                _go_to_jail(state, p, "doubles", ev)
            else:
                state.extra_roll = True
                _advance(state, p, total, ev)
        else:
            state.extra_roll = False
            _advance(state, p, total, ev)
    # Decisions met during the move set another phase; the move ends when they are settled.
    if state.phase != phase:
        state.stack.append(END_MOVE)
    elif state.debts:
        state.stack.append(END_MOVE)
        _resume(state, ev)
    else:
        _end_move(state, ev)


def _start_roll(state: GameState, p: int, ev: list[Event]) -> None:
    d1, d2 = _roll_dice(state)
    state.start_rollers.pop(0)
    state.start_rolls[p] = d1 + d2
    ev.append(Event("start_roll", p, -1, d1 + d2, -1, "", (d1, d2)))
    if state.start_rollers:
        return
    best = max(state.start_rolls)
    top = [i for i, r in enumerate(state.start_rolls) if r == best]
    if len(top) > 1:  # seeds/002: 'ils recommencent entre eux'
        ev.append(Event("start_tie", -1, -1, best, -1, "", tuple(top)))
        state.start_rollers = top
        state.start_rolls = [0] * len(state.players)
        return
    state.current = top[0]
    state.turn = 1
    ev.append(Event("first_player", top[0]))
    ev.append(Event("turn", top[0]))
    state.phase = JAIL if state.players[top[0]].in_jail else ROLL


def _salary(state: GameState, p: int, ev: list[Event]) -> None:
    v = state.variant
    pl = state.players[p]
    pl.cash += v.salary
    state.bank_cash -= v.salary
    ev.append(_E(Event, ("pass_go", p, 0, v.salary, -1, "", ())))
    if pl.loan:
        pl.loan_passes += 1
        pl.loan += pl.loan * v.loan_rate_percent // 100
        ev.append(Event("loan_interest", p, 0, pl.loan))
        if pl.loan_passes >= v.loan_passes:
            owed = pl.loan
            pl.loan = 0
            pl.loan_passes = 0
            ev.append(Event("loan_repaid", p, 0, owed))
            _pay_bank(state, p, owed, "loan", ev)


def _advance(state: GameState, p: int, steps: int, ev: list[Event]) -> None:
    """Move forward by the dice, salary when passing or stopping on Départ, then land."""
    pl = state.players[p]
    old = pl.pos
    new = old + steps
    if new >= 40:
        new -= 40
        _salary(state, p, ev)
    pl.pos = new
    ev.append(_E(Event, ("move", p, new, 0, -1, "", (old, steps))))
    _land(state, p, False, ev)


def _move_to(state: GameState, p: int, target: int, ev: list[Event]) -> None:
    """Card move forward to ``target``: salary if Départ is passed or reached."""
    pl = state.players[p]
    old = pl.pos
    if target <= old:
        _salary(state, p, ev)
    pl.pos = target
    ev.append(Event("move", p, target, 0, -1, "card", (old, (target - old) % 40)))
    _land(state, p, True, ev)


def _move_back(state: GameState, p: int, target: int, ev: list[Event]) -> None:
    """Card move backwards to ``target``: never a salary."""
    pl = state.players[p]
    old = pl.pos
    pl.pos = target
    ev.append(Event("move", p, target, 0, -1, "back", (old, -((old - target) % 40))))
    _land(state, p, True, ev)


def _go_to_jail(state: GameState, p: int, why: str, ev: list[Event]) -> None:
    pl = state.players[p]
    pl.pos = JAIL_SQUARE
    pl.in_jail = True
    pl.jail_turns = 0
    state.extra_roll = False
    state.doubles = 0
    ev.append(Event("jail", p, JAIL_SQUARE, 0, -1, why))


def _land(state: GameState, p: int, by_card: bool, ev: list[Event]) -> None:
    b = state.board
    s = state.players[p].pos
    kind = b.kinds[s]
    if b.is_property[s]:
        owner = state.owner[s]
        if owner < 0:
            state.pending_square = s
            state.phase = BUY
            ev.append(_E(Event, ("buy_offer", p, s, b.prices[s], -1, "", ())))
        elif owner != p:
            if state.mortgaged[s]:
                ev.append(Event("no_rent", p, s, 0, owner))
                return
            total = state.dice[0] + state.dice[1]
            if kind == UTILITY and by_card:
                # A card move to a utility: the dice are rolled again for the rent (seeds/003).
                d1, d2 = _roll_dice(state)
                total = d1 + d2
                ev.append(Event("dice", p, s, total, -1, "utility", (d1, d2)))
            amount = rent(state, s, total)
            if state.variant.auto_rent:
                ev.append(_E(Event, ("rent_due", p, s, amount, owner, "", ())))
                _pay_player(state, p, owner, amount, "rent", ev)
            else:
                old = state.claim
                if old is not None:
                    ev.append(Event("rent_lost", old.payer, old.square, old.amount, old.owner))
                state.claim = RentClaim(owner, p, s, amount)
                ev.append(_E(Event, ("rent_due", p, s, amount, owner, "", ())))
        return
    if kind == TAX:
        amount = b.taxes[s]
        ev.append(Event("tax", p, s, amount))
        _pay_bank(state, p, amount, "tax", ev)
    elif kind == CHANCE:
        _draw(state, p, CHANCE_DECK, ev)
    elif kind == COMMUNITY:
        _draw(state, p, COMMUNITY_DECK, ev)
    elif kind == GO_TO_JAIL:
        _go_to_jail(state, p, "square", ev)


# ---------------------------------------------------------------------------------------------
# cards

def _draw(state: GameState, p: int, deck: int, ev: list[Event]) -> None:
    """Take the top card (or the forced one), put it back underneath (unless kept), obey it."""
    cards = state.decks[deck]
    forced = state.forced_cards[deck]
    idx = -1
    if forced:
        want = forced.pop(0)
        if want in cards:
            cards.remove(want)
            idx = want
    if idx < 0:
        idx = cards.pop(0)
    card = state.cards.all[idx]
    ev.append(_E(Event, ("card_drawn", p, state.players[p].pos, 0, -1, card.id, (deck,))))
    effect = card.effect
    if effect == "jail_free":
        state.players[p].jail_cards.append(idx)
        ev.append(Event("card_kept", p, -1, 0, -1, card.id))
        return
    cards.append(idx)
    if effect == "move_to":
        _move_to(state, p, card.target, ev)
    elif effect == "move_back_to":
        _move_back(state, p, card.target, ev)
    elif effect == "move_by":
        if card.steps < 0:
            _move_back(state, p, (state.players[p].pos + card.steps) % 40, ev)
        else:
            _advance(state, p, card.steps, ev)
    elif effect == "go_to_jail":
        _go_to_jail(state, p, "card", ev)
    elif effect == "pay":
        _pay_bank(state, p, card.amount, card.id, ev)
    elif effect == "collect":
        pl = state.players[p]
        pl.cash += card.amount
        state.bank_cash -= card.amount
        ev.append(Event("collect", p, -1, card.amount, -1, card.id))
    elif effect == "repairs":
        nh = nt = 0
        own, houses = state.owner, state.houses
        for s in state.board.streets:
            if own[s] == p:
                h = houses[s]
                if h == HOTEL:
                    nt += 1
                else:
                    nh += h
        amount = nh * card.house + nt * card.hotel
        if amount:
            _pay_bank(state, p, amount, card.id, ev)
    elif effect == "birthday":
        for i, other in enumerate(state.players):
            if i != p and not other.bankrupt:
                _pay_player(state, i, p, card.amount, "birthday", ev)
    elif effect == "fine_or_chance":
        state.pending_card = idx
        state.phase = CARD_CHOICE
        ev.append(Event("card_choice", p, -1, card.amount, -1, card.id))


def _do_choose_card(state: GameState, action: A.ChooseCard, ev: list[Event]) -> None:
    if state.phase != CARD_CHOICE or action.player != state.current:
        raise IllegalAction("no card choice pending for you", action)
    p = action.player
    card = state.cards.all[state.pending_card]
    state.pending_card = -1
    if action.chance:
        _draw(state, p, CHANCE_DECK, ev)
    else:
        _pay_bank(state, p, card.amount, card.id, ev)
    if state.phase == CARD_CHOICE:
        _resume(state, ev)


# ---------------------------------------------------------------------------------------------
# money, debts

def _pay_bank(state: GameState, p: int, amount: int, reason: str, ev: list[Event]) -> None:
    pl = state.players[p]
    if pl.cash >= amount:
        pl.cash -= amount
        state.bank_cash += amount
        ev.append(_E(Event, ("pay", p, -1, amount, -1, reason, ())))
    else:
        state.debts.append(Debt(p, -1, amount, reason))
        ev.append(Event("debt", p, -1, amount, -1, reason))


def _pay_player(state: GameState, p: int, to: int, amount: int, reason: str,
                ev: list[Event]) -> None:
    pl = state.players[p]
    if pl.cash >= amount:
        pl.cash -= amount
        state.players[to].cash += amount
        ev.append(_E(Event, ("rent_paid" if reason == "rent" else "transfer", p, -1, amount, to,
                              reason, ())))
    else:
        state.debts.append(Debt(p, to, amount, reason))
        ev.append(Event("debt", p, -1, amount, to, reason))


def _settle_debts(state: GameState, ev: list[Event]) -> None:
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
        ev.append(Event("debt_paid", d.debtor, -1, d.amount, d.creditor, d.reason))
        if d.reason == "rent":
            ev.append(Event("rent_paid", d.debtor, -1, d.amount, d.creditor, "rent"))
        _resume(state, ev)


def _resume(state: GameState, ev: list[Event]) -> None:
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
        cont = END_MOVE
    if cont == END_MOVE:
        _end_move(state, ev)
    elif state.time_up and cont in (ROLL, JAIL, START_ROLL) and not state.stack:
        _finish(state, ev)  # the clock ran out during an out-of-turn action between moves
    else:
        state.phase = cont


def _end_move(state: GameState, ev: list[Event]) -> None:
    """The move is over: quick-game end or CTRL+C, same player again after a double, else the
    next player still in the game."""
    if state.time_up or state.end_requested:
        _finish(state, ev)
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
    ev.append(_E(Event, ("turn", i, -1, 0, -1, "", ())))
    state.phase = JAIL if players[i].in_jail else ROLL


# ---------------------------------------------------------------------------------------------
# buying and auctions

def _do_buy(state: GameState, action: A.Buy, ev: list[Event]) -> None:
    if state.phase != BUY or action.player != state.current:
        raise IllegalAction("nothing to buy now", action)
    s = state.pending_square
    price = state.board.prices[s]
    pl = state.players[action.player]
    if pl.cash < price:
        raise IllegalAction("not enough cash", action)
    pl.cash -= price
    state.bank_cash += price
    state.owner[s] = action.player
    state.pending_square = -1
    ev.append(_E(Event, ("buy", action.player, s, price, -1, "", ())))
    _resume(state, ev)


def _do_decline(state: GameState, action: A.Decline, ev: list[Event]) -> None:
    if state.phase != BUY or action.player != state.current:
        raise IllegalAction("nothing to decline now", action)
    s = state.pending_square
    state.pending_square = -1
    ev.append(Event("decline", action.player, s))
    # seeds/002: every player bids, the one who declined included.
    _open_auction(state, "property", s, state.variant.min_bid, state.alive(), ev)


def _open_auction(state: GameState, kind: str, square: int, min_bid: int, bidders: list[int],
                  ev: list[Event]) -> None:
    state.auction = Auction(kind, square, min_bid, bidders)
    state.phase = AUCTION
    ev.append(Event("auction_start", -1, square, min_bid, -1, kind, tuple(bidders)))


def _do_bid(state: GameState, action: A.Bid, ev: list[Event]) -> None:
    au = state.auction
    p = action.player
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action)
    if p not in au.bidders or p in au.passed:
        raise IllegalAction("you are not bidding in this auction", action)
    amount = action.amount
    if not isinstance(amount, int) or amount < au.min_bid:
        raise IllegalAction(f"the opening bid is {au.min_bid} F", action)
    if amount <= au.high_bid:
        raise IllegalAction(f"bid more than {au.high_bid} F", action)
    if amount > assets(state, p):
        raise IllegalAction("bid void: more than the bidder's assets", action)
    au.high_bid = amount
    au.high_bidder = p
    ev.append(Event("bid", p, au.square, amount))


def _do_pass(state: GameState, action: A.Pass, ev: list[Event]) -> None:
    au = state.auction
    p = action.player
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action)
    if p not in au.bidders or p in au.passed:
        raise IllegalAction("you are not bidding in this auction", action)
    if p == au.high_bidder:
        raise IllegalAction("the highest bidder cannot leave", action)
    au.passed.append(p)
    ev.append(Event("auction_pass", p, au.square))


def auction_settled(state: GameState) -> bool:
    """True when every bidder but the highest has passed (the simulator then closes)."""
    au = state.auction
    if au is None:
        return False
    return all(b in au.passed or b == au.high_bidder for b in au.bidders)


def _do_close(state: GameState, action: A.CloseAuction, ev: list[Event]) -> None:
    au = state.auction
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action)
    state.auction = None
    w = au.high_bidder
    if w < 0:
        ev.append(Event("auction_unsold", -1, au.square, 0, -1, au.kind))
        _resume(state, ev)
        return
    ev.append(Event("auction_won", w, au.square, au.high_bid, -1, au.kind))
    if au.kind == "property":
        state.owner[au.square] = w
        _pay_bank(state, w, au.high_bid, "auction", ev)
        _resume(state, ev)
        return
    # A building bought at auction in a shortage: paid now, placed by the winner next.
    if au.kind == "house":
        state.bank_houses -= 1
    else:
        state.bank_hotels -= 1
    _pay_bank(state, w, au.high_bid, "auction", ev)
    state.placer = w
    state.place_kind = au.kind
    state.phase = PLACE_BUILDING


def _start_estate_auction(state: GameState, ev: list[Event]) -> None:
    s = state.estate.pop(0)
    bidders = state.alive()
    _open_auction(state, "property", s, state.variant.min_bid, bidders, ev)


# ---------------------------------------------------------------------------------------------
# rent

def _do_claim(state: GameState, action: A.ClaimRent, ev: list[Event]) -> None:
    _check_free(state, action, action.player)
    c = state.claim
    if c is None or c.owner != action.player:
        raise IllegalAction("no rent to claim", action)
    state.claim = None
    if state.players[c.payer].bankrupt:
        return
    before = state.phase
    _pay_player(state, c.payer, c.owner, c.amount, "rent", ev)
    if state.debts and before != DEBT:
        state.stack.append(before)
        _resume(state, ev)


# ---------------------------------------------------------------------------------------------
# jail

def _do_pay_jail(state: GameState, action: A.PayJailFine, ev: list[Event]) -> None:
    p = action.player
    if state.phase != JAIL or p != state.current:
        raise IllegalAction("you can pay the fine only at the start of your turn in jail", action)
    fine = state.variant.jail_fine
    pl = state.players[p]
    if pl.cash < fine:
        raise IllegalAction("not enough cash", action)
    pl.cash -= fine
    state.bank_cash += fine
    pl.in_jail = False
    pl.jail_turns = 0
    ev.append(Event("pay", p, -1, fine, -1, "jail"))
    ev.append(Event("leave_jail", p, JAIL_SQUARE, fine, -1, "fine"))
    state.phase = ROLL


def _do_use_card(state: GameState, action: A.UseJailCard, ev: list[Event]) -> None:
    p = action.player
    if state.phase != JAIL or p != state.current:
        raise IllegalAction("you can use the card only at the start of your turn in jail", action)
    pl = state.players[p]
    if not pl.jail_cards:
        raise IllegalAction("you have no 'libéré de prison' card", action)
    idx = pl.jail_cards.pop(0)
    card = state.cards.all[idx]
    state.decks[card.deck].append(idx)  # back under its deck
    pl.in_jail = False
    pl.jail_turns = 0
    ev.append(Event("leave_jail", p, JAIL_SQUARE, 0, -1, "card", (idx,)))
    state.phase = ROLL


# ---------------------------------------------------------------------------------------------
# buildings, mortgages

def _do_build(state: GameState, action: A.Build, ev: list[Event]) -> None:
    p, s = action.player, action.square
    placing = state.phase == PLACE_BUILDING
    if placing:
        if p != state.placer:
            raise IllegalAction("the auction winner places the building", action)
    else:
        _check_free(state, action, p)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action)
    b = state.board
    top = hotel_level(state)
    is_hotel = level(state, s) == top - 1
    kind = "hotel" if is_hotel else "house"
    pl = state.players[p]
    if placing:
        if kind != state.place_kind:
            raise IllegalAction(f"place the {state.place_kind} you won", action)
        why = can_build(state, p, s, paid=True)
        if why:
            raise IllegalAction(why, action)
    else:
        why = can_build(state, p, s)
        if why:
            raise IllegalAction(why, action)
        stock = state.bank_hotels if is_hotel else state.bank_houses
        # Cheap test first: a shortage needs fewer buildings left than players in the game.
        bidders = shortage_bidders(state, kind) if stock < len(state.players) else []
        if len(bidders) > 1 and stock < len(bidders):
            # seeds/002 MANQUE DE CONSTRUCTIONS: more builders than buildings -> auction, from
            # the lowest printed house price among the builders' streets (seeds/003).
            low = min(b.house_costs[x] for x in b.streets
                      if state.owner[x] in bidders and not can_build(state, state.owner[x], x))
            ev.append(Event("shortage", p, s, stock, -1, kind, tuple(bidders)))
            state.stack.append(state.phase)
            _open_auction(state, kind, -1, low, bidders, ev)
            return
        cost = b.house_costs[s]
        pl.cash -= cost
        state.bank_cash += cost
        if is_hotel:
            state.bank_hotels -= 1
        else:
            state.bank_houses -= 1
    if is_hotel:
        state.bank_houses += top - 1  # the houses go back to the bank
        state.houses[s] = HOTEL
    else:
        state.houses[s] += 1
    ev.append(Event("build", p, s, 0 if placing else b.house_costs[s], -1, kind))
    if placing:
        state.placer = -1
        state.place_kind = ""
        _resume(state, ev)


def _sell_one(state: GameState, p: int, s: int, ev: list[Event]) -> None:
    """Sell the building(s) of ``s`` (validated by the caller)."""
    b = state.board
    cost = b.house_costs[s]
    pl = state.players[p]
    if state.houses[s] != HOTEL:
        state.houses[s] -= 1
        state.bank_houses += 1
        pl.cash += cost // 2
        state.bank_cash -= cost // 2
        ev.append(Event("sell", p, s, cost // 2, -1, "house"))
        return
    top = hotel_level(state)
    if state.variant.hotel_breakdown and state.bank_houses >= top - 1:
        # The hotel traded back for its houses plus half its price (variant).
        state.houses[s] = top - 1
        state.bank_hotels += 1
        state.bank_houses -= top - 1
        pl.cash += cost // 2
        state.bank_cash -= cost // 2
        ev.append(Event("sell", p, s, cost // 2, -1, "hotel"))
        return
    # seeds/002: selling a hotel sells every building of the group at once.
    for x in b.group_members[b.groups[s]]:
        h = state.houses[x]
        if not h:
            continue
        value = building_sale_value(state, x)
        if h == HOTEL:
            state.bank_hotels += 1
        else:
            state.bank_houses += h
        state.houses[x] = 0
        pl.cash += value
        state.bank_cash -= value
        ev.append(Event("sell", p, x, value, -1, "hotel" if h == HOTEL else "house"))


def _do_sell(state: GameState, action: A.SellBuilding, ev: list[Event]) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action)
    why = can_sell(state, p, s)
    if why:
        raise IllegalAction(why, action)
    _sell_one(state, p, s, ev)


def _do_mortgage(state: GameState, action: A.Mortgage, ev: list[Event]) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action)
    why = can_mortgage(state, p, s)
    if why:
        raise IllegalAction(why, action)
    m = state.board.mortgages[s]
    state.mortgaged[s] = True
    state.players[p].cash += m
    state.bank_cash -= m
    ev.append(Event("mortgage", p, s, m))


def _do_lift(state: GameState, action: A.Lift, ev: list[Event]) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p)
    if not 0 <= s < 40 or state.owner[s] != p or not state.mortgaged[s]:
        raise IllegalAction("not one of your mortgaged properties", action)
    cost = lift_cost(state, s)
    pl = state.players[p]
    if pl.cash < cost:
        raise IllegalAction("not enough cash", action)
    pl.cash -= cost
    state.bank_cash += cost
    state.mortgaged[s] = False
    ev.append(Event("lift", p, s, cost))


def _do_borrow(state: GameState, action: A.Borrow, ev: list[Event]) -> None:
    p = action.player
    _check_free(state, action, p)
    v = state.variant
    if not v.loans:
        raise IllegalAction("no loans in this variant", action)
    pl = state.players[p]
    if not isinstance(action.amount, int) or action.amount <= 0:
        raise IllegalAction("borrow a positive amount", action)
    if pl.loan + action.amount > v.loan_max:
        raise IllegalAction(f"loans are limited to {v.loan_max} F in all", action)
    if pl.loan == 0:
        pl.loan_passes = 0
    pl.loan += action.amount
    pl.cash += action.amount
    state.bank_cash -= action.amount
    ev.append(Event("loan", p, -1, action.amount))


# ---------------------------------------------------------------------------------------------
# trades

def _check_trade(state: GameState, t: Trade, action) -> None:
    p, q = t.proposer, t.partner
    _check_player(state, action, p)
    _check_player(state, action, q)
    if p == q:
        raise IllegalAction("a trade needs two players", action)
    if state.variant.trade_only_when_bank_empty and bank_has_deeds(state):
        raise IllegalAction("trades only once the bank has no title deed left", action)
    if not (t.give or t.take or t.give_cards or t.take_cards):
        raise IllegalAction("the trade is empty", action)
    b = state.board
    for squares, who in ((t.give, p), (t.take, q)):
        if len(set(squares)) != len(squares):
            raise IllegalAction("a property is listed twice", action)
        for s in squares:
            if not isinstance(s, int) or not 0 <= s < 40 or not b.is_property[s]:
                raise IllegalAction(f"{s!r} is not a property", action)
            if state.owner[s] != who:
                raise IllegalAction(f"{b.names[s]} does not belong to {state.players[who].name}",
                                    action)
            if group_has_buildings(state, s):
                raise IllegalAction(f"sell the buildings of {b.names[s]}'s group first", action)
            if state.mortgaged[s] and not state.variant.trade_mortgaged:
                raise IllegalAction("a mortgaged property cannot be traded", action)
    for cards, who in ((t.give_cards, p), (t.take_cards, q)):
        held = list(state.players[who].jail_cards)
        for c in cards:
            if c not in held:
                raise IllegalAction("that jail card is not held", action)
            held.remove(c)
    if not isinstance(t.cash, int):
        raise IllegalAction("cash must be a whole number", action)
    if t.cash > 0 and state.players[p].cash < t.cash:
        raise IllegalAction("the proposer has not that much cash", action)
    if t.cash < 0 and state.players[q].cash < -t.cash:
        raise IllegalAction("the partner has not that much cash", action)


def _do_propose(state: GameState, action: A.ProposeTrade, ev: list[Event]) -> None:
    _check_free(state, action, action.player)
    t = Trade(action.player, action.partner, tuple(action.give), tuple(action.take), action.cash,
              tuple(action.give_cards), tuple(action.take_cards))
    _check_trade(state, t, action)
    state.trade = t
    state.stack.append(state.phase)
    state.phase = TRADE
    ev.append(Event("trade_proposed", t.proposer, -1, t.cash, t.partner, "",
                    (t.give, t.take, t.give_cards, t.take_cards)))


def _do_accept(state: GameState, action: A.AcceptTrade, ev: list[Event]) -> None:
    t = state.trade
    if state.phase != TRADE or t is None or action.player != t.partner:
        raise IllegalAction("no trade awaits your answer", action)
    _check_trade(state, t, action)
    state.trade = None
    p, q = t.proposer, t.partner
    pp, pq = state.players[p], state.players[q]
    pp.cash -= t.cash
    pq.cash += t.cash
    for s in t.give:
        state.owner[s] = q
    for s in t.take:
        state.owner[s] = p
    for c in t.give_cards:
        pp.jail_cards.remove(c)
        pq.jail_cards.append(c)
    for c in t.take_cards:
        pq.jail_cards.remove(c)
        pp.jail_cards.append(c)
    ev.append(Event("trade", p, -1, t.cash, q, "", (t.give, t.take, t.give_cards, t.take_cards)))
    # seeds/002 HYPOTHEQUES: the new owner of a mortgaged property pays 10 % at once.
    for squares, who in ((t.give, q), (t.take, p)):
        for s in squares:
            if state.mortgaged[s]:
                _interest(state, who, s, ev)
    _resume(state, ev)


def _interest(state: GameState, who: int, s: int, ev: list[Event]) -> None:
    amount = state.board.mortgages[s] // 10
    pl = state.players[who]
    if pl.cash >= amount:
        pl.cash -= amount
        state.bank_cash += amount
        ev.append(Event("interest", who, s, amount))
    else:
        state.debts.append(Debt(who, -1, amount, "interest"))
        ev.append(Event("debt", who, s, amount, -1, "interest"))


def _do_reject(state: GameState, action: A.RejectTrade, ev: list[Event]) -> None:
    t = state.trade
    if state.phase != TRADE or t is None or action.player not in (t.partner, t.proposer):
        raise IllegalAction("no trade to refuse", action)
    state.trade = None
    ev.append(Event("trade_rejected", action.player, -1, 0, t.proposer
                    if action.player == t.partner else t.partner))
    _resume(state, ev)


# ---------------------------------------------------------------------------------------------
# debts: raising money, paying in kind, bankruptcy

def _current_debt(state: GameState, action, player: int) -> Debt:
    if state.phase != DEBT or not state.debts or state.debts[0].debtor != player:
        raise IllegalAction("you have no debt to settle now", action)
    return state.debts[0]


def _do_auto(state: GameState, action: A.AutoLiquidate, ev: list[Event]) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    pl = state.players[p]
    b = state.board
    own = state.owner
    # 1. buildings, most valuable groups first, evenly (the highest street of a group first)
    while pl.cash < d.amount:
        best = -1
        for s in reversed(b.streets):
            if own[s] == p and state.houses[s] and not can_sell(state, p, s):
                best = s
                break
        if best < 0:
            break
        _sell_one(state, p, best, ev)
    # 2. mortgages: stations and utilities first, then streets from the cheapest
    order = [s for s in b.properties if b.kinds[s] != STREET] + sorted(
        b.streets, key=lambda s: (b.prices[s], s))
    for s in order:
        if pl.cash >= d.amount:
            break
        if own[s] == p and not can_mortgage(state, p, s):
            m = b.mortgages[s]
            state.mortgaged[s] = True
            pl.cash += m
            state.bank_cash -= m
            ev.append(Event("mortgage", p, s, m))
    if pl.cash < d.amount:
        _bankrupt(state, p, ev)


def _kind_value(state: GameState, s: int) -> int:
    price = state.board.prices[s]
    return price // 2 if state.mortgaged[s] else price


def _do_pay_in_kind(state: GameState, action: A.PayInKind, ev: list[Event]) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    if d.reason != "rent" or d.creditor < 0:
        raise IllegalAction("only a rent may be paid half in properties", action)
    cash_part = (d.amount + 1) // 2
    pl = state.players[p]
    if pl.cash < cash_part:
        raise IllegalAction(f"half in cash: {cash_part} F needed", action)
    squares = tuple(action.squares)
    if not squares or len(set(squares)) != len(squares):
        raise IllegalAction("list the properties given, once each", action)
    for s in squares:
        if not isinstance(s, int) or not 0 <= s < 40 or state.owner[s] != p:
            raise IllegalAction(f"{s!r} is not your property", action)
        if group_has_buildings(state, s):
            raise IllegalAction("only properties without buildings in their group", action)
    value = sum(_kind_value(state, s) for s in squares)
    if value < d.amount - cash_part:
        raise IllegalAction(f"the properties are worth {value} F, {d.amount - cash_part} F needed",
                            action)
    state.debts.pop(0)
    pl.cash -= cash_part
    state.players[d.creditor].cash += cash_part
    for s in squares:
        state.owner[s] = d.creditor
    ev.append(Event("rent_paid", p, -1, d.amount, d.creditor, "in_kind", squares))
    for s in squares:
        if state.mortgaged[s]:
            _interest(state, d.creditor, s, ev)
    _resume(state, ev)


def _do_declare(state: GameState, action: A.DeclareBankruptcy, ev: list[Event]) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    if state.players[p].cash + liquidation_value(state, p) >= d.amount:
        raise IllegalAction("you can still raise the money (sell, mortgage)", action)
    _bankrupt(state, p, ev)


def _bankrupt(state: GameState, p: int, ev: list[Event]) -> None:
    """``p`` cannot pay ``debts[0]``: everything goes to the creditor (or to auction)."""
    d = state.debts.pop(0)
    creditor = d.creditor
    pl = state.players[p]
    b = state.board
    own = state.owner
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
    ev.append(Event("bankrupt", p, -1, d.amount, creditor, d.reason))
    if creditor >= 0:
        cp = state.players[creditor]
        cp.cash += pl.cash
        for s in squares:
            own[s] = creditor
        cp.jail_cards.extend(pl.jail_cards)
        if pl.jail_cards:
            ev.append(Event("card_kept", creditor, -1, 0, p, "", tuple(pl.jail_cards)))
        ev.append(Event("transfer", p, -1, pl.cash, creditor, "bankruptcy", tuple(squares)))
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
        state.estate.extend(squares)
    pl.jail_cards = []
    pl.loan = 0
    pl.loan_passes = 0
    pl.in_jail = False
    pl.bankrupt = True
    state.bankruptcies += 1
    # Debts owed by the bankrupt are void; debts owed to him go to the bank.
    state.debts = [x for x in state.debts if x.debtor != p]
    for x in state.debts:
        if x.creditor == p:
            x.creditor = -1
    c = state.claim
    if c is not None and p in (c.owner, c.payer):
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


# ---------------------------------------------------------------------------------------------
# end of the game, clock

def _finish(state: GameState, ev: list[Event]) -> None:
    alive = state.alive()
    scores = [fortune(state, i) for i in range(len(state.players))]
    ranking = sorted(alive, key=lambda i: (-scores[i], i))
    ranking += [i for i in range(len(state.players)) if i not in alive]
    state.scores = scores
    state.ranking = ranking
    state.winner = ranking[0]
    for i in alive:
        ev.append(Event("score", i, -1, scores[i]))
    ev.append(Event("winner", state.winner, -1, scores[state.winner]))
    ev.append(Event("game_over", state.winner))
    state.phase = GAME_OVER
    state.stack = []
    state.debts = []
    state.auction = None
    state.trade = None
    state.claim = None
    state.estate = []


def _between_moves(state: GameState) -> bool:
    return state.phase in (ROLL, JAIL, START_ROLL) and not state.stack


def _do_end_game(state: GameState, action: A.EndGame, ev: list[Event]) -> None:
    if not _between_moves(state):
        raise IllegalAction("the game can be ended only at the end of a move", action)
    state.end_requested = True
    ev.append(Event("end_requested", action.player))
    _finish(state, ev)


def _advance_clock(state: GameState, ticks: int, ev: list[Event]) -> None:
    if not state.variant.time_limit_ticks or state.time_up:
        return
    state.clock = max(0, state.clock - ticks)
    if state.clock == 0:
        state.time_up = True
        ev.append(Event("time_up"))
        if _between_moves(state):
            _finish(state, ev)


def _do_clock(state: GameState, action: A.AdvanceClock, ev: list[Event]) -> None:
    if not isinstance(action.ticks, int) or action.ticks < 0:
        raise IllegalAction("ticks must be a whole number >= 0", action)
    if not state.variant.time_limit_ticks:
        raise IllegalAction("this game has no time limit", action)
    _advance_clock(state, action.ticks, ev)


_HANDLERS = {
    A.Roll: _do_roll, A.Buy: _do_buy, A.Decline: _do_decline, A.Bid: _do_bid, A.Pass: _do_pass,
    A.CloseAuction: _do_close, A.ClaimRent: _do_claim, A.ChooseCard: _do_choose_card,
    A.PayJailFine: _do_pay_jail, A.UseJailCard: _do_use_card, A.Build: _do_build,
    A.SellBuilding: _do_sell, A.Mortgage: _do_mortgage, A.Lift: _do_lift,
    A.ProposeTrade: _do_propose, A.AcceptTrade: _do_accept, A.RejectTrade: _do_reject,
    A.AutoLiquidate: _do_auto, A.PayInKind: _do_pay_in_kind, A.DeclareBankruptcy: _do_declare,
    A.Borrow: _do_borrow, A.EndGame: _do_end_game, A.AdvanceClock: _do_clock,
}
