"""Trades: judging an offer and proposing one that completes a group.

An offer is measured as the change it makes to each side's holdings (``values.delta``): a street
that completes a group is worth its monopoly bonus, one that blocks an opponent is worth what it
denies him. A player accepts when its own gain is large enough *and* the proposer does not gain
much more; an offer that hands the proposer a monopoly must pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_cpc.ai.values import completes, delta
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import group_has_buildings
from monopoly_cpc.rules.state import GameState, Trade

if TYPE_CHECKING:
    from monopoly_cpc.ai.bot import Bot

JAIL_CARD_WORTH = 5000
RETRY_TURNS = 24      # an offer refused is not made again before this many turns


def _money(amount: int) -> str:
    return f"{amount:,}".replace(",", ".") + " F"


def _group_name(state: GameState, g: int) -> str:
    return state.board.group_names_fr[g]


def gains(bot: Bot, state: GameState, me: int, other: int, get: tuple[int, ...],
          give: tuple[int, ...], cash_in: int, cards_in: int = 0,
          cards_out: int = 0) -> tuple[float, float, list[int], list[int]]:
    """(my gain, the other's gain, groups I complete, groups he completes) for a swap where I
    receive ``get`` and ``cash_in`` and hand over ``give``."""
    t = bot._refresh(state, me)
    moved = {s: me for s in get}
    for s in give:
        moved[s] = other
    own, mort = state.owner, state.mortgaged
    cards = (cards_in - cards_out) * JAIL_CARD_WORTH
    if bot.level.monopoly_aware:
        mine = delta(t, own, mort, me, moved)
        his = delta(t, own, mort, other, moved)
    else:
        mine = float(sum(t.price[s] for s in get) - sum(t.price[s] for s in give))
        his = -mine
    # Interest on a mortgaged property received is due at once (10 % of its mortgage).
    mine -= sum(t.mortgage[s] // 10 for s in get if mort[s])
    his -= sum(t.mortgage[s] // 10 for s in give if mort[s])
    return (mine + cash_in + cards, his - cash_in - cards, completes(t, own, me, moved),
            completes(t, own, other, moved))


def judge(bot: Bot, state: GameState, me: int, tr: Trade) -> tuple[bool, str, A.ProposeTrade | None]:
    """Accept or refuse the pending offer ``tr`` (I am its partner): (accept, reason, counter)."""
    other = tr.proposer
    mine, his, my_groups, his_groups = gains(bot, state, me, other, tr.give, tr.take, tr.cash,
                                             len(tr.give_cards), len(tr.take_cards))
    pers, lv = bot.pers, bot.level
    pl = state.players[me]
    if tr.cash < 0 and pl.cash + tr.cash < bot.reserve(state, me) // 2:
        return False, "Je refuse : je n'ai pas assez de liquidités pour payer.", None
    need = float(pers.trade_gain)
    if his_groups and not my_groups:
        # A monopoly for him and none for me: only if paid at least what it is worth to him.
        need = max(need, his) if lv.monopoly_aware else max(need, his * 0.5)
    elif lv.opponent_weight:
        need = max(need, his * lv.opponent_weight)
    if mine >= need:
        if my_groups:
            return True, f"J'accepte : j'obtiens le groupe {_group_name(state, my_groups[0])}.", None
        return True, "J'accepte : l'échange m'est favorable.", None
    counter = None
    short = int(need - mine) + 1
    short = (short + 999) // 1000 * 1000
    if not tr.give_cards and not tr.take_cards and state.players[other].cash >= tr.cash + short:
        counter = A.ProposeTrade(me, other, give=tr.take, take=tr.give, cash=-(tr.cash + short))
    if his_groups and not my_groups:
        name = _group_name(state, his_groups[0])
        return False, f"Je refuse : vous auriez le groupe {name} pour trop peu.", counter
    if his > mine and mine < need:
        return False, "Je refuse : l'échange vous avantage trop.", counter
    return False, "Je refuse : l'échange ne me rapporte pas assez.", counter


def propose(bot: Bot, state: GameState, me: int) -> A.ProposeTrade | None:
    """The best offer that completes one of my groups, priced so the partner should accept."""
    t = bot._refresh(state, me)
    own = state.owner
    alive = state.alive()
    pl = state.players[me]
    budget = pl.cash - bot.reserve(state, me) // 2
    best: A.ProposeTrade | None = None
    best_score = float(bot.pers.trade_gain)
    for g in bot._targets:
        members = t.members[g]
        mine = [s for s in members if own[s] == me]
        if not mine or len(mine) == len(members):
            continue
        rest = [s for s in members if own[s] != me]
        other = own[rest[0]]
        if other < 0 or other == me or any(own[s] != other for s in rest):
            continue
        if other not in alive or group_has_buildings(state, rest[0]):
            continue
        # A partner who refused every offer so far is asked again only now and then.
        refused = bot._refusals.get(other, 0)
        if refused >= 2 and (state.turn // len(state.players)) % (refused * 8) != 0:
            continue
        take = tuple(rest)
        options: list[tuple[int, ...]] = [()]
        # A street of mine that completes one of his groups: a monopoly for a monopoly.
        for s in state.board.streets:
            if own[s] != me or t.group[s] == g or group_has_buildings(state, s):
                continue
            h = t.group[s]
            if h in bot._monos:
                continue
            if all(own[x] == other for x in t.members[h] if x != s):
                options.append((s,))
        # Or a station or utility as small change.
        for s in state.board.stations + state.board.utilities:
            if own[s] == me:
                options.append((s,))
                break
        for give in options:
            m0, h0, _, his_groups = gains(bot, state, me, other, take, give, 0)
            # Cash so that he gains as much as I do (and at least a little).
            c = (m0 - h0) / 2
            floor = 2000 - h0
            if c < floor:
                c = floor
            cash = int(c + 999) // 1000 * 1000 if c > 0 else -(int(-c) // 1000 * 1000)
            if cash > budget:
                continue
            if cash < 0 and state.players[other].cash < -cash:
                cash = -(state.players[other].cash // 1000 * 1000)
            my_gain = m0 - cash
            his_gain = h0 + cash
            if his_groups and my_gain < his_gain:
                continue
            # His gain counts half: the two other players lose by it as much as I do.
            score = my_gain - 0.5 * max(0.0, his_gain)
            if score <= best_score:
                continue
            key = (other, give, take)
            last = bot._tried.get(key)
            if last is not None and state.turn - last < RETRY_TURNS:
                continue
            best_score = score
            best = A.ProposeTrade(me, other, give=give, take=take, cash=cash)
    if best is not None:
        bot._tried[(best.partner, best.give, best.take)] = state.turn
        bot.last_reason = f"Je propose un échange ({_money(abs(best.cash))})."
    return best
