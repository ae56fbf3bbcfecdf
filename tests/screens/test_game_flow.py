"""Each step of the game's flow, driven by CPC keys and checked on the screen and in the engine."""

from helpers import digit, game_session, key, settle, until

from monopoly_cpc.rules.state import AUCTION, DEBT, GAME_OVER, JAIL, ROLL
from monopoly_cpc.screens.end import EndScreen
from monopoly_cpc.screens.game import modes
from monopoly_cpc.screens.game.host import Mode, window_line


def test_who_starts_humans_press_d_computers_roll_and_ties_roll_again():
    # JEAN 3+4, MARIE 1+1, HAL 5+2 (tie with JEAN), ZX 2+1; then JEAN 6+6, HAL 1+2
    s = game_session(dice=[(3, 4), (1, 1), (5, 2), (2, 1), (6, 6), (1, 2)])
    assert s.shows("QUI COMMENCE ?")
    assert s.shows("JEAN (1) : appuyez sur D")
    s.press("X")                                    # other keys do nothing
    assert s.screen.state.start_rolls == [0, 0, 0, 0]
    s.press("D")
    assert until(s, "JEAN fait 7")
    assert until(s, "MARIE (2) : appuyez sur D")
    s.press("D")
    assert until(s, "HAL fait 7")                    # the computers roll by themselves
    assert until(s, "ZX fait 3")
    assert until(s, "Égalité : JEAN, HAL relancent")
    assert until(s, "JEAN (1) : appuyez sur D")
    s.press("D")
    assert until(s, "JEAN commence la partie")
    st = s.screen.state
    assert st.current == 0 and st.phase == ROLL
    assert until(s, "A vous, JEAN (joueur 1)")
    assert s.shows("D : dés   C : compte   A : actifs")


def test_with_six_players_every_who_starts_roll_stays_in_view():
    """seeds/002 QUI COMMENCE: each player rolls; with six, the person's own roll scrolled out
    of the four lines of the window before the last one rolled."""
    names = ("JEAN", "MARIE", "HAL", "ZX", "ANNE", "BOB")
    s = game_session(names=names, computer=(False, True, True, True, True, True),
                     dice=[(3, 4), (1, 1), (5, 1), (2, 1), (1, 2), (2, 2)])
    s.press("D")
    for _ in range(3000):
        s.step([], 1)
        st = s.screen.state
        if st.start_rollers and st.start_rollers[0] == 5 and not s.screen.busy:
            break
    rows = s.text()[18:21]                           # before the last one rolls
    assert rows[0].startswith("1 JEAN : 7 ")
    assert rows[1][20:].startswith("5 ANNE : 3") and rows[2][20:].startswith("6 BOB : -")
    assert s.shows("QUI COMMENCE ?")


def test_a_counts_what_can_still_be_borrowed_with_monopolic_loans():
    """seeds/000 EMPRUNT 'emprunter jusqu'à 50.000 Frs à tout moment': the actif that caps a bid
    counts the loan still open, and A says so."""
    from monopoly_cpc.rules.variants import Variant

    s = game_session(first_player=0, dice=[(1, 2)], variant=Variant(loans=True))
    assert until(s, "A vous, JEAN (joueur 1)")
    s.press("A")
    assert s.shows("Actif (avec l'emprunt) : 200.000 F")
    plain = game_session(first_player=0, dice=[(1, 2)])
    assert until(plain, "A vous, JEAN (joueur 1)")
    plain.press("A")
    assert plain.shows("Actif (argent + hypothèques) : 150.000 F")


def test_the_turn_c_a_then_d_rolls_walks_and_offers_the_deed():
    s = game_session(first_player=0, dice=[(1, 2)])
    assert until(s, "A vous, JEAN (joueur 1)")
    s.press("C")
    assert s.shows("Compte de JEAN : 150.000 F")
    s.press("A")
    assert s.shows("Actifs de JEAN : 150.000 F")
    s.press("D")
    assert until(s, "JEAN : 1 + 2 = 3")
    walked = set()
    for _ in range(200):                             # the pawn walks square by square
        walked.add(s.screen.view.shown[0])
        s.step([], 1)
    assert walked == {0, 1, 2, 3}
    assert until(s, "Acheter pour 6.000 F ? (O/N)")
    assert s.shows("Rue Lecourbe")
    assert s.shows("Loyer nu 400 F") and s.shows("Hôtel 45.000 F") and s.shows("Maison 5.000 F")
    s.press("O")
    assert until(s, "JEAN achète Rue Lecourbe pour 6.000 F")
    st = s.screen.state
    assert st.owner[3] == 0 and st.players[0].cash == 144000
    settle(s)
    assert s.shows("144.000 F") or st.current != 0


