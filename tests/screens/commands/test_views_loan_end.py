"""MONOPOLIC's views (+, -, ?) and loan (E), CTRL+C and the end screen."""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import fortune_parts
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.end import EndScreen
from monopoly_cpc.screens.setup import SetupScreen
from monopoly_cpc.screens.title import TitleScreen
from tests.screens.commands.helpers import (
    Bot,
    Session,
    digit,
    flat,
    give,
    key,
    settle,
    start_game,
    typed,
)


def open_key(s, char: str) -> None:
    """Open the command of ``char`` from the keyboard: + - ? are typed on the CPC keyboard
    (SHIFT where the French CPC needs it), E is its letter, ^C is CTRL+C."""
    settle(s)
    if char in "+-?":
        s.step(typed(char))
    elif char == "^C":
        s.step([key("C", ctrl=True)])
    else:
        s.press(char)
    assert s.screen.modes or s.screen.log, f"{char!r} did nothing"


# -- + and - ---------------------------------------------------------------------------------

def test_plus_and_minus_turn_through_the_holdings_both_ways():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3, 39], houses=[1, 1, 0])
    give(st, 0, [15], mortgaged=(15,))
    open_key(s, "+")
    w = flat(s)
    assert "PATRIMOINE DE 1 ANNE" in w
    assert "1/4 Boulevard de Belleville" in w and "1 maison(s)" in w
    assert "4 propriété(s), 2 maison(s), 0 hôtel(s)" in w
    assert s.screen.cursor == 1
    seen = []
    for _ in range(4):
        s.step(typed("+"))
        seen.append(s.screen.cursor)
    assert seen == [3, 15, 39, 1]                       # clockwise, round and round
    assert "hypothéquée" not in flat(s)
    s.step(typed("-"))
    assert s.screen.cursor == 39
    s.step(typed("-"))
    assert s.screen.cursor == 15 and "hypothéquée" in flat(s)
    s.press("ENTER")
    assert s.screen.modes == []


def test_the_pc_keyboards_own_plus_and_minus_step_the_view_they_open():
    """seeds/000 VISUALISATION: + and - turn through the holdings; a French PC's main-keyboard
    + (Shift+"=", the CPC's "_") and "6 -" key (the CPC's "]") open the view, so they step it."""
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3, 39])
    settle(s)
    s.step(typed("_"))
    assert "PATRIMOINE DE 1 ANNE" in flat(s) and s.screen.cursor == 1
    s.step(typed("_"))
    assert s.screen.cursor == 3
    s.step(typed("]"))
    s.step(typed("]"))
    assert s.screen.cursor == 39


def test_plus_during_a_computers_turn_shows_the_persons_holdings_and_the_closeup_agrees():
    """The view answers the person at the keyboard, not the computer whose turn it is; the
    close-up shows the square the window names, whatever the computer's move shows."""
    from monopoly_cpc.screens.game.view import closeup_focus

    s, st = start_game(("ANNE", "BRUNO"), computer=(False, True))
    give(st, 0, [1, 3])
    give(st, 1, [37, 39])
    settle(s)
    st.current = 1
    s.step(typed("+"))
    mode = s.screen.modes[-1]
    assert "PATRIMOINE DE 1 ANNE" in flat(s) and s.screen.cursor == 1
    s.screen.view.focus = (24, "walk")              # the computer's pawn walking meanwhile
    assert closeup_focus(st, s.screen.view, mode) == (1, "cursor")


def test_minus_starts_anticlockwise_from_the_cursor():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3, 39])
    s.screen.set_cursor(20)
    open_key(s, "-")
    assert s.screen.cursor == 3


