"""Trades: judging an offer and proposing one that completes a group.

An offer is measured as the change it makes to each side's holdings (``values.swap``): a street
that completes a group is worth its monopoly bonus, one that blocks an opponent is worth what it
denies him. A player accepts when its own gain is large enough *and* the proposer does not gain
much more; an offer that hands the proposer a monopoly must pay for it.

The functions here read what the player knows (``Knowledge``, ai/knowledge.py): the board's
tables and the holdings' snapshot (``refresh``, ``tables``), the cash kept in hand
(``reserve_now``), ``monos``, ``targets`` and ``split`` (groups held whole, completable by one
trade, shared with two or more rivals), ``level``, ``pers`` and ``fig``, and the trade memory
they keep up to date: ``tried`` (offer -> turn last proposed), ``refusals`` (partner -> offers
refused in a row) and ``offer_memo`` (the gains of offers already weighed).
"""

from __future__ import annotations

from typing import Final

from monopoly_cpc.ai.knowledge import Knowledge
from monopoly_cpc.ai.reasons import Reason, because, plain
from monopoly_cpc.ai.values import Tables, swap
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import bank_has_deeds, group_has_buildings
from monopoly_cpc.rules.state import JAIL, ROLL, GameState, Trade, facts, has

JAIL_CARD_WORTH: Final = 5000
RETRY_TURNS: Final = 24      # an offer refused is not made again before this many turns
ROUNDING: Final = 1000       # offers are in thousands of francs: a gap this small is no gap


def gains(know: Knowledge, state: GameState, me: int, other: int, get: tuple[int, ...],
          give: tuple[int, ...], cash_in: int, cards_in: int = 0,
          cards_out: int = 0) -> tuple[float, float, list[int], list[int]]:
    """(my gain, the other's gain, groups I complete, groups he completes) for a swap where I
    receive ``get`` and ``cash_in`` and hand over ``give``."""
    t = know.refresh(state, me)
    moved = {s: me for s in get}
    for s in give:
        moved[s] = other
    own, mort = state.owner, state.mortgaged
    cards = (cards_in - cards_out) * JAIL_CARD_WORTH
    mine, his, my_groups, his_groups = swap(t, own, mort, me, other, moved)
    if not know.fig.monopoly_aware:
        mine = float(sum(printed_worth(t, mort, s) for s in get)
                     - sum(printed_worth(t, mort, s) for s in give))
        his = -mine
    # Interest on a mortgaged property received is due at once (10 % of its mortgage).
    mine -= sum(t.mortgage[s] // 10 for s in get if mort[s])
    his -= sum(t.mortgage[s] // 10 for s in give if mort[s])
    return mine + cash_in + cards, his - cash_in - cards, my_groups, his_groups


def printed_worth(t: Tables, mort: list[bool], s: int) -> int:
    """What deed ``s`` is worth to a player blind to monopolies: its printed price, less the
    cost of lifting it (its mortgage and 10 %) when it is mortgaged."""
    return t.lifted[s] if mort[s] else t.price[s]


def printed(t: Tables, mort: list[bool], squares: tuple[int, ...]) -> int:
    """The ``printed_worth`` of ``squares``."""
    total = 0
    for s in squares:
        total += t.lifted[s] if mort[s] else t.price[s]
    return total


def _touched(t: Tables, squares: tuple[int, ...]) -> list[int]:
    """The squares whose owners and mortgages ``values.swap`` reads for a move of ``squares``:
    their groups' streets, all stations, all utilities."""
    out: list[int] = []
    for s in squares:
        g = t.group[s]
        more = t.members[g] if g >= 0 else t.stations if s in t.stations else t.utilities
        for x in more:
            if not has(out, x):
                out.append(x)
    return out


def _offer_gains(know: Knowledge, state: GameState, me: int, other: int, take: tuple[int, ...],
                 give: tuple[int, ...]) -> tuple[float, float, list[int], list[int]]:
    """``gains(know, state, me, other, take, give, 0)``, remembered per offer: the answer holds
    while the owners and mortgages of the squares it reads (``_touched``) are the same (an
    offer is weighed again at each of my turns while the rest of the board moves on)."""
    t = know.tables()
    memo = know.offer_memo
    if memo[0] is not t:
        memo = know.offer_memo = (t, {})
    # The memo typed here (``offer_memo`` is a plain tuple): native dict, tuple and list
    # operations when compiled, not generic ones on objects.
    seen: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]],
               tuple[list[int], list[int], tuple[float, float, list[int], list[int]]]] = memo[1]
    key = (me, other, take, give)
    known = seen.get(key)
    own, mort = state.owner, state.mortgaged
    squares = _touched(t, take + give) if known is None else known[0]
    now = [own[x] for x in squares]
    now += [mort[x] for x in squares]
    if known is not None and known[1] == now:
        return known[2]
    got = gains(know, state, me, other, take, give, 0)
    seen[key] = (squares, now, got)
    return got


