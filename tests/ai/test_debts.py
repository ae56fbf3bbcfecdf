"""Raising cash: the cheapest way first, bankruptcy only when nothing else works."""

from __future__ import annotations

from monopoly_cpc.ai import make_bot
from monopoly_cpc.ai.reasons import because
from monopoly_cpc.rules import Variant, apply
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.state import DEBT, Debt
from tests.ai.helpers import (
    COURCELLES,
    MOZART,
    NORD,
    PIGALLE,
    REPUBLIQUE,
    SAINT_MICHEL,
    VAUGIRARD,
    position,
)

BLUE3 = {VAUGIRARD: 3, COURCELLES: 3, REPUBLIQUE: 3}


def in_debt(st, amount, creditor=-1, reason="tax"):
    st.debts.append(Debt(0, creditor, amount, reason))
    st.phase = DEBT
    return st


def settle(st, bot, limit=40):
    """Let the debtor act until the debt is settled; return its actions."""
    done = []
    while st.phase == DEBT and len(done) < limit:
        a = bot.decide(st, 0)
        done.append(a)
        apply(st, a)
    return done


def test_lone_property_mortgaged_before_any_house_is_sold():
    st = position(owners={VAUGIRARD: 0, COURCELLES: 0, REPUBLIQUE: 0, NORD: 0}, houses=BLUE3,
                  cash=[2000, 150_000, 150_000, 150_000])
    bot = make_bot("expert", seed=1)
    in_debt(st, 10_000)
    first = bot.decide(st, 0)
    assert first == A.Mortgage(0, NORD)
    assert bot.last_reason == because("mortgage_to_pay")
    actions = settle(st, bot)
    assert st.phase != DEBT and not any(isinstance(a, A.SellBuilding) for a in actions)
    assert st.houses[VAUGIRARD] == 3


def test_houses_sold_evenly_when_needed():
    st = position(owners={VAUGIRARD: 0, COURCELLES: 0, REPUBLIQUE: 0}, houses=BLUE3,
                  cash=[0, 150_000, 150_000, 150_000])
    bot = make_bot("normal", seed=1)
    in_debt(st, 12_000)
    actions = settle(st, bot)
    assert st.phase != DEBT and not st.players[0].bankrupt
    sold = [a for a in actions if isinstance(a, A.SellBuilding)]
    assert len(sold) == 5  # 2.500 F each
    levels = sorted(st.houses[s] for s in BLUE3)
    assert levels[-1] - levels[0] <= 1


def test_bankrupt_only_when_nothing_else_works():
    st = position(owners={NORD: 0}, cash=[1000, 150_000, 150_000, 150_000])
    bot = make_bot("expert", seed=1)
    in_debt(st, 50_000)
    assert bot.decide(st, 0) == A.Mortgage(0, NORD)
    apply(st, A.Mortgage(0, NORD))
    assert bot.decide(st, 0) == A.DeclareBankruptcy(0)
    assert bot.last_reason == because("bankrupt")


def test_monopolic_loan_before_selling_houses():
    st = position(owners={VAUGIRARD: 0, COURCELLES: 0, REPUBLIQUE: 0}, houses=BLUE3,
                  cash=[0, 150_000, 150_000, 150_000], variant=Variant.monopolic())
    bot = make_bot("expert", seed=1)
    in_debt(st, 12_000)
    a = bot.decide(st, 0)
    assert isinstance(a, A.Borrow) and a.amount >= 12_000
    apply(st, a)
    assert st.phase != DEBT and st.houses[VAUGIRARD] == 3


def test_rent_paid_half_in_properties_that_give_the_creditor_nothing():
    owners = {VAUGIRARD: 0, COURCELLES: 0, REPUBLIQUE: 0, NORD: 0, MOZART: 1, SAINT_MICHEL: 1,
              PIGALLE: 0}
    # mortgaged deeds given in kind: the trade_mortgaged=true reading (docs/rules.md)
    st = position(owners=owners, houses=BLUE3, cash=[8000, 150_000, 150_000, 150_000],
                  variant=Variant(trade_mortgaged=True))
    st.mortgaged[NORD] = True
    st.mortgaged[PIGALLE] = True
    in_debt(st, 16_000, creditor=1, reason="rent")
    bot = make_bot("expert", seed=1)
    a = bot.decide(st, 0)
    # Pigalle would complete the creditor's orange group: only the station goes.
    assert a == A.PayInKind(0, (NORD,))
    apply(st, a)
    # A mortgaged deed is the creditor's to accept (seeds/003): the payment waits for him.
    assert st.phase == "trade" and st.trade.in_kind and st.owner[NORD] == 0
    apply(st, A.AcceptTrade(1))
    assert st.owner[NORD] == 1 and st.owner[PIGALLE] == 0 and st.phase != DEBT


def test_bots_send_no_refused_action_under_the_strict_variants():
    """trade_mortgaged off (seeds/002 'ni vendue, ni échangée'): no mortgaged deed in an offer
    or a rent paid in kind; MONOPOLIC loans: the baseline borrows before it declares bankruptcy
    (seeds/000 'celui qui doit plus qu'il ne peut payer'). Before the fix: 122 and 52 refusals."""
    import dataclasses

    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.rules.variants import Variant

    strict = dataclasses.replace(Variant(), trade_mortgaged=False)
    loans = dataclasses.replace(Variant(), loans=True)
    assert sum(play_game(["expert", "normal", "facile", "expert"], s, variant=strict).bot_errors
               for s in range(12)) == 0
    assert sum(play_game(["baseline"] * 4, s, variant=loans, round_cap=300).bot_errors
               for s in range(12)) == 0


def test_a_creditor_who_refused_mortgaged_deeds_is_not_offered_them_again():
    """seeds/003: "Le créancier peut alors accepter une ou plusieurs propriétés (y compris si
    elles sont hypothéquées)": once he refused them for a debt, the debtor's computer pays in
    cash or with other deeds, never the refused offer again (the engine would refuse it:
    ``kind_refused``), so no computer's move is refused over games of the variant."""
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed
    from monopoly_cpc.rules.variants import Variant

    poor = Variant.from_data({"start_cash": 8000, "trade_mortgaged": True})   # debts at once
    errors = sum(play_game(lineup(["expert", "swap"], i), run_game_seed(31, i),
                           poor).bot_errors for i in range(20))
    assert errors == 0
