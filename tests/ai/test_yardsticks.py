"""The yardsticks' trades: ``swap`` (in the manner of gamescomputersplay/monopoly v2: any deal
that completes its own group, printed-price balance no worse than -20.000 F), ``peer`` (the swap
player held to that peer's limits: a group for each side, a 2x printed-price ratio, no deed of
the groups with the bank) and ``fair`` (any offer worth at least the printed value of what it
gives)."""

from __future__ import annotations

import copy
import json

import pytest

from monopoly_cpc.ai import make_bot
from monopoly_cpc.ai.simple import (
    SWAP_BALANCE,
    groups_dealt,
    printed_balance,
    printed_value,
    within_ratio,
)
from monopoly_cpc.ai.table import Table, computers
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import apply
from monopoly_cpc.rules.variants import Variant
from tests.ai.helpers import (
    BELLEVILLE,
    CHAMPS,
    LECOURBE,
    MALESHERBES,
    MATIGNON,
    MOZART,
    PAIX,
    PIGALLE,
    SAINT_MICHEL,
    position,
)

# Orange 18.000 + 18.000 + 20.000; violet foncé 6.000 each; bleu foncé 35.000 and 40.000.


def offer(st, proposer, partner, give=(), take=(), cash=0):
    apply(st, A.ProposeTrade(proposer, partner, give=give, take=take, cash=cash))
    return st


def swap_board(**kw):
    """Player 1 holds two orange streets, player 0 the third; player 0 holds Belleville and
    player 1 Lecourbe (violet foncé); player 0 holds Rue de la Paix, player 2 Champs-Élysées."""
    return position(owners={MOZART: 1, SAINT_MICHEL: 1, PIGALLE: 0, BELLEVILLE: 0, LECOURBE: 1,
                            PAIX: 0, CHAMPS: 2}, **kw)


@pytest.mark.parametrize(("cash", "answer"), [
    (0, A.AcceptTrade),                       # 20.000 for 6.000: balance -14.000
    (-6000, A.AcceptTrade),                   # it pays 6.000 more: balance exactly -20.000
    (-7000, A.RejectTrade),                   # -21.000: too much
])
def test_swap_accepts_a_deal_that_completes_its_group_within_the_balance(cash, answer):
    st = offer(swap_board(), 1, 0, give=(LECOURBE,), take=(PIGALLE,), cash=cash)
    # Player 0 gets Lecourbe: violet foncé complete; gives Pigalle (orange for player 1).
    assert printed_balance(st, st.trade) == 6000 - 20000 + cash
    bot = make_bot("swap")
    assert isinstance(bot.decide(st, 0), answer)
    assert SWAP_BALANCE == -20_000


