"""P Propriétaires and H Hypothèques, as the manual words them (seeds/002 part C)."""

from __future__ import annotations

from tests.screens.commands.helpers import Bot, digit, flat, give, goto, settle, start_game, window

WINDOW_Y = 18 * 8


def test_owners_list_with_numbers_scroll_filter_and_leave():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    give(st, 1, [6])
    s.press("P")
    rows = s.text()
    assert "PROPRIETAIRES" in rows[18]
    assert rows[19].startswith("Boulevard de Belleville") and rows[19].rstrip().endswith("1")
    assert rows[20].startswith("Rue Lecourbe") and rows[20].rstrip().endswith("1")
    assert rows[21].startswith("Gare Montparnasse") and rows[21].rstrip().endswith("-")
    assert rows[22].startswith("Rue de Vaugirard") and rows[22].rstrip().endswith("2")
    s.press("SPACE")                                   # the next four
    assert s.text()[19].startswith("Rue de Courcelles")
    s.step([digit(2)])                                 # only BRUNO's
    rows = s.text()
    assert "PROPRIETES DE 2 BRUNO" in rows[18]
    assert rows[19].startswith("Rue de Vaugirard") and rows[20].strip() == ""
    s.step([digit(0)])
    assert s.text()[19].startswith("Boulevard de Belleville")
    s.press("ENTER")
    assert s.screen.modes == []


def test_owners_mortgaged_line_is_white_on_red():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], mortgaged=(3,))
    s.press("P")
    s.screen.draw(s.fb)
    y_plain, y_mort = WINDOW_Y + 8, WINDOW_Y + 16        # window lines 1 and 2
    assert s.fb.read_text(20).startswith("Rue Lecourbe")
    # the mortgaged line: paper pen 3 is red (6), its text pen 2 is white (26)
    assert tuple(s.fb.inks[y_mort][2:4]) == (26, 6)
    assert tuple(s.fb.inks[y_plain][2:4]) != (26, 6)
    band = s.fb.pens[y_mort:y_mort + 8, :]
    assert set(band.ravel().tolist()) == {2, 3}           # white letters on red only


def test_owners_p_shows_the_title_deeds():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [6, 8])
    s.press("P")
    s.step([digit(2)])
    s.press("P")
    w = flat(s)
    assert "Rue de Vaugirard" in w and "Prop. : 2 BRUNO" in w
    s.press("SPACE")
    assert "Rue de Courcelles" in flat(s)
    s.press("ENTER")
    assert s.screen.modes == []


def test_mortgage_cursor_on_depart_space_then_enter_mortgages_and_lifts():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [6])
    s.screen.set_cursor(17)
    s.press("H")
    assert s.screen.cursor == 0                         # "un curseur apparaît sur la case DEPART"
    assert "HYPOTHEQUES" in window(s)
    goto(s, 6)
    s.press("SPACE")
    w = flat(s)
    assert "Rue de Vaugirard : 1 ANNE" in w
    assert "Hypothèque possible : 5.000 F" in w
    s.press("ENTER", ticks=40)
    assert st.mortgaged[6] and st.players[0].cash == 155_000
    assert "HYPOTHEQUEE : lever coûte 5.500 F" in flat(s)
    s.press("ENTER", ticks=40)                          # lift: 5.000 F + 10 %
    assert not st.mortgaged[6] and st.players[0].cash == 149_500
    s.press("Q")
    assert s.screen.modes == []


def test_mortgage_refused_with_buildings_in_the_group():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[0, 1])
    s.press("H")
    goto(s, 1)
    s.press("ENTER", ticks=20)
    assert "Refusé : il y a des maisons dans le groupe" in flat(s)
    assert not st.mortgaged[1] and st.players[0].cash == 150_000


def test_lift_refused_without_the_cash_for_the_ten_percent():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [39], mortgaged=(39,))
    st.players[0].cash -= 145_000
    st.bank_cash += 145_000
    s.press("H")
    goto(s, 39)
    s.press("ENTER", ticks=20)
    assert "Refusé : il faut 22.000 F pour lever l'hypothèque" in flat(s)
    assert st.mortgaged[39]


def test_mortgage_of_nobody_or_a_computer_property_is_refused():
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: Bot()})
    give(st, 1, [6])
    s.press("H")
    goto(s, 1)
    s.press("ENTER")
    assert "Boulevard de Belleville n'appartient à personne" in flat(s)
    goto(s, 6)
    s.press("ENTER")
    assert "Rue de Vaugirard est à CPC (ordinateur)" in flat(s)
    goto(s, 7)
    s.press("ENTER")
    assert flat(s).count("Cette case ne s'hypothèque pas") == 1
    assert not any(st.mortgaged)


def test_commands_work_between_the_computer_players_steps():
    """While the computer plays its turn (it has rolled and decides about a purchase), a
    human opens H and mortgages."""
    s, st = start_game(("ANNE", "CPC"), (False, True))
    give(st, 0, [1, 3])
    st.forced_dice = [(1, 2), (2, 3)]
    s.press("D", ticks=5)
    for _ in range(600):                       # ANNE's move is shown; CPC's turn begins
        if st.current == 1 and not s.screen.busy:
            break
        s.step()
    s.press("H")                               # CPC rolls in that tick: the key waits its turn
    settle(s)
    assert st.current == 1 and st.players[1].pos == 5 and st.phase == "buy"
    assert s.screen.modes                      # H is open in the middle of CPC's turn
    goto(s, 1)
    s.press("ENTER", ticks=5)
    settle(s)
    assert st.mortgaged[1] and st.players[0].cash == 150_000 + 3_000
    s.press("Q")
    assert s.screen.modes == []


def test_h_on_a_square_of_the_bank_gives_its_value_not_a_possibility():
    """Play-test: 'Hypothèque possible : 7.500 F' under a deed nobody owns read as an offer."""
    s, st = start_game(("ANNE", "BRUNO"))
    s.press("H")
    goto(s, 28)
    s.press("SPACE")
    w = flat(s)
    assert "à la Banque" in w and "Valeur hypothécaire : 7.500 F" in w
    assert "Hypothèque possible" not in w