def test_declining_opens_the_auction_bids_by_number_refusals_and_the_gavel():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2)], speed=3)
    s.press("D")
    assert until(s, "(O/N)")
    s.press("N")
    assert until(s, "Numéro (1 2 3 4), offre, ENTER")
    assert s.shows("ENCHERES : Rue Lecourbe")
    assert s.screen.state.phase == AUCTION
    s.step([digit(2)])
    assert s.shows("Joueur 2 (MARIE) : offre ?")
    s.step([digit(7), digit(0), digit(0), digit(0), key("ENTER")])
    assert until(s, "Meilleure offre : 7.000 F (2 MARIE)")
    while s.screen.busy:                             # the bid shown, in the window's layout
        s.step()
    s.step([digit(1)] + [digit(9)] * 6 + [key("ENTER")])
    assert s.shows("Refusé : l'offre dépasse vos actifs")
    s.step([digit(3), digit(5), digit(0), digit(0), key("ENTER")])
    assert s.shows("Offrez plus de 7.000 F")  # the rules' own line, rules.bid_too_low
    assert until(s, "Une fois...")
    assert until(s, "Deux fois...")
    assert until(s, "Adjugé ! Rue Lecourbe à MARIE pour")
    assert s.shows("7.000 F")
    st = s.screen.state
    assert st.owner[3] == 1 and st.players[1].cash == 143000


def test_computer_players_bid_by_themselves_visibly():
    s = game_session(first_player=0, dice=[(1, 2)])
    s.press("D")
    assert until(s, "(O/N)")
    s.press("N")
    assert until(s, "HAL offre")
    assert until(s, "Adjugé !", 5000)
    assert s.screen.state.owner[3] in (2, 3)


def test_rent_shows_the_owner_pawn_and_l_claims_it():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2), (1, 2)])
    s.screen.state.owner[3] = 1                     # MARIE owns Rue Lecourbe
    s.press("D")
    assert until(s, "Loyer de 400 F dû à MARIE (2)")
    assert until(s, "MARIE : tapez L pour réclamer le loyer")
    settle(s)
    assert s.screen.view.highlight == (1, 3)
    s.press("L")
    assert until(s, "JEAN paie 400 F de loyer à MARIE")
    st = s.screen.state
    assert st.players[0].cash == 149600 and st.players[1].cash == 150400


def test_a_rent_not_claimed_before_the_next_roll_is_lost():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2), (3, 3)])
    s.screen.state.owner[3] = 1
    s.press("D")
    assert until(s, "A vous, MARIE")
    settle(s)
    s.press("D")                    # MARIE is owed this rent herself: her first D warns
    assert until(s, "L : votre loyer ! D : y renoncer")
    assert s.screen.state.claim is not None and s.screen.state.rolls == 1
    s.press("D")                    # the second rolls: the rule, the rent is lost
    assert until(s, "Loyer non réclamé : tant pis pour MARIE")
    assert s.screen.state.players[1].cash == 150000


def test_the_owner_who_rolls_next_is_warned_once_then_l_claims():
    """seeds/002 part A: an unclaimed rent is lost at the next roll. When the next roll is the
    owner's own, his first D says what it would cost and rolls nothing (a play-tester lost his
    rent to the D prompt that came 0.7 s after the claim's); L then claims it as ever."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2), (3, 3)])
    s.screen.state.owner[3] = 1
    s.press("D")
    assert until(s, "A vous, MARIE")
    settle(s)
    s.press("D")
    assert until(s, "L : votre loyer ! D : y renoncer")
    s.press("L")
    assert until(s, "JEAN paie 400 F de loyer à MARIE")
    assert s.screen.state.players[1].cash == 150400
    s.press("D")                    # nothing owed now: D rolls at once
    assert until(s, "MARIE : 3 + 3 = 6")


def test_a_chance_card_is_shown_and_obeyed():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(3, 4)])
    st = s.screen.state
    st.forced_cards[0].append(st.cards.by_id["chance_dividende"] if "chance_dividende" in st.cards.by_id
                              else st.decks[0][0])
    card = st.cards.all[st.forced_cards[0][0]]
    s.press("D")
    assert until(s, "CHANCE")
    assert s.shows(card.fr.split()[0])
    assert st.players[0].pos != 0 or card.effect == "move_to"


def test_jail_offers_pay_card_or_double():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=1, dice=[(1, 3), (2, 3)])
    st = s.screen.state
    st.players[0].in_jail = True
    st.players[0].pos = 10
    s.screen.view.shown[0] = 10
    s.press("D")                                     # MARIE plays; then JEAN's turn in jail
    assert until(s, "JEAN est en prison (tour 1/3)")
    assert st.phase == JAIL
    assert s.shows("P : payer 5.000 F") and s.shows("D : tenter un double")
    s.press("C")                                     # no card: nothing happens
    assert st.phase == JAIL
    s.press("P")
    assert until(s, "JEAN paie 5.000 F et sort de prison")   # play-test: the fine went unsaid
    assert not st.players[0].in_jail and st.players[0].cash == 145000
    assert until(s, "A vous, JEAN")
    s.press("D")
    assert until(s, "JEAN : 2 + 3 = 5")


def test_debt_window_mortgage_with_the_cursor_then_the_debt_is_paid():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 1000
    st.owner[39] = 0                                 # Rue de la Paix, mortgage 20.000 F
    s.press("D")                                     # to Impôts sur le revenu: 20.000 F
    assert until(s, "Il manque 19.000 F")
    assert s.shows("JEAN doit 20.000 F à la Banque")
    assert st.phase == DEBT
    s.press("F")
    assert s.shows("Vous pouvez encore payer")  # rules.can_still_pay
    s.press("H")
    assert s.shows("Hypothèque : curseur puis ENTER")
    assert s.screen.cursor == 39
    s.press("ENTER")
    assert until(s, "JEAN hypothèque Rue de la Paix")
    settle(s)
    assert st.mortgaged[39] and st.players[0].cash == 1000
    assert st.phase != DEBT


def test_debt_window_enter_after_space_mortgages_the_deed_looked_at():
    """H, SPACE shows the deed under the cursor, ENTER mortgages it at once (as in the H
    command); it only took the deed away before, and a second ENTER was needed."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 1000
    st.owner[39] = 0
    s.press("D")
    assert until(s, "Il manque 19.000 F")
    s.press("H")
    s.press("SPACE")
    assert s.screen.view.deed == 39
    s.press("ENTER")
    assert until(s, "JEAN hypothèque Rue de la Paix")
    assert st.mortgaged[39]


