"""Trades: bad offers refused with a reason, fair ones accepted, counter-offers, proposals."""

from __future__ import annotations

import pytest

from monopoly_cpc.ai import make_bot
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


ORANGE = 3     # the orange group's index (board.group_names_fr)


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
