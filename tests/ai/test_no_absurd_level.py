"""No strength plays absurdly: ``facile`` may play weakly but never counts a mortgaged deed at
its full printed price; ``normal`` never gives a dearer group for a cheaper one unless cash
makes up the difference."""

from __future__ import annotations

import pytest

from monopoly_cpc.ai import make_bot, trading
from monopoly_cpc.ai.reasons import because
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules import apply
from monopoly_cpc.rules.variants import Variant
from tests.ai.helpers import MOZART, PAIX, PIGALLE, SAINT_MICHEL, position

BRETEUIL, FOCH, CAPUCINES = 31, 32, 34   # vert
GREEN = 6      # the green group's index (board.group_names_fr)


def _mortgaged_paix():
    """Player 1 holds Rue de la Paix (40.000 F), mortgaged (20.000 F to lift, and 10 %)."""
    st = position(owners={PAIX: 1}, variant=Variant(trade_mortgaged=True))
    st.mortgaged[PAIX] = True
    return st


@pytest.mark.parametrize("cash, accepts", [(34_000, False), (20_000, False), (10_000, True)])
def test_facile_pays_for_a_mortgaged_deed_what_it_is_worth_once_lifted(cash, accepts):
    """Worth 40.000 - 22.000 = 18.000 F once lifted, less the 2.000 F of interest due at the
    transfer: 85 % of the printed price is refused, a quarter of it accepted."""
    st = _mortgaged_paix()
    apply(st, A.ProposeTrade(1, 0, give=(PAIX,), cash=-cash))
    bot = make_bot("facile", seed=1)
    mine, _, _, _ = trading.gains(bot.know, st, 0, 1, (PAIX,), (), -cash)
    assert mine == 40_000 - 22_000 - 2_000 - cash
    assert bot.decide(st, 0) == (A.AcceptTrade(0) if accepts else A.RejectTrade(0))


def _swap_offer(cash):
    """Player 1 gives Place Pigalle (my orange group) and ``cash`` for Boulevard des Capucines
    (his green group, worth about twice as much: dearer streets and houses, higher rents)."""
    st = position(owners={MOZART: 0, SAINT_MICHEL: 0, CAPUCINES: 0, PIGALLE: 1, BRETEUIL: 1,
                          FOCH: 1}, cash=[150_000, 400_000, 150_000, 150_000])
    apply(st, A.ProposeTrade(1, 0, give=(PIGALLE,), take=(CAPUCINES,), cash=cash))
    return st


def test_normal_never_gives_a_dearer_group_for_a_cheaper_one_even_up():
    st = _swap_offer(0)
    bot = make_bot("normal", seed=1)
    mine, his, mine_groups, his_groups = trading.gains(bot.know, st, 0, 1, (PIGALLE,),
                                                       (CAPUCINES,), 0)
    assert mine_groups and his_groups and his > mine > his / 2   # (enough before)
    assert bot.decide(st, 0) == A.RejectTrade(0)
    assert bot.last_reason == because("refuse_your_group", group=GREEN)


def test_normal_gives_the_dearer_group_when_cash_makes_up_the_difference():
    bot = make_bot("normal", seed=1)
    mine, his, _, _ = trading.gains(bot.know, _swap_offer(0), 0, 1, (PIGALLE,), (CAPUCINES,), 0)
    # x in cash: mine + x >= his - x
    cash = int((his - mine) / 2) // 1000 * 1000 + 1000
    st = _swap_offer(cash)
    assert make_bot("normal", seed=1).decide(st, 0) == A.AcceptTrade(0)
    assert make_bot("normal", seed=1).decide(_swap_offer(cash - 4000), 0) == A.RejectTrade(0)
