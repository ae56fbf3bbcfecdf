"""Game state <-> plain data (JSON/YAML safe), with a format version and thorough checks.

``from_data`` validates everything before building anything, then checks the invariants: a
corrupt or badly hand-edited save gives one DataError line, never a half-loaded game.
"""

from __future__ import annotations

import builtins
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.rules.board import Board, default_board
from monopoly_cpc.rules.cards import Cards, default_cards
from monopoly_cpc.rules.invariants import InvariantError, check_invariants
from monopoly_cpc.rules.state import (
    END_MOVE,
    PHASES,
    Auction,
    Debt,
    GameState,
    Player,
    RentClaim,
    Trade,
)
from monopoly_cpc.rules.variants import Variant

FORMAT = 1
_MASK64 = (1 << 64) - 1


def _debt_data(d: Debt) -> dict[str, Any]:
    out: dict[str, Any] = {"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount,
                           "reason": d.reason}
    if d.kind_refused:   # (written only when set: older saves read the same)
        out["kind_refused"] = True
    return out


def _trade_data(t: Trade, cid: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "proposer": t.proposer, "partner": t.partner, "give": list(t.give), "take": list(t.take),
        "cash": t.cash, "give_cards": [cid[x] for x in t.give_cards],
        "take_cards": [cid[x] for x in t.take_cards]}
    if t.in_kind:
        out["in_kind"] = True
    return out


def to_data(state: GameState) -> dict[str, Any]:
    """The whole state as plain data (cards by id, so a save survives a deck reordering)."""
    cid = [c.id for c in state.cards.all]
    au = state.auction
    t = state.trade
    c = state.claim
    return {
        "format": FORMAT,
        "variant": state.variant.to_data(),
        "players": [{
            "name": p.name, "pawn": p.pawn, "computer": p.computer, "cash": p.cash, "pos": p.pos,
            "in_jail": p.in_jail, "jail_turns": p.jail_turns,
            "jail_cards": [cid[x] for x in p.jail_cards], "loan": p.loan,
            "loan_interest": p.loan_interest, "loan_passes": p.loan_passes, "bankrupt": p.bankrupt,
        } for p in state.players],
        "owner": list(state.owner),
        "houses": list(state.houses),
        "mortgaged": list(state.mortgaged),
        "decks": {"chance": [cid[x] for x in state.decks[0]],
                  "community": [cid[x] for x in state.decks[1]]},
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels, "cash": state.bank_cash},
        "current": state.current,
        "phase": state.phase,
        "stack": list(state.stack),
        "doubles": state.doubles,
        "extra_roll": state.extra_roll,
        "dice": list(state.dice),
        "rng": state.rng,
        "forced_dice": [list(d) for d in state.forced_dice],
        "forced_cards": {"chance": [cid[x] for x in state.forced_cards[0]],
                         "community": [cid[x] for x in state.forced_cards[1]]},
        "pending_square": state.pending_square,
        "pending_card": cid[state.pending_card] if state.pending_card >= 0 else None,
        "auction": None if au is None else {
            "kind": au.kind, "square": au.square, "min_bid": au.min_bid,
            "bidders": list(au.bidders), "passed": list(au.passed), "high_bid": au.high_bid,
            "high_bidder": au.high_bidder},
        "estate": list(state.estate),
        "fresh_lifts": list(state.fresh_lifts),
        "claim": None if c is None else {"owner": c.owner, "payer": c.payer, "square": c.square,
                                         "amount": c.amount},
        "debts": [_debt_data(d) for d in state.debts],
        "trade": None if t is None else _trade_data(t, cid),
        "placer": state.placer,
        "place_kind": state.place_kind,
        "place_paid": state.place_paid,
        "start_rollers": list(state.start_rollers),
        "start_rolls": list(state.start_rolls),
        "clock": state.clock,
        "time_up": state.time_up,
        "end_requested": state.end_requested,
        "bankruptcies": state.bankruptcies,
        "winner": state.winner,
        "ranking": list(state.ranking),
        "scores": list(state.scores),
        "turn": state.turn,
        "rolls": state.rolls,
        "actions": state.actions,
    }


