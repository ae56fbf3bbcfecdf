"""The actions the computer players hand out most, made once per seat (and square, and bid),
and the reasons they give most, made once.

Actions are values: the frequent ones are made once and handed out again (making a frozen
dataclass runs its Python ``__init__``, which costs more than the rest of a typical decision in
the compiled build). On the hot paths of docs/CONTRACTS.md (``Bot.decide``).
"""

from __future__ import annotations

from typing import Any, Final

from monopoly_cpc.ai.reasons import plain
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import engine

SEATS: Final = engine.SEATS
SQUARES: Final = 40


def _per_seat(cls: Any) -> tuple[Any, ...]:
    return tuple(cls(p) for p in range(SEATS))


def _per_square(cls: Any) -> tuple[tuple[Any, ...], ...]:
    # (typed as tuples of tuples: both look-ups native when compiled)
    return tuple(tuple(cls(p, s) for s in range(SQUARES)) for p in range(SEATS))


ROLLS: Final = engine.ROLLS   # (the engine's: it tells their player by identity)
CLAIMS: Final = engine.CLAIMS
BUYS: Final = engine.BUYS
DECLINES: Final = engine.DECLINES
PASSES: Final = _per_seat(A.Pass)
BUILDS: Final = _per_square(A.Build)
MORTGAGES: Final = _per_square(A.Mortgage)
LIFTS: Final = _per_square(A.Lift)
SALES: Final = _per_square(A.SellBuilding)
PAY_FINES: Final = _per_seat(A.PayJailFine)
JAIL_CARDS: Final = _per_seat(A.UseJailCard)
ACCEPTS: Final = _per_seat(A.AcceptTrade)
REJECTS: Final = _per_seat(A.RejectTrade)
BANKRUPTCIES: Final = _per_seat(A.DeclareBankruptcy)
# Bids made so far, by amount * SEATS + seat: a bid is the same object for the same seat and
# amount (a new frozen Bid runs the Python __init__ of its dataclass, a tenth of an auction's
# cost in the compiled build). Bids are rounded to 500 F and below the cash of a player, so
# this stays small; amounts from a million on are not kept.
BIDS: Final[dict[int, A.Bid]] = {}


def seat_act(table: tuple[Any, ...], p: int) -> Any:
    """The table's action for player ``p`` (a new one outside the table)."""
    return table[p] if 0 <= p < SEATS else type(table[0])(p)


def square_act(table: tuple[tuple[Any, ...], ...], p: int, s: int) -> Any:
    """The table's action for player ``p`` and square ``s`` (a new one outside the table)."""
    return table[p][s] if 0 <= p < SEATS and 0 <= s < SQUARES else type(table[0][0])(p, s)


def roll_act(p: int) -> A.Roll:
    return ROLLS[p] if 0 <= p < SEATS else A.Roll(p)   # (seat_act inline: every turn)


def bid_act(p: int, amount: int) -> A.Bid:
    """``A.Bid(p, amount)``, made once per seat and amount (``BIDS``)."""
    if not (0 <= p < SEATS and 0 <= amount < 1_000_000):
        return A.Bid(p, amount)
    key = amount * SEATS + p
    b = BIDS.get(key)
    if b is None:
        b = BIDS[key] = A.Bid(p, amount)
    return b


# The most frequent fieldless reasons (ten of them give nine of ten a game), looked up once:
# ``plain`` is a dict look-up by string at every call.
R_BUILD: Final = plain("build")
R_BID: Final = plain("bid")
R_CLAIM_RENT: Final = plain("claim_rent")
R_PASS_TOO_DEAR: Final = plain("pass_too_dear")
R_BUY: Final = plain("buy")
R_SELL_TO_PAY: Final = plain("sell_to_pay")
R_MORTGAGE_TO_PAY: Final = plain("mortgage_to_pay")
R_MORTGAGE_TO_BUILD: Final = plain("mortgage_to_build")
R_STAY_IN_JAIL: Final = plain("stay_in_jail")
R_LIFT_MORTGAGE: Final = plain("lift_mortgage")
