"""The six characters behave measurably differently, in the same position."""

from __future__ import annotations

import pytest

from monopoly_cpc.ai import PERSONALITIES, make_bot
from monopoly_cpc.ai.personality import personality
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import apply
from monopoly_cpc.rules.state import JAIL
from tests.ai.helpers import (
    COURCELLES,
    HENRI_MARTIN,
    MALESHERBES,
    MATIGNON,
    NORD,
    PIGALLE,
    REPUBLIQUE,
    VAUGIRARD,
    position,
)

LIGHT_BLUE = {VAUGIRARD: 0, COURCELLES: 0, REPUBLIQUE: 0}
RED_WITH_HOUSES = {MATIGNON: 1, MALESHERBES: 1, HENRI_MARTIN: 1}


def test_six_characters_with_their_1985_names():
    assert [p.english for p in PERSONALITIES.values()] == [
        "Mean", "Reckless", "Greedy", "Steady", "Cautious", "Entrepreneurial"]
    rows = {tuple(getattr(p, f) for f in p.__slots__[2:]) for p in PERSONALITIES.values()}
    assert len(rows) == 6  # no two characters share every knob
    assert personality("reckless").name == "Téméraire"
    assert personality("temeraire").name == "Téméraire"
    with pytest.raises(ValueError):
        personality("Nobody")
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_prudent_keeps_a_larger_reserve_than_temeraire():
    st = position(owners=RED_WITH_HOUSES, houses={MATIGNON: 3, MALESHERBES: 3, HENRI_MARTIN: 3},
                  cash=[150_000, 150_000, 150_000, 150_000])
    reserves = {name: make_bot("expert", name).know.reserve(st, 0) for name in PERSONALITIES}
    assert reserves["Prudent"] > reserves["Régulier"] > reserves["Téméraire"]
    assert reserves["Avare"] > reserves["Entreprenant"]
    # ... and it grows when opponents have built (expert: danger reserve)
    calm = position(cash=[150_000] * 4)
    assert make_bot("expert", "Prudent").know.reserve(calm, 0) < reserves["Prudent"]


def auction_of(square):
    """Player 0 declined ``square``: everyone bids."""
    st = position(cash=[150_000] * 4)
    st.players[0].pos = square
    st.pending_square = square
    st.phase = "buy"
    apply(st, A.Decline(0))
    assert st.phase == "auction"
    return st


def test_bid_ceilings_follow_the_character():
    st = auction_of(NORD)
    ceilings = {name: make_bot("normal", name).bid_ceiling(st, 0) for name in PERSONALITIES}
    assert ceilings["Téméraire"] > ceilings["Régulier"] > ceilings["Avare"]
    assert ceilings["Téméraire"] > 20_000 > ceilings["Prudent"]  # printed price 20.000 F


def test_auction_bids_stop_at_the_ceiling():
    st = auction_of(NORD)
    bot = make_bot("normal", "Avare")
    ceiling = bot.bid_ceiling(st, 0)
    st.auction.high_bid, st.auction.high_bidder = ceiling, 1
    assert bot.decide(st, 0) == A.Pass(0)
    st.auction.high_bid = ceiling - 3000
    bid = bot.decide(st, 0)
    assert isinstance(bid, A.Bid) and ceiling - 3000 < bid.amount <= ceiling


def test_entreprenant_builds_sooner_than_prudent():
    st = position(owners=LIGHT_BLUE, cash=[40_000, 150_000, 150_000, 150_000])
    assert isinstance(make_bot("normal", "Entreprenant").decide(st, 0), A.Build)
    assert make_bot("normal", "Prudent").decide(st, 0) == A.Roll(0)


def test_how_high_each_character_builds():
    st = position(owners=LIGHT_BLUE, houses={VAUGIRARD: 3, COURCELLES: 3, REPUBLIQUE: 3},
                  cash=[400_000, 150_000, 150_000, 150_000])
    assert make_bot("normal", "Prudent").decide(st, 0) == A.Roll(0)          # stops at three
    assert isinstance(make_bot("normal", "Téméraire").decide(st, 0), A.Build)  # goes on