def test_question_mark_then_number_shows_a_players_properties_and_buildings():
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    give(st, 1, [6, 8, 9, 12], houses=[5, 4, 4, 0])
    open_key(s, "?")
    assert "Quel joueur ? (numéro)" in flat(s)
    s.step([digit(2)])
    w = flat(s)
    assert "PATRIMOINE DE 2 BRUNO" in w
    assert "4 propriété(s), 8 maison(s), 1 hôtel(s)" in w
    assert "Argent : 150.000 F" in w                                 # seeds/000: son argent
    assert "Rue de Vaugirard un hôtel" in w and "Rue de Courcelles 4 maison(s)" in w
    s.press("SPACE")
    w = flat(s)
    assert "Compagnie de distribution d'électricité" in w           # whole: it has room
    assert "Argent : 150.000 F" in w
    s.step(typed("?"))
    s.step([digit(3)])
    assert "CLAUDE" in flat(s) and "Argent : 150.000 F" in flat(s)
    s.press("ENTER")
    assert s.screen.modes == []


# -- E Emprunt -------------------------------------------------------------------------------

def test_loan_up_to_50000_and_shown_in_the_holdings():
    s, st = start_game(("ANNE", "BRUNO"), variant=Variant(loans=True))
    open_key(s, "E")
    assert "Qui emprunte ? (numéro)" in flat(s)
    s.step([digit(1)])
    assert "ANNE peut emprunter jusqu'à 50.000 F" in flat(s)
    s.type("60000")
    s.press("ENTER", ticks=10)
    assert "Refusé : Emprunt limité à 50.000 F" in flat(s)
    assert st.players[0].loan == 0
    s.type("30000")
    s.press("ENTER", ticks=40)
    assert st.players[0].loan == 30_000 and st.players[0].cash == 180_000
    open_key(s, "E")
    s.step([digit(1)])
    assert "ANNE peut emprunter jusqu'à 20.000 F" in flat(s)
    s.press("ESC")
    give(st, 0, [1, 3, 5, 6, 8])                     # with properties too, on every page
    open_key(s, "?")
    s.step([digit(1)])
    for _page in range(4):
        rows = s.text()[18:25]
        assert "Argent : 180.000 F  Emprunt : 30.000 F" in rows[1]
        assert "5 propriété(s)" in rows[2]
        s.press("SPACE")


def test_no_loan_without_the_monopolic_variant():
    s, st = start_game(("ANNE", "BRUNO"))
    open_key(s, "E")
    s.step(ticks=5)
    assert "Pas d'emprunt : variante MONOPOLIC non choisie (options)" in flat(s)
    assert s.screen.modes == [] and st.players[0].loan == 0


# -- CTRL+C and the end screen ----------------------------------------------------------------

def test_ctrl_c_between_moves_ends_the_game_and_the_end_screen_ranks_everybody():
    bot = Bot()
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: bot})
    give(st, 0, [1, 3], houses=[1, 1])
    give(st, 1, [39], mortgaged=(39,))
    st.forced_dice = [(1, 2), (2, 3)]
    s.press("D", ticks=5)                   # ANNE's move is being shown; CPC has not rolled
    assert st.current == 1 and st.phase == "roll" and s.screen.busy
    s.step([key("C", ctrl=True)], ticks=400)  # the winner's fanfare (192 ticks) is heard out
    assert st.phase == "game_over" and st.end_requested
    w = flat(s)
    assert "FIN DE LA PARTIE" in w and "ANNE a gagné la partie" in w
    s.press("SPACE", ticks=5)
    assert isinstance(s.screen, EndScreen)
    s.step(ticks=30)
    rows = s.text()
    text = " ".join(" ".join(rows).split())
    assert "FIN DE LA PARTIE" in text and "Partie arrêtée (CTRL+C)" in text
    anne = fortune_parts(st, 0)
    assert (anne.cash, anne.properties, anne.buildings) == (150_000, 12_000, 10_000)
    assert anne.total == 172_000 == st.scores[0]
    assert "ANNE gagne avec 172.000 F" in text
    assert rows[5].split() == ["Argent", "Propriétés", "Bâtiments", "Total"]
    assert rows[6].strip() == ""                 # a blank row under the headings: there is room
    assert rows[7].startswith("1. ANNE (1)") and rows[7].rstrip().endswith("172.000 F")
    assert "150.000 F" in rows[8] and "12.000 F" in rows[8] and "10.000 F" in rows[8]
    # the columns never touch: a blank before each heading and each amount, and the total's
    # column (under "Total") left blank on the detail lines
    assert rows[8][31:].strip() == ""
    for row in (rows[5], rows[8]):
        for col in (9, 20, 21):
            assert row[col] == " ", (row, col)
    assert rows[9].strip() == ""                 # a blank row between players: there is room
    assert rows[10].startswith("2. CPC (2)") and rows[10].rstrip().endswith("170.000 F")
    assert "Nouvelle partie ? (O/N)" in text
    s.press("O")
    assert isinstance(s.screen, SetupScreen)