def judge(know: Knowledge, state: GameState, me: int, tr: Trade,
          by_price: bool = False) -> tuple[bool, Reason, A.ProposeTrade | None]:
    """Accept or refuse the pending offer ``tr`` (I am its partner): (accept, reason, counter);
    the reason is a code (ai/reasons.py), a group named by its index. ``by_price``: the
    proposer is known to count printed prices (``learn``)."""
    other = tr.proposer
    mine, his, my_groups, his_groups = gains(know, state, me, other, tr.give, tr.take, tr.cash,
                                             len(tr.give_cards), len(tr.take_cards))
    pers, lv = know.pers, know.level
    pl = state.players[me]
    if tr.cash < 0 and pl.cash + tr.cash < know.reserve_now(state, me) // 2:
        return False, plain("refuse_no_cash"), None
    need = float(pers.trade_gain)
    if his_groups and not my_groups:
        # A monopoly for him and none for me: only if paid at least what it is worth to him
        # (a player blind to monopolies wants a printed-price gain of group_premium_pct % of
        # the printed prices it gives: facile, 150 %, is paid 2.5 times them in cash).
        if lv.monopoly_aware:
            need = max(need, his)
        else:
            t = know.refresh(state, me)
            given = sum(printed_worth(t, state.mortgaged, s) for s in tr.take)
            need = max(need, float(given * lv.group_premium_pct // 100))
    elif his_groups and lv.monopoly_aware:
        # A group for a group: never the dearer one for the cheaper one unless cash makes up
        # the difference.
        need = max(need, his)
    elif lv.opponent_weight:
        need = max(need, his * lv.opponent_weight)
    if mine >= need - ROUNDING:
        if my_groups:
            return True, because("accept_my_group", group=my_groups[0]), None
        return True, plain("accept_good"), None
    counter = None
    # The extra cash x that would do: my gain rises by x and his falls by x, so when his gain
    # sets the bar (weight w), mine + x >= w * (his - x).
    w = 1.0 if his_groups and (lv.monopoly_aware or not my_groups) else lv.opponent_weight
    x = max(float(pers.trade_gain) - mine, (w * his - mine) / (1 + w))
    short = (int(x) + 1000) // 1000 * 1000
    discount = lv.group_swap_discount
    if discount and not by_price and his_groups and my_groups:
        # A monopoly for a monopoly: ask no more than takes him below printed prices by the
        # discount (what a player who trades for groups still accepts), if that is still worth
        # it to me (the score of ``propose``); else no counter-offer.
        t = know.refresh(state, me)
        room = (printed(t, state.mortgaged, tr.take) - printed(t, state.mortgaged, tr.give)
                - tr.cash + discount) // 1000 * 1000
        if short > room:
            if room <= 0 or mine + room - 0.5 * (his - room) <= pers.trade_gain:
                return False, because("refuse_your_group", group=his_groups[0]), None
            short = room
    if not tr.give_cards and not tr.take_cards and state.players[other].cash >= tr.cash + short:
        counter = A.ProposeTrade(me, other, give=tr.take, take=tr.give, cash=-(tr.cash + short))
    if his_groups:
        return False, because("refuse_your_group", group=his_groups[0]), counter
    if his > mine and mine < need:
        return False, plain("refuse_favours_you"), counter
    return False, plain("refuse_too_little"), counter


def trades_open(state: GameState) -> bool:
    """False while the variant forbids trades (some deeds are still with the bank)."""
    return not (facts(state).trade_only_when_bank_empty and bank_has_deeds(state))


def still_valid(state: GameState, a: A.ProposeTrade) -> bool:
    """True while the offer ``a`` can still be made (owners, buildings and cash unchanged)."""
    players = state.players
    if a.partner >= len(players) or players[a.partner].bankrupt or players[a.player].bankrupt:
        return False
    own = state.owner
    for squares, who in ((a.give, a.player), (a.take, a.partner)):
        for s in squares:
            if own[s] != who or group_has_buildings(state, s):
                return False
            if state.mortgaged[s] and not facts(state).trade_mortgaged:
                return False   # mortgaged since the offer was thought of: it cannot change hands
    if a.cash > 0 and players[a.player].cash < a.cash:
        return False
    return not (a.cash < 0 and players[a.partner].cash < -a.cash)


def propose(know: Knowledge, state: GameState, me: int,
            by_price: list[int]) -> tuple[A.ProposeTrade, Reason] | None:
    """The best offer that completes one of my groups, priced so the partner should accept, or
    else one that buys a street of a group split three ways; with what I say of it.
    ``by_price``: the partners known to count printed prices (``learn``)."""
    t = know.refresh(state, me)
    own = state.owner
    mort = state.mortgaged
    free_trade = facts(state).trade_mortgaged
    players = state.players
    pl = players[me]
    budget = pl.cash - know.reserve_now(state, me) // 2
    best_offer: tuple[int, tuple[int, ...], tuple[int, ...], int] | None = None
    best_score = float(know.fig.trade_gain)
    streets, group, members_of, monos = t.streets, t.group, t.members, know.monos
    discount = know.level.group_swap_discount
    houses = state.houses
    my_streets: list[int] | None = None   # my streets, in board order (the first target needs them)
    for g in know.targets:
        members = members_of[g]
        # The streets of the group that are not mine, all held by one other player still in
        # the game (loops rather than comprehensions and any(): native code when compiled).
        rest: list[int] = []
        for s in members:
            if own[s] != me:
                rest.append(s)
        if not rest or len(rest) == len(members):
            continue
        other = own[rest[0]]
        if other < 0 or other == me:
            continue
        for s in rest:
            if own[s] != other:
                other = -1
                break
        if other < 0 or players[other].bankrupt:   # (state.alive())
            continue
        for x in members:   # rules.queries.group_has_buildings, inlined
            if houses[x]:
                break
        else:
            x = -1
        if x >= 0:
            continue
        # A partner who refused every offer so far is asked again only now and then; one who
        # may trade for groups still hears of a monopoly for a monopoly (he may refuse any
        # cash and take that).
        refused = know.refusals.get(other, 0)
        resting = refused >= 2 and (state.turn // len(state.players)) % (refused * 8) != 0
        if resting and not discount:
            continue
        take = tuple(rest)
        options: list[tuple[int, ...]] = [] if resting else [()]
        # A street of mine that completes one of his groups: a monopoly for a monopoly.
        if my_streets is None:
            my_streets = [s for s in streets if own[s] == me]
        for s in my_streets:
            h = group[s]
            if h == g:
                continue
            for x in members_of[h]:
                if x != s and own[x] != other:
                    break
            else:
                # (asked after the loop, which most streets leave early: a search in a
                # sequence is dearer than a few list reads)
                if not has(monos, h) and not group_has_buildings(state, s):
                    options.append((s,))
        # Or a station or utility as small change.
        for s in t.small_change:
            if own[s] == me and not resting:
                options.append((s,))
                break
        take_mortgaged = not free_trade and _any_mortgaged(mort, take)   # (once, not per give)
        for give in options:
            if not free_trade and (take_mortgaged or _any_mortgaged(mort, give)):
                continue   # trade_mortgaged off (seeds/002): mortgaged deeds stay where they are
            key = (other, give, take)
            last = know.tried.get(key)
            if last is not None and last >= 0 and state.turn - last < RETRY_TURNS:
                continue   # made lately: not again yet (whatever it would score)
            m0, h0, _, his_groups = _offer_gains(know, state, me, other, take, give)
            # Cash so that he gains alpha times what I gain (even split: alpha = 1); a first
            # offer of an expert asks more, a second one splits evenly.
            # A monopoly for me alone is never sold cheap: only swaps are haggled over.
            # (``last`` is None when the offer was never made: no second look-up of the key)
            alpha = 1.0 if last is not None or not his_groups else know.level.haggle_pct / 100
            c = (alpha * m0 - h0) / (1 + alpha)
            floor = 2000 - h0
            c = max(c, floor)
            # A monopoly for a monopoly, to a partner not known to count printed prices: no
            # more than takes him below them by the discount, and made even when he gains
            # more than I do (a player who trades for groups takes it; one who counts printed
            # prices refuses it, and ``learn`` notes him).
            lopsided = discount > 0 and bool(his_groups) and bool(give) and not has(by_price, other)
            if lopsided:
                c = max(c, printed(t, mort, take) - printed(t, mort, give) - discount)
            cash = int(c + 999) // 1000 * 1000 if c > 0 else -(int(-c) // 1000 * 1000)
            if cash > budget:
                continue
            if cash < 0 and state.players[other].cash < -cash:
                cash = -(state.players[other].cash // 1000 * 1000)
            my_gain = m0 - cash
            his_gain = h0 + cash
            if his_groups and my_gain < his_gain and not lopsided:
                continue
            # His gain counts half: the two other players lose by it as much as I do.
            score = my_gain - 0.5 * max(0.0, his_gain)
            if score <= best_score:
                continue
            best_score = score
            best_offer = (other, give, take, cash)
    # The offer made once, for the best candidate only (a ProposeTrade is a frozen dataclass:
    # its __init__ is Python code, with keywords, even in the compiled build).
    best: A.ProposeTrade | None = None
    if best_offer is not None:
        other, give, take, cash = best_offer
        best = A.ProposeTrade(me, other, give, take, cash)
    else:
        if know.level.stops_swaps:
            stop = stop_swap(know, state, me, budget, by_price)
            if stop is not None:
                return stop
        if know.fig.develops:
            best = _consolidate(know, state, me, budget)
    if best is None:
        return None
    key = (best.partner, best.give, best.take)
    # After a haggled first offer the even one may follow at once (-1: no waiting).
    know.tried[key] = -1 if key not in know.tried and know.level.haggle_pct < 100 else state.turn
    if best_offer is None:
        return best, because("buy_street", amount=best.cash)
    return best, because("propose_trade", amount=abs(best.cash))


def swap_pairs(know: Knowledge, state: GameState,
               me: int) -> dict[tuple[int, int], list[int]]:
    """Two rivals who could swap streets to complete a group each: for each such pair (the
    lower seat first), the colour groups the two hold alone (``Holdings.pair_groups``) with no
    building and nothing mortgaged (unless mortgaged deeds change hands, ``trade_mortgaged``);
    two such groups or more (each gives the other his part of one). ``know`` is up to date."""
    holdings = know.holdings
    if holdings is None:
        return {}
    pairs = holdings.pair_groups()
    if not pairs:
        return pairs
    builds = state.build_changes if state.engine_only else -1
    memo = know.swap_memo
    if builds >= 0 and memo[0] is state and memo[1] is holdings and memo[2] == builds:
        return memo[3]
    members_of = facts(state).members
    mort, houses = state.mortgaged, state.houses
    mortgage_stays = not facts(state).trade_mortgaged
    out: dict[tuple[int, int], list[int]] = {}
    # (loops rather than comprehensions and any(): native code when compiled; asked by an
    # expert's ``quiet`` in every window while a pair holds two groups)
    for pair, groups in pairs.items():
        if me == pair[0] or me == pair[1]:
            continue
        loose: list[int] = []
        for g in groups:
            for s in members_of[g]:
                if houses[s] or (mort[s] and mortgage_stays):
                    break
            else:
                loose.append(g)
        if len(loose) >= 2:
            out[pair] = loose
    know.swap_memo = (state, holdings, builds, out)
    return out


def stop_swap(know: Knowledge, state: GameState, me: int, budget: int,
              by_price: list[int]) -> tuple[A.ProposeTrade, Reason] | None:
    """Two rivals could swap streets to complete a group each (``swap_pairs``): offer one of
    them my streets that complete another group of his for his streets of one group of that
    swap, which then cannot be made. Priced as a monopoly for a monopoly (at most the level's
    ``group_swap_discount`` below printed prices for him), never to a partner known to count
    printed prices (``by_price``); of the groups I could hand over, the one with the smallest
    monopoly bonus, and never one whose bonus exceeds those of the swap's groups together (a
    rival could stage a swap to be handed a dear group). Noted in ``tried``, as any offer."""
    pairs = swap_pairs(know, state, me)
    if not pairs:
        return None
    t = know.tables()
    own, mort, houses = state.owner, state.mortgaged, state.houses
    mortgage_stays = not facts(state).trade_mortgaged
    discount = know.level.group_swap_discount
    best: A.ProposeTrade | None = None
    best_bonus = 0.0
    hands_over = -1
    for k, x, groups in _chips(know, state, me, pairs):
        if has(by_price, x):
            continue
        members = t.members[k]
        if any(houses[s] or (mort[s] and mortgage_stays) for s in members):
            continue
        if best is not None and t.bonus[k] >= best_bonus:
            continue
        if t.bonus[k] > sum(t.bonus[g] for g in groups):
            continue
        give = tuple(s for s in members if own[s] == me)
        for g in groups:
            take = tuple(s for s in t.members[g] if own[s] == x)
            c = printed(t, mort, take) - printed(t, mort, give) - discount
            cash = (c + 999) // 1000 * 1000 if c > 0 else -(-c // 1000 * 1000)
            if cash > budget:
                continue
            if cash < 0 and state.players[x].cash < -cash:
                cash = -(state.players[x].cash // 1000 * 1000)
            last = know.tried.get((x, give, take))
            if last is not None and last >= 0 and state.turn - last < RETRY_TURNS:
                continue
            best = A.ProposeTrade(me, x, give, take, cash)
            best_bonus = t.bonus[k]
            hands_over = k
            break
    if best is None:
        return None
    know.tried[(best.partner, best.give, best.take)] = state.turn
    return best, because("offer_your_group", group=hands_over)


def _chips(know: Knowledge, state: GameState, me: int,
           pairs: dict[tuple[int, int], list[int]]) -> list[tuple[int, int, list[int]]]:
    """(my group k, the rival x holding the rest of it, the groups of x's swap) for each pair
    of ``pairs`` (``swap_pairs``) still in the game and each group I share with one of its two
    alone (``know.targets``): the streets I could hand over to stop that swap."""
    own = state.owner
    members_of = facts(state).members
    players = state.players
    out: list[tuple[int, int, list[int]]] = []
    for (a, b), groups in pairs.items():
        if players[a].bankrupt or players[b].bankrupt:
            continue
        for k in know.targets:   # the groups I hold part of, one other player the rest
            x = -1
            for s in members_of[k]:
                if own[s] != me:
                    x = own[s]
                    break
            if x == a or x == b:
                out.append((k, x, groups))
    return out


def may_stop_swap(know: Knowledge, state: GameState, me: int) -> bool:
    """Could ``stop_swap`` make an offer now? (Two rivals' swap in sight, and a group I share
    with one of them alone; ``know`` up to date.)"""
    pairs = swap_pairs(know, state, me)
    return bool(pairs) and bool(_chips(know, state, me, pairs))


def window_offer(know: Knowledge, state: GameState, me: int,
                 by_price: list[int]) -> tuple[A.ProposeTrade, Reason] | None:
    """My offer out of turn, in the window before another player's roll (``ai.table``): one
    that stops two rivals' swap (``stop_swap``) before either of them can propose it."""
    if (not know.level.stops_swaps or not know.targets or me == state.current
            or (state.phase is not ROLL and state.phase is not JAIL)
            or not may_stop_swap(know, state, me) or not trades_open(state)):
        return None
    budget = state.players[me].cash - know.reserve_now(state, me) // 2
    return stop_swap(know, state, me, budget, by_price)


def learn(know: Knowledge, state: GameState, a: A.ProposeTrade, me: int,
          by_price: list[int]) -> None:
    """Note the fate of my offer ``a``: a partner who refuses every time is asked less often;
    one who sold me deeds for cash, or refused a monopoly for a monopoly below printed prices,
    counts printed prices (``by_price``: no more offers below them)."""
    q = a.partner
    got = a.take[0] if a.take else -1
    if got >= 0 and state.owner[got] == me:
        know.refusals[q] = 0
        if not a.give and not has(by_price, q):
            by_price.append(q)
        return
    if know.level.group_swap_discount and a.give:
        t = know.tables()
        mort = state.mortgaged
        if printed(t, mort, a.give) - printed(t, mort, a.take) + a.cash < 0:
            if not has(by_price, q):
                by_price.append(q)
            return
    know.refusals[q] = know.refusals.get(q, 0) + 1


def _any_mortgaged(mort: list[bool], squares: tuple[int, ...]) -> bool:
    for s in squares:
        if mort[s]:
            return True
    return False


def _consolidate(know: Knowledge, state: GameState, me: int, budget: int) -> A.ProposeTrade | None:
    """Buy one street of a group split three ways, from the rival who holds least of it, for
    cash he should accept (his loss plus a margin): the group then has two owners."""
    t = know.tables()
    own = state.owner
    players = state.players
    n = len(players)
    # Loops rather than min(key=lambda), any() and generators: native code when compiled.
    for g in know.split:
        members = t.members[g]
        counts: dict[int, int] = {}
        for s in members:
            if own[s] != me:
                counts[own[s]] = counts.get(own[s], 0) + 1
        # The rival with the fewest streets sells most easily; on a tie, the first one after me
        # in the seating order (no seat is favoured). The first of equals in the dict's order,
        # as min() picks it.
        other = -1
        fewest = 0
        after = 0
        for q, c in counts.items():
            d = (q - me) % n
            if other < 0 or c < fewest or (c == fewest and d < after):
                other, fewest, after = q, c, d
        if other < 0 or other >= n or players[other].bankrupt:   # (state.alive())
            continue
        got: list[int] = []
        for s in members:
            if own[s] == other:
                got.append(s)
        take = tuple(got)
        blocked = False
        for s in take:
            if group_has_buildings(state, s):
                blocked = True
                break
        if blocked:
            continue
        if not facts(state).trade_mortgaged and _any_mortgaged(state.mortgaged, take):
            continue
        key = (other, (), take)
        last = know.tried.get(key)
        if last is not None and state.turn - last < RETRY_TURNS * 2:
            continue
        mine, his, _, _ = _offer_gains(know, state, me, other, take, ())
        cash = int(-his + 2000 + 999) // 1000 * 1000
        if cash <= 0 or cash > budget or mine - cash < 0:
            continue
        return A.ProposeTrade(me, other, give=(), take=take, cash=cash)
    return None


def offer_data(a: A.ProposeTrade | None) -> list | None:
    """A trade offer as plain data (its fields in order)."""
    if a is None:
        return None
    return [a.player, a.partner, list(a.give), list(a.take), a.cash, list(a.give_cards),
            list(a.take_cards)]


def offer_from(data: list | None) -> A.ProposeTrade | None:
    if data is None:
        return None
    p, q, give, take, cash, give_cards, take_cards = data
    return A.ProposeTrade(int(p), int(q), tuple(give), tuple(take), int(cash), tuple(give_cards),
                          tuple(take_cards))
