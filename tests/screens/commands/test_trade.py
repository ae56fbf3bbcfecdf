"""T Transactions, step by step as the manual words it (seeds/002 part C)."""

from __future__ import annotations

from monopoly_cpc.ai.reasons import because
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.game.modes.trade import answer_line
from tests.screens.commands.helpers import Bot, digit, flat, give, goto, key, settle, start_game


def open_trade(s, who: int) -> None:
    s.press("T")
    assert "Qui fait la transaction ? (numéro)" in flat(s)
    s.step([digit(who)])


def swap_belleville_for_vaugirard_with_cash(s) -> None:
    """ANNE (1) offers Boulevard de Belleville for Rue de Vaugirard, with a cash complement:
    up to the question of who receives it."""
    open_trade(s, 1)
    goto(s, 1)
    s.press("ENTER")
    goto(s, 6)
    s.press("ENTER")
    s.press("N")
    s.press("O")


def test_trade_between_two_humans_with_cash():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1])
    give(st, 1, [6])
    open_trade(s, 1)
    assert "ANNE offre quelle propriété ?" in flat(s)
    goto(s, 1)
    s.press("SPACE")                       # the offered property's title deed
    assert "Boulevard de Belleville" in flat(s) and "Prix 6.000 F" in flat(s)
    s.press("ENTER")
    assert "Offert : Boulevard de Belleville" in flat(s)
    assert "En échange de quelle propriété ?" in flat(s)
    goto(s, 6)
    s.press("ENTER")
    w = flat(s)                            # the property asked shows at once
    assert "Demandé : Rue de Vaugirard" in w and "En échange de quelle propriété ?" in w
    s.press("N")                           # the end of the list
    w = flat(s)
    assert "Demandé : Rue de Vaugirard" in w and "Complément en argent ? (O/N)" in w
    s.press("O")
    assert "Qui le reçoit ? (numéro)" in flat(s)
    s.step([digit(1)])
    assert "Montant :" in flat(s)
    s.step([digit(2), digit(0), digit(0), digit(0), key("ENTER")])
    w = flat(s)
    assert "Argent : 2.000 F à ANNE" in w
    assert "BRUNO (2), acceptez-vous ? (O/N)" in w
    assert st.phase == "trade"
    s.press("O", ticks=60)
    assert st.owner[1] == 1 and st.owner[6] == 0
    assert [p.cash for p in st.players] == [152_000, 148_000]
    assert st.phase == "roll"
    assert "Échange : ANNE donne Boulevard de Belleville à BRUNO contre Rue de Vaugirard, 2.000 F" in flat(s)


def test_human_refuses():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1])
    give(st, 1, [3])
    open_trade(s, 1)
    goto(s, 1)
    s.press("ENTER")
    goto(s, 3)
    s.press("ENTER")
    s.press("N")
    s.press("N")                           # no cash
    s.press("N", ticks=60)                 # BRUNO says no
    assert st.owner[1] == 0 and st.owner[3] == 1
    assert st.phase == "roll"


def test_computer_answers_and_says_why():
    bot = Bot(accept=True, reason=because("accept_my_group", group=0))   # as ai/trading.py says it
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: bot})
    give(st, 0, [6])
    give(st, 1, [1])
    open_trade(s, 1)
    goto(s, 6)
    s.press("ENTER")
    goto(s, 1)
    s.press("ENTER")
    s.press("N")
    s.press("N")
    assert "CPC réfléchit..." in flat(s)
    s.step(ticks=80)
    assert bot.asked == 1
    assert "CPC : OUI. J'ai le violet foncé." in flat(s)   # the catalogue's short line
    assert st.owner[6] == 1 and st.owner[1] == 0


def test_computer_refuses_with_its_reason():
    bot = Bot(accept=False, reason=because("refuse_favours_you"))
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: bot})
    give(st, 0, [6])
    give(st, 1, [39])
    open_trade(s, 1)
    goto(s, 6)
    s.press("ENTER")
    goto(s, 39)
    s.press("ENTER")
    s.press("N")
    s.press("N")
    for _ in range(80):
        s.step(ticks=1)
        if "Vous y gagnez" in flat(s):   # the answer, while the window stays for its show
            assert "ESC : abandonner" not in flat(s)   # it is over (play-test: the line stayed)
    assert "CPC : NON. Vous y gagnez trop." in flat(s)
    assert st.owner[6] == 0 and st.owner[39] == 1