def _tax_debt(variant=None):
    """JEAN, human, with 1.000 F, rolls 2 + 2 onto Impôts sur le revenu (20.000 F)."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(2, 2)],
                     variant=variant)
    st = s.screen.state
    st.players[0].cash = 1000
    s.press("D")
    return s, st


def test_debt_window_offers_the_monopolic_loan():
    """seeds/000 EMPRUNT: a player in debt may borrow rather than sell; the debt window says E
    while he can, and E borrows (the engine then pays the debt)."""
    from monopoly_cpc.rules.variants import Variant

    s, st = _tax_debt(Variant(loans=True))
    assert until(s, "Il manque 19.000 F")
    assert s.shows("A : auto  E : emprunt  F : faillite")
    s.press("E")
    s.step([digit(1)])
    assert until(s, "JEAN peut emprunter jusqu'à 50.000 F")
    s.type("20000")
    s.press("ENTER", ticks=40)
    settle(s)
    assert st.players[0].loan == 20_000 and st.players[0].cash == 1000 and st.phase != DEBT


def test_debt_window_says_no_loan_without_the_variant():
    s, _ = _tax_debt()
    assert until(s, "Il manque 19.000 F")
    assert s.shows("A : vente automatique  F : faillite") and not s.shows("emprunt")


def test_bankruptcy_is_announced_and_the_pawn_leaves():
    s, st = _tax_debt()
    assert until(s, "JEAN doit 20.000 F à la Banque")
    s.press("A")                                     # the automatic sale finds nothing
    assert until(s, "JEAN fait faillite et quitte le jeu")
    assert st.players[0].bankrupt


def test_the_last_player_standing_wins_and_a_key_goes_on():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 1000
    s.press("D")
    assert until(s, "JEAN doit 20.000 F")
    s.press("F")
    assert until(s, "FIN DE LA PARTIE")
    assert until(s, "MARIE a gagné la partie !")
    assert st.phase == GAME_OVER and st.winner == 1
    s.press("2", "SPACE")                           # keys still typed at the end: not taken
    assert not isinstance(s.screen, EndScreen) and s.shows("FIN DE LA PARTIE")
    s.step([], 100)                                 # 2 s to read it (play-test: it went at once)
    assert s.shows("Appuyez sur une touche")
    game = s.screen
    called = []
    game.on_game_over = called.append               # a session may take over after the winner
    s.press("SPACE")
    assert called == [game]
    game.on_game_over = None
    s.press("SPACE")                                # else the end screen
    assert isinstance(s.screen, EndScreen)


def test_cursor_keys_move_square_by_square_and_space_shows_the_deed():
    s = game_session(computer=(False, False, False, False), first_player=0)
    settle(s)
    s.press("LEFT")                                  # from Départ leftwards along the bottom
    assert s.screen.cursor == 1
    s.press("LEFT", "LEFT")
    assert s.screen.cursor == 3
    s.press("RIGHT")
    assert s.screen.cursor == 2
    s.press("UP")                                    # nothing above a bottom square but the hole
    assert s.screen.cursor == 2
    s.press("RIGHT", "RIGHT", "UP")                  # Départ, then up the right side
    assert s.screen.cursor == 39
    s.press("SPACE")
    assert s.shows("Rue de la Paix") and s.shows("Hôtel 200.000 F") and s.shows("A la Banque")


def test_keys_during_a_computer_turn_do_not_disturb_it():
    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=1, dice=[(1, 2)])
    s.press("UP", "SPACE", "D", "O", "N")
    assert until(s, "HAL : 1 + 2 = 3")
    assert until(s, "A vous, JEAN", 3000)
    assert s.screen.state.owner[3] == 1              # the SimpleBot bought Rue Lecourbe


def test_the_letters_open_the_modes_of_the_registry(monkeypatch):
    class Probe(Mode):
        rows = 6

        def on_key(self, ev):
            if ev.key == "ESC":
                self.close()
            return True

        def draw(self, fb):
            window_line(fb, 0, "MODE PROPRIETAIRES")

    monkeypatch.setattr(modes, "REGISTRY", {"P": lambda host: Probe(host)})
    s = game_session(computer=(False, False, False, False), first_player=0)
    settle(s)
    s.press("T")                                     # a letter with no mode opens nothing
    assert not s.screen.modes
    s.press("P")
    assert s.shows("MODE PROPRIETAIRES")
    s.press("D")                                     # the mode has the keys
    assert s.screen.state.rolls == 0
    s.press("ESC")
    assert not s.shows("MODE PROPRIETAIRES")
    s.press("D")
    assert s.screen.state.rolls == 1


def test_quick_game_clock_counts_down_and_time_up_scores():
    from monopoly_cpc.rules.variants import Variant

    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=1,
                     variant=Variant.quick(0, 1))
    assert s.shows("0:01:00")
    s.step([], 500)
    assert s.shows("0:00:5")
    assert until(s, "Le temps est écoulé !", 4000) or s.screen.state.phase == GAME_OVER
    assert until(s, "a gagné la partie !", 4000)
    st = s.screen.state
    assert st.phase == GAME_OVER and st.winner == st.ranking[0]


def test_english_texts_in_the_game():
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2)], lang="en")
    assert until(s, "Your turn, JEAN (player 1)")
    s.press("D")
    assert until(s, "Buy it for 6.000 F? (Y/N)")
    s.press("Y")
    assert until(s, "JEAN buys Rue Lecourbe for 6.000 F")


def test_computer_players_keep_a_pace_people_can_follow_set_by_the_speed():
    def ticks_to_two_turns(speed):
        s = game_session(names=("HAL", "ZX"), computer=(True, True), first_player=0, speed=speed,
                         dice=[(1, 2), (2, 4), (3, 5)])
        st = s.screen.state
        for t in range(20000):
            s.step([], 1)
            if st.turn >= 3:
                return t
        raise AssertionError("the computers did not play")

    slow, normal, fast = (ticks_to_two_turns(v) for v in (1, 2, 3))
    assert slow > normal > fast > 100       # even the fastest shows every step


def test_six_computer_players_play_by_themselves():
    s = game_session(names=("A", "B", "C", "D", "E", "F"), computer=(True,) * 6, seed=9)
    st = s.screen.state
    for _ in range(6000):
        s.step([], 1)
    assert st.turn > 10
    assert {p.pawn for p in st.players} == set(range(6))


def test_a_double_rolls_again_and_depart_pays_the_salary():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     dice=[(2, 2), (1, 3)])
    st = s.screen.state
    st.players[0].pos = 36
    s.screen.view.shown[0] = 36
    st.forced_cards[0].append(st.cards.by_id["chance_dividende"] if "chance_dividende" in st.cards.by_id
                              else st.decks[0][0])
    s.press("D")                                    # 36 + 4 = 0: Départ
    assert until(s, "Double ! JEAN rejoue")
    assert until(s, "JEAN s'arrête sur Départ : + 20.000 F")     # reached, not passed (play-test)
    assert not any("passe par Départ" in line for line in s.screen.journal)
    assert until(s, "A vous, JEAN (joueur 1)")
    assert st.current == 0 and st.players[0].cash == 170000
    s.press("D")
    assert until(s, "JEAN : 1 + 3 = 4")
    assert until(s, "A vous, MARIE")


def test_the_card_to_depart_says_the_pawn_stops_there():
    """Play-test: 'Avancez jusqu'à la case Départ' was told as 'passe par Départ'."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     dice=[(3, 4)])
    st = s.screen.state
    st.forced_cards[0].append(st.cards.by_id["chance_depart"])
    s.press("D")                                    # 0 + 7: Chance
    assert until(s, "JEAN s'arrête sur Départ : + 20.000 F")
    assert not any("passe par Départ" in line for line in s.screen.journal)
    assert st.players[0].pos == 0 and st.players[0].cash == 170000


