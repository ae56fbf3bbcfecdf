"""``legal_actions(state, player)``: what one player may do now, in or out of turn.

Bots do not need it to act (``apply`` validates a single action directly); screens use it to
offer choices. Open-ended actions are sampled: a few bid amounts, loans in 10.000 F steps, and
no trade proposals (any ``ProposeTrade`` is validated by ``apply``). The host's actions
(``CloseAuction``, ``EndGame``, ``AdvanceClock``) are never listed for a player.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.core import _in_the_move
from monopoly_cpc.rules.deals import ANY_TIME_PHASES, trade_acceptable
from monopoly_cpc.rules.queries import (
    assets,
    can_build,
    can_mortgage,
    can_sell,
    group_has_buildings,
    lift_cost,
    liquidation_value,
    loan_room,
    placements,
)
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    FREE_PHASES,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
    Debt,
    GameState,
)

BID_STEPS = (100, 1000, 5000, 10000)


def legal_actions(state: GameState, player: int) -> list[A.Action]:
    """Every action ``player`` may take now (bids and loans sampled, trades not listed)."""
    if not 0 <= player < len(state.players) or state.players[player].bankrupt:
        return []
    phase = state.phase
    out: list[A.Action] = []
    if phase == START_ROLL:
        if state.start_rollers and state.start_rollers[0] == player:
            out.append(A.Roll(player))
        return out
    if phase == AUCTION:
        au = state.auction
        if (au is not None and player in au.bidders and player not in au.passed
                and player != au.high_bidder):
            cap = assets(state, player) if au.kind == "property" or not state.time_up else 0
            for amount in sorted({max(au.min_bid, au.high_bid + step) for step in BID_STEPS}):
                if amount <= cap:
                    out.append(A.Bid(player, amount))
            out.append(A.Pass(player))
        return out
    if phase == TRADE:
        t = state.trade
        if t is not None:
            if player == t.partner:
                if trade_acceptable(state):   # not after the time, nor an offer gone stale
                    out.append(A.AcceptTrade(player))
                out.append(A.RejectTrade(player))
            elif player == t.proposer:
                out.append(A.RejectTrade(player))
        return out
    if phase == PLACE_BUILDING:
        if player == state.placer:
            out.extend(_placements(state, player))
        return out
    current = player == state.current
    if phase == ROLL and current:
        out.append(A.Roll(player))
    elif phase == JAIL and current:
        out.append(A.Roll(player))
        if state.players[player].cash >= state.variant.jail_fine:
            out.append(A.PayJailFine(player))
        if state.players[player].jail_cards:
            out.append(A.UseJailCard(player))
    elif phase == BUY and current:
        if state.players[player].cash >= state.board.prices[state.pending_square]:
            out.append(A.Buy(player))
        out.append(A.Decline(player))
    elif phase == CARD_CHOICE and current:
        out.append(A.ChooseCard(player, False))
        out.append(A.ChooseCard(player, True))
    elif phase == DEBT and state.debts and state.debts[0].debtor == player:
        d = state.debts[0]
        out.append(A.AutoLiquidate(player))
        pl = state.players[player]
        if pl.cash + liquidation_value(state, player) + loan_room(state, player) < d.amount:
            out.append(A.DeclareBankruptcy(player))
        kind = _in_kind(state, player, d)
        if kind is not None:
            out.append(kind)
    if phase in FREE_PHASES:
        out.extend(free_actions(state, player))
    return out


def free_actions(state: GameState, player: int) -> list[A.Action]:
    """Out-of-turn actions open to ``player`` now: claim, build, sell, mortgage, lift, borrow.
    Once the quick game's time is up, for the player settling a debt, and during an auction or
    a trade: the claim, and selling, mortgaging or borrowing (``core._check_free``,
    ``deals.ANY_TIME_PHASES``, ``deals._debtor_keeps_cash``). ``apply`` accepts each of them."""
    out: list[A.Action] = []
    if not 0 <= player < len(state.players) or state.players[player].bankrupt:
        return out
    c = state.claim
    if c is not None and c.owner == player:
        out.append(A.ClaimRent(player))
    deals = not state.time_up
    if state.phase not in ANY_TIME_PHASES or (not deals and not _in_the_move(state, player)):
        return out
    if state.phase == DEBT and state.debts and state.debts[0].debtor == player:
        deals = False   # the debtor spends no cash on building or lifting (deals.py)
    elif state.phase not in FREE_PHASES:
        deals = False   # during an auction or a trade: selling, mortgaging and borrowing only
    b = state.board
    own = state.owner
    mort = state.mortgaged
    houses = state.houses
    cash = state.players[player].cash
    for s in b.properties:
        if own[s] != player:
            continue
        if mort[s]:
            if deals and cash >= lift_cost(state, s):
                out.append(A.Lift(player, s))
            continue
        if b.groups[s] >= 0:
            if houses[s] and not can_sell(state, player, s):
                out.append(A.SellBuilding(player, s))
            if deals and not can_build(state, player, s):
                out.append(A.Build(player, s))
        if not can_mortgage(state, player, s):
            out.append(A.Mortgage(player, s))
    v = state.variant
    if v.loans:
        room = loan_room(state, player)
        step = 10000
        while step <= room:
            out.append(A.Borrow(player, step))
            step += 10000
        if room > 0 and room % 10000:
            out.append(A.Borrow(player, room))
    return out


def _placements(state: GameState, player: int) -> list[A.Action]:
    return [A.Build(player, s) for s in placements(state, player, state.place_kind)]


def _in_kind(state: GameState, player: int, d: Debt) -> A.PayInKind | None:
    """One way to pay a rent half in properties: the least valuable ones that cover it."""
    if d.reason != "rent" or d.creditor < 0:
        return None
    cash_part = (d.amount + 1) // 2
    if state.players[player].cash < cash_part:
        return None
    b = state.board
    need = d.amount - cash_part
    # mortgaged deeds may change hands (variant), unless the creditor refused them already
    given = state.variant.trade_mortgaged and not d.kind_refused
    options = sorted((b.prices[s] // 2 if state.mortgaged[s] else b.prices[s], s)
                     for s in state.owned_by(player) if not group_has_buildings(state, s)
                     and (given or not state.mortgaged[s]))
    chosen, total = [], 0
    for value, s in options:
        if total >= need:
            break
        chosen.append(s)
        total += value
    if total < need or not chosen:
        return None
    return A.PayInKind(player, tuple(sorted(chosen)))
