"""Title, pawn menu, players, quick game: driven by CPC keys, checked on the screen."""

from helpers import Session, digit, key, typed

from monopoly_cpc.screens.game import GameScreen
from monopoly_cpc.screens.options import OptionsScreen
from monopoly_cpc.screens.setup import SetupScreen
from monopoly_cpc.screens.title import TitleScreen


def rows(s):
    return s.text()


def test_title_shows_name_credits_and_waits_for_a_key():
    s = Session(TitleScreen)
    text = "\n".join(rows(s))
    assert "JEU DE TRANSACTIONS IMMOBILIERES" in text
    assert "Programme : l'équipe monopoly-cpc" in text
    assert "Appuyez sur une touche" in text
    assert "O : options" in text
    s.press("SPACE")
    assert isinstance(s.screen, SetupScreen)
    assert s.shows("CHOIX DES PIONS")


def test_title_in_english():
    s = Session(TitleScreen, lang="en")
    assert s.shows("Press any key")
    s.press("X")
    assert s.shows("CHOOSE THE PAWNS")


def test_o_opens_the_options_screen():
    s = Session(TitleScreen)
    s.press("O")
    assert isinstance(s.screen, OptionsScreen)
    assert isinstance(s.screen.back, TitleScreen)


def test_pawn_menu_lists_the_six_pawns_with_numbers():
    s = Session(SetupScreen)
    text = "\n".join(rows(s))
    for n, name in enumerate(("Fer à repasser", "Bateau", "Chien", "Voiture", "Botte", "Chapeau"), 1):
        assert f"{n} {name}" in text
    assert s.shows("Joueur 1 : tapez le numéro de son pion")


def add_player(s, pawn, computer, name):
    s.step([digit(pawn)])
    assert s.shows("Simulé par l'ordinateur ? (O/N)")
    s.press("O" if computer else "N")
    assert s.shows("Nom :")
    s.step(typed(name) + [key("RETURN")])


def two_humans_entered(s):
    """A and B (pawns 1 and 2, both human) signed up, then ENTER: 'Partie rapide ?' comes."""
    add_player(s, 1, False, "A")
    add_player(s, 2, False, "B")
    s.press("RETURN")


def test_players_get_pawns_names_and_computer_flags():
    s = Session(SetupScreen)
    add_player(s, 3, False, "Jérémie")
    assert "1 Jérémie" in rows(s)[9]          # the dog's line shows its player
    assert s.shows("Joueur 2 : tapez le numéro de son pion")
    s.step([digit(3)])
    assert s.shows("Ce pion est déjà pris")
    s.step([digit(5)])
    assert s.shows("Joueur 2 : Botte")             # whose pawn is being set up, in words
    assert s.shows("Simulé par l'ordinateur ? (O/N)")
    s.press("ESC")                                 # cancels that player: pick again
    add_player(s, 5, True, "HAL")
    text = rows(s)
    assert "2 HAL" in text[15] and "ordinateur" in text[16]
    assert s.shows("ou ENTER : tous les joueurs sont là")
    s.press("RETURN")
    assert s.shows("Partie rapide ? (O/N)")


def test_enter_needs_two_players():
    s = Session(SetupScreen)
    s.press("RETURN")
    assert s.shows("Il faut au moins 2 joueurs")
    add_player(s, 1, False, "A")
    s.press("RETURN")
    assert s.shows("Il faut au moins 2 joueurs")


def test_name_entry_del_french_letters_and_length_limit():
    s = Session(SetupScreen)
    s.step([digit(1)])
    s.press("N")
    s.step(typed("Zoéx") + [key("DEL")] + typed("çà"))
    assert s.shows("Nom : Zoéçà")
    s.step(typed("abcdefghij"))
    assert s.shows("Nom : Zoéçàabcde")        # 10 characters at most
    assert not s.shows("Zoéçàabcdef")
    s.press("ESC")                            # ESC cancels this player
    assert s.shows("Joueur 1 : tapez le numéro")


def test_six_players_then_quick_game_with_hours_and_minutes(simple_bots):
    s = Session(SetupScreen)
    for i in range(6):
        add_player(s, i + 1, i >= 2, f"P{i + 1}")
    assert s.shows("Partie rapide ? (O/N)")
    s.press("O")
    assert s.shows("Combien d'heures ?")
    assert s.shows("Partie rapide ? (O/N) O")        # the answer echoed, as every answer is
    s.step([digit(1), key("RETURN")])
    assert s.shows("Combien de minutes ?") and s.shows("Partie rapide ? (O/N) O")
    s.step([digit(3), digit(0), key("RETURN")])
    assert isinstance(s.screen, GameScreen)
    st = s.screen.state
    assert [p.name for p in st.players] == [f"P{i}" for i in range(1, 7)]
    assert [p.computer for p in st.players] == [False, False, True, True, True, True]
    assert [p.pawn for p in st.players] == [0, 1, 2, 3, 4, 5]
    assert st.variant.time_limit_ticks == 90 * 60 * 50
    assert "1:30:00" in rows(s)[24]            # the clock on the status line
    assert rows(s)[0].startswith(" T P H L M D J")


def test_a_normal_game_has_no_clock(simple_bots):
    s = Session(SetupScreen)
    two_humans_entered(s)
    s.press("N")
    assert isinstance(s.screen, GameScreen)
    assert s.screen.state.variant.time_limit_ticks == 0
    assert ":" not in rows(s)[24]
    assert s.shows("QUI COMMENCE ?")
    assert s.shows("A (1) : appuyez sur D")


def test_zero_minutes_is_refused():
    s = Session(SetupScreen)
    two_humans_entered(s)
    s.press("O")
    s.step([digit(0), key("RETURN"), digit(0), key("RETURN")])
    assert s.shows("La durée doit être d'au moins 1 minute")
    assert s.shows("Combien d'heures ?")


