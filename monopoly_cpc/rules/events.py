"""Events: what happened, as small data objects the screens show and the sound system hears.

Every event has a stable ``kind`` (the list is in ``KINDS`` and in docs/engine.md); the other
fields are filled when they mean something (-1 / 0 / "" / () otherwise).
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, get_args

# Every event kind, as a checked name: a misspelt kind given to ``event`` is a type error (mypy).
# KINDS below gives each its meaning (tests check that both list the same names).
EventKind = Literal[
    "start_roll", "start_tie", "first_player", "turn", "dice", "doubles", "move", "pass_go",
    "buy_offer", "buy", "decline", "auction_start", "bid", "auction_pass", "shortage_alone",
    "auction_won", "auction_unsold", "auction_void", "rent_due", "rent_paid", "rent_lost",
    "no_rent", "tax",
    "card_drawn", "card_kept", "card_choice", "pay", "collect", "transfer", "jail",
    "jail_stay", "leave_jail", "debt", "debt_paid", "build", "sell", "mortgage", "lift",
    "interest", "shortage", "trade_proposed", "trade", "trade_rejected", "loan",
    "loan_interest", "loan_repaid", "bankrupt", "time_up", "end_requested", "score", "winner",
    "game_over",
]


class Event(NamedTuple):
    """One thing that happened (an immutable record, cheap to make: the engine builds the
    frequent ones with ``tuple.__new__``). ``player`` acted or was affected; ``other`` is the
    counterpart (owner, creditor, partner; -1 = the bank); ``data`` holds extras (dice,
    squares, cards). ``ev._asdict()`` gives a plain dict."""

    kind: EventKind
    player: int = -1
    square: int = -1
    amount: int = 0
    other: int = -1
    text: str = ""
    data: tuple = ()


_new: Final = tuple.__new__


def event(kind: EventKind, player: int = -1, square: int = -1, amount: int = 0, other: int = -1,
          text: str = "", data: tuple = ()) -> Event:
    """``Event(...)`` as the engine makes it: the same record, without NamedTuple's
    Python-level ``__new__`` (the compiled build then calls this directly)."""
    return _new(Event, (kind, player, square, amount, other, text, data))


KINDS: dict[str, str] = {
    "start_roll": "who-starts roll: player, amount = total, data = (d1, d2)",
    "start_tie": "tied highest who-starts rolls: data = the players who roll again",
    "first_player": "player starts the game",
    "turn": "player's turn begins",
    "dice": "player rolled: amount = total, data = (d1, d2), text 'utility' for a utility re-roll",
    "doubles": "player rolled a double: amount = doubles in a row",
    "move": "player moved: square = arrival, data = (from, steps), text 'card' / 'back'",
    "pass_go": "player received the salary at Départ: amount",
    "buy_offer": "player may buy square at amount",
    "buy": "player bought square from the bank for amount",
    "decline": "player declined to buy square",
    "auction_start": "auction of square (text 'property') or of a building (text 'house'/'hotel'): amount = opening",
    "bid": "player bid amount",
    "auction_pass": "player leaves the auction",
    "shortage_alone": "every other builder passed a building's auction before any bid: player takes it at the printed price of the street where he places it (text 'house'/'hotel')",
    "auction_won": "player won the auction for amount (square or building)",
    "auction_unsold": "nobody bid: square stays with the bank",
    "auction_void": "player won a building he can no longer place: the bid (amount) is void, the building stays with the bank",
    "rent_due": "player owes amount of rent on square to other (the owner must claim it)",
    "rent_paid": "player paid amount of rent to other (square: the one rented; -1 when paid later as a debt, or in kind)",
    "rent_lost": "other did not claim the rent on square in time",
    "no_rent": "square is mortgaged: no rent (player landed, other owns it; also at a claim when other mortgaged it since)",
    "tax": "player paid amount of tax on square",
    "card_drawn": "player drew a card: text = card id, data = (deck,)",
    "card_kept": "player keeps the jail card text",
    "card_choice": "player must choose: pay amount or draw a Chance card",
    "pay": "player paid amount to the bank (text = reason)",
    "collect": "player received amount from the bank (text = reason)",
    "transfer": "player paid amount to other (text = reason)",
    "jail": "player goes to jail (text: 'square', 'card', 'doubles')",
    "jail_stay": "player stays in jail: amount = failed turns",
    "leave_jail": "player leaves jail (text: 'doubles', 'fine', 'card', 'third_turn')",
    "debt": "player owes amount to other and must raise the money (text = reason)",
    "debt_paid": "player paid a debt of amount to other",
    "build": "player built on square: amount = what he paid for it then (0 for a building won at a shortage auction, paid at the auction), text 'house' or 'hotel'",
    "sell": "player sold a building on square back to the bank for amount (text 'house'/'hotel')",
    "mortgage": "player mortgaged square for amount",
    "lift": "player lifted the mortgage of square for amount",
    "interest": "player paid the 10 % interest (amount) on the mortgaged square he received",
    "shortage": "more builders than buildings in the bank: the building goes to auction",
    "trade_proposed": "player proposes a trade to other (data = the offer; text 'in_kind': a rent paid half in deeds, some mortgaged, amount = the cash half, for the creditor to accept)",
    "trade": "the trade between player and other is done",
    "trade_rejected": "the trade was refused or withdrawn by player",
    "loan": "player borrowed amount (MONOPOLIC)",
    "loan_interest": "player's loan grew to amount at Départ",
    "loan_repaid": "player's loan of amount was repaid",
    "bankrupt": "player is bankrupt to other (-1 = the bank); data = (loan written off,) if any",
    "time_up": "the quick game's time is over",
    "end_requested": "the game ends on request (CTRL+C)",
    "score": "player's fortune is amount",
    "winner": "player wins",
    "game_over": "the game is over",
}

KIND_NAMES: Final[tuple[EventKind, ...]] = get_args(EventKind)
