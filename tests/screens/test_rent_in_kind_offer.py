"""A rent paid half in property, mortgaged deeds included (seeds/003, the ``trade_mortgaged``
variant: "Le créancier peut alors accepter une ou plusieurs propriétés (y compris si elles sont
hypothéquées)"): the person who is owed the rent reads that it is the rent, what he is given
(the mortgaged deeds marked), the cash half, and the 10 % he pays at once if he accepts; the
journal names it as a payment of the rent, not as a trade."""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.state import DEBT, Debt
from monopoly_cpc.rules.variants import Variant
from tests.screens.helpers import game_session

LYON = 15   # Gare de Lyon: mortgage value 10.000 F, so 1.000 F of interest


def _offered(lang: str):
    s = game_session(computer=(False, False, True, True), first_player=0, lang=lang,
                     variant=Variant(trade_mortgaged=True))
    s.step([], 5)
    st = s.screen.state
    st.owner[LYON] = 0
    st.mortgaged[LYON] = True
    st.players[0].cash = 8000
    st.debts.append(Debt(0, 1, 16000, "rent"))
    st.phase = DEBT
    s.step([], 5)
    ok, why = s.screen.apply(A.PayInKind(0, (LYON,)))
    assert ok, why
    s.step([], 200)
    return s


def test_the_creditor_reads_a_rent_paid_in_property_with_the_ten_percent():
    s = _offered("fr")
    window = "\n".join(s.text()[16:25])
    assert "JEAN : loyer moitié en biens" in window
    assert "Gare de Lyon (hyp.)" in window
    assert "et 8.000 F en argent" in window
    assert "Si O, vous payez 10 % : 1.000 F" in window
    assert "échange" not in window
    assert any("pour la moitié du loyer" in line for line in s.screen.journal)


def test_in_english_too():
    window = "\n".join(_offered("en").text()[16:25])
    assert "JEAN: rent half in property" in window and "On Y you pay 10 %: 1.000 F" in window
