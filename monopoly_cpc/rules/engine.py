"""The rules engine: ``new_game``, ``apply`` and the turn flow.

``apply(state, action)`` validates the one action given, then mutates the state in place and
returns the events. Validation always happens before the first mutation, so an
``IllegalAction`` leaves the state exactly as it was (no copy needed).

The turn flow uses a small continuation stack: an interruption (a debt to settle, an auction, a
trade awaiting an answer) keeps what comes after it in ``state.stack``; ``_resume`` pops it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import (
    CHANCE,
    COMMUNITY,
    GO_TO_JAIL,
    JAIL_SQUARE,
    TAX,
    UTILITY,
    Board,
)
from monopoly_cpc.rules.cards import CHANCE_DECK, COMMUNITY_DECK, Cards
from monopoly_cpc.rules.core import (
    _E,
    IllegalAction,
    _advance_clock,
    _between_moves,
    _check_free,
    _end_move,
    _end_now,
    _go_to_jail,
    _open_auction,
    _pay_bank,
    _pay_player,
    _resume,
    _settle_debts,
)
from monopoly_cpc.rules.deals import (
    _do_accept,
    _do_auto,
    _do_borrow,
    _do_build,
    _do_declare,
    _do_lift,
    _do_mortgage,
    _do_pay_in_kind,
    _do_propose,
    _do_reject,
    _do_sell,
)
from monopoly_cpc.rules.events import Event, event
from monopoly_cpc.rules.queries import (
    assets,
    houses_and_hotels,
    placements,
    rent,
)
from monopoly_cpc.rules.rng import below, next_u32, seed_state
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    END_MOVE,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    GameState,
    Phase,
    RentClaim,
    blank_state,
    facts,
    has,
)
from monopoly_cpc.rules.variants import Variant

__all__ = ["IllegalAction", "apply", "auction_settled", "new_game"]

# True in the compiled build (this module is then a C extension): _do_roll's dice take the
# path cheaper there.
_NATIVE: Final = not __file__.endswith(".py")


def new_game(names: Sequence[object], computer: Sequence[object] | None = None,
             pawns: Sequence[object] | None = None, variant: Variant | None = None,
             seed: object = 0, board: Board | None = None, cards: Cards | None = None,
             first_player: object = None) -> GameState:
    """Start a game: money dealt, decks shuffled from the seeded RNG, deeds dealt in the quick
    game, then the who-starts rolls (skipped when ``first_player`` is given, for scenarios)."""
    variant = variant or Variant()
    n = len(names)
    # Checked here rather than left to the attributes: the compiled build (setup.py) would stop
    # with a TypeError where the source went on with a wrong value.
    if not all(isinstance(x, str) for x in names):
        raise ValueError("player names must be text")
    if pawns is not None and (len(pawns) != n or not all(_whole(x) for x in pawns)):
        raise ValueError("one pawn number per player")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")  # noqa: TRY004 (new_game raises ValueError for every bad argument)
    if first_player is not None and (isinstance(first_player, bool)
                                     or not isinstance(first_player, int)):
        raise ValueError(f"first_player must be a player number, not {first_player!r}")
    if not variant.min_players <= n <= variant.max_players:
        raise ValueError(f"{n} players: this game takes {variant.min_players} to {variant.max_players}")
    flags = [bool(c) for c in computer] if computer is not None else [False] * n
    if len(flags) != n:
        raise ValueError("one computer flag per player")
    if sum(1 for c in flags if not c) > variant.max_humans:
        raise ValueError(f"at most {variant.max_humans} human players in this variant")
    pawn_of = [x for x in pawns if isinstance(x, int)] if pawns is not None else list(range(n))
    state = blank_state(variant, [x for x in names if isinstance(x, str)], board, cards)
    for i, p in enumerate(state.players):
        p.computer = flags[i]
        p.pawn = pawn_of[i]
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


def _whole(x: object) -> bool:
    """A whole number (not a bool)."""
    return type(x) is int


def _shuffle(state: GameState, items: list[int]) -> None:
    rng = state.rng
    if _NATIVE:   # rng.below on the two 32-bit halves of the state, as in _do_roll
        hi = rng >> 32
        lo = rng & 0xFFFFFFFF
        for i in range(len(items) - 1, 0, -1):
            hi, lo, r = _step32(hi, lo)
            j = r % (i + 1)
            items[i], items[j] = items[j], items[i]
        state.rng = (hi << 32) | lo
        return
    for i in range(len(items) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    state.rng = rng


def _step32(hi: int, lo: int) -> tuple[int, int, int]:
    """One step of rng.next_u32 on the two 32-bit halves of the state (the compiled build's
    way, _do_roll): the new halves and the 32 random bits."""
    lo ^= ((lo >> 12) | (hi << 20)) & 0xFFFFFFFF      # x ^= x >> 12
    hi ^= hi >> 12
    hi ^= ((hi << 25) | (lo >> 7)) & 0xFFFFFFFF       # x ^= x << 25 (64 bits)
    lo ^= (lo << 25) & 0xFFFFFFFF
    lo ^= ((lo >> 27) | (hi << 5)) & 0xFFFFFFFF       # x ^= x >> 27
    hi ^= hi >> 27
    a0 = lo & 0xFFFF
    a1 = lo >> 16
    a2 = hi & 0xFFFF
    t = a0 * 0xDD1D
    t = a0 * 0x4F6C + a1 * 0xDD1D + (t >> 16)
    t2 = a0 * 0xF491 + a1 * 0x4F6C + a2 * 0xDD1D + (t >> 16)
    t3 = a0 * 0x2545 + a1 * 0xF491 + a2 * 0x4F6C + (hi >> 16) * 0xDD1D + (t2 >> 16)
    return hi, lo, ((t3 & 0xFFFF) << 16) | (t2 & 0xFFFF)


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
            state.deed_changes += 1
            price = state.board.prices[s]
            if p.cash < price:
                raise ValueError("the starting cash cannot pay for the dealt title deeds")
            p.cash -= price
            state.bank_cash += price


def apply(state: GameState, action: A.Action, checked: bool = False) -> list[Event]:
    """Validate ``action`` and carry it out; return the events (none when the state's
    ``record_events`` is False: nobody reads them). Raises IllegalAction (state unchanged) when
    the action is not allowed now. ``checked``: the caller knows that the action is of a kind
    the engine knows, with fields of their declared types (``ai.sim`` for the actions a
    ``Bot`` made: ``table.Move``), so those checks (``malformed``, a look-up by name for each
    field) are skipped; everything else is checked as always."""
    ev: list[Event] = []
    perform(state, action, checked, ev if state.record_events else None)
    return ev


def perform(state: GameState, action: A.Action, checked: bool = False,
            ev: list[Event] | None = None) -> None:
    """``apply``, with the events appended to ``ev`` (None: the handlers make none, and no
    empty list is made for the answer: ``ai.sim.play_game`` when nobody reads them)."""
    t = type(action)
    if not checked:
        shape = _SHAPES.get(t)
        if shape is None:
            raise _unknown(action)
        bad = _malformed(action, shape)
        if bad:
            raise IllegalAction(f"{bad} has the wrong type in {action!r}", action,
                                code="bad_action", fields={"field": bad})
    if state.phase == GAME_OVER:
        raise IllegalAction("the game is over", action, code="game_over")
    # The handlers append to ``ev``; None: they make no events (building and freeing them was
    # a tenth of a headless game, whose driver does not read them: ai.sim.play_game).
    # The frequent ones called directly in the compiled build (native calls: a call through
    # the table goes through each handler's Python entry point); the rest by the table, and
    # all of them by the table in the interpreter, where the tests would cost more.
    if not _NATIVE:
        h = _HANDLERS.get(t)
        if h is None:   # (a checked action was not looked up above)
            raise _unknown(action)
        h(state, action, ev)
    elif t is _ROLL_T:
        _do_roll(state, cast(A.Roll, action), ev)
    elif t is _CLAIM_T:
        _do_claim(state, cast(A.ClaimRent, action), ev)
    elif t is _BID_T:
        _do_bid(state, cast(A.Bid, action), ev)
    elif t is _BUILD_T:
        _do_build(state, cast(A.Build, action), ev)
    elif t is _PASS_T:
        _do_pass(state, cast(A.Pass, action), ev)
    elif t is _BUY_T:
        _do_buy(state, cast(A.Buy, action), ev)
    elif t is _MORTGAGE_T:
        _do_mortgage(state, cast(A.Mortgage, action), ev)
    elif t is _SELL_T:
        _do_sell(state, cast(A.SellBuilding, action), ev)
    elif t is _CLOSE_T:
        _do_close(state, cast(A.CloseAuction, action), ev)
    elif t is _LIFT_T:
        _do_lift(state, cast(A.Lift, action), ev)
    elif t is _DECLINE_T:
        _do_decline(state, cast(A.Decline, action), ev)
    else:
        _handler(action)(state, action, ev)
    state.actions += 1
    if state.phase == DEBT:
        _settle_debts(state, ev)
    f = state.facts   # facts(state) inline: a call costs the Python interpreter more
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    ticks = f.ticks_per_action
    if ticks and not _over(state):
        _advance_clock(state, ticks, ev)


def _unknown(action: object) -> IllegalAction:
    return IllegalAction(f"unknown action {action!r}", action, code="unknown_action")


def _handler(action: object) -> Callable[[GameState, Any, list[Event] | None], None]:
    """The handler of ``action`` (IllegalAction for a kind the engine does not know: a
    ``checked`` one was not looked up before)."""
    h = _HANDLERS.get(type(action))
    if h is None:
        raise _unknown(action)
    return h


def _over(state: GameState) -> bool:
    """The game has ended (asked after a move, which may have ended it: a check of the phase
    made before the move says nothing about it now)."""
    return state.phase == GAME_OVER


def _roll_dice(state: GameState) -> tuple[int, int]:
    state.rolls += 1
    if state.forced_dice:
        return state.forced_dice.pop(0)
    state.rng, r = next_u32(state.rng)
    r %= 36
    return r // 6 + 1, r % 6 + 1


def _do_roll(state: GameState, action: A.Roll, ev: list[Event] | None) -> None:
    phase = state.phase
    p = state.current   # (the player expected: ROLLS above)
    if not (0 <= p < SEATS and ROLLS[p] is action):
        p = action.player
    if phase == START_ROLL:
        if not state.start_rollers or state.start_rollers[0] != p:
            raise IllegalAction("not your turn to roll for the start", action,
                                code="not_your_start_roll")
        _start_roll(state, p, ev)
        return
    if phase != ROLL and phase != JAIL:
        raise IllegalAction(f"cannot roll now (phase {phase})", action, code="cannot_roll_now")
    if p != state.current:
        raise IllegalAction("not your turn", action, code="not_your_turn",
                            fields={"name": state.players[state.current].name})
    claim = state.claim
    if claim is not None:  # the next roll of the dice: an unclaimed rent is lost
        if ev is not None:
            ev.append(event("rent_lost", claim.payer, claim.square, claim.amount, claim.owner))
        state.claim = None
    if state.fresh_lifts:  # "immédiatement" is over: lifting costs the 10 % again
        state.fresh_lifts.clear()
    state.rolls += 1
    if state.forced_dice:
        d1, d2 = state.forced_dice.pop(0)
    elif _NATIVE:  # xorshift64* inlined (rng.next_u32): this is the hottest line of the engine.
        # The compiled build works on the two 32-bit halves of the state and the product on
        # 16-bit limbs: every step on its short-int fast path (a 64-bit value is a big int
        # there, and a product stays fast only when both factors are below 2**30); only the
        # split and the join touch the big int. Same numbers as rng.next_u32 (and the branch
        # below, which costs the Python interpreter less than this one).
        x = state.rng
        if x == state.rng_of:   # the halves kept by the last roll (no split of the big int)
            hi = state.rng_hi
            lo = state.rng_lo
        else:
            hi = x >> 32
            lo = x & 0xFFFFFFFF
        lo ^= ((lo >> 12) | (hi << 20)) & 0xFFFFFFFF      # x ^= x >> 12
        hi ^= hi >> 12
        hi ^= ((hi << 25) | (lo >> 7)) & 0xFFFFFFFF       # x ^= x << 25 (64 bits)
        lo ^= (lo << 25) & 0xFFFFFFFF
        lo ^= ((lo >> 27) | (hi << 5)) & 0xFFFFFFFF       # x ^= x >> 27
        hi ^= hi >> 27
        x = (hi << 32) | lo
        state.rng = state.rng_of = x
        state.rng_hi = hi
        state.rng_lo = lo
        # bits 32-63 of x * 0x2545F4914F6CDD1D, column by column of 16 bits
        a0 = lo & 0xFFFF
        a1 = lo >> 16
        a2 = hi & 0xFFFF
        t = a0 * 0xDD1D
        t = a0 * 0x4F6C + a1 * 0xDD1D + (t >> 16)
        t2 = a0 * 0xF491 + a1 * 0x4F6C + a2 * 0xDD1D + (t >> 16)
        t3 = a0 * 0x2545 + a1 * 0xF491 + a2 * 0x4F6C + (hi >> 16) * 0xDD1D + (t2 >> 16)
        r = ((((t3 & 0xFFFF) << 16) | (t2 & 0xFFFF))) % 36
        d1 = r // 6 + 1
        d2 = r % 6 + 1
    else:
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
    if ev is not None:
        ev.append(_E(Event, ("dice", p, -1, total, -1, "", (d1, d2))))
    pl = state.players[p]
    if phase == JAIL:
        if d1 == d2:
            pl.in_jail = False
            pl.jail_turns = 0
            if ev is not None:
                ev.append(event("leave_jail", p, JAIL_SQUARE, 0, -1, "doubles"))
            state.extra_roll = False  # the double that frees does not give another roll
            _advance(state, p, total, ev)
        else:
            pl.jail_turns += 1
            if pl.jail_turns >= 3:
                pl.in_jail = False
                pl.jail_turns = 0
                if ev is not None:
                    ev.append(event("leave_jail", p, JAIL_SQUARE, state.variant.jail_fine, -1,
                                    "third_turn"))
                _pay_bank(state, p, state.variant.jail_fine, "jail", ev)
                state.extra_roll = False
                _advance(state, p, total, ev)
            else:
                if ev is not None:
                    ev.append(event("jail_stay", p, JAIL_SQUARE, pl.jail_turns))
                state.extra_roll = False
    else:
        if d1 == d2:
            state.doubles += 1
            if ev is not None:
                ev.append(_E(Event, ("doubles", p, -1, state.doubles, -1, "", ())))
            if state.doubles >= 3:
                _go_to_jail(state, p, "doubles", ev)
            else:
                state.extra_roll = True
                _advance(state, p, total, ev)
        else:
            state.extra_roll = False
            _advance(state, p, total, ev)
    # Decisions met during the move set another phase; the move ends when they are settled
    # (at the bottom of the stack: a decision deferred behind a debt is above it).
    if state.phase != phase:
        state.stack.insert(0, END_MOVE)
    elif state.debts:
        state.stack.append(END_MOVE)
        _resume(state, ev)
    else:
        _end_move(state, ev)


def _start_roll(state: GameState, p: int, ev: list[Event] | None) -> None:
    d1, d2 = _roll_dice(state)
    state.start_rollers.pop(0)
    state.start_rolls[p] = d1 + d2
    if ev is not None:
        ev.append(event("start_roll", p, -1, d1 + d2, -1, "", (d1, d2)))
    if state.start_rollers:
        return
    best = max(state.start_rolls)
    top = [i for i, r in enumerate(state.start_rolls) if r == best]
    if len(top) > 1:  # seeds/002: 'ils recommencent entre eux'
        if ev is not None:
            ev.append(event("start_tie", -1, -1, best, -1, "", tuple(top)))
        state.start_rollers = top
        state.start_rolls = [0] * len(state.players)
        return
    state.current = top[0]
    state.turn = 1
    if ev is not None:
        ev.append(event("first_player", top[0]))
    if ev is not None:
        ev.append(event("turn", top[0]))
    state.phase = JAIL if state.players[top[0]].in_jail else ROLL


def _salary(state: GameState, p: int, ev: list[Event] | None) -> None:
    salary = facts(state).salary
    pl = state.players[p]
    pl.cash += salary
    state.bank_cash -= salary
    if ev is not None:
        ev.append(_E(Event, ("pass_go", p, 0, salary, -1, "", ())))
    if pl.loan:
        v = state.variant
        pl.loan_passes += 1
        # 10 % of the sum borrowed, not of what is owed (seeds/000 EMPRUNT "la somme
        # empruntée, majorée de 10 % à chaque passage": docs/rules.md).
        interest = (pl.loan - pl.loan_interest) * v.loan_rate_percent // 100
        pl.loan += interest
        pl.loan_interest += interest
        if ev is not None:
            ev.append(event("loan_interest", p, 0, pl.loan))
        if pl.loan_passes >= v.loan_passes:
            owed = pl.loan
            pl.loan = 0
            pl.loan_interest = 0
            pl.loan_passes = 0
            if ev is not None:
                ev.append(event("loan_repaid", p, 0, owed))
            _pay_bank(state, p, owed, "loan", ev)


def _advance(state: GameState, p: int, steps: int, ev: list[Event] | None) -> None:
    """Move forward by the dice, salary when passing or stopping on Départ, then land."""
    pl = state.players[p]
    old = pl.pos
    new = old + steps
    if new >= 40:
        new -= 40
        _salary(state, p, ev)
    pl.pos = new
    if ev is not None:
        ev.append(_E(Event, ("move", p, new, 0, -1, "", (old, steps))))
    _land(state, p, False, ev)


def _move_to(state: GameState, p: int, target: int, ev: list[Event] | None) -> None:
    """Card move forward to ``target``: salary if Départ is passed or reached."""
    pl = state.players[p]
    old = pl.pos
    if target <= old:
        _salary(state, p, ev)
    pl.pos = target
    if ev is not None:
        ev.append(event("move", p, target, 0, -1, "card", (old, (target - old) % 40)))
    _land(state, p, True, ev)


def _move_back(state: GameState, p: int, target: int, ev: list[Event] | None) -> None:
    """Card move backwards to ``target``: never a salary."""
    pl = state.players[p]
    old = pl.pos
    pl.pos = target
    if ev is not None:
        ev.append(event("move", p, target, 0, -1, "back", (old, -((old - target) % 40))))
    _land(state, p, True, ev)


def _land(state: GameState, p: int, by_card: bool, ev: list[Event] | None) -> None:
    f = state.facts   # facts(state) inline, as in apply
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    s = state.players[p].pos
    kind = f.kinds[s]
    if f.is_property[s]:
        owner = state.owner[s]
        if owner < 0:
            state.pending_square = s
            if ev is not None:
                ev.append(_E(Event, ("buy_offer", p, s, f.prices[s], -1, "", ())))
            _decide(state, BUY)
        elif owner != p:
            if state.mortgaged[s]:
                if ev is not None:
                    ev.append(event("no_rent", p, s, 0, owner))
                return
            total = state.dice[0] + state.dice[1]
            if kind == UTILITY and by_card:
                # A card move to a utility: the dice are rolled again for the rent (seeds/003).
                d1, d2 = _roll_dice(state)
                total = d1 + d2
                if ev is not None:
                    ev.append(event("dice", p, s, total, -1, "utility", (d1, d2)))
            amount = rent(state, s, total)
            if f.auto_rent:
                if ev is not None:
                    ev.append(_E(Event, ("rent_due", p, s, amount, owner, "", ())))
                _pay_player(state, p, owner, amount, "rent", ev, s)
            else:
                old = state.claim
                if old is not None:
                    if ev is not None:
                        ev.append(event("rent_lost", old.payer, old.square, old.amount, old.owner))
                state.claim = RentClaim(owner, p, s, amount)
                if ev is not None:
                    ev.append(_E(Event, ("rent_due", p, s, amount, owner, "", ())))
        return
    if kind == TAX:
        amount = state.board.taxes[s]
        if ev is not None:
            ev.append(event("tax", p, s, amount))
        _pay_bank(state, p, amount, "tax", ev)
    elif kind == CHANCE:
        _draw(state, p, CHANCE_DECK, ev)
    elif kind == COMMUNITY:
        _draw(state, p, COMMUNITY_DECK, ev)
    elif kind == GO_TO_JAIL:
        _go_to_jail(state, p, "square", ev)


def _decide(state: GameState, phase: Phase) -> None:
    """The mover must decide (buy, 'amende ou Chance'). A fine or a loan that fell due on the
    way and is not paid yet (third failed try in jail, MONOPOLIC loan at Départ) is raised
    first (seeds/002 'payer une amende ... et avancer son pion'): the decision waits on the
    stack behind the debt."""
    if state.debts:
        state.stack.append(phase)
        state.phase = DEBT
    else:
        state.phase = phase


def _draw(state: GameState, p: int, deck: int, ev: list[Event] | None) -> None:
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
    if ev is not None:
        ev.append(_E(Event, ("card_drawn", p, state.players[p].pos, 0, -1, card.id, (deck,))))
    effect = card.effect
    if effect == "jail_free":
        state.players[p].jail_cards.append(idx)
        if ev is not None:
            ev.append(event("card_kept", p, -1, 0, -1, card.id))
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
        if ev is not None:
            ev.append(event("collect", p, -1, card.amount, -1, card.id))
    elif effect == "repairs":
        nh, nt = houses_and_hotels(state, p)
        amount = nh * card.house + nt * card.hotel
        if amount:
            _pay_bank(state, p, amount, card.id, ev)
    elif effect == "birthday":
        for i, other in enumerate(state.players):
            if i != p and not other.bankrupt:
                _pay_player(state, i, p, card.amount, "birthday", ev)
    elif effect == "fine_or_chance":
        state.pending_card = idx
        _decide(state, CARD_CHOICE)
        if ev is not None:
            ev.append(event("card_choice", p, -1, card.amount, -1, card.id))


def _do_choose_card(state: GameState, action: A.ChooseCard, ev: list[Event] | None) -> None:
    if state.phase != CARD_CHOICE or action.player != state.current:
        raise IllegalAction("no card choice pending for you", action, code="no_card_choice")
    p = action.player
    card = state.cards.all[state.pending_card]
    state.pending_card = -1
    if action.chance:
        _draw(state, p, CHANCE_DECK, ev)
    else:
        _pay_bank(state, p, card.amount, card.id, ev)
    if state.phase == CARD_CHOICE:
        _resume(state, ev)


def _do_buy(state: GameState, action: A.Buy, ev: list[Event] | None) -> None:
    p = state.current
    if not (0 <= p < SEATS and BUYS[p] is action):
        p = action.player
    if state.phase != BUY or p != state.current:
        raise IllegalAction("nothing to buy now", action, code="nothing_to_buy")
    s = state.pending_square
    price = state.board.prices[s]
    pl = state.players[p]
    if pl.cash < price:
        raise IllegalAction("not enough cash", action, code="not_enough_cash",
                            fields={"amount": price})
    pl.cash -= price
    state.bank_cash += price
    state.owner[s] = p
    state.deed_changes += 1
    state.bought_square = s
    state.bought_at = state.deed_changes
    state.pending_square = -1
    if ev is not None:
        ev.append(_E(Event, ("buy", p, s, price, -1, "", ())))
    _resume(state, ev)


def _do_decline(state: GameState, action: A.Decline, ev: list[Event] | None) -> None:
    p = state.current
    if not (0 <= p < SEATS and DECLINES[p] is action):
        p = action.player
    if state.phase != BUY or p != state.current:
        raise IllegalAction("nothing to decline now", action, code="nothing_to_decline")
    s = state.pending_square
    state.pending_square = -1
    if ev is not None:
        ev.append(event("decline", p, s))
    # seeds/002: every player bids, the one who declined included.
    _open_auction(state, "property", s, state.variant.min_bid, state.alive(), ev)


def _do_bid(state: GameState, action: A.Bid, ev: list[Event] | None) -> None:
    au = state.auction
    p = action.player
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action, code="no_auction")
    if not has(au.bidders, p) or has(au.passed, p):
        raise IllegalAction("you are not bidding in this auction", action, code="not_bidding")
    amount = action.amount
    if not isinstance(amount, int) or amount < au.min_bid:
        raise IllegalAction(f"the opening bid is {au.min_bid} F", action,
                            code="bid_below_opening", fields={"amount": au.min_bid})
    if p == au.high_bidder:
        raise IllegalAction("you already hold the highest bid", action,
                            code="already_high_bidder")
    if amount <= au.high_bid:
        raise IllegalAction(f"bid more than {au.high_bid} F", action, code="bid_too_low",
                            fields={"amount": au.high_bid})
    if state.time_up and au.kind != "property":
        # seeds/002 A NOUVELLE MANIERE RAPIDE: "Aucune opération ne peut plus se conclure";
        # a building's auction belongs to no move (a declined deed's does, and goes on).
        raise IllegalAction("the time is up: no more deals", action, code="time_up_no_deal")
    if amount > assets(state, p):
        raise IllegalAction("bid void: more than the bidder's assets", action,
                            code="bid_above_assets", fields={"amount": assets(state, p)})
    au.high_bid = amount
    au.high_bidder = p
    if ev is not None:
        ev.append(event("bid", p, au.square, amount))


def _do_pass(state: GameState, action: A.Pass, ev: list[Event] | None) -> None:
    au = state.auction
    p = action.player
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action, code="no_auction")
    if not has(au.bidders, p) or has(au.passed, p):
        raise IllegalAction("you are not bidding in this auction", action, code="not_bidding")
    if p == au.high_bidder:
        raise IllegalAction("the highest bidder cannot leave", action,
                            code="high_bidder_cannot_pass")
    au.passed.append(p)
    if ev is not None:
        ev.append(event("auction_pass", p, au.square))
    if (au.kind != "property" and au.high_bidder < 0
            and sum(b not in au.passed for b in au.bidders) == 1):
        _sell_to_the_last_one(state, ev)


def auction_settled(state: GameState) -> bool:
    """True when every bidder but the highest has passed (the simulator then closes)."""
    au = state.auction
    if au is None:
        return False
    for b in au.bidders:
        if b != au.high_bidder and not has(au.passed, b):
            return False
    return True


def _do_close(state: GameState, action: A.CloseAuction, ev: list[Event] | None) -> None:
    au = state.auction
    if state.phase != AUCTION or au is None:
        raise IllegalAction("no auction running", action, code="no_auction")
    state.auction = None
    w = au.high_bidder
    if w >= 0 and au.kind != "property" and state.time_up:
        # The time ran out while a building was being auctioned between moves: no operation
        # concludes any more (seeds/002 A), so it is not sold; the building stays in the bank.
        w = -1
    if w < 0:
        if ev is not None:
            ev.append(event("auction_unsold", -1, au.square, 0, -1, au.kind))
        _resume(state, ev)
        return
    if ev is not None:
        ev.append(event("auction_won", w, au.square, au.high_bid, -1, au.kind))
    if au.kind == "property":
        state.owner[au.square] = w
        state.deed_changes += 1
        state.bought_square = au.square
        state.bought_at = state.deed_changes
        _pay_bank(state, w, au.high_bid, "auction", ev)
        _resume(state, ev)
        return
    if not placements(state, w, au.kind) or (au.kind == "house" and not state.bank_houses):
        # The winner sold a house of the group or mortgaged one of its streets while the
        # auction ran ("à tout moment"): he has nowhere to put the building, so his bid is
        # void, as one above his assets is (seeds/002 C ENCHERES), and it stays with the bank.
        if ev is not None:
            ev.append(event("auction_void", w, -1, au.high_bid, -1, au.kind))
        _resume(state, ev)
        return
    # A building bought at auction in a shortage: paid now, placed by the winner next.
    state.build_changes += 1
    if au.kind == "house":
        state.bank_houses -= 1
    else:
        state.bank_hotels -= 1
    _pay_bank(state, w, au.high_bid, "auction", ev)
    state.placer = w
    state.place_kind = au.kind
    state.place_paid = au.high_bid
    state.phase = PLACE_BUILDING


def _sell_to_the_last_one(state: GameState, ev: list[Event] | None) -> None:
    """A building's auction where every bidder but one has passed before any bid: only one
    player wants it, so there is no shortage between players (seeds/002 A MANQUE DE
    CONSTRUCTIONS: the bank auctions "si deux ou plusieurs joueurs veulent acheter plus de
    maisons que la Banque n'en possède"). He buys it at the printed price of the street where
    he places it, paid when he places it (``place_paid`` 0)."""
    au = state.auction
    assert au is not None
    w = next(b for b in au.bidders if b not in au.passed)
    state.auction = None
    if (state.time_up or not placements(state, w, au.kind)
            or (au.kind == "house" and not state.bank_houses)):
        if ev is not None:
            ev.append(event("auction_unsold", -1, au.square, 0, -1, au.kind))
        _resume(state, ev)
        return
    if ev is not None:
        ev.append(event("shortage_alone", w, -1, 0, -1, au.kind))
    state.build_changes += 1
    if au.kind == "house":
        state.bank_houses -= 1
    else:
        state.bank_hotels -= 1
    state.placer = w
    state.place_kind = au.kind
    state.place_paid = 0
    state.phase = PLACE_BUILDING


def _do_claim(state: GameState, action: A.ClaimRent, ev: list[Event] | None) -> None:
    c = state.claim
    p = c.owner if c is not None else -1
    if not (0 <= p < SEATS and CLAIMS[p] is action):
        p = action.player
    _check_free(state, action, p, "claim")
    if c is None or c.owner != p:
        raise IllegalAction("no rent to claim", action, code="no_rent_to_claim")
    state.claim = None
    if state.players[c.payer].bankrupt:
        return
    if state.mortgaged[c.square]:
        # Mortgaged since the landing: the rent is checked when it is claimed (seeds/002 A
        # HYPOTHEQUES "Il ne peut percevoir de loyer pour une propriété hypothéquée"; C L "Le
        # programme vérifiera automatiquement le loyer en fonction ... des Hypothèques").
        if ev is not None:
            ev.append(event("no_rent", c.payer, c.square, 0, p))
        return
    before = state.phase
    _pay_player(state, c.payer, c.owner, c.amount, "rent", ev, c.square)
    if state.debts and before != DEBT:
        state.stack.append(before)
        _resume(state, ev)


def _do_pay_jail(state: GameState, action: A.PayJailFine, ev: list[Event] | None) -> None:
    p = action.player
    if state.phase != JAIL or p != state.current:
        raise IllegalAction("you can pay the fine only at the start of your turn in jail", action,
                            code="jail_fine_not_now")
    fine = state.variant.jail_fine
    pl = state.players[p]
    if pl.cash < fine:
        raise IllegalAction("not enough cash", action, code="not_enough_cash",
                            fields={"amount": fine})
    pl.cash -= fine
    state.bank_cash += fine
    pl.in_jail = False
    pl.jail_turns = 0
    if ev is not None:
        ev.append(event("pay", p, -1, fine, -1, "jail"))
    if ev is not None:
        ev.append(event("leave_jail", p, JAIL_SQUARE, fine, -1, "fine"))
    state.phase = ROLL


def _do_use_card(state: GameState, action: A.UseJailCard, ev: list[Event] | None) -> None:
    p = action.player
    if state.phase != JAIL or p != state.current:
        raise IllegalAction("you can use the card only at the start of your turn in jail", action,
                            code="jail_card_not_now")
    pl = state.players[p]
    if not pl.jail_cards:
        raise IllegalAction("you have no 'libéré de prison' card", action, code="no_jail_card")
    idx = pl.jail_cards.pop(0)
    card = state.cards.all[idx]
    state.decks[card.deck].append(idx)  # back under its deck
    pl.in_jail = False
    pl.jail_turns = 0
    if ev is not None:
        ev.append(event("leave_jail", p, JAIL_SQUARE, 0, -1, "card", (idx,)))
    state.phase = ROLL


def _do_end_game(state: GameState, action: A.EndGame, ev: list[Event] | None) -> None:
    if not _between_moves(state):
        raise IllegalAction("the game can be ended only at the end of a move", action,
                            code="end_not_between_moves")
    state.end_requested = True
    if ev is not None:
        ev.append(event("end_requested", action.player))
    _end_now(state, ev)


def _do_clock(state: GameState, action: A.AdvanceClock, ev: list[Event] | None) -> None:
    if not isinstance(action.ticks, int) or action.ticks < 0:
        raise IllegalAction("ticks must be a whole number >= 0", action, code="bad_ticks")
    if not state.variant.time_limit_ticks:
        raise IllegalAction("this game has no time limit", action, code="no_time_limit")
    _advance_clock(state, action.ticks, ev)


_HANDLERS: Final[dict[type, Callable[[GameState, Any, list[Event] | None], None]]] = {
    A.Roll: _do_roll, A.Buy: _do_buy, A.Decline: _do_decline, A.Bid: _do_bid, A.Pass: _do_pass,
    A.CloseAuction: _do_close, A.ClaimRent: _do_claim, A.ChooseCard: _do_choose_card,
    A.PayJailFine: _do_pay_jail, A.UseJailCard: _do_use_card, A.Build: _do_build,
    A.SellBuilding: _do_sell, A.Mortgage: _do_mortgage, A.Lift: _do_lift,
    A.ProposeTrade: _do_propose, A.AcceptTrade: _do_accept, A.RejectTrade: _do_reject,
    A.AutoLiquidate: _do_auto, A.PayInKind: _do_pay_in_kind, A.DeclareBankruptcy: _do_declare,
    A.Borrow: _do_borrow, A.EndGame: _do_end_game, A.AdvanceClock: _do_clock,
}

_SHAPES: Final[dict[type, tuple[tuple[str, int], ...]]] = {cls: A.shape(cls) for cls in _HANDLERS}
_ROLL_T: Final = A.Roll
_CLAIM_T: Final = A.ClaimRent
_BID_T: Final = A.Bid
_BUILD_T: Final = A.Build
_PASS_T: Final = A.Pass
_BUY_T: Final = A.Buy
_MORTGAGE_T: Final = A.Mortgage
_SELL_T: Final = A.SellBuilding
_CLOSE_T: Final = A.CloseAuction
_LIFT_T: Final = A.Lift
_DECLINE_T: Final = A.Decline

# The per-seat actions the computer players hand out (ai/bot.py takes them from here, so they
# are the same objects): a handler knows the player of one of these by identity (inline: a call
# costs the interpreter more), where reading the field is a generic look-up in the compiled
# build (the actions are Python classes). Any other action of the kind is read as before.
SEATS: Final = 8
ROLLS: Final[tuple[A.Roll, ...]] = tuple(A.Roll(p) for p in range(SEATS))
BUYS: Final[tuple[A.Buy, ...]] = tuple(A.Buy(p) for p in range(SEATS))
DECLINES: Final[tuple[A.Decline, ...]] = tuple(A.Decline(p) for p in range(SEATS))
CLAIMS: Final[tuple[A.ClaimRent, ...]] = tuple(A.ClaimRent(p) for p in range(SEATS))


def malformed(action: object) -> str:
    """The first field of ``action`` of the wrong type ("" when all are right, or for an action
    the engine does not know): what ``apply`` refuses as ``bad_action``."""
    shape = _SHAPES.get(type(action))
    return _malformed(action, shape) if shape is not None else ""


_INT: Final = A.INT     # (read from constants here: the compiled build then skips a lookup)
_BOOL: Final = A.BOOL


def _malformed(action: object, shape: tuple[tuple[str, int], ...]) -> str:
    """The first field of ``action`` whose value is not of its declared kind (a bool is not a
    whole number), or "". Checked before anything else: the handlers may then trust the types,
    and the compiled build (setup.py), which checks them itself, refuses exactly what the
    source refuses."""
    for name, kind in shape:
        v = getattr(action, name)
        if kind == _INT:
            if type(v) is not int:
                return name
        elif kind == _BOOL:
            if type(v) is not bool:
                return name
        elif type(v) is not tuple or any(type(x) is not int for x in v):
            return name
    return ""