def test_allez_en_prison_sends_the_pawn_to_jail():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(4, 6)])
    st = s.screen.state
    st.players[0].pos = 20
    s.screen.view.shown[0] = 20
    s.press("D")
    assert until(s, "JEAN va en prison !")
    settle(s)
    assert st.players[0].in_jail and s.screen.view.shown[0] == 10


def test_amende_ou_chance_f_pays_the_fine():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(1, 1), (3, 4)])
    st = s.screen.state
    st.forced_cards[1].append(st.cards.by_id["caisse_amende"])
    s.press("D")                                    # 0 + 2: Caisse de Communauté
    assert until(s, "F : payer l'amende  C : carte Chance")
    window = s.text()[18:24]
    assert sum("carte Chance" in row for row in window) == 2     # the question, then the keys
    assert window[-2].startswith("JEAN : l'amende ou une carte Chance ?")
    s.press("F")
    assert until(s, "JEAN paie 1.000 F à la Banque")
    assert st.players[0].cash == 149000


def test_a_trade_offered_to_a_human_is_answered_with_o_or_n():
    from monopoly_cpc.rules import actions as A

    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0)
    settle(s)
    st = s.screen.state
    st.owner[1] = 1
    st.owner[3] = 0
    ok, _ = s.screen.apply(A.ProposeTrade(1, 0, give=(1,), take=(3,), cash=0))
    assert ok
    assert until(s, "HAL propose un échange à JEAN")
    assert until(s, "O : accepter   N : refuser")
    window = [row.strip() for row in s.text()[18:24]]
    # what is given and what is taken each start a line (a play-test read them run together)
    assert "Donne : Boulevard de Belleville" in window and "Prend : Rue Lecourbe" in window
    s.step([], 25)                                   # read for 0.5 s (OFFER_TICKS)
    s.press("O")
    assert until(s, "Échange : HAL donne Boulevard de")
    assert st.owner[1] == 0 and st.owner[3] == 1


