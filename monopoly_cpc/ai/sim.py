"""Headless games: N computer players to a winner or a round cap, acting as the host too.

The loop plays the table: the player the engine waits for decides (``playout.actor``), every
other player gets one out-of-turn window per turn (build, lift a mortgage), owners claim rent as
soon as it is due, auctions run bidder by bidder and the bank's ``CloseAuction`` comes once
``auction_settled``. At the round cap the host sends ``EndGame`` (the CPC's CTRL+C), which ranks
the players by fortune; such a game counts as *capped* (no player was bankrupted out).

Everything is a function of the seed: each bot's own randomness comes from the game seed and its
seat, so a game plays the same in any process, any order and under any PYTHONHASHSEED. The seeds
of a run's games, the line-ups and the tallies are in ``monopoly_cpc.analysis``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from monopoly_cpc.ai import make_bot
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled, new_game
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    FREE_PHASES,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
    GameState,
)
from monopoly_cpc.rules.variants import Variant

ROUND_CAP: Final = 1000
MAX_ACTIONS: Final = 400_000          # a safety net far above any real game (about 3,000 a game)
MAX_TURN_ACTIONS: Final = 2_000       # one turn never needs this many (a bot loop: counted, game ended)
OUT_OF_TURN_STEPS: Final = 6          # actions one player may take in its out-of-turn window
MASK: Final = 0xFFFFFFFFFFFFFFFF


def splitmix(x: int) -> int:
    """One step of splitmix64: a well-mixed 64-bit number from ``x`` (seed derivation)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def make_player(label: str, seed: int):
    """A bot from a label ``kind`` or ``kind:Personality`` (e.g. ``expert:Prudent``)."""
    kind, _, pers = label.partition(":")
    return make_bot(kind, pers or None, seed)


@dataclass(slots=True)
class GameResult:
    """The outcome of one headless game (seats are player indexes)."""

    index: int
    seed: int
    labels: tuple[str, ...]   # player type per seat
    winner: int               # last player standing, -1 when the game was capped
    leader: int               # the engine's winner: richest at the cap, else == winner
    rounds: int
    rolls: int
    actions: int
    trades: int
    capped: bool
    bot_errors: int           # actions a bot chose that the engine refused (should stay 0)
    # Filled by analysis.tournament.play_dealt (-1 otherwise): after its DEALT_ROUND rounds,
    # the seats holding a complete colour group, as a bit mask (bit p = seat p), and the seat
    # whose deeds earn the most rent per roll of an opponent (ties: the first seat).
    groups: int = -1
    top_earner: int = -1


def _default(state: GameState, p: int) -> A.Action | None:
    """What the rules force when a player has nothing to say (the screen does the same)."""
    ph = state.phase
    if ph in (START_ROLL, ROLL, JAIL):
        return A.Roll(p)
    if ph == BUY:
        return A.Decline(p)
    if ph == CARD_CHOICE:
        return A.ChooseCard(p, True)
    if ph == DEBT:
        return A.AutoLiquidate(p)
    if ph == TRADE:
        return A.RejectTrade(p)
    if ph == PLACE_BUILDING:
        from monopoly_cpc.rules.legal import legal_actions

        acts = legal_actions(state, p)
        return acts[0] if acts else None
    return None


_CURRENT_ACTS: Final = frozenset((ROLL, JAIL, BUY, CARD_CHOICE))   # phases where the current player acts


_ACCEPT: Final = A.AcceptTrade


def _actor(state: GameState) -> int:
    ph = state.phase
    if ph == DEBT:
        return state.debts[0].debtor
    if ph == TRADE:
        tr = state.trade
        assert tr is not None   # phase TRADE
        return tr.partner
    if ph == PLACE_BUILDING:
        return state.placer
    if ph == START_ROLL:
        return state.start_rollers[0]
    return state.current