def test_ctrl_c_with_equal_fortunes_is_told_as_a_tie():
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    give(st, 2, [39])                       # CLAUDE richer; ANNE and BRUNO equal below him
    s.step([key("C", ctrl=True)], ticks=400)
    assert st.phase == "game_over" and st.winner == 2
    assert "CLAUDE a gagné la partie" in flat(s)
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    give(st, 2, [1])                        # CLAUDE poorer: ANNE and BRUNO share the lead
    st.players[2].cash -= 10_000
    s.step([key("C", ctrl=True)], ticks=400)
    assert st.phase == "game_over"
    w = flat(s)
    assert "Ex aequo : ANNE et BRUNO !" in w and "a gagné" not in w
    rows = s.text()[18:24]
    assert rows[2].startswith("1. ANNE") and rows[3].startswith("1. BRUNO")
    assert rows[4].startswith("3. CLAUDE")
    s.press("SPACE", ticks=30)
    assert isinstance(s.screen, EndScreen)
    rows = s.text()
    assert rows[3].strip() == "ANNE et BRUNO ex aequo : 150.000 F"
    assert rows[7].startswith("1. ANNE (1)") and rows[10].startswith("1. BRUNO (2)")
    assert rows[13].startswith("3. CLAUDE (3)")


def test_ctrl_c_after_a_rent_the_payer_cannot_pay_raises_it_before_the_scores():
    """seeds/002 C FIN DU JEU 'CTRL et C à la fin du déplacement d'un joueur'; A 'il le termine
    et fait tout ce qui s'attache à ce coup': the rent of the last move is paid first, here
    through the debt window."""
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [37, 39])                    # the dark blue group: Rue de la Paix 10.000 F bare
    give(st, 0, [5])                         # Gare Montparnasse, mortgage 10.000 F
    st.players[0].cash = 1000
    st.players[0].pos = 36
    st.forced_dice = [(1, 2)]
    s.press("D", ticks=200)
    settle(s)
    assert st.phase == "roll" and st.claim is not None and st.claim.amount == 10_000
    open_key(s, "^C")
    s.step(ticks=5)
    assert st.phase == "debt" and st.end_requested
    s.step(ticks=100)
    assert s.shows("ANNE doit 10.000 F à BRUNO") and s.shows("Il manque 9.000 F")
    s.press("A")
    s.step(ticks=400)
    assert st.phase == "game_over" and st.mortgaged[5]
    assert st.players[0].cash == 1000 and st.players[1].cash == 160_000
    assert "FIN DE LA PARTIE" in flat(s)


def test_ctrl_c_in_the_middle_of_a_move_is_refused():
    s, st = start_game(("ANNE", "BRUNO"))
    st.forced_dice = [(2, 4)]                # Rue de Vaugirard, for sale: the move is not over
    s.press("D", ticks=200)
    assert st.phase == "buy"
    s.step(ticks=30)
    open_key(s, "^C")
    s.step(ticks=5)
    assert "CTRL+C : seulement à la fin d'un déplacement" in " ".join(s.screen.log[-2:])
    assert st.phase == "buy"


def test_quick_game_ends_by_itself_when_its_time_is_up():
    s, st = start_game(("ANNE", "BRUNO"), variant=Variant.quick(0, 1))
    s.step(ticks=60 * 50 + 200)
    assert st.time_up and st.phase == "game_over"
    s.press("SPACE", ticks=5)
    s.step(ticks=30)
    text = " ".join(" ".join(s.text()).split())
    assert "Le temps est écoulé" in text


