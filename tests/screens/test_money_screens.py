"""The money screens: a debt's sale that takes more than asked, what each line says."""

from __future__ import annotations

from helpers import game_session, until

from tests.screens.commands.helpers import goto


def _debt_with_two_hotels():
    """JEAN, 1.000 F, hotels on Boulevard de Belleville and Rue Lecourbe, owes the 20.000 F
    income tax."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    for sq in (1, 3):
        st.owner[sq] = 0
        st.houses[sq] = 5
        st.bank_hotels -= 1
    st.players[0].cash = 1000
    s.press("D")
    assert until(s, "Il manque 19.000 F")
    return s, st


def test_selling_a_hotel_that_sells_its_group_says_so_and_asks_first():
    """seeds/002: selling a hotel sells every building of the group (even building); V then
    ENTER on one hotel says both will go and for how much, and sells only on O."""
    s, st = _debt_with_two_hotels()
    s.press("V")
    goto(s, 1)
    s.press("ENTER", ticks=20)
    assert st.houses[1] == st.houses[3] == 5             # nothing sold yet
    window = " ".join(row.strip() for row in s.text()[18:24])
    assert "Vendre 2 hôtel(s) (Bd de Belleville, Rue Lecourbe) : +25.000 F ? (O/N)" in window
    s.press("N", ticks=20)
    assert st.houses[1] == st.houses[3] == 5 and st.debts
    s.press("ENTER", ticks=20)
    s.press("O", ticks=100)
    assert st.houses[1] == st.houses[3] == 0 and not st.debts
    journal = s.screen.journal
    assert "JEAN vend un hôtel de Boulevard de Belleville (+12.500 F)" in journal
    assert "JEAN vend un hôtel de Rue Lecourbe (+12.500 F)" in journal


def test_a_bankruptcy_to_a_player_is_told_in_the_order_it_happens_and_the_loan_is_said():
    """seeds/002 FAILLITE: the bankrupt gives everything to his creditor and leaves the game;
    seeds/000 EMPRUNT: the loan, a debt to the bank, is void with him, and a line says so."""
    from monopoly_cpc.rules.events import Event
    from monopoly_cpc.screens.game.describe import describe

    s = game_session(names=("JEAN", "MARIE", "HAL"), computer=(False, False, False), first_player=0)
    t = s.screen
    broke = describe(t, Event("bankrupt", player=0, amount=2_700, other=1, text="rent", data=(50_000,)))
    given = describe(t, Event("transfer", player=0, amount=2_700, other=1, text="bankruptcy"))
    assert broke == "JEAN fait faillite envers MARIE ; la Banque annule son emprunt de 50.000 F"
    assert given == "JEAN remet 2.700 F et ses biens à MARIE et quitte le jeu"
    to_bank = describe(t, Event("bankrupt", player=0, amount=20_000, other=-1, text="tax"))
    assert to_bank == "JEAN fait faillite et quitte le jeu"


def test_the_engine_tells_the_loan_a_bankruptcy_writes_off():
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply, new_game
    from monopoly_cpc.rules.state import Debt
    from monopoly_cpc.rules.variants import Variant

    st = new_game(["A", "B", "C"], computer=[False] * 3, seed=1, variant=Variant(loans=True))
    while st.phase == "start_roll":
        apply(st, A.Roll(st.start_rollers[0]))
    p = st.current
    st.players[p].loan = 50_000
    st.players[p].cash = 0
    st.debts.append(Debt(p, -1, 20_000, "tax"))
    st.phase = "debt"
    events = apply(st, A.DeclareBankruptcy(p))
    broke = [ev for ev in events if ev.kind == "bankrupt"]
    assert broke and broke[0].data == (50_000,) and st.players[p].loan == 0
