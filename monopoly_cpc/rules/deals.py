"""Action handlers for dealings at any moment: buildings, mortgages, loans, trades, and the
debtor's ways out (automatic sale, paying a rent in kind, bankruptcy). Internal to
``monopoly_cpc.rules``; ``engine.apply`` dispatches to them."""

from __future__ import annotations

from typing import Final

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import (
    HOTEL,
    STREET,
)
from monopoly_cpc.rules.core import (
    IllegalAction,
    _bankrupt,
    _check_free,
    _check_player,
    _interest,
    _open_auction,
    _pay_bank,
    _resume,
)
from monopoly_cpc.rules.events import Event, event
from monopoly_cpc.rules.queries import (
    bank_has_deeds,
    building_sale_value,
    can_build,
    can_mortgage,
    can_sell,
    group_has_buildings,
    hotel_level,
    level,
    lift_cost,
    liquidation_value,
    loan_room,
    shortage_bidders,
)
from monopoly_cpc.rules.state import (
    AUCTION,
    DEBT,
    FREE_PHASES,
    PLACE_BUILDING,
    TRADE,
    Debt,
    GameState,
    Trade,
    facts,
)

# Raising money "à tout moment": selling buildings back (seeds/002 C "Les maisons et les hôtels
# peuvent être achetés ou vendus à tout moment"; A "mais cela à n'importe quel moment"),
# mortgaging, and the MONOPOLIC loan (seeds/000 "emprunter jusqu'à 50.000 Frs à tout moment"):
# during an auction or a trade waiting for its answer too. Building and lifting stay between
# those (a building bought could open a shortage auction inside the auction).
ANY_TIME_PHASES: Final = FREE_PHASES | {AUCTION, TRADE}


def _do_build(state: GameState, action: A.Build, ev: list[Event] | None) -> None:
    p, s = action.player, action.square
    placing = state.phase == PLACE_BUILDING
    if placing:
        if p != state.placer:
            raise IllegalAction("the auction winner places the building", action, code="placer_only")
    else:
        _check_free(state, action, p)
        _debtor_keeps_cash(state, action, p)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action, code="no_such_square")
    b = state.board
    top = hotel_level(state)
    is_hotel = level(state, s) == top - 1
    kind = "hotel" if is_hotel else "house"
    pl = state.players[p]
    if placing:
        if kind != state.place_kind:
            raise IllegalAction(f"place the {state.place_kind} you won", action,
                                code="place_won_" + state.place_kind)
        why = can_build(state, p, s, paid=True)
        if why:
            raise IllegalAction(why, action)
        # The winner of a shortage auction paid his bid, and that is the building's price
        # (seeds/002 MANQUE DE CONSTRUCTIONS "au plus offrant"; seeds/004 "cède les
        # constructions au plus offrant"). The lone taker, who had no rival, bought nothing at
        # auction: he pays the printed price of the street that takes it (``place_paid`` 0).
        price = 0 if state.place_paid else b.house_costs[s]
    else:
        why = can_build(state, p, s)
        if why:
            raise IllegalAction(why, action)
        stock = state.bank_hotels if is_hotel else state.bank_houses
        # Cheap test first: a shortage needs fewer buildings left than players in the game.
        bidders = shortage_bidders(state, kind) if stock < len(state.players) else []
        if len(bidders) > 1 and stock < len(bidders):
            # seeds/002 MANQUE DE CONSTRUCTIONS: more builders than buildings -> auction, from
            # the lowest printed price among the builders' streets that could take that building
            # (seeds/003): a hotel's auction does not open at the price of a street that could
            # only take a house.
            low = min(b.house_costs[x] for x in b.streets
                      if state.owner[x] in bidders and (level(state, x) == top - 1) == is_hotel
                      and not can_build(state, state.owner[x], x))
            if ev is not None:
                ev.append(event("shortage", p, s, stock, -1, kind, tuple(bidders)))
            state.stack.append(state.phase)
            _open_auction(state, kind, -1, low, bidders, ev)
            return
        cost = facts(state).house_costs[s]
        pl.cash -= cost
        state.bank_cash += cost
        if is_hotel:
            state.bank_hotels -= 1
        else:
            state.bank_houses -= 1
    state.build_changes += 1
    if is_hotel:
        state.bank_houses += top - 1  # the houses go back to the bank
        state.houses[s] = HOTEL
    else:
        state.houses[s] += 1
    state.built_square = s
    state.built_at = state.build_changes
    if ev is not None:
        ev.append(event("build", p, s, price if placing else b.house_costs[s], -1, kind))
    if placing:
        state.placer = -1
        state.place_kind = ""
        state.place_paid = 0
        if price:
            # The "build" event above reports the payment; only a shortfall is news (a debt).
            if pl.cash >= price:
                pl.cash -= price
                state.bank_cash += price
            else:
                _pay_bank(state, p, price, "build", ev)
        _resume(state, ev)


