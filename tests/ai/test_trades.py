"""Trades: bad offers refused with a reason, fair ones accepted, counter-offers, proposals."""

from __future__ import annotations

import pytest

from monopoly_cpc.ai import make_bot, trading
from monopoly_cpc.ai.reasons import because
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import apply
from tests.ai.helpers import (
    CHAMPS,
    LECOURBE,
    MOZART,
    NORD,
    PAIX,
    PIGALLE,
    SAINT_MICHEL,
    position,
)

BLEU_CIEL, ORANGE, ROUGE = 1, 3, 4   # group indexes (board.group_names_fr)


def offer(st, proposer, partner, give=(), take=(), cash=0):
    apply(st, A.ProposeTrade(proposer, partner, give=give, take=take, cash=cash))
    return st


def orange_split(cash=None):
    """Player 1 holds two orange streets, player 0 the third."""
    return position(owners={MOZART: 1, SAINT_MICHEL: 1, PIGALLE: 0},
                    cash=cash or [150_000, 400_000, 150_000, 150_000])


@pytest.mark.parametrize("kind", ["facile", "normal", "expert"])
@pytest.mark.parametrize("cash", [20_000, 30_000])
def test_a_monopoly_for_a_little_cash_is_refused(kind, cash):
    st = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=cash)
    bot = make_bot(kind, seed=1)
    action = bot.decide(st, 0)
    assert action == A.RejectTrade(0)
    assert bot.last_reason == because("refuse_your_group", group=ORANGE)


@pytest.mark.parametrize("cash, accepts", [(45_000, False), (48_000, False), (49_000, True)])
def test_facile_sells_a_group_for_two_and_a_half_times_its_printed_price(cash, accepts):
    """Blind to monopolies, facile weighs an offer at the printed prices; one that hands the
    proposer a group must gain it 150 % of the printed price it gives (``group_premium_pct``,
    issue 19): Place Pigalle (20.000 F) completes the proposer's orange group, so 49.000 F
    (2.5 times, less the 1.000 F rounding) will do and 45.000 F (enough before) will not."""
    st = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=cash)
    bot = make_bot("facile", seed=1)
    if accepts:
        assert bot.decide(st, 0) == A.AcceptTrade(0)
    else:
        assert bot.decide(st, 0) == A.RejectTrade(0)
        assert bot.last_reason == because("refuse_your_group", group=ORANGE)


def test_a_monopoly_sold_dearly_enough_is_accepted():
    st = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=250_000)
    bot = make_bot("expert", seed=1)
    assert bot.decide(st, 0) == A.AcceptTrade(0)
    assert bot.last_reason.code.startswith("accept_")


def test_a_lone_station_for_a_cheap_street_is_refused():
    st = position(owners={NORD: 0, LECOURBE: 1})
    offer(st, 1, 0, give=(LECOURBE,), take=(NORD,))
    bot = make_bot("expert", seed=1)
    assert bot.decide(st, 0) == A.RejectTrade(0)
    assert bot.last_reason.code.startswith("refuse_")


def test_a_gift_is_accepted():
    st = position(owners={NORD: 1})
    offer(st, 1, 0, give=(NORD,))
    bot = make_bot("normal", seed=1)
    assert bot.decide(st, 0) == A.AcceptTrade(0)


def test_giving_away_a_monopoly_for_a_weaker_one_is_refused():
    """Orange to the proposer against dark purple for me, even up: refused."""
    from tests.ai.helpers import BELLEVILLE

    st = position(owners={MOZART: 1, SAINT_MICHEL: 1, PIGALLE: 0, BELLEVILLE: 0, LECOURBE: 1})
    offer(st, 1, 0, give=(LECOURBE,), take=(PIGALLE,))
    bot = make_bot("expert", seed=1)
    assert bot.decide(st, 0) == A.RejectTrade(0)
    assert bot.last_reason == because("refuse_your_group", group=ORANGE)


def test_baseline_never_trades():
    st = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=390_000)
    bot = make_bot("baseline")
    assert bot.decide(st, 0) == A.RejectTrade(0)


def test_expert_counters_a_refused_offer_with_its_price():
    st = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=20_000)
    bot = make_bot("expert", seed=1)
    apply(st, bot.decide(st, 0))           # refuses
    counter = bot.decide(st, 0)            # my turn again: the counter-offer comes first
    assert isinstance(counter, A.ProposeTrade)
    assert counter.partner == 1 and counter.give == (PIGALLE,) and counter.cash < -20_000
    apply(st, counter)                     # the engine takes it
    # ... and the same expert would accept its own price.
    again = offer(orange_split(), 1, 0, take=(PIGALLE,), cash=-counter.cash)
    assert make_bot("expert", seed=1).decide(again, 0) == A.AcceptTrade(0)


