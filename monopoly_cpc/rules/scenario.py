"""Scenario files: a start state (only what differs from a new game), forced dice and cards, a
list of steps (actions, expected-illegal actions, checks) and the expected outcome.

Format (YAML)::

    name: the third double goes to jail
    source: 'seeds/002 "Si, toutefois, il jette un double trois fois de suite ..."'
    variant: {auto_rent: true}            # optional rule switches
    players: [Anne, Bruno]                # optional (default two players A and B)
    seed: 1                               # optional
    start:                                # optional: current, players[i] fields, owner,
      current: 0                          #   houses, mortgaged, claim; squares by number or
      players: [{pos: 5, cash: 1000}]     #   by exact name
      owner: {"Rue de la Paix": 1}
    dice: [[3, 3], [2, 2], [1, 1]]        # forced dice, in order
    cards: {chance: [chance_reculez]}     # forced draws, by card id
    steps:
      - roll: 0                           # an action: name and player, or a list / mapping
      - bid: [1, 5000]                    #   of its arguments
      - illegal: {build: [0, 39]}         # must raise IllegalAction and change nothing
        code: uneven_building             #   optional: with this refusal code (docs/engine.md)
      - expect: {phase: roll}             # a check at this point (events since the last check)
    expect: {...}                         # the final check

Checks: phase, current, winner, ranking, players (list, or mapping index -> fields), owner,
houses, mortgaged (square -> value), bank (houses, hotels), claim (null or fields), debts
(count), auction (fields), events (kinds or mappings, in order, other events may come between),
no_events (kinds that must not occur), deck_bottom ({chance|community: card id}), deeds
(player -> number of title deeds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL, load_yaml
from monopoly_cpc.rules.engine import IllegalAction, apply, malformed, new_game
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.invariants import InvariantError, check_invariants
from monopoly_cpc.rules.refusals import CODES
from monopoly_cpc.rules.serial import to_data
from monopoly_cpc.rules.state import JAIL, ROLL, GameState, RentClaim
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
PLAYER_FIELDS = ("name", "cash", "pos", "in_jail", "jail_turns", "loan", "loan_passes",
                 "bankrupt", "computer")
# What each player field holds (checked, so that a wrong type is the file's error, not the
# engine's: the compiled engine would stop with a TypeError).
_TEXT, _WHOLE, _YES_NO = "text", "a whole number", "true or false"
PLAYER_KINDS = {"name": _TEXT, "cash": _WHOLE, "pos": _WHOLE, "in_jail": _YES_NO,
                "jail_turns": _WHOLE, "loan": _WHOLE, "loan_passes": _WHOLE,
                "bankrupt": _YES_NO, "computer": _YES_NO}


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


class _Ctx:
    def __init__(self, path: Path, state: GameState) -> None:
        self.path = path
        self.state = state

    def fail(self, entry: str, problem: str) -> DataError:
        return DataError(f"{self.path.name}: {entry}: {problem}")

    def square(self, value: Any, entry: str) -> int:
        names = self.state.board.names
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 40:
            return value
        if isinstance(value, str):
            hits = [i for i, n in enumerate(names) if n == value]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise self.fail(entry, f"{value!r} names several squares: use the number")
        raise self.fail(entry, f"unknown square {value!r}")

    def typed(self, value: Any, kind: str, entry: str) -> Any:
        """``value`` when it is of ``kind`` (_TEXT, _WHOLE, _YES_NO), else the file's error."""
        ok = (isinstance(value, str) if kind == _TEXT
              else isinstance(value, bool) if kind == _YES_NO
              else isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            raise self.fail(entry, f"expected {kind}, got {value!r}")
        return value

    def card(self, value: Any, entry: str) -> int:
        ids = self.state.cards.by_id
        if not isinstance(value, str) or value not in ids:
            raise self.fail(entry, f"unknown card {value!r}")
        return ids[value]


def load_scenario(path: Path) -> dict[str, Any]:
    """Read a scenario file (DataError naming the file when it is not a scenario)."""
    raw = load_yaml(path)
    if not isinstance(raw, dict) or "name" not in raw or "source" not in raw:
        raise DataError(f"{path.name}: a scenario needs at least 'name' and 'source'")
    known = {"name", "source", "variant", "players", "seed", "start", "dice", "cards", "steps",
             "expect"}
    extra = set(raw) - known
    if extra:
        raise DataError(f"{path.name}: unknown key(s) {', '.join(sorted(extra))}")
    if not raw.get("steps") and not raw.get("expect"):
        raise DataError(f"{path.name}: a scenario needs 'steps' or 'expect' (nothing to check)")
    return raw


def _setup(raw: dict[str, Any], path: Path) -> tuple[GameState, _Ctx]:
    names = raw.get("players") or ["A", "B"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise DataError(f"{path.name}: players: expected a list of names")
    variant = Variant.from_data(raw.get("variant"), f"{path.name}: variant")
    start = raw.get("start") or {}
    if not isinstance(start, dict):
        raise DataError(f"{path.name}: start: expected a mapping")
    seed = raw.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DataError(f"{path.name}: seed: expected a whole number, got {seed!r}")
    who_starts = "current" in start and start["current"] is None  # null: the who-starts rolls
    current = start.get("current", 0)
    if not who_starts and (not isinstance(current, int) or isinstance(current, bool)):
        raise DataError(f"{path.name}: start.current: expected a player number, got {current!r}")
    try:
        state = new_game(names, variant=variant, seed=seed,
                         first_player=None if who_starts else current)
    except ValueError as exc:
        raise DataError(f"{path.name}: {exc}") from None
    ctx = _Ctx(path, state)
    n = len(names)
    for i, fields in _indexed(start.get("players"), n, ctx, "start.players"):
        pl = state.players[i]
        for k, v in fields.items():
            if k == "jail_cards":
                for cid in v:
                    c = ctx.card(cid, f"start.players[{i}].jail_cards")
                    deck = state.decks[state.cards.all[c].deck]
                    if c not in deck:
                        raise ctx.fail(f"start.players[{i}]", f"card {cid} is already held")
                    deck.remove(c)
                    pl.jail_cards.append(c)
            elif k in PLAYER_FIELDS:
                setattr(pl, k, ctx.typed(v, PLAYER_KINDS[k], f"start.players[{i}].{k}"))
            else:
                raise ctx.fail(f"start.players[{i}]", f"unknown field {k!r}")
    for key in ("owner", "houses", "mortgaged"):
        table = getattr(state, key)
        for sq, v in (start.get(key) or {}).items():
            s = ctx.square(sq, f"start.{key}")
            if key == "houses" and v == "hotel":
                v = HOTEL
            table[s] = ctx.typed(v, _YES_NO if key == "mortgaged" else _WHOLE, f"start.{key}")
    extra = set(start) - {"current", "players", "owner", "houses", "mortgaged", "claim"}
    if extra:
        raise ctx.fail("start", f"unknown key(s) {', '.join(sorted(extra))}")
    claim = start.get("claim")
    if claim:
        if not isinstance(claim, dict) or set(claim) != {"owner", "payer", "square", "amount"}:
            raise ctx.fail("start.claim", "expected owner, payer, square and amount")
        state.claim = RentClaim(ctx.typed(claim["owner"], _WHOLE, "start.claim.owner"),
                                ctx.typed(claim["payer"], _WHOLE, "start.claim.payer"),
                                ctx.square(claim["square"], "start.claim"),
                                ctx.typed(claim["amount"], _WHOLE, "start.claim.amount"))
    # Keep the books straight: the bank's ledger and stock follow what the scenario set.
    state.bank_cash = n * variant.start_cash - sum(p.cash for p in state.players)
    state.bank_houses = state.board.bank_houses - sum(h for h in state.houses if h != HOTEL)
    state.bank_hotels = state.board.bank_hotels - sum(1 for h in state.houses if h == HOTEL)
    if not who_starts:
        state.phase = JAIL if state.players[state.current].in_jail else ROLL
    for d in raw.get("dice") or []:
        if not (isinstance(d, list) and len(d) == 2 and all(isinstance(x, int) and 1 <= x <= 6
                                                             for x in d)):
            raise ctx.fail("dice", f"expected [d1, d2] pairs of 1-6, got {d!r}")
        state.forced_dice.append((d[0], d[1]))
    for deck_name, ids in (raw.get("cards") or {}).items():
        if deck_name not in ("chance", "community"):
            raise ctx.fail("cards", f"unknown deck {deck_name!r}")
        d = 0 if deck_name == "chance" else 1
        for cid in ids:
            state.forced_cards[d].append(ctx.card(cid, f"cards.{deck_name}"))
    try:
        check_invariants(state)
    except InvariantError as exc:
        raise ctx.fail("start", f"inconsistent start state: {exc}") from None
    return state, ctx


def _indexed(value: Any, n: int, ctx: _Ctx, entry: str):
    if value is None:
        return []
    if isinstance(value, list):
        items = list(enumerate(value))
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        raise ctx.fail(entry, "expected a list or a mapping index -> fields")
    for i, f in items:
        if not isinstance(i, int) or not 0 <= i < n or not isinstance(f, dict):
            raise ctx.fail(entry, f"bad entry {i!r}")
    return items


def parse_action(step: Any, ctx: _Ctx, entry: str) -> A.Action:
    """Turn ``{name: args}`` (or a bare name) into an action; squares by number or name."""
    if isinstance(step, str):
        name, args = step, None
    elif isinstance(step, dict) and len(step) == 1:
        name, args = next(iter(step.items()))
    else:
        raise ctx.fail(entry, f"expected an action, got {step!r}")
    cls = ACTION_NAMES.get(name)
    if cls is None:
        raise ctx.fail(entry, f"unknown action {name!r} (one of {', '.join(ACTION_NAMES)})")
    if args is None:
        kwargs: dict[str, Any] = {}
    elif isinstance(args, dict):
        kwargs = dict(args)
    elif isinstance(args, list):
        fields = [f for f in cls.__dataclass_fields__]
        kwargs = dict(zip(fields, args))
    else:
        kwargs = {next(iter(cls.__dataclass_fields__)): args}
    if "square" in kwargs:
        kwargs["square"] = ctx.square(kwargs["square"], entry)
    for key in ("give", "take", "squares"):
        if key in kwargs:
            kwargs[key] = tuple(ctx.square(s, entry) for s in kwargs[key])
    for key in ("give_cards", "take_cards"):
        if key in kwargs:
            kwargs[key] = tuple(ctx.card(c, entry) for c in kwargs[key])
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


def _match_event(ev: Event, want: Any, ctx: _Ctx) -> bool:
    if isinstance(want, str):
        return ev.kind == want
    for k, v in want.items():
        if k == "square":
            v = ctx.square(v, "events")
        if k == "data":
            v = tuple(v)
        if getattr(ev, k, None) != v:
            return False
    return True


def _check(state: GameState, want: dict[str, Any], events: list[Event], ctx: _Ctx,
           where: str) -> list[str]:
    out: list[str] = []

    def diff(label: str, got: Any, exp: Any) -> None:
        if got != exp:
            out.append(f"{where}: {label}: expected {exp!r}, got {got!r}")

    for key, exp in want.items():
        if key in ("phase", "current", "winner", "ranking", "bankruptcies", "time_up"):
            diff(key, getattr(state, key), exp)
        elif key == "players":
            for i, fields in _indexed(exp, len(state.players), ctx, f"{where}.players"):
                pl = state.players[i]
                for k, v in fields.items():
                    if k == "jail_cards":
                        diff(f"players[{i}].jail_cards",
                             [state.cards.all[c].id for c in pl.jail_cards], v)
                    elif k in PLAYER_KINDS:
                        diff(f"players[{i}].{k}", getattr(pl, k), v)
                    else:
                        raise ctx.fail(f"{where}.players[{i}]", f"unknown field {k!r}")
        elif key in ("owner", "houses", "mortgaged"):
            for sq, v in exp.items():
                s = ctx.square(sq, f"{where}.{key}")
                if key == "houses" and v == "hotel":
                    v = HOTEL
                diff(f"{key}[{state.board.names[s]}]", getattr(state, key)[s], v)
        elif key == "bank":
            for k, v in exp.items():
                diff(f"bank.{k}", {"houses": state.bank_houses, "hotels": state.bank_hotels,
                                   "cash": state.bank_cash}[k], v)
        elif key == "claim":
            if exp is None:
                diff("claim", state.claim, None)
            elif state.claim is None:
                out.append(f"{where}: claim: expected a pending rent, got none")
            else:
                for k, v in exp.items():
                    diff(f"claim.{k}", getattr(state.claim, k), v)
        elif key == "deeds":  # player -> number of title deeds owned
            for i, count in exp.items():
                diff(f"deeds of player {i}", len(state.owned_by(i)), count)
        elif key == "debts":
            diff("debts", len(state.debts), exp)
        elif key == "auction":
            if exp is None:
                diff("auction", state.auction, None)
            elif state.auction is None:
                out.append(f"{where}: auction: expected a running auction, got none")
            else:
                for k, v in exp.items():
                    diff(f"auction.{k}", getattr(state.auction, k), v)
        elif key == "events":
            k = 0
            for ev in events:
                if k < len(exp) and _match_event(ev, exp[k], ctx):
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
                d = state.decks[0 if deck_name == "chance" else 1]
                got = state.cards.all[d[-1]].id if d else None
                diff(f"deck_bottom.{deck_name}", got, cid)
        else:
            raise ctx.fail(where, f"unknown check {key!r}")
    return out


def run_scenario(path: Path) -> ScenarioResult:
    """Run one scenario file; DataError if the file itself is wrong."""
    path = Path(path)
    raw = load_scenario(path)
    state, ctx = _setup(raw, path)
    result = ScenarioResult(str(raw["name"]), str(raw["source"]), state=state)
    pending: list[Event] = []
    for i, step in enumerate(raw.get("steps") or []):
        entry = f"steps[{i}]"
        if isinstance(step, dict) and "expect" in step and len(step) == 1:
            result.failures += _check(state, step["expect"] or {}, pending, ctx, entry)
            pending = []
            continue
        if isinstance(step, dict) and "illegal" in step and set(step) <= {"illegal", "code"}:
            action = parse_action(step["illegal"], ctx, entry)
            want = step.get("code")
            if want is not None and want not in CODES:
                raise ctx.fail(entry, f"unknown refusal code {want!r} (see docs/engine.md)")
            before = to_data(state)
            try:
                apply(state, action)
            except IllegalAction as exc:
                if to_data(state) != before:
                    result.failures.append(f"{entry}: the refused action changed the state")
                if want is not None and exc.code != want:
                    result.failures.append(f"{entry}: refused with code {exc.code!r} "
                                           f"({exc.reason}), expected {want!r}")
                continue
            result.failures.append(f"{entry}: {action} should be illegal but was applied")
            break
        action = parse_action(step, ctx, entry)
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
    if not result.failures and raw.get("expect"):
        result.failures += _check(state, raw["expect"], pending, ctx, "expect")
    return result