def test_an_empty_side_of_a_computers_offer_reads_rien():
    """An offer of cash for a street: what is given reads 'rien', not a dash."""
    from monopoly_cpc.rules import actions as A

    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0)
    settle(s)
    st = s.screen.state
    st.owner[3] = 0
    ok, _ = s.screen.apply(A.ProposeTrade(1, 0, give=(), take=(3,), cash=10_000))
    assert ok
    assert until(s, "O : accepter   N : refuser")
    window = [row.strip() for row in s.text()[18:24]]
    assert "Donne : rien" in window and "HAL paie 10.000 F" in window
    assert not any(row.endswith(": -") for row in window)


def test_space_under_a_trade_offer_shows_the_deeds_of_the_offer():
    """Play-test: SPACE under a computer's offer showed the deed of the square the cursor had
    been left on (Rue de la Paix), not one of the offer."""
    from monopoly_cpc.rules import actions as A

    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0)
    settle(s)
    st = s.screen.state
    st.owner[1] = 1
    st.owner[3] = 0
    s.screen.set_cursor(39)
    ok, _ = s.screen.apply(A.ProposeTrade(1, 0, give=(1,), take=(3,), cash=0))
    assert ok and until(s, "O : accepter   N : refuser")
    s.press("SPACE")
    assert s.screen.view.deed == 1                   # what HAL gives
    s.press("SPACE")                                 # (the deed goes)
    s.press("SPACE")
    assert s.screen.view.deed == 3                   # what he asks for
    s.press("SPACE")
    assert until(s, "O : accepter   N : refuser")   # the offer again, still to answer
    assert st.trade is not None


def test_an_offer_between_computers_says_its_terms():
    """Play-test: between two computers a refused offer said only 'X propose un échange à Y',
    'Échange refusé': nothing of what was offered."""
    from monopoly_cpc.rules import actions as A

    s = game_session(names=("JEAN", "HAL", "BOB"), computer=(False, True, True), first_player=0)
    settle(s)
    st = s.screen.state
    st.owner[1] = 1
    st.owner[3] = 2
    ok, _ = s.screen.apply(A.ProposeTrade(1, 2, give=(1,), take=(3,), cash=-2000))
    assert ok
    s.step([], 300)
    assert "HAL propose à BOB Boulevard de Belleville contre Rue Lecourbe, 2.000 F" in s.screen.journal