def test_expert_proposes_a_monopoly_swap_that_its_partner_accepts():
    """I hold two orange and one dark blue street; player 1 holds Pigalle and Rue de la Paix."""
    st = position(owners={MOZART: 0, SAINT_MICHEL: 0, CHAMPS: 0, PIGALLE: 1, PAIX: 1},
                  cash=[150_000, 150_000, 150_000, 150_000])
    me = make_bot("expert", seed=3)
    action = me.decide(st, 0)
    assert isinstance(action, A.ProposeTrade), me.last_reason
    assert action.partner == 1 and PIGALLE in action.take and CHAMPS in action.give
    apply(st, action)
    partner = make_bot("expert", seed=4)
    answer = partner.decide(st, 1)
    if answer == A.RejectTrade(1):     # a haggled first offer: the even one follows
        apply(st, answer)
        partner_counter = partner.decide(st, 1)
        st2 = st
        if isinstance(partner_counter, A.ProposeTrade):
            apply(st2, partner_counter)
            answer = me.decide(st2, 0)
            assert answer == A.AcceptTrade(0), me.last_reason
            apply(st2, answer)
            assert st2.owner[PIGALLE] == 0 and st2.owner[CHAMPS] == 1
            return
        action = me.decide(st, 0)
        assert isinstance(action, A.ProposeTrade)
        apply(st, action)
        answer = partner.decide(st, 1)
    assert answer == A.AcceptTrade(1), partner.last_reason
    apply(st, answer)
    assert st.owner[PIGALLE] == 0 and st.owner[CHAMPS] == 1


def test_facile_never_proposes():
    st = position(owners={MOZART: 0, SAINT_MICHEL: 0, PIGALLE: 1})
    bot = make_bot("facile", seed=0)
    for _ in range(5):
        a = bot.decide(st, 0)
        assert not isinstance(a, A.ProposeTrade)


# Green (Breteuil, Foch, Capucines) and the two other orange streets, for the group swaps below.
BRETEUIL, FOCH, CAPUCINES = 31, 32, 34
VAUGIRARD, COURCELLES, REPUBLIQUE, MATIGNON, MALESHERBES, HENRI_MARTIN = 6, 8, 9, 21, 23, 24


def orange_for_green(cash0=15_000):
    """I hold Pigalle (orange) and Capucines (green); player 1 the rest of both groups. The
    swap that gives me Pigalle's group for Breteuil and Foch is marked as tried, so my only
    monopoly-for-monopoly offer is orange for me, green (the dearer group) for him."""
    st = position(owners={PIGALLE: 0, CAPUCINES: 0, MOZART: 1, SAINT_MICHEL: 1, BRETEUIL: 1,
                          FOCH: 1}, cash=[cash0, 150_000, 150_000, 150_000])
    me = make_bot("expert", seed=3)
    me.know.tried[(1, (PIGALLE,), (BRETEUIL, FOCH))] = st.turn
    return st, me


def test_expert_offers_a_group_swap_at_20000_below_printed_prices():
    """Green to him, orange to me: he gains more, and I ask him no more than takes him 20.000 F
    below the printed prices (``Level.group_swap_discount``): Capucines 32.000 F for Mozart and
    Saint-Michel 36.000 F, and 16.000 F from him. A player who trades only for groups at most
    that far below printed prices (the swap yardstick) takes it; a haggled price would not do."""
    st, me = orange_for_green()
    action = me.decide(st, 0)
    assert action == A.ProposeTrade(0, 1, give=(CAPUCINES,), take=(MOZART, SAINT_MICHEL),
                                    cash=-16_000), me.last_reason
    apply(st, action)
    assert make_bot("swap", seed=1).decide(st, 1) == A.AcceptTrade(1)


def test_a_player_who_counts_printed_prices_refuses_it_and_gets_no_more():
    """facile weighs the same offer at printed prices (20.000 F short) and refuses it; the
    expert then counts him among those who trade by printed prices (kept in its memory) and
    offers him nothing below them again."""
    st, me = orange_for_green()
    apply(st, me.decide(st, 0))
    facile = make_bot("facile", seed=1)
    apply(st, facile.decide(st, 1))          # refused
    assert st.owner[MOZART] == 1
    st.turn += 4                             # my next turn
    me.decide(st, 0)
    assert me.memory()["by_price"] == [1]
    again = make_bot("expert", seed=3)
    again.restore(me.memory(), st, 0)
    assert again._by_price == [1]
    me.know.tried.clear()
    offer2 = me.decide(st, 0)
    if isinstance(offer2, A.ProposeTrade) and offer2.give:
        p = st.board.prices
        balance = sum(p[s] for s in offer2.give) - sum(p[s] for s in offer2.take) + offer2.cash
        assert balance >= 0


def test_a_partner_who_refuses_cash_still_hears_of_a_group_swap():
    """Player 1 refused my last three offers: cash offers go to him only now and then, but a
    monopoly for a monopoly is still put to him (a player may refuse any cash and take that)."""
    st, me = orange_for_green()
    me.know.refusals[1] = 3
    st.turn = 4 * len(st.players)            # a round in which he hears no cash offer
    action = me.decide(st, 0)
    assert isinstance(action, A.ProposeTrade) and action.give == (CAPUCINES,), me.last_reason


