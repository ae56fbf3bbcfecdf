"""Keys pressed while the game shows a move: an open command window gets its own keys at
once, and the type-ahead gives the keys back in the order they were typed.

seeds/002 part C and docs/manual.md §3: the commands work "entre les coups des joueurs simulés
par l'ordinateur"; §6 P "ENTER quitte"; H "On peut examiner et traiter ainsi d'autres
propriétés".  ENTER or SPACE alone only hurries a message when no command window is open.
"""

from helpers import digit, game_session, key

from tests.screens.commands.helpers import give, start_game


def computers_playing(letter):
    """ANNE and two computer players, HAL to play; ``letter`` opens a command window before his
    move, which is then being shown (the computers play on while the window is open)."""
    s = game_session(names=("ANNE", "HAL", "ZX"), computer=(False, True, True), first_player=1,
                     dice=[(2, 1), (1, 3), (1, 2), (2, 3)], speed=2)
    assert not s.screen.busy
    s.press(letter)
    assert s.screen.modes, f"{letter} did not open"
    for _ in range(400):
        if s.screen.busy:
            return s
        s.step()
    raise AssertionError("the computer players did not play")


def test_enter_closes_p_while_a_computer_move_is_shown():
    s = computers_playing("P")
    s.press("ENTER")                                 # §6 P: ENTER quitte, at once
    assert s.screen.modes == []
    assert s.screen.typeahead == []


def test_esc_and_digits_act_on_p_while_a_computer_move_is_shown():
    s = computers_playing("P")
    s.step([digit(2)])                               # only HAL's properties, at once
    assert s.screen.modes and s.screen.modes[-1].only == 1
    assert "PROPRIETES DE 2 HAL" in s.text()[18]
    s.press("ESC")
    assert s.screen.modes == []


def test_ctrl_c_with_a_window_open_while_computers_play_is_answered():
    s = computers_playing("P")
    s.step([key("C", ctrl=True)])
    log = " ".join(s.screen.log)
    assert s.screen.modes == [] or type(s.screen.modes[-1]).__name__ == "EndGameMode"
    assert ("Fin de la partie demandée" in log
            or "CTRL+C : seulement à la fin d'un déplacement" in log)


def test_a_quick_second_enter_in_h_mortgages_the_second_property():
    s, st = start_game(names=("ANNE", "BRUNO"), speed=2)
    give(st, 0, [1, 3, 6])
    s.press("H")
    s.press("LEFT")
    s.press("ENTER")                                 # mortgages Boulevard de Belleville
    assert st.mortgaged[1] and s.screen.busy         # its message is being shown
    s.press("LEFT", "LEFT")
    assert s.screen.cursor == 3
    s.press("ENTER")                                 # at once: Rue Lecourbe too
    assert st.mortgaged[3]


def test_keys_typed_as_a_message_ends_keep_their_order():
    s, st = start_game(names=("ANNE", "BRUNO"), speed=2)
    st.forced_dice.extend([(1, 2)])
    s.press("D")
    s.step(ticks=100)
    s.press("N")                                     # the auction's messages are shown
    assert s.screen.busy
    s.step([digit(2), digit(5), digit(0), digit(0), digit(0)])
    while s.screen.busy:                             # the show ends; the keys still wait
        s.step()
    assert s.screen.typeahead
    s.press("ENTER")                                 # typed after them: ends BRUNO's bid
    assert st.auction is not None and st.auction.high_bidder == 1
    assert st.auction.high_bid == 5000


# -- SPACE on the turn's question (manual §3: "la barre d'espacement montre le titre de
# propriété de la case sous le curseur") ------------------------------------------------------

def test_space_deed_follows_the_cursor_and_the_question_comes_back():
    s, _st = start_game(names=("ANNE", "BRUNO"))
    s.press("SPACE")
    assert s.shows("Case : Départ") and not s.shows("A vous, ANNE")
    s.press("LEFT")                                  # the deed of the square now under it
    assert s.shows("Boulevard de Belleville") and s.shows("Loyer nu 200 F")
    s.press("ENTER")                                 # takes the deed away: the question
    assert s.shows("A vous, ANNE") and s.shows("D : dés")
    assert not s.shows("Loyer nu 200 F")


def test_space_deed_goes_after_a_while_or_with_the_key_that_answers():
    s, st = start_game(names=("ANNE", "BRUNO"))
    s.press("SPACE")
    s.step(ticks=200)
    assert not s.shows("A vous, ANNE")               # still read
    s.step(ticks=250)
    assert s.shows("A vous, ANNE")                   # then the question again
    s.press("SPACE")
    st.forced_dice.extend([(1, 2)])
    s.press("D")                                     # D still rolls
    assert st.players[0].pos == 3
