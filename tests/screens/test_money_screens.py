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