class _Reader:
    """Typed field access that names the field in every error.

    Its methods ``int``, ``str`` and ``list`` hide the built-in types in the rest of the class
    body, where annotations name them ``builtins.int`` and so on.
    """

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(f"{self.where}: {field}: {problem}")

    def get(self, d: Any, key: str, field: str | None = None) -> Any:
        field = field or key
        if not isinstance(d, dict):
            raise self.fail(field, "expected a mapping")
        if key not in d:
            raise self.fail(field, "missing")
        return d[key]

    def int(self, d: Any, key: str, lo: int | None = None, hi: int | None = None,
            field: str | None = None) -> int:
        v = self.get(d, key, field)
        return self.check_int(v, field or key, lo, hi)

    def check_int(self, v: Any, field: str, lo: builtins.int | None = None,
                  hi: builtins.int | None = None) -> builtins.int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(field, f"expected a whole number, got {v!r}")
        if lo is not None and v < lo or hi is not None and v > hi:
            raise self.fail(field, f"{v} out of range {lo}..{hi}")
        return v

    def bool(self, d: Any, key: str, field: str | None = None) -> bool:
        v = self.get(d, key, field)
        if not isinstance(v, bool):
            raise self.fail(field or key, f"expected true or false, got {v!r}")
        return v

    def str(self, d: Any, key: str, field: str | None = None) -> str:
        v = self.get(d, key, field)
        if not isinstance(v, str):
            raise self.fail(field or key, f"expected text, got {v!r}")
        return v

    def list(self, d: Any, key: builtins.str, length: builtins.int | None = None,
             field: builtins.str | None = None) -> builtins.list[Any]:
        v = self.get(d, key, field)
        if not isinstance(v, list):
            raise self.fail(field or key, "expected a list")
        if length is not None and len(v) != length:
            raise self.fail(field or key, f"expected {length} entries, got {len(v)}")
        return v

    def ints(self, d: Any, key: builtins.str, lo: builtins.int, hi: builtins.int,
             length: builtins.int | None = None) -> builtins.list[builtins.int]:
        v = self.list(d, key, length)
        if all(type(x) is int and lo <= x <= hi for x in v):  # the common, valid case
            return list(v)
        return [self.check_int(x, f"{key}[{i}]", lo, hi)
                for i, x in enumerate(self.list(d, key, length))]