def play_game(labels: list[str], seed: int, variant: Variant | None = None,
              round_cap: int = ROUND_CAP, index: int = 0, bots: list | None = None,
              check=None, observe=None,
              at_round: Callable[[GameState, int], None] | None = None) -> GameResult:
    """Play one game of the bots named by ``labels`` (seat order) with the game seed ``seed``.
    ``check(state)``, if given, runs after every action (tests: invariants);
    ``observe(state, action, events)`` sees every action the players took (measurements);
    ``at_round(state, rounds)`` runs when a round begins, before its first roll (statistics)."""
    n = len(labels)
    if bots is None:
        bots = [make_player(lab, splitmix(seed ^ (seat + 1) * 0x9E37)) for seat, lab in enumerate(labels)]
    st = new_game([f"P{i + 1}" for i in range(n)], computer=[True] * n, seed=seed,
                  variant=variant)
    players = st.players
    rounds = 1
    prev_current = -1
    last_turn = -1
    trades = errors = 0
    capped = False
    claim_seen = None
    turn_start = 0
    close = A.CloseAuction()
    passes = [A.Pass(i) for i in range(n)]
    others = [[(cur + k) % n for k in range(1, n)] for cur in range(n)]
    steps = range(OUT_OF_TURN_STEPS)
    roll_action = A.Roll

    def step(action, p: int) -> None:
        nonlocal errors, trades
        try:
            events = apply(st, action)
        except IllegalAction:
            # A bot asked for something the engine refused: counted (it should stay 0); the
            # player the game waits for then does what the rules force.
            errors += 1
            if p != _actor(st) or st.phase == AUCTION:
                return
            fallback = _default(st, p)
            if fallback is None or fallback == action:
                raise
            apply(st, fallback)
            return
        if type(action) is _ACCEPT:
            trades += 1
        if observe is not None:
            observe(st, action, events)

    while st.phase != GAME_OVER:
        if check is not None:
            check(st)
        if st.actions > MAX_ACTIONS or st.actions - turn_start > MAX_TURN_ACTIONS:
            capped = True
            errors += 1
            _force_end(st, bots)
            break
        ph = st.phase
        if ph == AUCTION:
            if auction_settled(st):
                events = apply(st, close)
                if observe is not None:
                    observe(st, close, events)
                continue
            au = st.auction
            assert au is not None   # phase AUCTION
            for b in au.bidders:
                if b in au.passed or b == au.high_bidder:
                    continue
                a = bots[b].decide(st, b)
                step(a if a is not None else passes[b], b)
                break
            continue
        if st.turn != last_turn and (ph == ROLL or ph == JAIL):
            last_turn = st.turn
            turn_start = st.actions
            cur = st.current
            if cur <= prev_current:
                rounds += 1
                if at_round is not None:
                    at_round(st, rounds)
            prev_current = cur
            if rounds > round_cap:
                capped = True
                rounds = round_cap
                apply(st, A.EndGame())
                break
            # Everyone else's window before this turn's roll (build, lift, claim), in the
            # order of play from the current player, so that no seat is favoured.
            for i in others[cur]:
                if players[i].bankrupt:
                    continue
                decide = bots[i].decide
                for _ in steps:
                    if st.phase not in FREE_PHASES:
                        break
                    a = decide(st, i)
                    if a is None or type(a) is roll_action:
                        break
                    step(a, i)
            continue
        c = st.claim
        if c is not None and c is not claim_seen and ph in FREE_PHASES:
            claim_seen = c
            a = bots[c.owner].decide(st, c.owner)
            if a is not None:
                step(a, c.owner)
                continue
        p = st.current if ph in _CURRENT_ACTS else _actor(st)
        a = bots[p].decide(st, p)
        if a is None:
            a = _default(st, p)
            if a is None:
                raise RuntimeError(f"no action for player {p} in phase {ph}")
        step(a, p)
    winner = -1 if capped else st.winner
    return GameResult(index, seed, tuple(labels), winner, st.winner, rounds, st.rolls,
                      st.actions, trades, capped, errors)


def _force_end(st: GameState, bots) -> None:
    """Bring a runaway game to a move boundary and end it (CTRL+C)."""
    for _ in range(10_000):
        if st.phase == GAME_OVER:
            return
        try:
            apply(st, A.EndGame())
            return
        except IllegalAction:
            pass
        if st.phase == AUCTION:
            if auction_settled(st):
                apply(st, A.CloseAuction())
            else:
                au = st.auction
                assert au is not None   # phase AUCTION
                b = next(x for x in au.bidders if x not in au.passed and x != au.high_bidder)
                apply(st, A.Pass(b))
            continue
        p = _actor(st)
        a = _default(st, p)
        if isinstance(a, A.Roll) and st.phase in (ROLL, JAIL) or a is not None:
            apply(st, a)
    raise RuntimeError("could not end the game")
