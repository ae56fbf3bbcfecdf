"""Landing frequencies: where dice rolls end, simulated with the engine itself, and the exact
Markov chain of the same rules and deck.

The simulation plays the engine's own ``Roll`` action for one player (every property is his,
so no decision interrupts the loop; the second seat is out of the game, so the turn comes back
to him). A kept "libéré de prison" card is put straight back under its deck, and "amende ou
Chance" is paid, as in the chain (and as in the standard analyses of the game). The decks are
reshuffled from the seed every ``restart`` rolls (a new game), so the result averages over deck
orders.

The chain: one step = one roll; states = (square, doubles so far 0-2) and three in-jail states
(failed tries 0-2). A roll from a state goes where the engine's rules send it: the third double
to jail without moving, "Allez en prison", cards (each with probability 1/16, the card effects
read from the same cards.yaml), jail left by a double (no extra roll) or after the third failed
try (pay and move), or at once by paying ("pay" policy).
"""

from __future__ import annotations

import numpy as np

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import CHANCE, COMMUNITY, GO_TO_JAIL, JAIL_SQUARE, Board
from monopoly_cpc.rules.cards import CHANCE_DECK, COMMUNITY_DECK, Cards
from monopoly_cpc.rules.engine import apply, new_game
from monopoly_cpc.rules.state import CARD_CHOICE, JAIL, GameState

JAIL_POLICIES = ("stay", "pay")
IN_JAIL = 40  # index of the in-jail bucket in the results


def _solo_game(seed: int) -> GameState:
    state = new_game(["Solo", "Absent"], seed=seed, first_player=0)
    for s in state.board.properties:
        state.owner[s] = 0
    state.players[1].bankrupt = True
    state.players[1].cash = 0
    state.players[0].cash = 10 ** 15  # never short of money: only movement matters here
    return state


def simulate(rolls: int, jail: str = "stay", seed: int = 0, restart: int = 20000) -> list[int]:
    """Count, over ``rolls`` dice rolls, where each roll ends: 40 squares, then IN_JAIL."""
    if jail not in JAIL_POLICIES:
        raise ValueError(f"jail policy must be one of {JAIL_POLICIES}")
    counts = [0] * 41
    pay = jail == "pay"
    done = 0
    game = 0
    while done < rolls:
        state = _solo_game(seed * 1_000_003 + game)
        game += 1
        player = state.players[0]
        roll = A.Roll(0)
        fine = A.PayJailFine(0)
        choose = A.ChooseCard(0, False)
        decks = state.decks
        n = min(restart, rolls - done)
        for _ in range(n):
            if pay and state.phase == JAIL:
                apply(state, fine)
            apply(state, roll)
            if state.phase == CARD_CHOICE:
                apply(state, choose)
            if player.jail_cards:  # the chain's assumption: the card goes straight back
                c = player.jail_cards.pop()
                decks[state.cards.all[c].deck].append(c)
            counts[IN_JAIL if player.in_jail else player.pos] += 1
        done += n
    return counts


def _resolve(board: Board, cards: Cards, square: int) -> dict[int, float]:
    """Where a token that arrives on ``square`` ends (IN_JAIL for jail), with probabilities."""
    kind = board.kinds[square]
    if kind == GO_TO_JAIL:
        return {IN_JAIL: 1.0}
    if kind not in (CHANCE, COMMUNITY):
        return {square: 1.0}
    deck = cards.decks[CHANCE_DECK if kind == CHANCE else COMMUNITY_DECK]
    out: dict[int, float] = {}
    w = 1.0 / len(deck)
    for idx in deck:
        c = cards.all[idx]
        if c.effect in ("move_to", "move_back_to"):
            dest = _resolve(board, cards, c.target)
        elif c.effect == "move_by":
            dest = _resolve(board, cards, (square + c.steps) % 40)
        elif c.effect == "go_to_jail":
            dest = {IN_JAIL: 1.0}
        else:  # money, repairs, the kept card (returned), 'amende ou Chance' paid
            dest = {square: 1.0}
        for k, p in dest.items():
            out[k] = out.get(k, 0.0) + w * p
    return out


def exact(board: Board, cards: Cards, jail: str = "stay") -> list[float]:
    """Stationary share of rolls ending on each square (0-39) and in jail (40), exact chain."""
    if jail not in JAIL_POLICIES:
        raise ValueError(f"jail policy must be one of {JAIL_POLICIES}")
    resolved = [_resolve(board, cards, s) for s in range(40)]
    n_states = 123  # 40 x 3 (square, doubles so far) + 3 jail states

    def free(sq: int, d: int) -> int:
        return sq * 3 + d

    def jailed(k: int) -> int:
        return 120 + k

    P = np.zeros((n_states, n_states))
    dice = [(a, b) for a in range(1, 7) for b in range(1, 7)]

    def land(row: int, start: int, total: int, nd: int, prob: float) -> None:
        for dest, p in resolved[(start + total) % 40].items():
            col = jailed(0) if dest == IN_JAIL else free(dest, nd)
            P[row, col] += prob * p

    for sq in range(40):
        for d in range(3):
            row = free(sq, d)
            for a, b in dice:
                if a == b and d == 2:
                    P[row, jailed(0)] += 1 / 36
                else:
                    land(row, sq, a + b, d + 1 if a == b else 0, 1 / 36)
    for k in range(3):
        row = jailed(k)
        if jail == "pay":  # pay at once, then a normal roll from the jail square
            P[row] = P[free(JAIL_SQUARE, 0)]
            continue
        for a, b in dice:
            if a == b or k == 2:
                land(row, JAIL_SQUARE, a + b, 0, 1 / 36)
            else:
                P[row, jailed(k + 1)] += 1 / 36
    # Stationary distribution: left eigenvector for eigenvalue 1 (solve pi (P - I) = 0, sum 1).
    A_ = P.T - np.eye(n_states)
    A_[-1, :] = 1.0
    rhs = np.zeros(n_states)
    rhs[-1] = 1.0
    pi = np.linalg.solve(A_, rhs)
    out = [0.0] * 41
    for sq in range(40):
        out[sq] = float(pi[free(sq, 0)] + pi[free(sq, 1)] + pi[free(sq, 2)])
    out[IN_JAIL] = float(pi[120] + pi[121] + pi[122])
    return out