def test_a_trade_offered_to_a_human_says_who_pays_the_cash():
    from monopoly_cpc.rules import actions as A

    for cash, payer in ((-7000, "JEAN"), (13000, "HAL")):
        s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=0)
        settle(s)
        st = s.screen.state
        st.owner[1] = 1
        st.owner[3] = 0
        assert s.screen.apply(A.ProposeTrade(1, 0, give=(1,), take=(3,), cash=cash))[0]
        assert until(s, "O : accepter   N : refuser")
        window = s.text()[18:24]
        assert f"{payer} paie {abs(cash) // 1000}.000 F" in [row.strip() for row in window]
        assert not any("-" + str(abs(cash) // 1000) in row for row in window)


def test_a_human_owner_claims_with_l_while_a_computer_plays():
    s = game_session(names=("JEAN", "HAL"), computer=(False, True), first_player=1, dice=[(1, 2)])
    st = s.screen.state
    st.owner[3] = 0
    assert until(s, "JEAN : tapez L pour réclamer le loyer")
    s.press("L")
    assert until(s, "HAL paie 400 F de loyer à JEAN")
    assert st.players[0].cash == 150400


def test_a_human_owner_has_two_seconds_to_press_l_even_at_speed_3():
    # HAL lands on JEAN's street, then ZX (a computer too) is next to roll
    s = game_session(names=("JEAN", "HAL", "ZX"), computer=(False, True, True), first_player=1,
                     dice=[(1, 2), (3, 5)], speed=3)
    st = s.screen.state
    st.owner[3] = 0
    assert until(s, "JEAN : tapez L pour réclamer le loyer")
    s.step([], 90)                                    # 1.8 s to notice it: ZX has not rolled yet
    assert st.claim is not None
    s.press("L")
    assert until(s, "HAL paie 400 F de loyer à JEAN")
    assert st.players[0].cash == 150400


def test_debt_window_sells_a_house_with_v():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 12000
    for sq in (37, 39):
        st.owner[sq] = 0
        st.houses[sq] = 1
        st.bank_houses -= 1
    s.press("D")
    assert until(s, "Il manque 8.000 F")
    s.press("V")
    assert s.shows("Vente : curseur puis ENTER")
    s.screen.set_cursor(39)
    s.press("ENTER")
    assert until(s, "JEAN vend une maison de Rue de la Paix") and s.shows("(+10.000 F)")
    settle(s)
    assert st.houses[39] == 0 and st.players[0].cash == 12000 + 10000 - 20000
    assert st.phase != "debt"


def test_houses_hotels_and_mortgages_show_on_the_board():
    from monopoly_cpc.render.board import cell

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0)
    st = s.screen.state
    s.text()
    before = s.fb.pens.copy()
    st.owner[1] = st.owner[3] = 0
    st.houses[1] = 2
    st.houses[3] = 5
    st.owner[5] = 0
    st.mortgaged[5] = True
    s.text()
    for sq in (1, 3, 5):
        c = cell(sq)
        area = (slice(c.y, c.y + c.h), slice(c.x, c.x + c.w))
        assert (s.fb.pens[area] != before[area]).any(), sq
    c = cell(6)
    area = (slice(c.y, c.y + c.h), slice(c.x, c.x + c.w))
    assert (s.fb.pens[area] == before[area]).all()


def test_a_house_won_at_a_shortage_auction_is_placed_with_the_cursor():
    from monopoly_cpc.rules import actions as A

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0)
    settle(s)
    st = s.screen.state
    for sq in (1, 3):
        st.owner[sq] = 0
    for sq in (6, 8, 9):
        st.owner[sq] = 1
    st.bank_houses = 1
    st.houses[11] = 0
    ok, _ = s.screen.apply(A.Build(0, 1))           # two builders, one house: auction
    assert ok and st.phase == "auction"
    assert until(s, "ENCHERES : une maison")
    assert until(s, "Numéro (1 2), offre, ENTER")
    s.step([digit(1), digit(6), digit(0), digit(0), digit(0), key("ENTER")])
    assert until(s, "Curseur sur un terrain, puis ENTER", 5000)
    assert s.shows("JEAN place une maison")
    s.screen.set_cursor(3)
    s.press("ENTER")
    assert until(s, "JEAN construit une maison sur Rue") and s.shows("Lecourbe")
    assert not s.shows("(0 F)")        # paid at the auction
    assert st.houses[3] == 1 and st.bank_houses == 0


def test_a_rent_paid_half_in_properties():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(2, 3)])
    st = s.screen.state
    st.owner[5] = 1                                   # MARIE's Gare Montparnasse: 2.500 F
    st.owner[1] = 0                                   # JEAN's Boulevard de Belleville
    st.players[0].cash = 2000
    s.press("D")
    assert until(s, "MARIE : tapez L pour réclamer le loyer")
    settle(s)
    s.press("L")
    assert until(s, "M : en biens")
    s.press("M")
    assert s.shows("ENTER : donner/reprendre  P : payer")
    s.press("P")                                      # nothing given yet: refused
    assert s.shows("Choisissez les propriétés")  # rules.kind_list_properties
    s.press("ESC")                                    # back to the debt window: the refusal goes
    assert s.shows("M : en biens") and not s.shows("Choisissez les propriétés")
    s.press("M")
    s.screen.set_cursor(1)
    s.press("ENTER")
    assert s.shows("Donnés : Boulevard de Belleville")
    rows = s.text()[18:25]                            # the given names on rows of their own,
    assert rows[2].rstrip() == "Donnés : Boulevard de Belleville"    # the keys line cleared
    assert rows[3].strip() == "" and "faillite" not in " ".join(rows)
    s.press("P")
    settle(s)
    assert st.owner[1] == 1 and st.players[0].cash == 2000 - 1250
    assert st.players[1].cash == 150000 + 1250 and st.phase != "debt"