def test_end_screen_n_goes_back_to_the_title_and_shows_bankrupt_players():
    _s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    st.players[2].bankrupt = True
    st.bank_cash += st.players[2].cash
    st.players[2].cash = 0
    from monopoly_cpc.rules.engine import apply

    apply(st, A.EndGame())
    end = Session(lambda ctx: EndScreen(ctx, st))
    end.press("N")                           # too early: the key of the last window is ignored
    assert isinstance(end.screen, EndScreen)
    end.step(ticks=30)
    rows = end.text()
    assert rows[13].startswith("3. CLAUDE (3)") and "en faillite" in rows[14]
    end.press("N")
    assert isinstance(end.screen, TitleScreen)


def test_end_screen_six_players_with_loans_fit_above_the_question():
    names = ("ANNE", "BRUNO", "CLAUDE", "DENIS", "EMILE", "FANNY")
    _s, st = start_game(names, variant=Variant(loans=True))
    for i in range(6):
        st.players[i].loan = 10_000 * (i + 1)
        st.players[i].cash += 10_000 * (i + 1)
        st.bank_cash -= 10_000 * (i + 1)
    from monopoly_cpc.rules.engine import apply

    apply(st, A.EndGame())
    end = Session(lambda ctx: EndScreen(ctx, st), lang="en")
    end.step(ticks=30)
    rows = end.text()
    text = " ".join(" ".join(rows).split())
    assert "END OF THE GAME" in text and "Loan deducted from the total -60.000 F" in text
    assert rows[24].strip() == "New game? (Y/N)"
    # all six fortunes are equal: a six-way tie, each in the first place
    assert rows[21].startswith("1. FANNY") and "Loan deducted" in rows[23]
    assert rows[3].strip() == "6 players tie with 150.000 F"
    # every fortune is the start cash: the loans were deducted
    assert st.scores == [150_000] * 6


def test_the_menu_row_shows_e_with_the_loan_variant_only():
    s, _ = start_game(("ANNE", "BRUNO"), variant=Variant(loans=True))
    assert s.text()[0].split() == ["T", "P", "H", "L", "M", "D", "J", "E"]
    s, _ = start_game(("ANNE", "BRUNO"))
    assert s.text()[0].split()[:6] == ["T", "P", "H", "L", "M", "D"] and "E" not in s.text()[0].split()


def test_the_winners_window_ranks_four_players_and_takes_turns_beyond():
    """Four players: the four places all show (the key to press is on the status line); six:
    the fourth row shows the fourth, fifth and sixth places in turn."""
    for names in (("ANNE", "BOB", "CLO", "DAN"), ("ANNE", "BOB", "CLO", "DAN", "EVE", "FIX")):
        s, st = start_game(names)
        s.step([key("C", ctrl=True)], ticks=400)
        assert st.phase == "game_over"
        window = s.text()[18:25]
        assert window[-1].strip() == "Appuyez sur une touche"
        seen = set()
        for _ in range(3):
            seen |= {n for n in names if any(f". {n}" in row for row in window[2:6])}
            s.step(ticks=100)
            window = s.text()[18:25]
        assert seen == set(names), (names, seen)


def test_no_two_amounts_of_the_end_screen_touch():
    """Properties of 205.000 F and buildings of 120.000 F read "205.000 F 120.000 F" with one
    blank between them: every amount of a detail line has two blanks or more before the next."""
    import re

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [37, 39], houses=[5, 5])                       # 75.000 F of deeds, 400.000 F built
    give(st, 0, [31, 32, 34], houses=[4, 4, 4])
    st.players[0].cash = 1_205_000
    s.step([key("C", ctrl=True)], ticks=400)
    s.press("SPACE", ticks=30)
    assert isinstance(s.screen, EndScreen)
    for row in s.text()[6:24]:
        assert not re.search(r"[\dF] \d", row), row
