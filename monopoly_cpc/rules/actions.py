"""Actions: everything a player (or the host: the bank's gavel, the clock) may ask the engine.

Actions are frozen and cheap. ``player`` is the index of the player acting (-1 for the host).
``apply(state, action)`` validates the single action given (no enumeration needed).
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice: who-starts roll, the turn's roll, or a try for a double in jail."""
    player: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the unowned property just landed on, at the printed price."""
    player: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not buy: the property goes to auction at once."""
    player: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount`` in the running auction (void above the bidder's assets)."""
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the running auction."""
    player: int


@dataclass(frozen=True, slots=True)
class CloseAuction:
    """The bank's 'une fois, deux fois, adjugé': the highest bid wins (sent by the UI timer)."""
    player: int = -1


@dataclass(frozen=True, slots=True)
class ClaimRent:
    """The owner claims the rent due (the CPC's L) before the next roll."""
    player: int


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """'Amende ou Chance': pay the fine (chance=False) or draw a Chance card (chance=True)."""
    player: int
    chance: bool


@dataclass(frozen=True, slots=True)
class PayJailFine:
    """Leave jail at the start of the turn by paying the fine."""
    player: int


@dataclass(frozen=True, slots=True)
class UseJailCard:
    """Leave jail at the start of the turn with a kept 'libéré de prison' card."""
    player: int


@dataclass(frozen=True, slots=True)
class Build:
    """Build one house (or the hotel) on ``square``."""
    player: int
    square: int


@dataclass(frozen=True, slots=True)
class SellBuilding:
    """Sell one house (or the hotel) of ``square`` back to the bank at half price."""
    player: int
    square: int


@dataclass(frozen=True, slots=True)
class Mortgage:
    """Mortgage ``square`` (no building in its group) for its mortgage value."""
    player: int
    square: int


@dataclass(frozen=True, slots=True)
class Lift:
    """Lift the mortgage of ``square``: its value plus 10 %."""
    player: int
    square: int


@dataclass(frozen=True, slots=True)
class ProposeTrade:
    """Offer ``give`` (squares) and ``give_cards`` (jail card indexes) for ``take``/``take_cards``
    of ``partner``; ``cash`` > 0 is paid by the proposer, < 0 by the partner."""
    player: int
    partner: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: tuple[int, ...] = ()
    take_cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AcceptTrade:
    """The partner approves the pending trade."""
    player: int


@dataclass(frozen=True, slots=True)
class RejectTrade:
    """The partner refuses the pending trade (or the proposer withdraws it)."""
    player: int


@dataclass(frozen=True, slots=True)
class AutoLiquidate:
    """The computer's automatic sale procedure for the debtor: sell buildings, then mortgage,
    until the debt is paid (bankrupt if everything is not enough)."""
    player: int


@dataclass(frozen=True, slots=True)
class PayInKind:
    """Rent debt: pay half in cash and the rest in properties (``squares``, valued at the
    printed price, half of it when mortgaged)."""
    player: int
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy:
    """Give up: legal only when the debt exceeds cash plus everything that could be raised."""
    player: int


@dataclass(frozen=True, slots=True)
class Borrow:
    """MONOPOLIC loan from the bank (total at most ``loan_max``)."""
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class EndGame:
    """CTRL+C at the end of a move: score everyone and end the game."""
    player: int = -1


@dataclass(frozen=True, slots=True)
class AdvanceClock:
    """The quick game's clock: ``ticks`` 50 Hz ticks have passed."""
    ticks: int
    player: int = -1


Action = (Roll | Buy | Decline | Bid | Pass | CloseAuction | ClaimRent | ChooseCard | PayJailFine
          | UseJailCard | Build | SellBuilding | Mortgage | Lift | ProposeTrade | AcceptTrade
          | RejectTrade | AutoLiquidate | PayInKind | DeclareBankruptcy | Borrow | EndGame
          | AdvanceClock)

ACTION_TYPES = (Roll, Buy, Decline, Bid, Pass, CloseAuction, ClaimRent, ChooseCard, PayJailFine,
                UseJailCard, Build, SellBuilding, Mortgage, Lift, ProposeTrade, AcceptTrade,
                RejectTrade, AutoLiquidate, PayInKind, DeclareBankruptcy, Borrow, EndGame,
                AdvanceClock)


# The kind of each field: a whole number, true/false, or a tuple of whole numbers (squares, cards).
INT, BOOL, INTS = 0, 1, 2
_KINDS = {"int": INT, "bool": BOOL, "tuple[int, ...]": INTS}


def shape(cls: type) -> tuple[tuple[str, int], ...]:
    """(field name, kind) of each field of the action class ``cls``, from its annotations."""
    return tuple((f.name, _KINDS[str(f.type)]) for f in fields(cls))
