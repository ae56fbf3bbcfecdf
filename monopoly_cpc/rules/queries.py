"""Read-only questions about a state: rents, building legality, values, scores.

Nothing here mutates the state; the engine and the computer players both use these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from monopoly_cpc.rules.board import HOTEL, STATION, STREET, UTILITY
from monopoly_cpc.rules.refusals import OK, Why
from monopoly_cpc.rules.state import GameState, Player, facts

# The refusals of the building and mortgage questions, made once (these run in every playout).
_NOT_A_STREET: Final = Why("not_a_street", "not a street")
_NOT_YOURS: Final = Why("not_your_property", "not your property")
_INCOMPLETE: Final = Why("group_incomplete", "the group is not complete (or a street of it is mortgaged)")
_ALREADY_HOTEL: Final = Why("already_hotel", "already a hotel")
_UNEVEN_BUILD: Final = Why("uneven_building",
                    "build evenly: another street of the group has fewer buildings")
_NO_HOTEL: Final = Why("bank_no_hotel", "the bank has no hotel left")
_NO_HOUSE: Final = Why("bank_no_house", "the bank has no house left")
_NOT_YOUR_STREET: Final = Why("not_your_street", "not your street")
_NO_BUILDING: Final = Why("no_building", "no building")
_UNEVEN_SELL: Final = Why("uneven_selling", "sell evenly: another street of the group has more buildings")
_ALREADY_MORTGAGED: Final = Why("already_mortgaged", "already mortgaged")
_GROUP_BUILT: Final = Why("group_has_buildings", "sell the buildings of the group first")


def hotel_level(state: GameState) -> int:
    """Level of a hotel for even building: houses before a hotel + 1 (5 classic, 4 fast)."""
    f = state.facts   # facts(state) inline: a call costs the Python interpreter more
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    return f.top


def level(state: GameState, square: int) -> int:
    """Building level of a street: its houses, or ``hotel_level`` for a hotel."""
    h = state.houses[square]
    return facts(state).top if h == HOTEL else h


def group_complete(state: GameState, player: int, square: int) -> bool:
    """True when ``player`` owns the whole group of ``square`` and nothing in it is mortgaged
    (seeds/002: 'si dans un groupe il se trouve une propriété hypothéquée, ce groupe est
    considéré incomplet')."""
    own, mort = state.owner, state.mortgaged
    f = facts(state)
    for s in f.members[f.groups[square]]:
        if own[s] != player or mort[s]:
            return False
    return True


def group_has_buildings(state: GameState, square: int) -> bool:
    """True when a street of ``square``'s group carries a building (False for non-streets)."""
    f = state.facts   # facts(state) inline: a call costs the Python interpreter more
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    g = f.groups[square]
    if g < 0:
        return False
    houses = state.houses
    for s in f.members[g]:   # a plain loop: about twice as fast as any()
        if houses[s]:
            return True
    return False


def rent(state: GameState, square: int, dice_total: int) -> int:
    """Rent due on ``square`` for a roll of ``dice_total`` (0 when unowned or mortgaged)."""
    b = state.board
    owner = state.owner[square]
    if owner < 0 or state.mortgaged[square]:
        return 0
    kind = facts(state).kinds[square]
    if kind == STREET:
        h = state.houses[square]
        if h:
            return b.rents[square][h]
        base = b.rents[square][0]
        return base * 2 if group_complete(state, owner, square) else base
    own = state.owner
    if kind == STATION:
        # Every station owned counts (the title deed's 'si 2 gares sont possédées').
        n = sum(1 for s in b.stations if own[s] == owner)
        return b.station_rents[n - 1]
    if kind == UTILITY:
        n = sum(1 for s in b.utilities if own[s] == owner)
        return b.utility_rents[n - 1] * dice_total
    return 0


def can_build(state: GameState, player: int, square: int, paid: bool = False) -> Why:
    """``OK`` ('') when ``player`` may add a building on ``square`` now, else the reason
    (a ``Why``: its ``code`` names the refusal). ``paid``: the
    building was already bought at a shortage auction (no stock or cash check)."""
    f = state.facts   # facts(state) inline: a call costs the Python interpreter more
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    if f.kinds[square] != STREET:
        return _NOT_A_STREET
    own = state.owner
    if own[square] != player:
        return _NOT_YOURS
    members = f.members[f.groups[square]]
    mort = state.mortgaged
    for s in members:
        if own[s] != player or mort[s]:
            return _INCOMPLETE
    houses = state.houses
    top = f.top
    h = houses[square]
    lv = top if h == HOTEL else h
    if lv >= top:
        return _ALREADY_HOTEL
    for s in members:
        x = houses[s]
        if (top if x == HOTEL else x) < lv:
            return _UNEVEN_BUILD
    if paid:
        return OK
    if lv == top - 1:
        if state.bank_hotels < 1:
            return _NO_HOTEL
    elif state.bank_houses < 1:
        return _NO_HOUSE
    if state.players[player].cash < f.house_costs[square]:
        return Why("not_enough_cash", amount=f.house_costs[square])
    return OK


def can_sell(state: GameState, player: int, square: int) -> Why:
    """``OK`` ('') when ``player`` may sell a building of ``square`` back to the bank, else the reason
    (a ``Why``: its ``code`` names the refusal)."""
    f = state.facts   # facts(state) inline: a call costs the Python interpreter more
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = facts(state)
    if f.kinds[square] != STREET:
        return _NOT_A_STREET     # Parc Gratuit is nobody's street: not 'pas à vous'
    if state.owner[square] != player:
        return _NOT_YOUR_STREET
    houses = state.houses
    top = f.top
    h = houses[square]
    lv = top if h == HOTEL else h
    if lv == 0:
        return _NO_BUILDING
    for s in f.members[f.groups[square]]:
        x = houses[s]
        if (top if x == HOTEL else x) > lv:
            return _UNEVEN_SELL
    return OK


def can_mortgage(state: GameState, player: int, square: int) -> Why:
    """``OK`` ('') when ``square`` can be mortgaged by ``player``, else the reason
    (a ``Why``: its ``code`` names the refusal)."""
    if not facts(state).is_property[square] or state.owner[square] != player:
        return _NOT_YOURS
    if state.mortgaged[square]:
        return _ALREADY_MORTGAGED
    if group_has_buildings(state, square):
        return _GROUP_BUILT
    return OK


def transfer_interest(state: GameState, square: int) -> int:
    """The 10 % of the mortgage value that whoever receives the mortgaged ``square`` pays the
    bank at once (seeds/002 HYPOTHEQUES)."""
    return facts(state).mortgages[square] // 10


def lift_cost(state: GameState, square: int) -> int:
    """Mortgage value plus 10 % interest; the principal only right after a change of hands, the
    new owner having just paid the 10 % (``state.fresh_lifts``, seeds/002 HYPOTHEQUES)."""
    m = facts(state).mortgages[square]
    if square in state.fresh_lifts:
        return m
    return m + m // 10


def building_sale_value(state: GameState, square: int) -> int:
    """What the bank pays back for every building on ``square`` (half their cost)."""
    h = state.houses[square]
    f = facts(state)
    cost = f.house_costs[square]
    if h == HOTEL:
        return (cost * f.top) // 2
    return (cost * h) // 2


def liquidation_value(state: GameState, player: int) -> int:
    """Cash the player could raise from the bank: buildings at half price, then mortgages."""
    total = 0
    own, mort, houses = state.owner, state.mortgaged, state.houses
    f = facts(state)
    kinds, mortgages = f.kinds, f.mortgages   # read once (asked at every bid: engine.assets)
    for s in f.properties:
        if own[s] == player:
            if kinds[s] == STREET and houses[s]:
                total += building_sale_value(state, s)
            if not mort[s]:
                total += mortgages[s]
    return total


def borrowed(pl: Player) -> int:
    """The sums a player has borrowed and still owes, without the interest added at Départ."""
    return pl.loan - pl.loan_interest


def loan_room(state: GameState, player: int) -> int:
    """What ``player`` may still borrow from the bank (MONOPOLIC loans; 0 without them)."""
    if not facts(state).loans:
        return 0
    return max(0, state.variant.loan_max - borrowed(state.players[player]))


def assets(state: GameState, player: int) -> int:
    """The player's 'actif': cash plus everything the bank would lend or pay back, including
    what he may still borrow (MONOPOLIC: "emprunter ... à tout moment", seeds/000). A bid above
    it is void (seeds/002 ENCHERES)."""
    if not state.engine_only:
        return (state.players[player].cash + liquidation_value(state, player)
                + loan_room(state, player))
    # Asked at every bid: on a state only the engine changes, each seat's liquidation value
    # holds while its counters of the deeds and the buildings stand.
    at = state.liq_at
    if len(at) != len(state.players):
        at = state.liq_at = [-1] * len(state.players)
        state.liq_value = [0] * len(state.players)
    key = state.deed_changes * 1_000_000 + state.build_changes
    if at[player] != key:
        at[player] = key
        state.liq_value[player] = liquidation_value(state, player)
    return state.players[player].cash + state.liq_value[player] + loan_room(state, player)


@dataclass(frozen=True)
class Fortune:
    """A player's fortune in its parts (what the end screen shows); ``total`` is the score."""

    cash: int
    properties: int     # printed prices, half of it for a mortgaged property
    buildings: int      # houses at their price, a hotel as ``hotel_level`` houses
    loan: int           # the MONOPOLIC loan still owed, deducted

    @property
    def total(self) -> int:
        return self.cash + self.properties + self.buildings - self.loan


NO_FORTUNE: Final = Fortune(0, 0, 0, 0)


def fortune_parts(state: GameState, player: int) -> Fortune:
    """The parts of :func:`fortune`: cash, properties, buildings and the loan deducted; all
    nought for a bankrupt player."""
    p = state.players[player]
    if p.bankrupt:
        return NO_FORTUNE
    b = state.board
    props = build = 0
    own, mort, houses = state.owner, state.mortgaged, state.houses
    for s in b.properties:
        if own[s] == player:
            props += b.prices[s] // 2 if mort[s] else b.prices[s]
            h = houses[s]
            if h:
                build += b.house_costs[s] * (hotel_level(state) if h == HOTEL else h)
    return Fortune(p.cash, props, build, p.loan)


def fortune(state: GameState, player: int) -> int:
    """Score of the quick game and of CTRL+C (seeds/002 'NOUVELLE MANIERE RAPIDE'): cash, printed
    price of properties, half of it when mortgaged, houses at their price, hotels at (houses
    before a hotel + 1) houses; a MONOPOLIC loan still owed is deducted."""
    return fortune_parts(state, player).total


def by_fortune(state: GameState, scores: list[int]) -> list[int]:
    """The players still in the game by ``scores`` (highest first, a tie by seat), then the
    bankrupt in seat order: the engine's ranking at the end of the game."""
    alive = sorted(state.alive(), key=lambda i: (-scores[i], i))
    return alive + [i for i in range(len(state.players)) if state.players[i].bankrupt]


def ranking(state: GameState) -> list[int]:
    """The engine's ranking once the game is over; before that, the same order by fortune."""
    if state.ranking:
        return list(state.ranking)
    return by_fortune(state, [fortune(state, i) for i in range(len(state.players))])


def tied_winners(state: GameState) -> list[int]:
    """The players sharing the winner's score, in ranking order (the engine breaks a tie by
    seat): two or more is a tie, to be told as one, not as the first seat's win."""
    w = state.winner
    if w < 0:
        return []

    def score(i: int) -> int:
        return state.scores[i] if state.scores else fortune(state, i)

    best = score(w)
    return [i for i in ranking(state) if not state.players[i].bankrupt and score(i) == best]


def places(totals: list[int]) -> list[int]:
    """The place of each total of a ranking, equal totals sharing theirs: 1, 1, 3."""
    return [1 + sum(other > total for other in totals) for total in totals]


def houses_and_hotels(state: GameState, player: int) -> tuple[int, int]:
    """(houses, hotels) the player has on the board."""
    nh = nt = 0
    own, houses = state.owner, state.houses
    for s in state.board.streets:
        if own[s] == player:
            h = houses[s]
            if h == HOTEL:
                nt += 1
            else:
                nh += h
    return nh, nt


def bank_has_deeds(state: GameState) -> bool:
    """True while some property still belongs to the bank."""
    own = state.owner
    return any(own[s] < 0 for s in state.board.properties)


def shortage_bidders(state: GameState, kind: str) -> list[int]:
    """Players who could legally add a building of ``kind`` ('house' or 'hotel') now. When
    there are at least two and the bank has fewer such buildings than them, a ``Build`` opens
    an auction of that building instead (seeds/002 MANQUE DE CONSTRUCTIONS)."""
    top = state.variant.houses_before_hotel
    want_hotel = kind == "hotel"
    own = state.owner
    out = []
    for i, pl in enumerate(state.players):
        if pl.bankrupt:
            continue
        for s in state.board.streets:
            if own[s] == i and (level(state, s) == top) == want_hotel and not can_build(state, i, s):
                out.append(i)
                break
    return out


def build_starts_auction(state: GameState, player: int, square: int) -> bool:
    """True when a legal ``Build(player, square)`` would open a shortage auction (screens use
    it to announce the auction; the engine decides the same way)."""
    if can_build(state, player, square):
        return False
    is_hotel = level(state, square) == state.variant.houses_before_hotel
    stock = state.bank_hotels if is_hotel else state.bank_houses
    bidders = shortage_bidders(state, "hotel" if is_hotel else "house")
    return len(bidders) > 1 and stock < len(bidders)


def placements(state: GameState, player: int, kind: str) -> list[int]:
    """The streets where ``player`` may put a ``kind`` ('house' or 'hotel') bought at a
    shortage auction (its own, next in the even order, nothing mortgaged in the group)."""
    top = state.variant.houses_before_hotel
    want_hotel = kind == "hotel"
    own = state.owner
    return [s for s in state.board.streets
            if own[s] == player and (level(state, s) == top) == want_hotel
            and not can_build(state, player, s, paid=True)]