def from_data(data: Any, board: Board | None = None, cards: Cards | None = None,
              where: str = "saved game") -> GameState:
    """Rebuild a state from ``to_data`` output; DataError (one line) on anything wrong."""
    r = _Reader(where)
    board = board or default_board()
    cards = cards or default_cards()
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a mapping at the top level")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise DataError(f"{where}: format {fmt!r} is not supported (expected {FORMAT})")
    variant = Variant.from_data(r.get(data, "variant"), f"{where}: variant")
    ids = cards.by_id

    def card(x: Any, field: str, deck: int | None = None) -> int:
        if not isinstance(x, str) or x not in ids:
            raise r.fail(field, f"unknown card {x!r}")
        i = ids[x]
        if deck is not None and cards.all[i].deck != deck:
            raise r.fail(field, f"card {x!r} is not in this deck")
        return i

    raw_players = r.list(data, "players")
    if not variant.min_players <= len(raw_players) <= variant.max_players:
        raise r.fail("players", f"{len(raw_players)} players, expected "
                     f"{variant.min_players} to {variant.max_players}")
    n = len(raw_players)
    players = []
    for i, rp in enumerate(raw_players):
        f = f"players[{i}]"
        players.append(Player(
            name=r.str(rp, "name", f"{f}.name"), pawn=r.int(rp, "pawn", 0, 99, f"{f}.pawn"),
            computer=r.bool(rp, "computer", f"{f}.computer"),
            cash=r.int(rp, "cash", 0, None, f"{f}.cash"), pos=r.int(rp, "pos", 0, 39, f"{f}.pos"),
            in_jail=r.bool(rp, "in_jail", f"{f}.in_jail"),
            jail_turns=r.int(rp, "jail_turns", 0, 2, f"{f}.jail_turns"),
            jail_cards=[card(x, f"{f}.jail_cards") for x in r.list(rp, "jail_cards", None,
                                                                  f"{f}.jail_cards")],
            loan=r.int(rp, "loan", 0, None, f"{f}.loan"),
            # a save written before the interest was kept apart: all that is owed counts as borrowed
            loan_interest=(r.int(rp, "loan_interest", 0, None, f"{f}.loan_interest")
                           if isinstance(rp, dict) and "loan_interest" in rp else 0),
            loan_passes=r.int(rp, "loan_passes", 0, 99, f"{f}.loan_passes"),
            bankrupt=r.bool(rp, "bankrupt", f"{f}.bankrupt")))
    owner = r.ints(data, "owner", -1, n - 1, 40)
    houses = r.ints(data, "houses", 0, 5, 40)
    mortgaged = r.list(data, "mortgaged", 40)
    if not all(isinstance(x, bool) for x in mortgaged):
        raise r.fail("mortgaged", "expected 40 true/false values")
    decks_raw = r.get(data, "decks")
    decks = [[card(x, f"decks.chance[{i}]", 0) for i, x in enumerate(r.list(decks_raw, "chance",
                                                                          None, "decks.chance"))],
             [card(x, f"decks.community[{i}]", 1) for i, x in enumerate(
                 r.list(decks_raw, "community", None, "decks.community"))]]
    bank = r.get(data, "bank")
    phase = r.str(data, "phase")
    if phase not in PHASES:
        raise r.fail("phase", f"unknown phase {phase!r}")
    stack = r.list(data, "stack")
    for i, x in enumerate(stack):
        if x != END_MOVE and x not in PHASES:
            raise r.fail(f"stack[{i}]", f"unknown continuation {x!r}")
    dice = r.ints(data, "dice", 0, 6, 2)
    forced = r.list(data, "forced_dice")
    forced_dice = []
    for i, fd in enumerate(forced):
        if not isinstance(fd, list) or len(fd) != 2:
            raise r.fail(f"forced_dice[{i}]", "expected [d1, d2]")
        forced_dice.append((r.check_int(fd[0], f"forced_dice[{i}]", 1, 6),
                            r.check_int(fd[1], f"forced_dice[{i}]", 1, 6)))
    fc = r.get(data, "forced_cards")
    forced_cards = [[card(x, "forced_cards.chance", 0) for x in r.list(fc, "chance", None,
                                                                      "forced_cards.chance")],
                    [card(x, "forced_cards.community", 1) for x in r.list(
                        fc, "community", None, "forced_cards.community")]]
    pc = r.get(data, "pending_card")
    pending_card = -1 if pc is None else card(pc, "pending_card", 1)
    auction = None
    ra = r.get(data, "auction")
    if ra is not None:
        kind = r.str(ra, "kind", "auction.kind")
        if kind not in ("property", "house", "hotel"):
            raise r.fail("auction.kind", f"unknown kind {kind!r}")
        auction = Auction(kind=kind, square=r.int(ra, "square", -1, 39, "auction.square"),
                          min_bid=r.int(ra, "min_bid", 1, None, "auction.min_bid"),
                          bidders=r.ints(ra, "bidders", 0, n - 1),
                          passed=r.ints(ra, "passed", 0, n - 1),
                          high_bid=r.int(ra, "high_bid", 0, None, "auction.high_bid"),
                          high_bidder=r.int(ra, "high_bidder", -1, n - 1, "auction.high_bidder"))
    claim = None
    rc = r.get(data, "claim")
    if rc is not None:
        claim = RentClaim(r.int(rc, "owner", 0, n - 1, "claim.owner"),
                          r.int(rc, "payer", 0, n - 1, "claim.payer"),
                          r.int(rc, "square", 0, 39, "claim.square"),
                          r.int(rc, "amount", 0, None, "claim.amount"))
    debts = []
    for i, rd in enumerate(r.list(data, "debts")):
        f = f"debts[{i}]"
        debts.append(Debt(r.int(rd, "debtor", 0, n - 1, f"{f}.debtor"),
                          r.int(rd, "creditor", -1, n - 1, f"{f}.creditor"),
                          r.int(rd, "amount", 1, None, f"{f}.amount"),
                          r.str(rd, "reason", f"{f}.reason"),
                          "kind_refused" in rd and r.bool(rd, "kind_refused", f"{f}.kind_refused")))
    trade = None
    rt = r.get(data, "trade")
    if rt is not None:
        trade = Trade(r.int(rt, "proposer", 0, n - 1, "trade.proposer"),
                      r.int(rt, "partner", 0, n - 1, "trade.partner"),
                      tuple(r.ints(rt, "give", 0, 39)), tuple(r.ints(rt, "take", 0, 39)),
                      r.int(rt, "cash", None, None, "trade.cash"),
                      tuple(card(x, "trade.give_cards") for x in r.list(rt, "give_cards")),
                      tuple(card(x, "trade.take_cards") for x in r.list(rt, "take_cards")),
                      "in_kind" in rt and r.bool(rt, "in_kind", "trade.in_kind"))
    place_kind = r.str(data, "place_kind")
    if place_kind not in ("", "house", "hotel"):
        raise r.fail("place_kind", f"unknown building {place_kind!r}")
    rng = r.int(data, "rng", 1, _MASK64)
    state = GameState(
        board=board, cards=cards, variant=variant, players=players, owner=owner, houses=houses,
        mortgaged=list(mortgaged), decks=decks,
        bank_houses=r.int(bank, "houses", 0, board.bank_houses, "bank.houses"),
        bank_hotels=r.int(bank, "hotels", 0, board.bank_hotels, "bank.hotels"),
        bank_cash=r.int(bank, "cash", None, None, "bank.cash"),
        current=r.int(data, "current", 0, n - 1), phase=phase, stack=list(stack),
        doubles=r.int(data, "doubles", 0, 2), extra_roll=r.bool(data, "extra_roll"),
        dice=(dice[0], dice[1]), rng=rng, forced_dice=forced_dice, forced_cards=forced_cards,
        pending_square=r.int(data, "pending_square", -1, 39), pending_card=pending_card,
        auction=auction, estate=r.ints(data, "estate", 0, 39), claim=claim,
        fresh_lifts=r.ints(data, "fresh_lifts", 0, 39) if "fresh_lifts" in data else [], debts=debts,
        trade=trade, placer=r.int(data, "placer", -1, n - 1), place_kind=place_kind,
        place_paid=(r.int(data, "place_paid", 0, None) if "place_paid" in data else 0),
        start_rollers=r.ints(data, "start_rollers", 0, n - 1),
        start_rolls=r.ints(data, "start_rolls", 0, 12, n),
        clock=r.int(data, "clock", 0), time_up=r.bool(data, "time_up"),
        end_requested=r.bool(data, "end_requested"),
        bankruptcies=r.int(data, "bankruptcies", 0, n), winner=r.int(data, "winner", -1, n - 1),
        ranking=r.ints(data, "ranking", 0, n - 1), scores=r.ints(data, "scores", -(1 << 62), 1 << 62),
        turn=r.int(data, "turn", 0), rolls=r.int(data, "rolls", 0),
        actions=r.int(data, "actions", 0),
    )
    _check_consistency(state, r)
    try:
        check_invariants(state)
    except InvariantError as exc:
        raise DataError(f"{where}: inconsistent game: {exc}") from None
    return state


