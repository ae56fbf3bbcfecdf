from tests.screens.helpers import game_session, until
from tests.screens.commands.helpers import goto
def test_x():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    for sq in (1, 3):
        st.owner[sq] = 0; st.houses[sq] = 5; st.bank_hotels -= 1
    st.players[0].cash = 1000
    s.press("D")
    assert until(s, "Il manque 19.000 F")
    s.press("V")
    goto(s, 1)
    s.press("ENTER", ticks=100)
    print(s.screen.journal[-4:])
    print("\n".join(s.text()[18:25]))
