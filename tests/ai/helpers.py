"""Positions built by hand for the computer-player tests."""

from __future__ import annotations

from monopoly_cpc.rules import new_game
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.state import GameState
from monopoly_cpc.rules.variants import Variant

# Line-ups of every strength, the characters and the MONOPOLIC and fast variants, for the tests
# that play whole games and check something before every action (spec, variant).
VARIED_LINEUPS = [
    (["expert"] * 4, None),
    (["expert", "normal", "facile", "baseline"], None),
    (["expert:Téméraire", "expert:Cupide", "normal:Entreprenant", "expert:Prudent", "normal",
      "facile"], None),
    (["expert", "normal", "expert", "normal"], Variant.monopolic()),
    (["expert", "normal", "expert", "normal"], Variant.fast()),
]

# Squares of the French board used below.
BELLEVILLE, LECOURBE = 1, 3                       # violet foncé
VAUGIRARD, COURCELLES, REPUBLIQUE = 6, 8, 9       # bleu ciel
MOZART, SAINT_MICHEL, PIGALLE = 16, 18, 19        # orange
MATIGNON, MALESHERBES, HENRI_MARTIN = 21, 23, 24  # rouge
CHAMPS, PAIX = 37, 39                             # bleu foncé
MONTPARNASSE, LYON, NORD = 5, 15, 25
ELECTRICITE = 12


def position(n: int = 4, owners: dict[int, int] | None = None, cash: list[int] | None = None,
             houses: dict[int, int] | None = None, current: int = 0, **kw) -> GameState:
    """A game of ``n`` computer players where player ``current`` is about to roll; ``owners``
    gives squares to players (deeds paid to the bank), ``cash`` sets each player's cash (the
    bank's ledger is adjusted so that money stays conserved), ``houses`` places buildings."""
    st = new_game([f"P{i + 1}" for i in range(n)], computer=[True] * n, seed=kw.pop("seed", 5),
                  first_player=current, **kw)
    for s, p in (owners or {}).items():
        st.owner[s] = p
        st.players[p].cash -= st.board.prices[s]
        st.bank_cash += st.board.prices[s]
    for s, h in (houses or {}).items():
        st.houses[s] = h
        if h == HOTEL:
            st.bank_hotels -= 1
        else:
            st.bank_houses -= h
        p = st.owner[s]
        cost = st.board.house_costs[s] * (5 if h == HOTEL else h)
        st.players[p].cash -= cost
        st.bank_cash += cost
    if cash is not None:
        for i, c in enumerate(cash):
            st.bank_cash += st.players[i].cash - c
            st.players[i].cash = c
    return st