def test_every_engine_event_has_a_line_or_is_shown_otherwise():
    from monopoly_cpc.rules.events import KINDS, Event
    from monopoly_cpc.screens.game.describe import LINES, SILENT, describe

    assert set(LINES) | SILENT <= set(KINDS) and not set(LINES) & SILENT   # no line for a kind the rules do not have
    for lang in ("fr", "en"):
        s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, lang=lang)
        for kind in KINDS:
            data = (3, 4) if kind in ("dice", "start_roll") else (0, 1) if kind == "start_tie" else (
                (0, 3) if kind == "move" else ())
            text = {"auction_start": "property", "auction_won": "property", "auction_unsold": "house",
                    "card_drawn": "chance_voirie", "pay": "chance_voirie"}.get(kind, "")
            line = describe(s.screen, Event(kind, 0, 3, 1 if kind == "doubles" else 1500, 1, text, data))
            assert line or kind in SILENT or kind == "turn", (lang, kind)   # a human's turn: the dice window
            assert len(line) < 120


def test_a_bid_typed_while_messages_show_is_kept_whole():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(1, 2)])
    s.press("D")
    assert until(s, "(O/N)")
    s.press("N")                                    # the auction's messages start showing
    assert s.screen.busy
    s.step([digit(2), digit(8), digit(0), digit(0), digit(0), key("ENTER")])
    assert until(s, "Meilleure offre : 8.000 F (2 MARIE)")


def test_the_pawn_after_a_turn_line_stays_off_the_keys_line_below():
    """The 9-line pawn sprite after 'A vous, ...' stood on the top of 'A : actifs' below it:
    its base is now one line up, with a blank line between it and the keys' line."""
    from monopoly_cpc.render.framebuffer import FrameBuffer

    for names in (("ANNE", "BRUNO"), ("ABCDEFGHIJ", "BRUNO")):
        s = game_session(names=names, computer=(False, False), first_player=0)
        assert until(s, "D : dés")
        fb = FrameBuffer()
        s.screen.draw(fb)
        turn_row = next(r for r in range(18, 24) if fb.read_text(r).startswith("A vous"))
        x = (fb.read_text(turn_row).index(")") + 1) * 8
        pawn = fb.pens[turn_row * 8: turn_row * 8 + 8, x: x + 24]
        assert pawn.any()                       # the pawn is there
        assert not pawn[7].any()                # and its base is off the line below


def test_the_salary_and_the_double_are_told_in_the_order_a_player_sees_them():
    """From square 35 a 3 + 3 passes Départ and lands on Belleville: the salary is told when
    the pawn passes Départ, the square once it lands, then the double (the square was named
    before the salary, and the double before the walk)."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     dice=[(3, 3)])
    st = s.screen.state
    settle(s)
    st.players[0].pos = 35
    s.screen.view.shown[0] = 35
    s.press("D")
    assert until(s, "JEAN rejoue")
    log = s.screen.log
    salary = next(i for i, line in enumerate(log) if "JEAN passe par Départ" in line)
    landed = next(i for i, line in enumerate(log) if "JEAN est sur" in line)
    double = next(i for i, line in enumerate(log) if "JEAN rejoue" in line)
    assert salary < landed < double, log[-6:]


def test_the_status_line_names_the_player_whose_move_is_shown():
    """MARIE (a computer) moves and buys; the engine is at JEAN's turn while her move is still
    being shown: the status line names her until it is over (it named JEAN)."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, True), first_player=1,
                     dice=[(1, 2)])
    st = s.screen.state
    checked = 0
    for _ in range(1500):
        s.step()
        if s.screen.busy and st.current == 0 and "MARIE" in s.screen.log[-1]:
            assert s.text()[24].startswith("2 MARIE"), s.text()[24]
            checked += 1
    assert checked > 0


def test_a_refusal_goes_when_a_computer_outbids_it():
    """Play-test: 'Offrez plus de 6.000 F' stayed on row 5 while the computers' bids rose past it."""
    s = game_session(computer=(False, True, True, True), first_player=0, dice=[(1, 2)], speed=3)
    s.press("D")
    assert until(s, "(O/N)")
    s.press("N")
    assert until(s, "Numéro (1 2 3 4), offre, ENTER")
    for _ in range(5000):                            # a computer opens the bidding
        if s.screen.state.auction.high_bid > 0 and not s.screen.busy:
            break
        s.step()
    au = s.screen.state.auction
    assert au is not None and au.high_bid > 0
    mode = s.screen.prompt
    s.step([digit(1)])
    for _ in range(200):                             # a person takes a while to type a bid
        s.step()                                     # (the gavel's count waits meanwhile)
    s.step([digit(5), digit(0), digit(0), key("ENTER")])   # 500 F: too little
    assert s.shows("Offrez plus de") and mode.message.startswith("Offrez plus de")
    before, refused = au.high_bid, s.screen.ticks
    for _ in range(5000):
        s.step()
        au = s.screen.state.auction
        if au is None or au.high_bid > before:
            break
    assert au is not None and au.high_bid > before, "no computer outbid"
    # the refusal stayed on screen as long as a bid does before the computers answer it
    # (play-test: the computers' next bid, due at once, took it away before it could be read)
    from monopoly_cpc.screens.game.auction import BID_DELAY
    assert s.screen.ticks - refused >= BID_DELAY[3] - 1   # read after the tick of the refusal
    assert not s.shows("Offrez plus de") and mode.message == ""


