"""Who the game waits for, and what the rules do when that player says nothing.

``actor(state)`` is the player whose answer the game needs before it can go on (as OpenSpiel's
``current_player()``), or None while only out-of-turn moves are possible (an auction, where
anyone may bid or pass, and the end of the game). ``forced_action(state, player)`` is the move
the rules make for a player who says nothing: the dice rolled, the deed declined (it goes to
auction), "amende ou Chance" answered, a debt settled by selling and mortgaging, a trade
refused, a building placed, a bid passed. Both read the state only; ``forced_action`` picks
among ``legal_actions`` (no trial move on a copy of the state).
"""

from __future__ import annotations

from typing import Final

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.legal import legal_actions
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
    GameState,
    Phase,
)


def actor(state: GameState) -> int | None:
    """The player the game waits for, or None (an auction: anyone may bid; the game is over).

    * who starts (seeds/002 C "QUI COMMENCE LE PREMIER?": "Chaque joueur a tour de rôle lance
      les dés"): the next player of the who-starts roll;
    * a turn (seeds/002 C "D Dés"): the current player rolls, in jail too, answers the purchase
      offer and "amende ou Chance";
    * a debt (seeds/002 A "Si un joueur est incapable de payer..."): the debtor raises the money;
    * a trade proposal (seeds/002 C "T Transactions": "Quand la transaction est approuvée par
      l'autre joueur"): its partner answers;
    * a building won at a shortage auction (seeds/002 C "M Maisons"): its winner places it.
    """
    ph = state.phase
    if ph == DEBT:
        return state.debts[0].debtor if state.debts else None
    if ph == TRADE:
        return state.trade.partner if state.trade is not None else None
    if ph == PLACE_BUILDING:
        return state.placer
    if ph == START_ROLL:
        return state.start_rollers[0] if state.start_rollers else None
    if ph == AUCTION or ph == GAME_OVER:
        return None
    return state.current


# What a silent player's answer is, by phase: the first legal action of these kinds. Each is
# the move the rules make without a choice (no money spent, no deed given away by choice).
_SILENT: Final[dict[Phase, tuple[type, ...]]] = {
    START_ROLL: (A.Roll,),          # the who-starts roll
    ROLL: (A.Roll,),                # the dice
    JAIL: (A.Roll,),                # try for a double (the third failed try pays: the engine)
    BUY: (A.Decline,),              # not bought: the bank auctions it (seeds/002 A "Achat")
    CARD_CHOICE: (A.ChooseCard,),   # the Chance card (forced_action's docstring)
    DEBT: (A.AutoLiquidate,),       # sell and mortgage what covers the debt, else bankruptcy
    TRADE: (A.RejectTrade,),        # an offer not accepted is refused
    PLACE_BUILDING: (A.Build,),     # the building goes on the first street it may go on
    AUCTION: (A.Pass,),             # no bid
}


def forced_action(state: GameState, player: int) -> A.Action | None:
    """What the rules do for ``player`` who says nothing now, or None when nothing is forced
    (he is not the one the game waits for, or not a bidder who may still bid).

    "Amende ou Chance" left unanswered draws the Chance card (the Caisse de Communauté card
    "Payez une amende de 1.000 F, ou bien tirez une carte Chance": paying is the choice that
    spends money, so it is never made for a player).
    """
    ph = state.phase
    if ph != AUCTION and actor(state) != player:
        return None
    kinds = _SILENT.get(ph)
    if kinds is None:
        return None
    for a in legal_actions(state, player):
        if isinstance(a, kinds):
            if ph == CARD_CHOICE and isinstance(a, A.ChooseCard) and not a.chance:
                continue
            return a
    return None