def test_expert_counters_a_group_swap_within_20000_below_printed_prices():
    """Player 1 offers bleu ciel for Henri-Martin (his red group), printed prices evened out: he
    gains more, so I refuse; my counter-offer asks him no more than takes him 20.000 F below
    the printed prices (24.000 F), which he takes, not the even split of our gains."""
    st = position(owners={REPUBLIQUE: 0, HENRI_MARTIN: 0, VAUGIRARD: 1, COURCELLES: 1,
                          MATIGNON: 1, MALESHERBES: 1}, cash=[150_000] * 4, current=1)
    offer(st, 1, 0, give=(VAUGIRARD, COURCELLES), take=(HENRI_MARTIN,), cash=4_000)
    me = make_bot("expert", seed=3)
    answer = me.decide(st, 0)
    assert answer == A.RejectTrade(0)
    apply(st, answer)
    counter = me.decide(st, 0)
    assert counter == A.ProposeTrade(0, 1, give=(HENRI_MARTIN,), take=(VAUGIRARD, COURCELLES),
                                     cash=-24_000)
    apply(st, counter)
    assert make_bot("swap", seed=1).decide(st, 1) == A.AcceptTrade(1)


def swap_in_sight(current=1):
    """Players 1 and 2 hold bleu ciel and rouge between them: each completes one of the two by
    giving the other his part of the other (Vaugirard and Courcelles to player 1 with
    République from player 2; Henri-Martin to player 2). I (player 0) hold Pigalle, the last
    orange street, beside player 1's Mozart and Saint-Michel. Player ``current`` is to roll."""
    return position(owners={VAUGIRARD: 1, COURCELLES: 1, REPUBLIQUE: 2, MATIGNON: 2,
                            MALESHERBES: 2, HENRI_MARTIN: 1, PIGALLE: 0, MOZART: 1,
                            SAINT_MICHEL: 1}, cash=[150_000] * 4, current=current)


def test_expert_stops_two_rivals_swap_in_its_window_before_their_turn():
    """Before player 1 rolls (and would propose the swap), in my out-of-turn window, I offer
    him the orange group for his part of bleu ciel, 20.000 F below printed prices for him
    (Pigalle 20.000 F for Vaugirard and Courcelles 20.000 F, and 20.000 F from him): he takes
    it (the swap yardstick trades for any group of his), and the two of them can then complete
    no group by a swap. The table asks me (``quiet`` is False)."""
    st = swap_in_sight()
    me = make_bot("expert", seed=3)
    me.know.refresh(st, 0)
    assert trading.swap_pairs(me.know, st, 0) == {(1, 2): [BLEU_CIEL, ROUGE]}
    assert isinstance(make_bot("swap", seed=1)._offer(st, 1), A.ProposeTrade)   # his swap
    assert not me.quiet(st, 0)
    action = me.decide(st, 0)
    assert action == A.ProposeTrade(0, 1, give=(PIGALLE,), take=(VAUGIRARD, COURCELLES),
                                    cash=-20_000), me.last_reason
    assert me.last_reason == because("offer_your_group", group=ORANGE)
    apply(st, action)
    apply(st, make_bot("swap", seed=1).decide(st, 1))
    assert st.owner[PIGALLE] == 1 and st.owner[VAUGIRARD] == 0
    me.know.refresh(st, 0)
    assert trading.swap_pairs(me.know, st, 0) == {}
    assert make_bot("swap", seed=1)._offer(st, 1) is None   # no swap left to propose


def test_only_the_expert_stops_a_swap_and_not_for_a_partner_who_counts_printed_prices():
    """normal makes no such offer; an expert who noted player 1 as counting printed prices
    offers him none (``by_price``) and then none to player 2, who has no group to complete."""
    st = swap_in_sight()
    assert make_bot("normal", seed=3).decide(st, 0) is None
    me = make_bot("expert", seed=3)
    me._by_price.append(1)
    assert me.decide(st, 0) is None


def test_expert_hands_over_no_group_worth_more_than_the_swap_it_stops():
    """Players 1 and 2 could swap to complete violet foncé and bleu ciel; I hold Capucines, the
    last green street beside player 1's Breteuil and Foch. Green's monopoly is worth more than
    those two together (``Tables.bonus``): I offer nothing (a rival could otherwise stage such
    a swap to be handed a dear group)."""
    from tests.ai.helpers import BELLEVILLE
    st = position(owners={BELLEVILLE: 1, LECOURBE: 2, VAUGIRARD: 1, COURCELLES: 1, REPUBLIQUE: 2,
                          BRETEUIL: 1, FOCH: 1, CAPUCINES: 0}, cash=[150_000] * 4, current=1)
    me = make_bot("expert", seed=3)
    me.know.refresh(st, 0)
    assert trading.swap_pairs(me.know, st, 0) == {(1, 2): [0, BLEU_CIEL]}
    assert me.decide(st, 0) is None