def test_esc_at_the_minutes_goes_back_to_the_hours_and_at_the_hours_to_the_question(simple_bots):
    s = Session(SetupScreen)
    two_humans_entered(s)
    s.press("O")
    s.step([digit(2), key("RETURN")])
    assert s.shows("Combien de minutes ?")
    s.press("ESC")                                   # the hours again, empty
    assert s.shows("Combien d'heures ?") and not s.shows("Combien de minutes ?")
    s.press("ESC")                                   # "Partie rapide ?" again
    assert s.shows("Partie rapide ? (O/N)") and not s.shows("Combien d'heures ?")
    s.press("N")                                     # changed one's mind: a normal game
    assert isinstance(s.screen, GameScreen)
    assert s.screen.state.variant.time_limit_ticks == 0


def test_the_set_up_in_english_answers_y_or_n(simple_bots):
    """The English screens show Y/N; the CPC program's O (oui), which docs/manual_en.md gives
    as the yes key, answers yes too."""
    s = Session(SetupScreen, lang="en")
    assert s.shows("Player 1: type the number of a pawn")
    s.step([digit(2)])
    assert s.shows("Played by the computer? (Y/N)")
    s.press("X")                                    # not an answer
    assert s.shows("Played by the computer? (Y/N)")
    s.press("Y")
    s.step(typed("Ada") + [key("RETURN")])
    s.step([digit(5), key("O")] + typed("Cy") + [key("RETURN")])
    s.step([digit(6), key("N")] + typed("Bob") + [key("RETURN")])
    s.press("RETURN")
    assert s.shows("Quick game? (Y/N)")
    s.press("N")
    assert isinstance(s.screen, GameScreen)
    assert [p.computer for p in s.screen.state.players] == [True, True, False]
    assert s.shows("WHO STARTS?")


def test_quick_game_minutes_above_59_are_refused(simple_bots):
    s = Session(SetupScreen)
    two_humans_entered(s)
    s.press("O")
    s.step([digit(0), key("RETURN")])
    s.step([digit(7), digit(5), key("RETURN")])      # 75 minutes: that is 1 h 15
    assert s.shows("Minutes : de 0 à 59") and s.shows("Combien de minutes ?")
    s.step([digit(4), digit(5), key("RETURN")])
    assert isinstance(s.screen, GameScreen)
    assert s.screen.state.variant.time_limit_ticks == 45 * 60 * 50


def test_esc_at_the_computer_question_takes_the_pawn_marker_away():
    s = Session(SetupScreen)
    s.step([digit(2)])
    assert s.screen.pawn == 1
    s.press("ESC")
    assert s.screen.pawn == -1 and s.shows("Joueur 1 : tapez le numéro")


def test_the_saved_variants_apply_to_the_new_game(simple_bots):
    from monopoly_cpc.settings import Settings

    s = Session(SetupScreen)
    s.ctx.settings = Settings(auto_rent=True)
    two_humans_entered(s)
    s.press("N")
    assert s.screen.state.variant.auto_rent is True


def test_each_game_deals_its_own_characters_and_dice_at_the_chosen_strength():
    from monopoly_cpc.options import Options
    from monopoly_cpc.screens.base import AppContext
    from monopoly_cpc.screens.flow import scene
    from monopoly_cpc.screens.setup import GameSpec, PlayerSpec

    spec = GameSpec(tuple(PlayerSpec(f"CPU{i}", i, True) for i in range(6)))
    ctx = AppContext(options=Options(lang="fr", speed=3, ai_level="expert"), seed=5)
    games = [scene(ctx, "game", spec) for _ in range(4)]
    deals = [tuple(g.bots[i].pers.name for i in range(6)) for g in games]
    assert all(sorted(d) == sorted(deals[0]) for d in deals)    # the six characters, once each
    assert len(set(deals)) > 1                                 # dealt anew for each game
    assert all(b.kind == "expert" for g in games for b in g.bots.values())
    assert len({g.state.rng for g in games}) == 4               # and its own dice
    again = [scene(AppContext(options=ctx.options, seed=5), "game", spec) for _ in range(1)]
    assert tuple(again[0].bots[i].pers.name for i in range(6)) == deals[0]   # --seed replays


def test_the_name_prompt_says_what_enter_alone_gives():
    # play-test: a computer's name prompt was empty and ENTER quietly gave "JOUEUR 2"
    s = Session(SetupScreen)
    add_player(s, 1, False, "A")
    s.step([digit(2)])
    s.press("O")
    assert s.shows("Nom : ") and s.shows("ENTER seul : JOUEUR 2")
    s.step(typed("Z"))
    assert not s.shows("ENTER seul")
    s.step([key("DEL")])
    assert s.shows("ENTER seul : JOUEUR 2")
    s.press("RETURN")
    assert s.screen.players[-1].name == "JOUEUR 2" and s.screen.players[-1].computer


def test_esc_at_the_pawn_menu_takes_back_the_last_player_then_goes_to_the_title():
    """Play-test: ESC at 'tapez le numéro de son pion' did nothing, so a visitor who wanted R
    (resume) back had to quit the program."""
    s = Session(SetupScreen)
    add_player(s, 1, False, "A")
    add_player(s, 3, True, "B")
    s.press("ESC")                                    # B is taken back; the dog is free again
    assert [p.name for p in s.screen.players] == ["A"] and s.shows("Joueur 2 : tapez le numéro")
    s.press("ESC")
    assert s.screen.players == [] and s.shows("Joueur 1 : tapez le numéro")
    s.press("ESC")                                    # nobody entered: the title again
    assert isinstance(s.screen, TitleScreen)