def test_expert_keeps_to_four_houses_once_a_rival_builds_that_high():
    four = {VAUGIRARD: 4, COURCELLES: 4, REPUBLIQUE: 4}
    cash = [400_000, 150_000, 150_000, 150_000]
    rival_red = {MATIGNON: 1, MALESHERBES: 1, HENRI_MARTIN: 1}
    low = position(owners=LIGHT_BLUE | rival_red, houses=four | {MATIGNON: 3, MALESHERBES: 3,
                                                                 HENRI_MARTIN: 3}, cash=cash)
    assert isinstance(make_bot("expert").decide(low, 0), A.Build)            # on to a hotel
    high = position(owners=LIGHT_BLUE | rival_red, houses=four | {MATIGNON: 3, MALESHERBES: 3,
                                                                  HENRI_MARTIN: 4}, cash=cash)
    assert make_bot("expert").decide(high, 0) == A.Roll(0)                   # four houses kept
    assert isinstance(make_bot("normal", "Téméraire").decide(high, 0), A.Build)
    high.houses[VAUGIRARD] = 3
    assert isinstance(make_bot("expert").decide(high, 0), A.Build)           # the fourth house


def _in_jail(opponent_houses: bool):
    houses = {MATIGNON: 3, MALESHERBES: 3, HENRI_MARTIN: 3} if opponent_houses else {}
    st = position(owners=RED_WITH_HOUSES, houses=houses, cash=[150_000] * 4)
    st.players[0].in_jail = True
    st.players[0].pos = 10
    st.phase = JAIL
    return st


def test_jail_policy_by_game_phase():
    early, late = _in_jail(False), _in_jail(True)
    for name in ("Prudent", "Régulier", "Téméraire"):
        assert make_bot("expert", name).decide(early, 0) == A.PayJailFine(0), name
    assert make_bot("expert", "Prudent").decide(late, 0) == A.Roll(0)    # stays inside
    assert make_bot("expert", "Régulier").decide(late, 0) == A.Roll(0)
    assert make_bot("expert", "Téméraire").decide(late, 0) == A.PayJailFine(0)
    assert make_bot("baseline").decide(late, 0) == A.PayJailFine(0)


def test_card_choice_amende_ou_chance():
    st = position(cash=[150_000] * 4)
    st.players[0].pos = 17
    card = next(c for c in st.cards.all if c.effect == "fine_or_chance")
    st.pending_card = card.index
    st.phase = "card_choice"
    assert make_bot("normal", "Téméraire").decide(st, 0) == A.ChooseCard(0, True)
    assert make_bot("normal", "Prudent").decide(st, 0) == A.ChooseCard(0, False)


@pytest.mark.parametrize("name,accepts", [("Entreprenant", True), ("Téméraire", True),
                                          ("Avare", False), ("Prudent", False)])
def test_trade_appetite(name, accepts):
    """A small gain (a station for 3.000 F more than its price): keen characters take it."""
    st = position(owners={NORD: 0}, cash=[150_000] * 4)
    apply(st, A.ProposeTrade(1, 0, take=(NORD,), cash=23_000))
    answer = make_bot("normal", name).decide(st, 0)
    assert answer == (A.AcceptTrade(0) if accepts else A.RejectTrade(0))


def test_buying_depends_on_the_reserve():
    st = position(cash=[35_000, 150_000, 150_000, 150_000])
    st.players[0].pos = PIGALLE
    st.pending_square = PIGALLE
    st.phase = "buy"
    assert make_bot("normal", "Téméraire").decide(st, 0) == A.Buy(0)
    assert make_bot("normal", "Avare").decide(st, 0) == A.Decline(0)
    assert make_bot("baseline").decide(st, 0) == A.Buy(0)
    # facile buys what it can afford, as the baseline does, whatever its character's reserve
    # (Level.buys_all, issue 19)
    assert make_bot("facile", "Avare").decide(st, 0) == A.Buy(0)


def test_expert_mortgages_a_lone_deed_to_buy_the_street_that_completes_its_group():
    """Short of cash on the last orange street: the expert mortgages a station and buys it;
    the normal player (no such plan) lets it go to auction."""
    from tests.ai.helpers import MOZART, SAINT_MICHEL

    def landed():
        st = position(owners={MOZART: 0, SAINT_MICHEL: 0, NORD: 0},
                      cash=[15_000, 150_000, 150_000, 150_000])
        st.players[0].pos = PIGALLE
        st.pending_square = PIGALLE
        st.phase = "buy"
        return st

    st = landed()
    expert = make_bot("expert")
    assert expert.decide(st, 0) == A.Mortgage(0, NORD)
    apply(st, A.Mortgage(0, NORD))
    assert st.phase == "buy" and st.players[0].cash >= st.board.prices[PIGALLE]
    assert expert.decide(st, 0) == A.Buy(0)
    assert make_bot("normal").decide(landed(), 0) == A.Decline(0)