def test_a_double_that_ends_in_jail_is_not_a_roll_again():
    """Play-test: 'Double ! paul rejoue' was said, then 'paul va en prison !' (he does not roll
    again: going to jail ends the turn, rules of the manual); a double is said last, after all
    that the roll brought."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     dice=[(2, 2)])
    st = s.screen.state
    st.players[0].pos = 26
    s.screen.view.shown[0] = 26
    s.press("D")                                    # 26 + 4 = 30: Allez en prison
    assert until(s, "A vous, MARIE")
    log = " / ".join(s.screen.journal)
    assert st.players[0].in_jail and "JEAN va en prison" in log
    assert "rejoue" not in log


def test_a_card_drawn_goes_to_the_journal_with_its_words():
    """Play-test: a computer's card was gone from the game's record (J) once its window closed."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(3, 4)])
    st = s.screen.state
    card = st.cards.all[st.cards.by_id["caisse_erreur"]]
    st.players[0].pos = 10
    s.screen.view.shown[0] = 10
    st.forced_cards[1].append(st.cards.by_id["caisse_erreur"])
    s.press("D")                                     # 10 + 7 = 17: Caisse de Communauté
    settle(s)
    assert f"CAISSE DE COMMUNAUTE : {card.text('fr')}" in s.screen.journal


def test_a_pawn_in_jail_is_behind_bars_in_the_close_up_too():
    from monopoly_cpc.render import closeup
    from monopoly_cpc.render.framebuffer import FrameBuffer

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=1)
    st = s.screen.state
    st.players[0].pos = 10
    pictures = []
    for jailed in (False, True):
        st.players[0].in_jail = jailed
        fb = FrameBuffer()
        closeup.draw_closeup(fb, st, 10, [10, 0])
        pictures.append(fb.pens.copy())
    diff = (pictures[0] != pictures[1])
    assert diff.any()                                   # the bars
    x = closeup.square_x(closeup.COUNT // 2)
    cols = diff.nonzero()[1]
    assert cols.min() >= x and cols.max() <= x + closeup.SQ_W   # on the jail's square only


def test_an_offer_unanswered_when_the_time_is_up_lapses():
    """Play-test: at the end of a quick game a computer's offer stayed on screen, O and Y did
    nothing (no deal may be concluded once the time is up, seeds/002 A); it now lapses."""
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.variants import Variant

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     variant=Variant(time_limit_ticks=60 * 60 * 50))
    st = s.screen.state
    st.owner[1], st.owner[3] = 0, 1
    assert s.screen.apply(A.ProposeTrade(0, 1, give=(1,), take=(3,)))[0]
    assert until(s, "O : accepter") or until(s, "(O/N)")
    st.clock = 30                                     # half a second of the quick game left
    assert until(s, "L'offre de JEAN tombe (temps écoulé)")
    assert st.trade is None and st.owner[1] == 0 and st.owner[3] == 1
    assert until(s, "FIN DE LA PARTIE") or st.phase == GAME_OVER


def test_the_jailed_owner_trying_for_a_double_is_warned_of_his_rent_too():
    """The same warning in jail: D there is a roll of the dice as well (seeds/002 part A,
    "Pendant son séjour en prison, un joueur peut percevoir des loyers")."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2), (3, 4)])
    st = s.screen.state
    st.owner[3] = 1
    st.players[1].in_jail = True
    st.players[1].pos = 10
    s.press("D")
    assert until(s, "MARIE : tapez L pour réclamer le loyer")
    assert until(s, "D : tenter un double")
    settle(s)
    s.press("D")
    assert until(s, "L : votre loyer ! D : y renoncer")
    assert st.rolls == 1 and st.claim is not None
    s.press("L")
    assert until(s, "JEAN paie 400 F de loyer à MARIE")


def test_the_debt_window_says_the_debt_once():
    """A rent claimed that the payer cannot pay: the debt is the window's heading; the row for
    the latest news showed the same line again under the keys (play-test, 28 Nov 2026)."""
    s = game_session(computer=(False, False, False, False), first_player=0, dice=[(1, 2)])
    st = s.screen.state
    st.owner[1] = st.owner[3] = 1
    st.houses[3] = 5                                 # Rue Lecourbe with a hotel: 45.000 F
    st.players[0].cash = 1000
    st.owner[39] = 0
    s.press("D")
    assert until(s, "MARIE : tapez L pour réclamer le loyer")
    settle(s)
    s.press("L")
    assert until(s, "Il manque 44.000 F")
    settle(s, 300)
    assert sum("JEAN doit 45.000 F à MARIE" in row for row in s.text()) == 1