def test_property_of_a_built_group_is_refused_with_the_reason():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[1, 0])
    give(st, 1, [6])
    open_trade(s, 1)
    goto(s, 3)                     # no house on it, but one in its group
    s.press("ENTER")
    w = flat(s)
    assert "Refusé : il y a des constructions dans le groupe de" in w
    assert "ANNE offre quelle propriété ?" in w        # still asking
    assert st.phase == "roll" and st.trade is None


def test_wrong_owner_and_bank_property_are_refused():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [6])
    open_trade(s, 1)
    goto(s, 6)
    s.press("ENTER")
    assert "Rue de Vaugirard n'est pas à ANNE" in flat(s)
    goto(s, 8)
    s.press("ENTER")
    assert "Rue de Courcelles appartient à la Banque" in flat(s)


def test_engine_refusal_is_translated():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1])
    give(st, 1, [6])
    swap_belleville_for_vaugirard_with_cash(s)
    s.step([digit(1)])                     # BRUNO would pay ANNE more than he has
    s.step([digit(d) for d in (2, 0, 0, 0, 0, 0)] + [key("ENTER")])
    assert "Refusé : BRUNO n'a pas cette somme" in flat(s)
    assert st.trade is None and st.owner[1] == 0
    # the sum alone was wrong: it is asked again, the deeds chosen kept (play-test, 28 Nov
    # 2026: the whole transaction had to be typed again from the player's number)
    assert "Montant :" in flat(s)
    s.step([digit(5), digit(0), digit(0), digit(0), key("ENTER")])
    w = flat(s)
    assert "Argent : 5.000 F à ANNE" in w and "BRUNO (2), acceptez-vous ? (O/N)" in w
    s.press("O", ticks=60)
    assert st.owner[1] == 1 and st.owner[6] == 0
    assert [p.cash for p in st.players] == [155_000, 145_000]


def test_esc_at_the_sum_asked_again_offers_the_deeds_without_it():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1])
    give(st, 1, [6])
    st.players[1].cash = 1_000
    swap_belleville_for_vaugirard_with_cash(s)
    s.step([digit(1), digit(5), digit(0), digit(0), digit(0), key("ENTER")])
    assert "Refusé : BRUNO n'a pas cette somme" in flat(s) and "Montant :" in flat(s)
    s.press("ESC")
    assert "Complément en argent ? (O/N)" in flat(s)
    s.press("N")
    assert "BRUNO (2), acceptez-vous ? (O/N)" in flat(s)


def test_jail_card_for_cash():
    s, st = start_game(("ANNE", "BRUNO"))
    card = st.decks[0].pop(0)
    st.players[0].jail_cards.append(card)
    open_trade(s, 1)
    s.press("C")                           # ANNE offers her card
    assert "Offert : carte Sortez de prison" in flat(s)
    s.press("N")                           # nothing asked in exchange
    assert "Avec quel joueur ? (numéro)" in flat(s)
    s.step([digit(2)])
    s.press("O")
    s.step([digit(1)])
    s.step([digit(3), digit(0), digit(0), digit(0), key("ENTER")])
    s.press("O", ticks=60)
    assert st.players[1].jail_cards == [card] and st.players[0].jail_cards == []
    assert [p.cash for p in st.players] == [153_000, 147_000]


def test_trades_wait_for_the_bank_to_be_empty_in_that_variant():
    s, _st = start_game(("ANNE", "BRUNO"), variant=Variant(trade_only_when_bank_empty=True))
    s.press("T", ticks=5)
    assert "Pas d'échange tant que la Banque a des titres" in flat(s)
    assert s.screen.modes == []


def test_computer_player_cannot_make_the_transaction_for_a_human():
    s, _st = start_game(("ANNE", "CPC"), (False, True))
    s.press("T")
    s.step([digit(2)])
    assert "CPC est simulé par l'ordinateur" in flat(s)
    s.step([digit(7)])
    assert "Pas de joueur 7" in flat(s)
    s.press("ESC")
    assert s.screen.modes == []


