"""The game state: one mutable object holding everything (players, board, decks, bank, phase,
pending decisions, clock, RNG). Mutable with __slots__ so the engine never copies it."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Final, Literal, TypeGuard, get_args

from monopoly_cpc.rules.board import Board, default_board
from monopoly_cpc.rules.cards import Cards, default_cards
from monopoly_cpc.rules.variants import Variant

# Phases (strings, stable: screens switch on them). ``Phase`` makes them checked names: a
# misspelt phase assigned to ``GameState.phase`` or compared with it is a type error (mypy).
Phase = Literal["start_roll", "roll", "jail", "buy", "auction", "card_choice", "debt", "trade",
                "place_building", "game_over"]
START_ROLL: Final = "start_roll"        # who starts: start_rollers[0] rolls
ROLL: Final = "roll"                    # the current player rolls; everyone may act out of turn
JAIL: Final = "jail"                    # current player in jail at the start of his turn
BUY: Final = "buy"                      # current player: buy pending_square or decline
AUCTION: Final = "auction"              # a running auction (property, house or hotel)
CARD_CHOICE: Final = "card_choice"      # 'amende ou Chance'
DEBT: Final = "debt"                    # debts[0].debtor must raise money
TRADE: Final = "trade"                  # a trade proposal awaits the partner's answer
PLACE_BUILDING: Final = "place_building"  # the winner of a building auction places it
GAME_OVER: Final = "game_over"
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)


def is_phase(name: object) -> TypeGuard[Phase]:
    """True when ``name`` is one of the phases (a continuation or a saved game's text)."""
    return name in PHASES


# Phases in which anyone may build, sell, mortgage, lift, trade, borrow and claim rent.
FREE_PHASES: Final = frozenset((ROLL, JAIL, BUY, CARD_CHOICE, DEBT))

END_MOVE: Final = "end_move"            # continuation: the current move is over


@dataclass(slots=True, init=False)
class Player:
    """One player. ``jail_cards`` holds the indexes of kept 'libéré de prison' cards. (Its own
    ``__init__``, as the classes below: four are made at every game.)"""

    name: str
    pawn: int = 0
    computer: bool = False
    cash: int = 0
    pos: int = 0
    in_jail: bool = False
    jail_turns: int = 0           # failed tries so far in this stay
    jail_cards: list[int] = field(default_factory=list)
    loan: int = 0                 # MONOPOLIC loan owed (grows at Départ)
    loan_interest: int = 0        # the part of ``loan`` added at Départ (not borrowed: outside the limit)
    loan_passes: int = 0
    bankrupt: bool = False

    def __init__(self, name: str, pawn: int = 0, computer: bool = False, cash: int = 0,
                 pos: int = 0, in_jail: bool = False, jail_turns: int = 0,
                 jail_cards: list[int] | None = None, loan: int = 0, loan_interest: int = 0,
                 loan_passes: int = 0, bankrupt: bool = False) -> None:
        self.name = name
        self.pawn = pawn
        self.computer = computer
        self.cash = cash
        self.pos = pos
        self.in_jail = in_jail
        self.jail_turns = jail_turns
        self.jail_cards = [] if jail_cards is None else jail_cards
        self.loan = loan
        self.loan_interest = loan_interest
        self.loan_passes = loan_passes
        self.bankrupt = bankrupt

    def __reduce__(self) -> tuple[type, tuple]:   # as Auction's
        return (Player, (self.name, self.pawn, self.computer, self.cash, self.pos, self.in_jail,
                         self.jail_turns, self.jail_cards, self.loan, self.loan_interest,
                         self.loan_passes, self.bankrupt))


# The classes made during a game (auctions, debts, rent claims, trades) write their own
# ``__init__`` (init=False): the one ``dataclass`` makes is Python code even in the compiled
# build (about 3.000 machine instructions an object there, a native one a tenth of it).
@dataclass(slots=True, init=False)
class Auction:
    """A running auction. ``kind`` is 'property' (of ``square``), 'house' or 'hotel'."""

    kind: str
    square: int
    min_bid: int
    bidders: list[int]            # who may bid, in seating order
    passed: list[int] = field(default_factory=list)
    high_bid: int = 0
    high_bidder: int = -1

    def __init__(self, kind: str, square: int, min_bid: int, bidders: list[int],
                 passed: list[int] | None = None, high_bid: int = 0,
                 high_bidder: int = -1) -> None:
        self.kind = kind
        self.square = square
        self.min_bid = min_bid
        self.bidders = bidders
        self.passed = [] if passed is None else passed
        self.high_bid = high_bid
        self.high_bidder = high_bidder

    def __reduce__(self) -> tuple[type, tuple]:
        # copy, deepcopy and pickle rebuild it through __init__ (the compiled class has no
        # other way in)
        return (Auction, (self.kind, self.square, self.min_bid, self.bidders, self.passed,
                          self.high_bid, self.high_bidder))


@dataclass(slots=True, init=False)
class Debt:
    """``debtor`` owes ``amount`` to ``creditor`` (-1 = the bank)."""

    debtor: int
    creditor: int
    amount: int
    reason: str

    kind_refused: bool   # the creditor refused mortgaged deeds in part payment of this debt

    def __init__(self, debtor: int, creditor: int, amount: int, reason: str,
                 kind_refused: bool = False) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.kind_refused = kind_refused

    def __reduce__(self) -> tuple[type, tuple]:   # as Auction's
        return (Debt, (self.debtor, self.creditor, self.amount, self.reason, self.kind_refused))


@dataclass(slots=True, init=False)
class RentClaim:
    """Rent the owner may claim until the next roll of the dice."""

    owner: int
    payer: int
    square: int
    amount: int

    def __init__(self, owner: int, payer: int, square: int, amount: int) -> None:
        self.owner = owner
        self.payer = payer
        self.square = square
        self.amount = amount

    def __reduce__(self) -> tuple[type, tuple]:   # as Auction's
        return (RentClaim, (self.owner, self.payer, self.square, self.amount))


@dataclass(slots=True, init=False)
class Trade:
    """A proposal awaiting the partner's answer (fields as in ProposeTrade). ``in_kind``: the
    debtor's offer to pay his rent half in cash (``cash``) and half with the deeds ``give``,
    some mortgaged, which the creditor accepts or refuses (``trade_mortgaged`` variant)."""

    proposer: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int
    give_cards: tuple[int, ...]
    take_cards: tuple[int, ...]
    in_kind: bool

    def __init__(self, proposer: int, partner: int, give: tuple[int, ...],
                 take: tuple[int, ...], cash: int, give_cards: tuple[int, ...],
                 take_cards: tuple[int, ...], in_kind: bool = False) -> None:
        self.proposer = proposer
        self.partner = partner
        self.give = give
        self.take = take
        self.cash = cash
        self.give_cards = give_cards
        self.take_cards = take_cards
        self.in_kind = in_kind

    def __reduce__(self) -> tuple[type, tuple]:   # as Auction's
        return (Trade, (self.proposer, self.partner, self.give, self.take, self.cash,
                        self.give_cards, self.take_cards, self.in_kind))


@dataclass(slots=True)
class GameState:
    """Everything about one game. Build it with ``engine.new_game``."""

    board: Board
    cards: Cards
    variant: Variant
    players: list[Player]
    owner: list[int]              # per square, -1 = the bank
    houses: list[int]             # per square: 0-4 houses, 5 = hotel
    mortgaged: list[bool]
    decks: list[list[int]]        # [chance, community]: card indexes, top first
    bank_houses: int
    bank_hotels: int
    bank_cash: int = 0            # ledger: money the bank received minus money it paid
    current: int = 0
    phase: Phase = START_ROLL
    stack: list[str] = field(default_factory=list)   # continuations after an interruption
    doubles: int = 0              # doubles in a row in the current turn
    extra_roll: bool = False      # the last move was a double: the same player rolls again
    dice: tuple[int, int] = (0, 0)
    rng: int = 1
    forced_dice: list[tuple[int, int]] = field(default_factory=list)
    forced_cards: list[list[int]] = field(default_factory=lambda: [[], []])
    pending_square: int = -1      # BUY: the square on offer
    pending_card: int = -1        # CARD_CHOICE: the card being resolved
    auction: Auction | None = None
    estate: list[int] = field(default_factory=list)  # bankrupt-to-bank properties still to auction
    claim: RentClaim | None = None
    # Mortgaged properties that just changed hands, their 10 % paid by the new owner: lifting
    # them now costs the principal only (seeds/002 HYPOTHEQUES "peut lever l'hypothèque
    # immédiatement, mais il doit dans ce cas payer les 10%"; FAILLITE "Il peut en même temps
    # payer le principal"). Cleared at the next roll of the dice.
    fresh_lifts: list[int] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    trade: Trade | None = None
    placer: int = -1              # PLACE_BUILDING: who places
    place_kind: str = ""          # 'house' or 'hotel'
    place_paid: int = 0           # what the placer paid for it at the auction (0: the lone taker, who pays the street's price)
    start_rollers: list[int] = field(default_factory=list)
    start_rolls: list[int] = field(default_factory=list)  # per player, this round (0 = not yet)
    clock: int = 0                # quick game: ticks left
    time_up: bool = False
    end_requested: bool = False
    bankruptcies: int = 0
    winner: int = -1
    ranking: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    turn: int = 0                 # turns begun
    rolls: int = 0                # dice rolls (all kinds)
    actions: int = 0              # actions applied
    # Counters the engine bumps at every change it makes: ``deed_changes`` to ``owner`` or
    # ``mortgaged``, ``build_changes`` to ``houses``, ``bank_houses`` or ``bank_hotels``. The
    # computer players trust them instead of comparing those lists with their snapshots only
    # when ``engine_only`` is True: nothing but the engine's ``apply`` changes this state (the
    # headless driver ``ai.sim.play_game`` says so of the state it makes and keeps to itself;
    # tests and screens that edit a state directly leave it False). Bookkeeping, not part of
    # the game: not saved (rules.serial), not compared.
    deed_changes: int = field(default=0, compare=False, repr=False)
    build_changes: int = field(default=0, compare=False, repr=False)
    engine_only: bool = field(default=False, compare=False, repr=False)
    # The street of the engine's last change that raised a building level (a house or a hotel
    # put on it), and ``build_changes`` after it: the computer players' danger (the dearest
    # rents, ``ai.board_views.WorstRents``) then looks at that street alone. Not saved, not compared.
    built_square: int = field(default=-1, compare=False, repr=False)
    built_at: int = field(default=-1, compare=False, repr=False)
    # Likewise the square of the last change that mortgaged or lifted a deed (nothing else),
    # and ``deed_changes`` after it (``ai.board_views.Holdings.flipped``).
    flipped_square: int = field(default=-1, compare=False, repr=False)
    flipped_at: int = field(default=-1, compare=False, repr=False)
    # ... and of the last one that sold a deed of the bank (bought, or won at auction): its
    # square and ``deed_changes`` after it (``ai.board_views.Holdings.bought``).
    bought_square: int = field(default=-1, compare=False, repr=False)
    bought_at: int = field(default=-1, compare=False, repr=False)
    # ``queries.assets`` on an engine-only state (asked at every bid): each seat's liquidation
    # value and the counters it was worked out at. Not saved, not compared.
    liq_at: list[int] = field(default_factory=list, compare=False, repr=False)
    liq_value: list[int] = field(default_factory=list, compare=False, repr=False)
    # The compiled build's dice (``engine._do_roll``) work on the two 32-bit halves of ``rng``:
    # the halves of its last roll and the ``rng`` they make (-1: none), so that the next roll
    # splits the 64-bit value (a big int there) only when something else drew since. Always
    # exact (the halves are those of ``rng_of``, whatever changed ``rng``). Not saved, not
    # compared.
    rng_hi: int = field(default=0, compare=False, repr=False)
    rng_lo: int = field(default=0, compare=False, repr=False)
    rng_of: int = field(default=-1, compare=False, repr=False)
    # False: ``engine.apply`` makes no events (returns an empty list), for a driver that reads
    # none (``ai.sim.play_game`` without ``observe``). Not saved, not compared.
    record_events: bool = field(default=True, compare=False, repr=False)
    # The board's and the variant's figures in a compiled object (``facts(state)``). Not part
    # of the game: not saved, not compared.
    facts: Facts | None = field(default=None, compare=False, repr=False)

    def alive(self) -> list[int]:
        """Indexes of the players still in the game, in seating order."""
        return [i for i, p in enumerate(self.players) if not p.bankrupt]

    def owned_by(self, player: int) -> list[int]:
        """The squares ``player`` owns, in board order."""
        own = self.owner
        return [s for s in self.board.properties if own[s] == player]


class Facts:
    """The board's and the variant's figures the rules and the players read at every move, as
    native lists and ints: in the compiled build ``state.board.kinds[s]`` is an attribute
    lookup of a Python object (``Board`` and ``Variant`` stay Python: frozen dataclasses that
    are copied and pickled) and a tuple item to unbox, ``facts(state).kinds[s]`` a read of a
    C array. Read-only copies, made again when the state's board or variant is another
    object."""

    def __init__(self, board: Board, variant: Variant) -> None:
        self.board = board
        self.variant = variant
        self.kinds: list[int] = list(board.kinds)
        self.prices: list[int] = list(board.prices)
        self.house_costs: list[int] = list(board.house_costs)
        self.mortgages: list[int] = list(board.mortgages)
        self.groups: list[int] = list(board.groups)
        self.members: list[list[int]] = [list(m) for m in board.group_members]
        self.properties: list[int] = list(board.properties)
        self.streets: list[int] = list(board.streets)
        self.is_property: list[bool] = list(board.is_property)
        self.houses_before_hotel: int = variant.houses_before_hotel
        self.top: int = variant.houses_before_hotel + 1      # hotel level (queries.hotel_level)
        self.ticks_per_action: int = variant.ticks_per_action
        self.trade_only_when_bank_empty: bool = variant.trade_only_when_bank_empty
        self.trade_mortgaged: bool = variant.trade_mortgaged
        self.loans: bool = variant.loans
        self.salary: int = variant.salary
        self.auto_rent: bool = variant.auto_rent

    def __reduce__(self) -> tuple[type, tuple[Board, Variant]]:
        # a state's copy (deepcopy) or pickle carries it: made again from its board and variant
        return (Facts, (self.board, self.variant))


def has(items: list[int], x: int) -> bool:
    """``x in items``, by a loop: native code when compiled, where ``in`` on a list is a generic
    call (the int boxed, each item compared as an object). For the short lists of the hot
    path: the bidders, the passed ones, a player's groups, the fresh lifts."""
    for y in items:
        if y == x:
            return True
    return False


# The interpreter runs ``x in items`` as one opcode, where this loop is a call of Python code
# (about 1.700 a game): when the module is run as Python source, ``has`` is the built-in test
# (the same answer for the lists of ints it is asked about; imported after this line by the
# engine and the players); the compiled build keeps its native loop.
if __file__.endswith(".py"):
    globals()["has"] = operator.contains


def facts(state: GameState) -> Facts:
    """The state's ``Facts``, made again if its board or variant changed (a state edited
    directly keeps the right figures: the check is two identity tests)."""
    f = state.facts
    if f is None or f.board is not state.board or f.variant is not state.variant:
        f = Facts(state.board, state.variant)
        state.facts = f
    return f


def blank_state(variant: Variant, names: list[str], board: Board | None = None,
                cards: Cards | None = None) -> GameState:
    """A state with the board empty, decks in file order and no money dealt (engine's helper)."""
    board = board or default_board()
    cards = cards or default_cards()
    return GameState(
        board=board, cards=cards, variant=variant,
        players=[Player(name=n) for n in names],
        owner=[-1] * 40, houses=[0] * 40, mortgaged=[False] * 40,
        decks=[list(cards.decks[0]), list(cards.decks[1])],
        bank_houses=board.bank_houses, bank_hotels=board.bank_hotels,
    )
