"""The three strengths of a computer player (orthogonal to its personality), as data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """What a strength knows how to do."""

    name: str
    monopoly_aware: bool    # values properties by what they do to monopolies (else by price)
    proposes: bool          # proposes trades that complete its groups
    counters: bool          # answers a refused offer with its own price
    jail_by_phase: bool     # leaves jail early in the game, stays once opponents have built
    danger_reserve: bool    # grows its cash reserve with the rents opponents can charge
    blocks: bool            # buys and bids to stop an opponent completing a group
    develops: bool          # builds three houses everywhere before going higher (Darling)
    opponent_weight: float  # how much an opponent's gain counts against its own in a trade
    slip_pct: int           # chance (%) of overlooking a rent claim or a build this time
    haggle_pct: int         # first offers leave the partner this % of my gain (100 = even)
    auctions_cheap: bool    # lets a deed go to auction when no rival has the cash to bid
    trades_every_turn: bool = False  # looks for a trade every turn, whatever its character's rhythm
    build_floor_pct: int = 100       # builds down to this % of its character's cash floor
    hotel_restraint: bool = False    # no hotel once a rival has four houses or a hotel on a street
    buys_all: bool = False           # buys every deed it can afford, whatever its reserve
    group_premium_pct: int = 100     # blind to monopolies: an offer that hands the proposer a
                                     # group must gain it this % of the printed prices it gives
    group_swap_discount: int = 0     # offers a monopoly for a monopoly at up to this much below
                                     # printed prices for the partner, whoever gains more
    stops_swaps: bool = False        # when two rivals could swap streets to complete a group
                                     # each, offers one of them another group for his part of it


LEVELS: dict[str, Level] = {lv.name: lv for lv in (
    #     name     mono   prop   count  jail   dang   block  devel  w    slip hag cheap
    Level("facile", False, False, False, False, False, False, False, 0.0, 25, 100, False,
          buys_all=True, group_premium_pct=150),
    Level("normal", True, True, False, True, False, True, False, 0.5, 0, 100, False),
    Level("expert", True, True, True, True, True, True, True, 1.0, 0, 50, True,
          trades_every_turn=True, build_floor_pct=50, hotel_restraint=True,
          group_swap_discount=20_000, stops_swaps=True),
)}