def test_a_command_gives_way_when_a_computer_move_opens_an_auction():
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: Bot()})
    st.forced_dice = [(1, 2), (2, 3)]        # ANNE to Rue Lecourbe, CPC to Gare Montparnasse
    give(st, 0, [3])
    s.press("D", ticks=3)
    s.press("T")                             # typed while ANNE's move is still being shown
    opened = False
    for _ in range(600):
        s.step()
        opened = opened or bool(s.screen.modes)
        if st.phase == "auction":
            break
    assert opened
    assert st.phase == "auction" and st.auction.square == 5
    settle(s)
    s.step(ticks=2)
    assert s.screen.modes == []              # the auction window has the keyboard again
    settle(s)
    s.step([digit(1), digit(9), digit(0), digit(0), digit(0), key("ENTER")], ticks=3)
    assert st.auction.high_bidder == 0 and st.auction.high_bid == 9_000


def test_a_real_computer_player_answers_with_its_own_reason():
    from monopoly_cpc.ai import make_bot

    bot = make_bot(kind="expert", personality="Prudent", seed=1)
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: bot})
    give(st, 0, [37, 39])
    give(st, 1, [1])
    settle(s)
    open_trade(s, 1)
    goto(s, 39)                              # Rue de la Paix for Boulevard de Belleville
    s.press("ENTER")
    goto(s, 1)
    s.press("ENTER")
    s.press("N", "N")
    s.step(ticks=80)
    assert bot.last_reason
    said = answer_line(s.screen.texts, st.board, "CPC", True, bot.last_reason)
    assert said != "CPC : OUI." and len(said) <= 40   # a reason the screen knows, on one row
    assert said in s.screen.log
    assert st.owner[39] == 1 and st.owner[1] == 0


def test_asking_for_a_card_when_two_players_hold_one_asks_whose():
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    give(st, 0, [1])
    c1, c2 = st.decks[0].pop(0), st.decks[1].pop(0)
    st.players[1].jail_cards.append(c1)
    st.players[2].jail_cards.append(c2)
    open_trade(s, 1)
    goto(s, 1)
    s.press("ENTER")
    s.press("C")                             # "C : carte" — but BRUNO's or CLAUDE's?
    assert "Avec quel joueur ? (numéro)" in flat(s)
    s.step([digit(3)])
    s.press("N", ticks=2)                    # no cash
    s.press("O", ticks=60)                   # CLAUDE accepts
    assert st.owner[1] == 2 and st.players[0].jail_cards == [c2] and st.players[2].jail_cards == []
    assert st.players[1].jail_cards == [c1]


def test_nothing_offered_nothing_asked_gives_up_at_once():
    """N at both lists: nothing to exchange (a sum alone is no transaction, the engine's
    trade_empty), so T gives up there and then, not after asking for the partner's number
    (play-test, 28 Nov 2026: the number asked, then "abandon", the next keys lost)."""
    s, st = start_game(("ANNE", "BRUNO"))
    open_trade(s, 1)
    s.press("N")
    s.press("N")
    w = flat(s)
    assert "Transaction vide" in w and "Avec quel joueur" not in w
    assert st.trade is None


def test_a_large_offer_stays_whole_in_sight_with_its_question():
    """A question never hides what it asks about: six deeds asked and a sum do not fit the
    window's four rows, so the whole offer is shown over the board with the O/N question."""
    s, st = start_game(("ANNE", "BRUNO"))
    asked = [6, 8, 9, 11, 13, 14]
    give(st, 0, [1])
    give(st, 1, asked)
    open_trade(s, 1)
    goto(s, 1)
    s.press("ENTER")
    for square in asked:
        goto(s, square)
        s.press("ENTER")
    s.press("N")
    s.press("O")
    s.step([digit(1)])
    s.step([digit(2), digit(0), digit(0), digit(0), key("ENTER")])
    screen = " ".join(" ".join(s.text()).split())
    assert "BRUNO (2), acceptez-vous ? (O/N)" in screen
    assert "Offert : Boulevard de Belleville" in screen and "Argent : 2.000 F à ANNE" in screen
    for square in asked:
        assert st.board.names[square] in screen
    s.press("O", ticks=60)
    assert all(st.owner[square] == 0 for square in asked) and st.owner[1] == 1
