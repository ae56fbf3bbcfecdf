"""Scenario files: a start state (only what differs from a new game), forced dice and cards, a
list of steps (actions, expected-illegal actions, checks) and the expected outcome.

Example (YAML; it shows the syntax, it is not one consistent game)::

    name: the third double goes to jail
    source: 'seeds/002 "Si, toutefois, il jette un double trois fois de suite ..."'
    variant: {auto_rent: true}
    players: [Anne, Bruno]
    start:
      current: 0
      players: [{pos: 5, cash: 1000}]
      owner: {"Rue de la Paix": 1}
    dice: [[3, 3], [2, 2], [1, 1]]
    cards: {chance: [chance_reculez]}
    steps:
      - roll: 0
      - bid: [1, 5000]
      - illegal: {build: [0, 39]}
        code: uneven_building
      - expect: {phase: roll}
      - close_auction
    expect: {phase: jail, players: [{in_jail: true}]}

Every key the runner accepts (any other key, a value of the wrong type, a player, square,
card, deck, phase or event kind that does not exist is the file's error: one line naming the
file and the key, and the file does not run).  Players are numbered from 0 in the order of
``players``; a square is its number (0-39) or its exact name on the board; a card is its id
(``assets/cards.yaml``); amounts are whole numbers of francs.

Top level
  ``name``, ``source`` (required, text): what is checked and the rule's passage.
  ``variant`` (mapping): rule switches of ``rules/variants.py`` (default: the classic game).
  ``players`` (list of names, default ``[A, B]``).  ``seed`` (whole number, default 1).
  ``start``, ``dice``, ``cards``, ``steps``, ``expect``: below; ``steps`` or ``expect`` is
  required.

``start`` (mapping; each key optional)
  ``current``: the player whose turn it is (default 0); ``null``: the game begins with the
  who-starts rolls.
  ``players``: a list (player 0, 1, ...) or a mapping number -> fields, the fields being
  ``name`` (text), ``cash``, ``pos``, ``jail_turns``, ``loan``, ``loan_passes`` (whole
  numbers), ``in_jail``, ``bankrupt``, ``computer`` (true/false) and ``jail_cards`` (list of
  card ids, taken out of their deck).
  ``owner`` (square -> player number, -1 = the bank), ``houses`` (square -> 0-4 or
  ``hotel``), ``mortgaged`` (square -> true/false).
  ``claim``: a rent waiting to be claimed: ``{owner: P, payer: P, square: S, amount: N}``.
  The bank's cash, houses and hotels follow from what is set; the state must be consistent.

``dice``: list of forced throws ``[d1, d2]`` (1-6), used in order.
``cards``: ``{chance: [card id, ...], community: [...]}``: forced draws, in order.

``steps`` (list), each one of
  - an action: ``name: arguments``, the arguments being one value (the first argument, for
    an action with one required argument: ``roll: 0``), a list in the action's order
    (``bid: [1, 5000]``) or a mapping (``propose_trade: {player: 0, partner: 1, give: [1],
    cash: 2000}``).  A bare ``name`` only for an action that needs no argument
    (``close_auction``, ``end_game``); every other takes at least the player:
    ``pay_jail_fine: 0``, ``declare_bankruptcy: 1``.  The actions and their arguments:
    roll, buy, decline, pass, claim_rent, pay_jail_fine, use_jail_card, accept_trade,
    reject_trade, auto_liquidate, declare_bankruptcy [player]; bid, borrow [player,
    amount]; choose_card [player, chance (true: draw a Chance card, false: pay the fine)];
    build, sell_building, mortgage, lift [player, square]; pay_in_kind [player, squares];
    propose_trade [player, partner, give, take, cash, give_cards, take_cards] (give, take:
    squares; give_cards, take_cards: card ids; cash > 0 paid by the proposer, < 0 by the
    partner); close_auction [player = -1]; end_game [player = -1]; advance_clock [ticks,
    player = -1].  The action must be accepted (else the scenario fails there).
  - ``illegal: <action>``, optionally with ``code: <refusal code>`` (docs/engine.md) on the
    same step: the action must be refused (with that code) and change nothing.
  - ``expect: <checks>``: checks at this point; its events are those since the last check.

``expect``: the checks at the end (skipped when a step already failed).

Checks (a mapping; each key optional)
  ``phase`` (one of ``state.PHASES``), ``current`` (player), ``winner`` (player, -1 = none
  yet), ``ranking`` (list of players), ``bankruptcies`` (how many so far), ``time_up``
  (true/false: the quick game's time has run out), ``debts`` (how many are pending).
  ``players``: a list or a mapping number -> fields, as in ``start`` (``jail_cards``: the
  card ids held, in order).
  ``owner``, ``houses``, ``mortgaged``: square -> value, as in ``start``.
  ``bank``: ``houses``, ``hotels`` (left in the bank), ``cash`` (the bank's ledger: what it
  received minus what it paid, counted from a new game: a start cash set below the usual
  counts as received).
  ``deeds``: player -> number of title deeds owned.
  ``claim``: ``null`` (no rent waiting) or some of ``owner``, ``payer``, ``square``,
  ``amount``.
  ``auction``: ``null`` (none running) or some of ``kind`` (property, house, hotel),
  ``square`` (-1 for a house or hotel), ``min_bid``, ``high_bid``, ``high_bidder`` (-1:
  nobody yet), ``bidders``, ``passed`` (lists of players).
  ``events``: a list, each an event kind (``rules/events.py`` KINDS) or a mapping of some of
  the event's fields ``kind``, ``player``, ``square`` (-1: none), ``amount``, ``other``,
  ``text``, ``data`` (a list); they must happen in this order, other events may come
  between.
  ``no_events``: a list of event kinds that must not happen.
  ``deck_bottom``: ``{chance: card id, community: card id}``: the card under each deck
  (``null``: the deck is empty).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL, load_yaml
from monopoly_cpc.rules.engine import IllegalAction, apply, malformed, new_game
from monopoly_cpc.rules.events import KINDS, Event
from monopoly_cpc.rules.invariants import InvariantError, check_invariants
from monopoly_cpc.rules.refusals import CODES
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.rules.state import JAIL, PHASES, ROLL, Auction, GameState, RentClaim
from monopoly_cpc.rules.variants import Variant

ACTION_NAMES: dict[str, type] = {
    "roll": A.Roll, "buy": A.Buy, "decline": A.Decline, "bid": A.Bid, "pass": A.Pass,
    "close_auction": A.CloseAuction, "claim_rent": A.ClaimRent, "choose_card": A.ChooseCard,
    "pay_jail_fine": A.PayJailFine, "use_jail_card": A.UseJailCard, "build": A.Build,
    "sell_building": A.SellBuilding, "mortgage": A.Mortgage, "lift": A.Lift,
    "propose_trade": A.ProposeTrade, "accept_trade": A.AcceptTrade,
    "reject_trade": A.RejectTrade, "auto_liquidate": A.AutoLiquidate,
    "pay_in_kind": A.PayInKind, "declare_bankruptcy": A.DeclareBankruptcy, "borrow": A.Borrow,
    "end_game": A.EndGame, "advance_clock": A.AdvanceClock,
}
# A sample value of each action argument, for the message that shows how to write an action.
_SAMPLE_ARGS = {"player": "0", "partner": "1", "amount": "5000", "square": "39",
                "chance": "true", "squares": "[39]", "ticks": "50"}
PLAYER_FIELDS = ("name", "cash", "pos", "in_jail", "jail_turns", "loan", "loan_passes",
                 "bankrupt", "computer")
# What each player field holds (checked, so that a wrong type is the file's error, not the
# engine's: the compiled engine would stop with a TypeError).
_TEXT, _WHOLE, _YES_NO = "text", "a whole number", "true or false"
PLAYER_KINDS = {"name": _TEXT, "cash": _WHOLE, "pos": _WHOLE, "in_jail": _YES_NO,
                "jail_turns": _WHOLE, "loan": _WHOLE, "loan_passes": _WHOLE,
                "bankrupt": _YES_NO, "computer": _YES_NO}
TOP_KEYS = ("name", "source", "variant", "players", "seed", "start", "dice", "cards", "steps",
            "expect")
START_KEYS = ("current", "players", "owner", "houses", "mortgaged", "claim")
CHECKS = ("phase", "current", "winner", "ranking", "bankruptcies", "time_up", "debts",
          "players", "owner", "houses", "mortgaged", "bank", "deeds", "claim", "auction",
          "events", "no_events", "deck_bottom")
DECKS = ("chance", "community")
BANK_FIELDS = ("houses", "hotels", "cash")
CLAIM_FIELDS = tuple(f.name for f in fields(RentClaim))
AUCTION_FIELDS = tuple(f.name for f in fields(Auction))
EVENT_FIELDS = Event._fields


@dataclass
class ScenarioResult:
    """Outcome of one scenario: ``failures`` is empty when every check passed."""

    name: str
    source: str
    failures: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None

    @property
    def ok(self) -> bool:
        return not self.failures


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Ctx:
    def __init__(self, path: Path, state: GameState) -> None:
        self.path = path
        self.state = state

    def fail(self, entry: str, problem: str) -> DataError:
        return DataError(f"{self.path.name}: {entry}: {problem}")

    def square(self, value: Any, entry: str) -> int:
        names = self.state.board.names
        if _whole(value) and 0 <= value < 40:
            return value
        if isinstance(value, str):
            hits = [i for i, n in enumerate(names) if n == value]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise self.fail(entry, f"{value!r} names several squares: use the number")
        raise self.fail(entry, f"unknown square {value!r} (a number 0-39 or a square's name)")

    def squares(self, value: Any, entry: str) -> tuple[int, ...]:
        return tuple(self.square(s, entry) for s in self.listed(value, entry, "squares"))

    def typed(self, value: Any, kind: str, entry: str) -> Any:
        """``value`` when it is of ``kind`` (_TEXT, _WHOLE, _YES_NO), else the file's error."""
        ok = (isinstance(value, str) if kind == _TEXT
              else isinstance(value, bool) if kind == _YES_NO
              else _whole(value))
        if not ok:
            raise self.fail(entry, f"expected {kind}, got {value!r}")
        return value

    def player(self, value: Any, entry: str, bank: bool = False) -> int:
        """A player's number (or -1, the bank / nobody, when ``bank``)."""
        n = len(self.state.players)
        if not _whole(value):
            raise self.fail(entry, f"expected a whole number (a player's number"
                                   f"{', or -1' if bank else ''}), got {value!r}")
        if not (0 <= value < n or (bank and value == -1)):
            raise self.fail(entry, f"no player {value}: the players are numbered 0 to {n - 1}"
                                   f"{' (-1: nobody, the bank)' if bank else ''}")
        return value

    def players(self, value: Any, entry: str) -> list[int]:
        return [self.player(p, entry) for p in self.listed(value, entry, "player numbers")]

    def card(self, value: Any, entry: str) -> int:
        ids = self.state.cards.by_id
        if not isinstance(value, str) or value not in ids:
            raise self.fail(entry, f"unknown card {value!r}")
        return ids[value]

    def cards(self, value: Any, entry: str) -> tuple[int, ...]:
        return tuple(self.card(c, entry) for c in self.listed(value, entry, "card ids"))

    def mapping(self, value: Any, entry: str, what: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(entry, f"expected a mapping {what}, got {value!r}")
        return value

    def listed(self, value: Any, entry: str, what: str) -> list:
        if not isinstance(value, list):
            raise self.fail(entry, f"expected a list of {what}, got {value!r}")
        return value

    def keys(self, value: dict, allowed: tuple[str, ...], entry: str, what: str) -> None:
        extra = [k for k in value if k not in allowed]
        if extra:
            raise self.fail(entry, f"unknown {what} {', '.join(map(repr, extra))} "
                                   f"(one of {', '.join(allowed)})")

    def kind(self, value: Any, entry: str) -> str:
        if not isinstance(value, str) or value not in KINDS:
            raise self.fail(entry, f"unknown event kind {value!r} (see rules/events.py KINDS)")
        return value


def load_scenario(path: Path) -> dict[str, Any]:
    """Read a scenario file (DataError naming the file when it is not a scenario)."""
    raw = load_yaml(path)
    if not isinstance(raw, dict) or "name" not in raw or "source" not in raw:
        raise DataError(f"{path.name}: a scenario needs at least 'name' and 'source'")
    extra = [k for k in raw if k not in TOP_KEYS]
    if extra:
        raise DataError(f"{path.name}: unknown key(s) {', '.join(sorted(map(str, extra)))} "
                        f"(one of {', '.join(TOP_KEYS)})")
    for key in ("name", "source"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise DataError(f"{path.name}: {key}: expected text, got {raw[key]!r}")
    if not raw.get("steps") and not raw.get("expect"):
        raise DataError(f"{path.name}: a scenario needs 'steps' or 'expect' (nothing to check)")
    return raw


def _setup(raw: dict[str, Any], path: Path) -> tuple[GameState, _Ctx]:
    names = raw.get("players")
    if names is None:
        names = ["A", "B"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise DataError(f"{path.name}: players: expected a list of names, got {names!r}")
    variant = Variant.from_data(raw.get("variant"), f"{path.name}: variant")
    start = raw.get("start")
    if start is None:
        start = {}
    if not isinstance(start, dict):
        raise DataError(f"{path.name}: start: expected a mapping, got {start!r}")
    extra = [k for k in start if k not in START_KEYS]
    if extra:
        raise DataError(f"{path.name}: start: unknown key(s) "
                        f"{', '.join(sorted(map(str, extra)))} (one of {', '.join(START_KEYS)})")
    seed = raw.get("seed", 1)
    if not _whole(seed):
        raise DataError(f"{path.name}: seed: expected a whole number, got {seed!r}")
    who_starts = "current" in start and start["current"] is None  # null: the who-starts rolls
    current = start.get("current", 0)
    current_ok = who_starts or (_whole(current) and 0 <= current < len(names))
    try:
        state = new_game(names, variant=variant, seed=seed,
                         first_player=current if current_ok and not who_starts else None)
    except ValueError as exc:  # the names, their number, or deeds the variant cannot deal
        key = "variant" if "title deeds" in str(exc) else "players"
        raise DataError(f"{path.name}: {key}: {exc}") from None
    if not current_ok:
        problem = (f"no player {current}: the players are numbered 0 to {len(names) - 1}"
                   if _whole(current) else f"expected a player number, got {current!r}")
        raise DataError(f"{path.name}: start.current: {problem} (null: the who-starts rolls)")
    ctx = _Ctx(path, state)
    n = len(names)
    for i, fields_ in _indexed(start.get("players"), n, ctx, "start.players"):
        pl = state.players[i]
        for k, v in fields_.items():
            where = f"start.players[{i}].{k}"
            if k == "jail_cards":
                for c in ctx.cards(v, where):
                    deck = state.decks[state.cards.all[c].deck]
                    if c not in deck:
                        raise ctx.fail(f"start.players[{i}]",
                                       f"card {state.cards.all[c].id} is already held")
                    deck.remove(c)
                    pl.jail_cards.append(c)
            elif k in PLAYER_FIELDS:
                setattr(pl, k, ctx.typed(v, PLAYER_KINDS[k], where))
            else:
                raise ctx.fail(f"start.players[{i}]", f"unknown field {k!r} "
                                                      f"(one of {', '.join(PLAYER_KINDS)}, jail_cards)")
    for key in ("owner", "houses", "mortgaged"):
        table = getattr(state, key)
        given = start.get(key)
        if given is None:
            continue
        for sq, v in ctx.mapping(given, f"start.{key}", "square -> value").items():
            s = ctx.square(sq, f"start.{key}")
            table[s] = _square_value(key, v, ctx, f"start.{key}")
    if start.get("claim") is not None:
        claim = ctx.mapping(start["claim"], "start.claim", "{owner, payer, square, amount}")
        ctx.keys(claim, CLAIM_FIELDS, "start.claim", "field(s)")
        if set(claim) != set(CLAIM_FIELDS):
            raise ctx.fail("start.claim", "expected owner, payer, square and amount")
        state.claim = RentClaim(ctx.player(claim["owner"], "start.claim.owner"),
                                ctx.player(claim["payer"], "start.claim.payer"),
                                ctx.square(claim["square"], "start.claim.square"),
                                ctx.typed(claim["amount"], _WHOLE, "start.claim.amount"))
    # Keep the books straight: the bank's ledger and stock follow what the scenario set.
    state.bank_cash = n * variant.start_cash - sum(p.cash for p in state.players)
    state.bank_houses = state.board.bank_houses - sum(h for h in state.houses if h != HOTEL)
    state.bank_hotels = state.board.bank_hotels - sum(1 for h in state.houses if h == HOTEL)
    if not who_starts:
        state.phase = JAIL if state.players[state.current].in_jail else ROLL
    dice = raw.get("dice")
    for d in ctx.listed(dice, "dice", "[d1, d2] pairs") if dice is not None else []:
        if not (isinstance(d, list) and len(d) == 2 and all(_whole(x) and 1 <= x <= 6
                                                             for x in d)):
            raise ctx.fail("dice", f"expected [d1, d2] pairs of 1-6, got {d!r}")
        state.forced_dice.append((d[0], d[1]))
    cards = raw.get("cards")
    for deck_name, ids in (ctx.mapping(cards, "cards", "deck -> card ids").items()
                           if cards is not None else ()):
        if deck_name not in DECKS:
            raise ctx.fail("cards", f"unknown deck {deck_name!r} (chance or community)")
        d = DECKS.index(deck_name)
        for c in ctx.cards(ids, f"cards.{deck_name}"):
            if state.cards.all[c].deck != d:
                raise ctx.fail(f"cards.{deck_name}",
                               f"card {state.cards.all[c].id} is not in the {deck_name} deck")
            state.forced_cards[d].append(c)
    try:
        check_invariants(state)
    except InvariantError as exc:
        raise ctx.fail("start", f"inconsistent start state: {exc}") from None
    return state, ctx


def _square_value(key: str, v: Any, ctx: _Ctx, entry: str) -> Any:
    """A value of the ``owner`` / ``houses`` / ``mortgaged`` tables, checked."""
    if key == "owner":
        return ctx.player(v, entry, bank=True)
    if key == "houses":
        if v == "hotel":
            return HOTEL
        if not (_whole(v) and 0 <= v <= 4):
            raise ctx.fail(entry, f"expected 0 to 4 houses or 'hotel', got {v!r}")
        return v
    return ctx.typed(v, _YES_NO, entry)


def _indexed(value: Any, n: int, ctx: _Ctx, entry: str) -> list[tuple[int, dict]]:
    if value is None:
        return []
    if isinstance(value, list):
        items = list(enumerate(value))
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        raise ctx.fail(entry, f"expected a list or a mapping player number -> fields, "
                              f"got {value!r}")
    if len(items) > n:
        raise ctx.fail(entry, f"{len(items)} entries for {n} players")
    for i, f in items:
        ctx.player(i, entry)
        if not isinstance(f, dict):
            raise ctx.fail(f"{entry}[{i}]", f"expected a mapping of fields, got {f!r}")
    return items


def _example(name: str, cls: type) -> str:
    """How to write the action ``name`` with its required arguments."""
    need = [f.name for f in fields(cls) if f.default is MISSING]
    if len(need) == 1:
        return f"{name}: {_SAMPLE_ARGS.get(need[0], need[0])}"
    return f"{name}: [{', '.join(_SAMPLE_ARGS.get(f, f) for f in need)}]"


def parse_action(step: Any, ctx: _Ctx, entry: str) -> A.Action:
    """Turn ``{name: args}`` (or a bare name) into an action; squares by number or name."""
    if isinstance(step, str):
        name, args = step, None
    elif isinstance(step, dict) and len(step) == 1:
        name, args = next(iter(step.items()))
    else:
        raise ctx.fail(entry, f"expected an action (name: arguments), got {step!r}")
    cls = ACTION_NAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ctx.fail(entry, f"unknown action {name!r} (one of {', '.join(ACTION_NAMES)})")
    names = [f.name for f in fields(cls)]
    if args is None:
        kwargs: dict[str, Any] = {}
    elif isinstance(args, dict):
        extra = [k for k in args if k not in names]
        if extra:
            raise ctx.fail(entry, f"{name}: unknown argument(s) {', '.join(map(repr, extra))} "
                                  f"(it takes {', '.join(names)})")
        kwargs = dict(args)
    elif isinstance(args, list):
        if len(args) > len(names):
            raise ctx.fail(entry, f"{name}: too many arguments {args!r}: it takes "
                                  f"{', '.join(names)}")
        kwargs = dict(zip(names, args))
    else:
        kwargs = {names[0]: args}
    missing = [f.name for f in fields(cls) if f.default is MISSING and f.name not in kwargs]
    if missing:
        hint = " (0: the first player)" if "player" in missing else ""
        raise ctx.fail(entry, f"{name}: missing {', '.join(missing)}: write it as "
                              f"'{_example(name, cls)}'{hint}")
    if "square" in kwargs:
        kwargs["square"] = ctx.square(kwargs["square"], f"{entry}.{name}.square")
    for key in ("give", "take", "squares"):
        if key in kwargs:
            kwargs[key] = ctx.squares(kwargs[key], f"{entry}.{name}.{key}")
    for key in ("give_cards", "take_cards"):
        if key in kwargs:
            kwargs[key] = ctx.cards(kwargs[key], f"{entry}.{name}.{key}")
    try:
        action = cls(**kwargs)
    except TypeError as exc:
        raise ctx.fail(entry, f"bad arguments for {name}: {exc}") from None
    bad = malformed(action)
    if bad:
        kind = {A.INT: "a whole number", A.BOOL: "true or false",
                A.INTS: "a list"}[dict(A.shape(cls))[bad]]
        raise ctx.fail(entry, f"bad arguments for {name}: {bad} must be {kind}, "
                              f"got {getattr(action, bad)!r}")
    return action


def _parse_event(want: Any, ctx: _Ctx, entry: str) -> dict[str, Any]:
    """One wanted event: a kind, or a mapping of some of the Event fields."""
    if isinstance(want, str):
        return {"kind": ctx.kind(want, entry)}
    want = ctx.mapping(want, entry, f"of event fields ({', '.join(EVENT_FIELDS)}) or a kind")
    ctx.keys(want, EVENT_FIELDS, entry, "event field(s)")
    out: dict[str, Any] = {}
    for k, v in want.items():
        if k == "kind":
            out[k] = ctx.kind(v, f"{entry}.kind")
        elif k == "square":
            out[k] = -1 if _whole(v) and v == -1 else ctx.square(v, f"{entry}.square")
        elif k == "text":
            out[k] = ctx.typed(v, _TEXT, f"{entry}.text")
        elif k == "data":
            out[k] = tuple(ctx.listed(v, f"{entry}.data", "values"))
        else:
            out[k] = ctx.typed(v, _WHOLE, f"{entry}.{k}")
    return out


def _parse_checks(want: Any, ctx: _Ctx, where: str) -> list[tuple[str, Any]]:
    """Check and normalise a mapping of checks (before anything runs: a malformed check is the
    file's error even when an earlier step fails)."""
    want = ctx.mapping(want, where, "of checks (e.g. {phase: roll})")
    ctx.keys(want, CHECKS, where, "check(s)")
    n = len(ctx.state.players)
    out: list[tuple[str, Any]] = []
    for key, exp in want.items():
        entry = f"{where}.{key}"
        if key == "phase":
            if exp not in PHASES:
                raise ctx.fail(entry, f"unknown phase {exp!r} (one of {', '.join(PHASES)})")
        elif key == "current":
            ctx.player(exp, entry)
        elif key == "winner":
            ctx.player(exp, entry, bank=True)
        elif key == "ranking":
            ctx.players(exp, entry)
        elif key in ("bankruptcies", "debts"):
            ctx.typed(exp, _WHOLE, entry)
        elif key == "time_up":
            ctx.typed(exp, _YES_NO, entry)
        elif key == "players":
            rows = []
            for i, fields_ in _indexed(exp, n, ctx, entry):
                for k, v in fields_.items():
                    at = f"{entry}[{i}].{k}"
                    if k == "jail_cards":
                        ctx.cards(v, at)
                    elif k in PLAYER_KINDS:
                        ctx.typed(v, PLAYER_KINDS[k], at)
                    else:
                        raise ctx.fail(f"{entry}[{i}]", f"unknown field {k!r} "
                                                        f"(one of {', '.join(PLAYER_KINDS)}, jail_cards)")
                    rows.append((i, k, v))
            exp = rows
        elif key in ("owner", "houses", "mortgaged"):
            exp = [(ctx.square(sq, entry), _square_value(key, v, ctx, entry))
                   for sq, v in ctx.mapping(exp, entry, "square -> value").items()]
        elif key == "bank":
            ctx.keys(ctx.mapping(exp, entry, "of houses, hotels, cash"), BANK_FIELDS, entry,
                     "field(s)")
            for k, v in exp.items():
                ctx.typed(v, _WHOLE, f"{entry}.{k}")
        elif key == "deeds":
            exp = [(ctx.player(i, entry), ctx.typed(c, _WHOLE, f"{entry}[{i}]"))
                   for i, c in ctx.mapping(exp, entry, "player -> count").items()]
        elif key in ("claim", "auction"):
            if exp is not None:
                names = CLAIM_FIELDS if key == "claim" else AUCTION_FIELDS
                ctx.keys(ctx.mapping(exp, entry, f"of {', '.join(names)} (or null)"), names,
                         entry, "field(s)")
                exp = {k: _object_field(k, v, ctx, f"{entry}.{k}") for k, v in exp.items()}
        elif key == "events":
            exp = [_parse_event(e, ctx, f"{entry}[{j}]")
                   for j, e in enumerate(ctx.listed(exp, entry, "event kinds or mappings"))]
        elif key == "no_events":
            exp = [ctx.kind(k, entry) for k in ctx.listed(exp, entry, "event kinds")]
        elif key == "deck_bottom":
            for deck_name, cid in ctx.mapping(exp, entry, "deck -> card id").items():
                if deck_name not in DECKS:
                    raise ctx.fail(entry, f"unknown deck {deck_name!r} (chance or community)")
                if cid is not None:
                    c = ctx.card(cid, f"{entry}.{deck_name}")
                    if ctx.state.cards.all[c].deck != DECKS.index(deck_name):
                        raise ctx.fail(f"{entry}.{deck_name}",
                                       f"card {cid} is not in the {deck_name} deck")
        out.append((key, exp))
    return out


def _object_field(k: str, v: Any, ctx: _Ctx, entry: str) -> Any:
    """A wanted field of the pending claim or of the running auction, checked."""
    if k == "square":  # -1: a building's auction
        return -1 if _whole(v) and v == -1 else ctx.square(v, entry)
    if k in ("owner", "payer"):
        return ctx.player(v, entry)
    if k == "high_bidder":
        return ctx.player(v, entry, bank=True)
    if k in ("bidders", "passed"):
        return ctx.players(v, entry)
    if k == "kind":
        if v not in ("property", "house", "hotel"):
            raise ctx.fail(entry, f"expected property, house or hotel, got {v!r}")
        return v
    return ctx.typed(v, _WHOLE, entry)


def _match_event(ev: Event, want: dict[str, Any]) -> bool:
    return all(getattr(ev, k) == v for k, v in want.items())


def _check(state: GameState, want: list[tuple[str, Any]], events: list[Event],
           where: str) -> list[str]:
    """The differences between ``state`` (and ``events``) and the checks ``want``."""
    out: list[str] = []

    def diff(label: str, got: Any, exp: Any) -> None:
        if got != exp:
            out.append(f"{where}: {label}: expected {exp!r}, got {got!r}")

    names = state.board.names
    for key, exp in want:
        if key in ("phase", "current", "winner", "ranking", "bankruptcies", "time_up"):
            diff(key, getattr(state, key), exp)
        elif key == "players":
            for i, k, v in exp:
                pl = state.players[i]
                if k == "jail_cards":
                    diff(f"players[{i}].jail_cards",
                         [state.cards.all[c].id for c in pl.jail_cards], v)
                else:
                    diff(f"players[{i}].{k}", getattr(pl, k), v)
        elif key in ("owner", "houses", "mortgaged"):
            for s, v in exp:
                diff(f"{key}[{names[s]}]", getattr(state, key)[s], v)
        elif key == "bank":
            got = {"houses": state.bank_houses, "hotels": state.bank_hotels,
                   "cash": state.bank_cash}
            for k, v in exp.items():
                diff(f"bank.{k}", got[k], v)
        elif key == "deeds":  # player -> number of title deeds owned
            for i, count in exp:
                diff(f"deeds of player {i}", len(state.owned_by(i)), count)
        elif key == "debts":
            diff("debts", len(state.debts), exp)
        elif key in ("claim", "auction"):
            obj = getattr(state, key)
            if exp is None:
                diff(key, obj, None)
            elif obj is None:
                what = "a pending rent" if key == "claim" else "a running auction"
                out.append(f"{where}: {key}: expected {what}, got none")
            else:
                for k, v in exp.items():
                    diff(f"{key}.{k}", getattr(obj, k), v)
        elif key == "events":
            k = 0
            for ev in events:
                if k < len(exp) and _match_event(ev, exp[k]):
                    k += 1
            if k < len(exp):
                out.append(f"{where}: events: {exp[k]!r} not found in order; got "
                           f"{[e.kind for e in events]}")
        elif key == "no_events":
            for kind in exp:
                if any(e.kind == kind for e in events):
                    out.append(f"{where}: event {kind!r} should not happen")
        elif key == "deck_bottom":
            for deck_name, cid in exp.items():
                d = state.decks[DECKS.index(deck_name)]
                bottom = state.cards.all[d[-1]].id if d else None
                diff(f"deck_bottom.{deck_name}", bottom, cid)
    return out


def _plan(raw: dict[str, Any], ctx: _Ctx) -> list[tuple[str, str, Any, Any]]:
    """Every step checked and parsed before anything runs: (kind, entry, payload, code)."""
    steps = raw.get("steps")
    if steps is None:
        return []
    if not isinstance(steps, list):
        raise ctx.fail("steps", f"expected a list of steps ('- roll: 0', '- expect: ...'), "
                                f"got {steps!r}")
    plan: list[tuple[str, str, Any, Any]] = []
    for i, step in enumerate(steps):
        entry = f"steps[{i}]"
        if isinstance(step, dict) and "expect" in step:
            if len(step) > 1:
                others = ", ".join(repr(k) for k in step if k != "expect")
                raise ctx.fail(entry, f"an expect step takes no other key, got {others}")
            plan.append(("expect", entry, _parse_checks(step["expect"], ctx, f"{entry}.expect"),
                         None))
        elif isinstance(step, dict) and "illegal" in step:
            extra = [k for k in step if k not in ("illegal", "code")]
            if extra:
                raise ctx.fail(entry, f"an illegal step takes only 'code' besides, got "
                                      f"{', '.join(map(repr, extra))}")
            code = step.get("code")
            if "code" in step and not isinstance(code, str):
                raise ctx.fail(f"{entry}.code", f"expected a refusal code (see docs/engine.md), "
                                                f"got {code!r}")
            if code is not None and code not in CODES:
                raise ctx.fail(f"{entry}.code",
                               f"unknown refusal code {code!r} (see docs/engine.md)")
            plan.append(("illegal", entry, parse_action(step["illegal"], ctx, entry), code))
        elif isinstance(step, dict) and "code" in step:
            raise ctx.fail(entry, "'code' goes with an 'illegal:' step only (write "
                                  "'- illegal: {action: args}' then 'code: ...' under it)")
        else:
            plan.append(("action", entry, parse_action(step, ctx, entry), None))
    return plan


def run_scenario(path: Path) -> ScenarioResult:
    """Run one scenario file; DataError if the file itself is wrong (checked whole before
    anything runs)."""
    path = Path(path)
    raw = load_scenario(path)
    state, ctx = _setup(raw, path)
    plan = _plan(raw, ctx)
    final = _parse_checks(raw["expect"], ctx, "expect") if raw.get("expect") is not None else []
    result = ScenarioResult(raw["name"], raw["source"], state=state)
    pending: list[Event] = []
    for kind, entry, payload, code in plan:
        if kind == "expect":
            result.failures += _check(state, payload, pending, entry)
            pending = []
            continue
        action = payload
        if kind == "illegal":
            before = to_data(state)
            try:
                apply(state, action)
            except IllegalAction as exc:
                if to_data(state) != before:
                    result.failures.append(f"{entry}: the refused action changed the state")
                if code is not None and exc.code != code:
                    result.failures.append(f"{entry}: refused with code {exc.code!r} "
                                           f"({exc.reason}), expected {code!r}")
                continue
            result.failures.append(f"{entry}: {action} should be illegal but was applied")
            break
        try:
            evs = apply(state, action)
        except IllegalAction as exc:
            result.failures.append(f"{entry}: {action} refused: {exc.reason}")
            break
        pending += evs
        result.events += evs
        try:
            check_invariants(state)
        except InvariantError as exc:
            result.failures.append(f"{entry}: invariant broken: {exc}")
            break
    if not result.failures and final:
        result.failures += _check(state, final, pending, "expect")
    return result