@pytest.mark.parametrize("cash", [0, 50_000, 500_000])
def test_swap_refuses_cash_for_its_deeds_and_anything_that_completes_nothing(cash):
    st = offer(swap_board(cash=[150_000, 800_000, 150_000, 150_000]), 1, 0, take=(PIGALLE,),
               cash=cash)
    assert make_bot("swap").decide(st, 0) == A.RejectTrade(0)
    # A deed that completes nothing for it, even with cash on top.
    st = offer(swap_board(), 2, 0, take=(PAIX,), cash=cash // 10 or 1000)
    assert make_bot("swap").decide(st, 0) == A.RejectTrade(0)


def test_swap_proposes_a_two_way_swap_evened_out_in_cash():
    st = swap_board()
    action = make_bot("swap").decide(st, 0)
    # Player 0 completes violet foncé with Lecourbe (6.000) and gives Pigalle (20.000), which
    # completes player 1's orange: it asks the 14.000 F difference.
    assert action == A.ProposeTrade(0, 1, give=(PIGALLE,), take=(LECOURBE,), cash=-14_000)
    # Player 1 (a swap player too) completes orange at a balance of 0: it accepts.
    apply(st, action)
    assert make_bot("swap").decide(st, 1) == A.AcceptTrade(1)


def test_swap_proposes_nothing_when_no_swap_completes_a_group_of_the_partner():
    st = position(owners={MOZART: 1, SAINT_MICHEL: 1, PIGALLE: 0, PAIX: 0, CHAMPS: 2})
    bot = make_bot("swap")
    assert bot.decide(st, 0) == A.Roll(0)   # a cash purchase is not its way


def test_swap_does_not_repeat_a_refused_offer_at_once():
    st = swap_board()
    bot = make_bot("swap")
    first = bot.decide(st, 0)
    assert isinstance(first, A.ProposeTrade)
    apply(st, first)
    apply(st, A.RejectTrade(1))
    assert bot.decide(st, 0) == A.Roll(0)


def test_swap_memory_round_trips_as_json():
    st = swap_board()
    bot = make_bot("swap")
    bot.decide(st, 0)
    data = json.loads(json.dumps(bot.memory()))
    again = make_bot("swap")
    again.restore(data, st, 0)
    assert again.memory() == bot.memory() and again.tried


def test_fair_accepts_the_printed_value_and_refuses_less():
    st = offer(swap_board(), 1, 0, take=(PAIX,), cash=40_000)
    assert make_bot("fair").decide(st, 0) == A.AcceptTrade(0)
    st = offer(swap_board(), 1, 0, take=(PAIX,), cash=39_000)
    assert make_bot("fair").decide(st, 0) == A.RejectTrade(0)
    # A deed for a deed: 6.000 against 20.000 is refused, 20.000 against 6.000 accepted.
    st = offer(swap_board(), 1, 0, give=(LECOURBE,), take=(PIGALLE,))
    assert make_bot("fair").decide(st, 0) == A.RejectTrade(0)
    st = offer(swap_board(), 0, 1, give=(BELLEVILLE,), take=(LECOURBE,), cash=0)
    assert make_bot("fair").decide(st, 1) == A.AcceptTrade(1)


def test_fair_values_a_mortgaged_deed_at_its_price_less_the_lift():
    mortgaged = Variant(trade_mortgaged=True)
    st = position(owners={PAIX: 0, CHAMPS: 1}, variant=mortgaged)
    st.mortgaged[CHAMPS] = True
    # Champs-Élysées: 35.000 F, mortgage 17.500 F, lifted for 19.250 F: worth 15.750 F.
    assert printed_value(st, (CHAMPS,)) == 35_000 - 19_250
    st0 = st
    for cash, answer in ((24_250, A.AcceptTrade), (24_000, A.RejectTrade)):
        st = copy.deepcopy(st0)
        offer(st, 1, 0, give=(CHAMPS,), take=(PAIX,), cash=cash)   # 15.750 + 24.250 = 40.000
        assert isinstance(make_bot("fair").decide(st, 0), answer)


def test_fair_counts_a_jail_card_at_five_thousand():
    st = position(owners={BELLEVILLE: 0})
    st.players[1].jail_cards.append(0)
    apply(st, A.ProposeTrade(1, 0, take=(BELLEVILLE,), give_cards=(0,), cash=1000))
    assert make_bot("fair").decide(st, 0) == A.AcceptTrade(0)   # 5.000 + 1.000 for 6.000
    st = position(owners={BELLEVILLE: 0})
    st.players[1].jail_cards.append(0)
    apply(st, A.ProposeTrade(1, 0, take=(BELLEVILLE,), give_cards=(0,), cash=0))
    assert make_bot("fair").decide(st, 0) == A.RejectTrade(0)


def test_fair_never_proposes():
    st = swap_board()
    assert make_bot("fair").decide(st, 0) == A.Roll(0)


def test_yardsticks_sit_at_the_table():
    bots = computers({0: "swap", 1: "fair", 2: "baseline"}, 5)
    assert [b.kind for b in bots.values()] == ["swap", "fair", "baseline"]
    assert Table(bots).memory()["computers"]["0"]["tried"] == []


def peer_board(**kw):
    """Player 1 holds two orange streets, player 0 the third (Pigalle, 20.000 F); player 0
    holds Rue de la Paix and player 1 Champs-Élysées (35.000 F): swaps there complete a group
    for each side within twice the price."""
    return position(owners={MOZART: 1, SAINT_MICHEL: 1, PIGALLE: 0, PAIX: 0, CHAMPS: 1}, **kw)


def test_peer_proposes_and_accepts_a_swap_that_completes_a_group_each_within_twice_the_price():
    st = peer_board()
    action = make_bot("peer").decide(st, 0)
    # The first group it can complete: orange (36.000 F) for Rue de la Paix (40.000 F).
    assert action == A.ProposeTrade(0, 1, give=(PAIX,), take=(MOZART, SAINT_MICHEL), cash=-4000)
    apply(st, action)
    assert make_bot("peer").decide(st, 1) == A.AcceptTrade(1)


def test_peer_refuses_what_swap_accepts_beyond_twice_the_price():
    # Lecourbe (6.000) for Pigalle (20.000): a group each, but 3.3 times the price.
    st = offer(swap_board(), 1, 0, give=(LECOURBE,), take=(PIGALLE,))
    assert make_bot("swap").decide(st, 0) == A.AcceptTrade(0)
    assert make_bot("peer").decide(st, 0) == A.RejectTrade(0)
    assert not within_ratio(st, (LECOURBE,), (PIGALLE,))
    # ... and does not offer it either: player 0 rolls.
    assert make_bot("peer").decide(swap_board(), 0) == A.Roll(0)


def test_peer_refuses_a_deal_that_completes_no_group_of_the_other_side():
    # Lecourbe given for cash: violet foncé complete for player 0, nothing for player 1.
    st = offer(swap_board(), 1, 0, give=(LECOURBE,), cash=0)
    assert make_bot("swap").decide(st, 0) == A.AcceptTrade(0)
    assert make_bot("peer").decide(st, 0) == A.RejectTrade(0)


def test_peer_refuses_while_a_deed_of_the_groups_is_with_the_bank():
    # Rouge: Matignon with player 1, Malesherbes with player 0, Henri-Martin with the bank.
    st = peer_board()
    st.owner[MATIGNON], st.owner[MALESHERBES] = 1, 0
    assert groups_dealt(st, (PIGALLE, CHAMPS)) and not groups_dealt(st, (MALESHERBES,))
    offer(st, 1, 0, give=(CHAMPS, MATIGNON), take=(PIGALLE, MALESHERBES), cash=0)
    assert make_bot("swap").decide(st, 0) == A.AcceptTrade(0)
    assert make_bot("peer").decide(st, 0) == A.RejectTrade(0)