def _check_consistency(s: GameState, r: _Reader) -> None:
    """Cross-field checks the invariants do not cover (what each phase needs)."""
    b = s.board
    ph = s.phase
    if ph == "buy" and (s.pending_square < 0 or not b.is_property[s.pending_square]
                        or s.owner[s.pending_square] != -1):
        raise r.fail("pending_square", "phase buy needs an unowned property on offer")
    if ph == "card_choice" and s.pending_card < 0:
        raise r.fail("pending_card", "phase card_choice needs the card being resolved")
    if ph != "card_choice" and "card_choice" not in s.stack and s.pending_card >= 0:
        raise r.fail("pending_card", f"a card waits for a choice outside phase card_choice ({ph})")
    if ph != "buy" and "buy" not in s.stack and s.pending_square >= 0:
        raise r.fail("pending_square", f"a property on offer outside phase buy ({ph})")
    if ph == "auction" and s.auction is None:
        raise r.fail("auction", "phase auction without an auction")
    if ph != "auction" and s.auction is not None:
        raise r.fail("auction", f"an auction outside phase auction ({ph})")
    if ph == "debt" and not s.debts:
        raise r.fail("debts", "phase debt without a debt")
    if ph == "trade" and s.trade is None:
        raise r.fail("trade", "phase trade without a proposal")
    if ph == "place_building" and (s.placer < 0 or not s.place_kind):
        raise r.fail("placer", "phase place_building without a placer")
    if ph == "start_roll" and not s.start_rollers:
        raise r.fail("start_rollers", "phase start_roll without anyone to roll")
    if s.auction is not None:
        au = s.auction
        if au.kind == "property" and (au.square < 0 or not b.is_property[au.square]
                                      or s.owner[au.square] != -1):
            raise r.fail("auction.square", "the property on auction must belong to the bank")
        if au.high_bidder >= 0 and au.high_bidder not in au.bidders:
            raise r.fail("auction.high_bidder", "not one of the bidders")
    resumable = (END_MOVE, "roll", "jail", "buy", "card_choice", "debt", "start_roll")
    for i, x in enumerate(s.stack):
        if x not in resumable:
            raise r.fail(f"stack[{i}]", f"{x!r} cannot be resumed")
    if s.auction is not None:
        if any(p not in s.auction.bidders for p in s.auction.passed):
            raise r.fail("auction.passed", "a player passed who was not bidding")
        if any(s.players[p].bankrupt for p in s.auction.bidders):
            raise r.fail("auction.bidders", "a bankrupt player is bidding")
    for i, d in enumerate(s.debts):
        if s.players[d.debtor].bankrupt or d.debtor == d.creditor:
            raise r.fail(f"debts[{i}]", "the debtor is bankrupt or his own creditor")
    if s.claim is not None and s.claim.owner == s.claim.payer:
        raise r.fail("claim", "an owner cannot owe himself rent")
    if s.trade is not None and s.trade.proposer == s.trade.partner:
        raise r.fail("trade", "a trade needs two players")
    for sq in s.fresh_lifts:
        if not b.is_property[sq] or not s.mortgaged[sq] or s.owner[sq] < 0:
            raise r.fail("fresh_lifts", f"square {sq} must be an owned mortgaged property")
    if len(set(s.fresh_lifts)) != len(s.fresh_lifts):
        raise r.fail("fresh_lifts", "a square is listed twice")
    for sq in s.estate:
        if s.owner[sq] != -1 or not b.is_property[sq]:
            raise r.fail("estate", f"square {sq} must be an unowned property")
    if s.claim is not None and not b.is_property[s.claim.square]:
        raise r.fail("claim.square", "rent on a square that is not a property")
    if s.pending_card >= 0 and s.cards.all[s.pending_card].effect != "fine_or_chance":
        raise r.fail("pending_card", "only the 'amende ou Chance' card waits for a choice")
