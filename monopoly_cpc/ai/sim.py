"""Headless games: N computer players to a winner or a round cap, acting as the host too.

The computers move in the table's order (``ai.table``: out-of-turn windows, rent claims, bids,
trade answers, building demands, the awaited player); the host sends the bank's
``CloseAuction`` once ``auction_settled``, and at the round cap ``EndGame`` (the CPC's CTRL+C),
which ranks the players by fortune; such a game counts as *capped* (no player was bankrupted
out).

Everything is a function of the seed: each bot's own randomness comes from the game seed and its
seat (``ai.rng.bot_seed``), so a game plays the same in any process, any order and under any
PYTHONHASHSEED. The seeds of a run's games, the line-ups and the tallies are in
``monopoly_cpc.analysis``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from monopoly_cpc.ai.table import Computer, Table
from monopoly_cpc.game.game import Game
from monopoly_cpc.game.setup import GameSetup
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled, perform
from monopoly_cpc.rules.state import AUCTION, GAME_OVER, JAIL, ROLL, GameState
from monopoly_cpc.rules.turn import actor, forced_action
from monopoly_cpc.rules.variants import Variant

# Read at every move: a constant of this module (the compiled build then reads it without
# looking the name up in the actions module).
_ACCEPT: Final = A.AcceptTrade

ROUND_CAP: Final = 1000
MAX_ACTIONS: Final = 400_000          # a safety net far above any real game (about 3,000 a game)
MAX_TURN_ACTIONS: Final = 2_000       # one turn never needs this many (a bot loop: counted, game ended)


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
    cpu_seconds: float = 0.0  # CPU time of the game's process while it played (speed only)


def play_game(labels: list[str], seed: int, variant: Variant | None = None,
              round_cap: int = ROUND_CAP, index: int = 0, bots: dict[int, Computer] | None = None,
              check=None, observe=None,
              at_round: Callable[[GameState, int], None] | None = None,
              at_round_only: int = 0) -> GameResult:
    """Play one game of the bots named by ``labels`` (seat order) with the game seed ``seed``,
    in the table's order (``ai.table``): a ``Game`` (``game.game``) whose state and table this
    loop drives itself (one loop of the engine's ``perform`` and ``Table.next``, for speed).
    ``bots``: the computer players, when not those the labels make.
    ``check(state)``, if given, runs after every action (tests: invariants);
    ``observe(state, action, events)`` sees every action the players took (measurements);
    ``at_round(state, rounds)`` runs when a round begins, before its first roll (statistics);
    only when round ``at_round_only`` begins, if that is given (a call of Python code at every
    round costs a compiled game more than its work: ``analysis.tournament.play_dealt``)."""
    # (one_move: each move applied before the next is asked)
    game = Game(GameSetup.of_labels(labels, seed, variant), bots=bots, one_move=True)
    table = game.table
    st = game.state
    st.engine_only = True   # only ``apply`` below changes it (check, observe, at_round read it)
    st.record_events = observe is not None   # the events go to ``observe`` only
    rounds = 1
    prev_current = -1
    last_turn = -1
    trades = errors = 0
    capped = False
    turn_start = 0
    close = A.CloseAuction()

    while st.phase != GAME_OVER:
        if check is not None:
            check(st)
        if st.actions > MAX_ACTIONS or st.actions - turn_start > MAX_TURN_ACTIONS:
            capped = True
            errors += 1
            _force_end(st, table)
            break
        ph = st.phase
        if st.turn != last_turn and (ph == ROLL or ph == JAIL):
            last_turn = st.turn
            turn_start = st.actions
            cur = st.current
            if cur <= prev_current:
                rounds += 1
                if at_round is not None and (at_round_only <= 0 or rounds == at_round_only):
                    at_round(st, rounds)
            prev_current = cur
            if rounds > round_cap:
                capped = True
                rounds = round_cap
                apply(st, A.EndGame())
                break
        move = table.next(st)
        if move is None:
            if ph == AUCTION and auction_settled(st):
                events = apply(st, close)
                if observe is not None:
                    observe(st, close, events)
                continue
            raise RuntimeError(f"no move in phase {ph}")
        while move is not None:
            try:
                if observe is None:   # (no events: no list of them either)
                    perform(st, move.action, move.checked)
                else:
                    events = apply(st, move.action, move.checked)
            except IllegalAction:
                # A bot asked for something the engine refused: counted (it should stay 0);
                # the player the game waits for then does what the rules force.
                errors += 1
                move = table.refused(st, move)
                continue
            if type(move.action) is _ACCEPT:
                trades += 1
            if observe is not None:
                observe(st, move.action, events)
            break
    winner = -1 if capped else st.winner
    return GameResult(index, seed, tuple(labels), winner, st.winner, rounds, st.rolls,
                      st.actions, trades, capped, errors)


def _force_end(st: GameState, table: Table) -> None:
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
        p = actor(st)
        a = forced_action(st, p) if p is not None else None
        if a is None:
            break
        apply(st, a)
    raise RuntimeError("could not end the game")