def _sell_one(state: GameState, p: int, s: int, ev: list[Event] | None) -> None:
    """Sell the building(s) of ``s`` (validated by the caller)."""
    b = state.board
    cost = b.house_costs[s]
    pl = state.players[p]
    state.build_changes += 1
    if state.houses[s] != HOTEL:
        state.houses[s] -= 1
        state.bank_houses += 1
        pl.cash += cost // 2
        state.bank_cash -= cost // 2
        if ev is not None:
            ev.append(event("sell", p, s, cost // 2, -1, "house"))
        return
    top = hotel_level(state)
    # The house a shortage auction is selling is not the bank's to hand out (seeds/003: no
    # breakdown "dans le cas où il n'en resterait plus").
    au = state.auction
    free = state.bank_houses - (1 if au is not None and au.kind == "house" else 0)
    if state.variant.hotel_breakdown and free >= top - 1:
        # The hotel traded back for its houses plus half its price (variant).
        state.houses[s] = top - 1
        state.bank_hotels += 1
        state.bank_houses -= top - 1
        pl.cash += cost // 2
        state.bank_cash -= cost // 2
        if ev is not None:
            ev.append(event("sell", p, s, cost // 2, -1, "hotel"))
        return
    # seeds/002: selling a hotel sells every building of the group at once.
    for x in b.group_members[b.groups[s]]:
        h = state.houses[x]
        if not h:
            continue
        value = building_sale_value(state, x)
        if h == HOTEL:
            state.bank_hotels += 1
        else:
            state.bank_houses += h
        state.houses[x] = 0
        pl.cash += value
        state.bank_cash -= value
        if ev is not None:
            ev.append(event("sell", p, x, value, -1, "hotel" if h == HOTEL else "house"))


def _do_sell(state: GameState, action: A.SellBuilding, ev: list[Event] | None) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p, "cash", ANY_TIME_PHASES)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action, code="no_such_square")
    why = can_sell(state, p, s)
    if why:
        raise IllegalAction(why, action)
    _sell_one(state, p, s, ev)


def _do_mortgage(state: GameState, action: A.Mortgage, ev: list[Event] | None) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p, "cash", ANY_TIME_PHASES)
    if not 0 <= s < 40:
        raise IllegalAction("no such square", action, code="no_such_square")
    why = can_mortgage(state, p, s)
    if why:
        raise IllegalAction(why, action)
    m = facts(state).mortgages[s]
    state.mortgaged[s] = True
    state.deed_changes += 1
    state.flipped_square = s
    state.flipped_at = state.deed_changes
    state.players[p].cash += m
    state.bank_cash -= m
    if ev is not None:
        ev.append(event("mortgage", p, s, m))


def _do_lift(state: GameState, action: A.Lift, ev: list[Event] | None) -> None:
    p, s = action.player, action.square
    _check_free(state, action, p)
    _debtor_keeps_cash(state, action, p)
    if not 0 <= s < 40 or state.owner[s] != p or not state.mortgaged[s]:
        raise IllegalAction("not one of your mortgaged properties", action,
                            code="not_mortgaged_property")
    cost = lift_cost(state, s)
    pl = state.players[p]
    if pl.cash < cost:
        raise IllegalAction("not enough cash", action, code="not_enough_cash",
                            fields={"amount": cost})
    pl.cash -= cost
    state.bank_cash += cost
    state.mortgaged[s] = False
    state.deed_changes += 1
    state.flipped_square = s
    state.flipped_at = state.deed_changes
    if s in state.fresh_lifts:
        state.fresh_lifts.remove(s)
    if ev is not None:
        ev.append(event("lift", p, s, cost))


def _do_borrow(state: GameState, action: A.Borrow, ev: list[Event] | None) -> None:
    p = action.player
    _check_free(state, action, p, "cash", ANY_TIME_PHASES)
    v = state.variant
    if not v.loans:
        raise IllegalAction("no loans in this variant", action, code="no_loans")
    if not isinstance(action.amount, int) or action.amount <= 0:
        raise IllegalAction("borrow a positive amount", action, code="loan_not_positive")
    # seeds/000 EMPRUNT "emprunter jusqu'à 50.000 Frs": the limit is on the sums borrowed,
    # not on what is owed once the 10 % have been added at Départ
    if action.amount > loan_room(state, p):
        raise IllegalAction(f"loans are limited to {v.loan_max} F borrowed in all", action,
                            code="loan_limit", fields={"amount": v.loan_max})
    _lend(state, p, action.amount, ev)


def _lend(state: GameState, p: int, amount: int, ev: list[Event] | None) -> None:
    pl = state.players[p]
    if pl.loan == 0:
        pl.loan_passes = 0
    pl.loan += amount
    pl.cash += amount
    state.bank_cash -= amount
    if ev is not None:
        ev.append(event("loan", p, -1, amount))


def _check_trade(state: GameState, t: Trade, action: object) -> None:
    p, q = t.proposer, t.partner
    _check_player(state, action, p)
    _check_player(state, action, q)
    if p == q:
        raise IllegalAction("a trade needs two players", action, code="trade_same_player")
    if state.variant.trade_only_when_bank_empty and (t.give or t.take) and bank_has_deeds(state):
        # (the rule is about the deeds: a 'libéré de prison' card "peut être vendue par un
        # joueur à un autre" at any time, seeds/002)
        raise IllegalAction("trades only once the bank has no title deed left", action,
                            code="trade_bank_has_deeds")
    if not (t.give or t.take or t.give_cards or t.take_cards):
        raise IllegalAction("the trade is empty", action, code="trade_empty")
    b = state.board
    for squares, who in ((t.give, p), (t.take, q)):
        if len(set(squares)) != len(squares):
            raise IllegalAction("a property is listed twice", action, code="trade_listed_twice")
        for s in squares:
            if not isinstance(s, int) or not 0 <= s < 40 or not b.is_property[s]:
                raise IllegalAction(f"{s!r} is not a property", action, code="not_a_property")
            if state.owner[s] != who:
                raise IllegalAction(f"{b.names[s]} does not belong to {state.players[who].name}",
                                    action, code="not_owner",
                                    fields={"square": b.names[s],
                                            "name": state.players[who].name})
            if group_has_buildings(state, s):
                raise IllegalAction(f"sell the buildings of {b.names[s]}'s group first", action,
                                    code="trade_group_built", fields={"square": b.names[s]})
            if state.mortgaged[s] and not state.variant.trade_mortgaged:
                raise IllegalAction("a mortgaged property cannot be traded", action,
                                    code="mortgaged_no_trade")
    for cards, who in ((t.give_cards, p), (t.take_cards, q)):
        held = list(state.players[who].jail_cards)
        for c in cards:
            if c not in held:
                raise IllegalAction("that jail card is not held", action, code="jail_card_not_held")
            held.remove(c)
    if not isinstance(t.cash, int):
        raise IllegalAction("cash must be a whole number", action, code="trade_cash_not_whole")
    if t.cash > 0 and state.players[p].cash < t.cash:
        raise IllegalAction("the proposer has not that much cash", action, code="proposer_cash",
                            fields={"name": state.players[p].name})
    if t.cash < 0 and state.players[q].cash < -t.cash:
        raise IllegalAction("the partner has not that much cash", action, code="partner_cash",
                            fields={"name": state.players[q].name})
    if t.cash:   # whoever pays the cash must not be the player settling a debt
        _debtor_keeps_cash(state, action, p if t.cash > 0 else q)


def _do_propose(state: GameState, action: A.ProposeTrade, ev: list[Event] | None) -> None:
    _check_free(state, action, action.player)
    t = Trade(action.player, action.partner, tuple(action.give), tuple(action.take), action.cash,
              tuple(action.give_cards), tuple(action.take_cards))
    _check_trade(state, t, action)
    state.trade = t
    state.stack.append(state.phase)
    state.phase = TRADE
    if ev is not None:
        ev.append(event("trade_proposed", t.proposer, -1, t.cash, t.partner, "",
                        (t.give, t.take, t.give_cards, t.take_cards)))


def trade_acceptable(state: GameState) -> bool:
    """Would the pending trade's partner be allowed to accept it now? (The offer is checked
    again at the answer: the deeds or the cash may have changed since it was made.)"""
    t = state.trade
    if t is not None and t.in_kind:
        return in_kind_acceptable(state)
    if t is None or state.time_up:
        return False
    try:
        _check_trade(state, t, A.AcceptTrade(t.partner))
    except IllegalAction:
        return False
    return True


def _do_accept(state: GameState, action: A.AcceptTrade, ev: list[Event] | None) -> None:
    t = state.trade
    if state.phase != TRADE or t is None or action.player != t.partner:
        raise IllegalAction("no trade awaits your answer", action, code="no_trade_to_answer")
    if t.in_kind:
        if not in_kind_acceptable(state):
            raise IllegalAction("the payment in kind no longer stands", action,
                                code="kind_offer_stale")
        state.trade = None
        _settle_in_kind(state, state.debts[0], t.give, t.cash, ev)
        return
    if state.time_up:   # seeds/002 A "Aucune opération ne peut plus se conclure"
        raise IllegalAction("the time is up: no more deals", action, code="time_up_no_deal")
    _check_trade(state, t, action)
    state.trade = None
    p, q = t.proposer, t.partner
    pp, pq = state.players[p], state.players[q]
    pp.cash -= t.cash
    pq.cash += t.cash
    state.deed_changes += 1
    for s in t.give:
        state.owner[s] = q
    for s in t.take:
        state.owner[s] = p
    for c in t.give_cards:
        pp.jail_cards.remove(c)
        pq.jail_cards.append(c)
    for c in t.take_cards:
        pq.jail_cards.remove(c)
        pp.jail_cards.append(c)
    if ev is not None:
        ev.append(event("trade", p, -1, t.cash, q, "",
                        (t.give, t.take, t.give_cards, t.take_cards)))
    # seeds/002 HYPOTHEQUES: the new owner of a mortgaged property pays 10 % at once.
    for squares, who in ((t.give, q), (t.take, p)):
        for s in squares:
            if state.mortgaged[s]:
                _interest(state, who, s, ev)
    _resume(state, ev)


def _do_reject(state: GameState, action: A.RejectTrade, ev: list[Event] | None) -> None:
    t = state.trade
    if state.phase != TRADE or t is None or action.player not in (t.partner, t.proposer):
        raise IllegalAction("no trade to refuse", action, code="no_trade_to_refuse")
    state.trade = None
    if t.in_kind and action.player == t.partner and state.debts:
        state.debts[0].kind_refused = True   # the debtor then pays in cash or with other deeds
    if ev is not None:
        ev.append(event("trade_rejected", action.player, -1, 0, t.proposer
                        if action.player == t.partner else t.partner))
    _resume(state, ev)


def _debtor_keeps_cash(state: GameState, action: object, player: int) -> None:
    """The player whose debt is being settled spends no cash on anything but the debt: no
    building, no lift, no cash paid in a trade (seeds/002 C L "Si le joueur n'a pas assez
    d'argent, l'ordinateur engagera automatiquement une procédure de vente"; A FAILLITE "doit
    donner à ses créanciers toutes les valeurs qu'il possède"). He raises money: sells,
    mortgages, trades for cash, borrows."""
    if state.phase == DEBT and state.debts and state.debts[0].debtor == player:
        raise IllegalAction("settle the debt first", action, code="debtor_pays_first")


def _current_debt(state: GameState, action: object, player: int) -> Debt:
    if state.phase != DEBT or not state.debts or state.debts[0].debtor != player:
        raise IllegalAction("you have no debt to settle now", action, code="no_debt")
    return state.debts[0]


def _do_auto(state: GameState, action: A.AutoLiquidate, ev: list[Event] | None) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    pl = state.players[p]
    if pl.cash + liquidation_value(state, p) + loan_room(state, p) < d.amount:
        # Nothing can cover it: bankrupt at once. Selling and mortgaging first would only hand
        # the creditor mortgaged deeds, on which he pays 10 %, instead of "toutes les valeurs"
        # as they are (seeds/002 FAILLITE).
        _bankrupt(state, p, ev)
        return
    b = state.board
    own = state.owner
    # 1. buildings, most valuable groups first, evenly (the highest street of a group first)
    while pl.cash < d.amount:
        best = -1
        for s in reversed(b.streets):
            if own[s] == p and state.houses[s] and not can_sell(state, p, s):
                best = s
                break
        if best < 0:
            break
        _sell_one(state, p, best, ev)
    # 2. mortgages: stations and utilities first, then streets from the cheapest
    order = [s for s in b.properties if b.kinds[s] != STREET] + sorted(
        b.streets, key=lambda s: (b.prices[s], s))
    for s in order:
        if pl.cash >= d.amount:
            break
        if own[s] == p and not can_mortgage(state, p, s):
            m = b.mortgages[s]
            state.mortgaged[s] = True
            state.deed_changes += 1
            pl.cash += m
            state.bank_cash -= m
            if ev is not None:
                ev.append(event("mortgage", p, s, m))
    # 3. MONOPOLIC: borrow what is still missing; bankrupt only if no loan can cover it
    # (seeds/000 "celui qui doit plus qu'il ne peut payer"; "emprunter ... à tout moment").
    short = d.amount - pl.cash
    if 0 < short <= loan_room(state, p):
        _lend(state, p, short, ev)
    if pl.cash < d.amount:
        _bankrupt(state, p, ev)


def _kind_value(state: GameState, s: int) -> int:
    price = state.board.prices[s]
    return price // 2 if state.mortgaged[s] else price


def _do_pay_in_kind(state: GameState, action: A.PayInKind, ev: list[Event] | None) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    squares = tuple(action.squares)
    cash_part = _check_in_kind(state, d, squares, action)
    if any(state.mortgaged[s] for s in squares):
        # Mortgaged deeds are the creditor's to accept or refuse (seeds/003 "Le créancier peut
        # alors accepter une ou plusieurs propriétés (y compris si elles sont hypothéquées)"):
        # the payment waits for his answer, and he pays the 10 % only if he takes them.
        if d.kind_refused:
            raise IllegalAction("the creditor refused mortgaged deeds for this debt", action,
                                code="kind_refused")
        state.trade = Trade(p, d.creditor, squares, (), cash_part, (), (), in_kind=True)
        state.stack.append(state.phase)
        state.phase = TRADE
        if ev is not None:
            ev.append(event("trade_proposed", p, -1, cash_part, d.creditor, "in_kind",
                            (squares, (), (), ())))
        return
    _settle_in_kind(state, d, squares, cash_part, ev)


def _check_in_kind(state: GameState, d: Debt, squares: tuple[int, ...], action: object) -> int:
    """Refuse a rent paid half in properties that the rules do not allow; else the cash half."""
    p = d.debtor
    if d.reason != "rent" or d.creditor < 0:
        raise IllegalAction("only a rent may be paid half in properties", action,
                            code="kind_rent_only")
    cash_part = (d.amount + 1) // 2
    pl = state.players[p]
    if pl.cash < cash_part:
        raise IllegalAction(f"half in cash: {cash_part} F needed", action,
                            code="kind_cash_needed", fields={"amount": cash_part})
    if not squares or len(set(squares)) != len(squares):
        raise IllegalAction("list the properties given, once each", action,
                            code="kind_list_properties")
    for s in squares:
        if not isinstance(s, int) or not 0 <= s < 40 or state.owner[s] != p:
            raise IllegalAction(f"{s!r} is not your property", action, code="kind_not_yours")
        if group_has_buildings(state, s):
            raise IllegalAction("only properties without buildings in their group", action,
                                code="kind_group_built")
        if state.mortgaged[s] and not state.variant.trade_mortgaged:
            raise IllegalAction("a mortgaged property cannot change hands", action,
                                code="mortgaged_no_trade")
    value = sum(_kind_value(state, s) for s in squares)
    if value < d.amount - cash_part:
        raise IllegalAction(f"the properties are worth {value} F, {d.amount - cash_part} F needed",
                            action, code="kind_value_short",
                            fields={"value": value, "amount": d.amount - cash_part})
    return cash_part


def _settle_in_kind(state: GameState, d: Debt, squares: tuple[int, ...], cash_part: int,
                    ev: list[Event] | None) -> None:
    """The rent ``d`` (the first debt) paid: ``cash_part`` in cash, the rest with ``squares``."""
    p = d.debtor
    state.debts.pop(0)
    state.players[p].cash -= cash_part
    state.players[d.creditor].cash += cash_part
    state.deed_changes += 1
    for s in squares:
        state.owner[s] = d.creditor
    if ev is not None:
        ev.append(event("rent_paid", p, -1, d.amount, d.creditor, "in_kind", squares))
    for s in squares:
        if state.mortgaged[s]:
            _interest(state, d.creditor, s, ev)
    _resume(state, ev)


def in_kind_acceptable(state: GameState) -> bool:
    """Would the creditor be allowed to accept the pending payment in kind now (the debtor may
    have sold or mortgaged since he offered it)?"""
    t = state.trade
    if t is None or not t.in_kind or not state.debts:
        return False
    d = state.debts[0]
    if (d.debtor, d.creditor) != (t.proposer, t.partner):
        return False
    try:
        _check_in_kind(state, d, t.give, A.AcceptTrade(t.partner))
    except IllegalAction:
        return False
    return True


def _do_declare(state: GameState, action: A.DeclareBankruptcy, ev: list[Event] | None) -> None:
    p = action.player
    d = _current_debt(state, action, p)
    if state.players[p].cash + liquidation_value(state, p) + loan_room(state, p) >= d.amount:
        raise IllegalAction("you can still raise the money (sell, mortgage, borrow)", action,
                            code="can_still_pay")
    _bankrupt(state, p, ev)
