"""Second rules audit (28 Nov 2026): scenarios a hostile examiner would try, written from the
four source documents and the reference (shared/seeds/000 MONOPOLIC, 002 the CPC manual,
003 the later booklet with the fast variant, 004 a short summary; shared/reference/
monopoly_fr.md), none of them repeating tests/rules/test_audit_scenarios.py. Every test
names its passage; where the documents are silent or disagree the docstring says so and the
test follows docs/rules.md."""

import pytest

from monopoly_cpc.rules import (
    AcceptTrade,
    AutoLiquidate,
    Bid,
    Borrow,
    Build,
    Buy,
    ChooseCard,
    ClaimRent,
    CloseAuction,
    DeclareBankruptcy,
    EndGame,
    Decline,
    IllegalAction,
    Lift,
    Mortgage,
    Pass,
    PayInKind,
    PayJailFine,
    ProposeTrade,
    SellBuilding,
    Variant,
    apply,
    new_game,
)
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.queries import fortune
from tests.rules.audit_kit import HOTEL, build, card, cash, give, roll
from tests.rules.audit_kit import game as kit_game

CHANCE, CAISSE = 0, 1
START = 150000


def game(n=2, variant=None, first=0):
    return kit_game(n, variant, first, seed=23)


def hold(s, p, cid):
    """Give player ``p`` the kept card ``cid``, taken out of its deck."""
    idx = s.cards.by_id[cid]
    s.decks[s.cards.all[idx].deck].remove(idx)
    s.players[p].jail_cards.append(idx)
    return idx


def refused(s, action, code):
    with pytest.raises(IllegalAction) as exc:
        apply(s, action)
    assert exc.value.code == code, exc.value.code


def settle_buy(s, p):
    """Decline the offer and close the auction unsold (nobody bids)."""
    if s.phase == "buy":
        apply(s, Decline(p))
        apply(s, CloseAuction())


# ================================================================ cards: every amount

_FLAT_CARDS = [
    # (deck, id, signed amount) from monopoly_fr.md §2
    (CHANCE, "chance_vitesse", -1500),       # Chance 11 "Amende pour excès de vitesse 1.500 F"
    (CHANCE, "chance_scolarite", -15000),    # Chance 12 "frais de scolarité 15.000 F"
    (CHANCE, "chance_ivresse", -2000),       # Chance 13 "Amende pour ivresse 2.000 F"
    (CHANCE, "chance_dividende", 5000),      # Chance 14 "dividende de 5.000 F"
    (CHANCE, "chance_immeuble", 15000),      # Chance 15 "touchez 15.000 F"
    (CHANCE, "chance_mots_croises", 10000),  # Chance 16 "prix de mots croisés: 10.000 F"
    (CAISSE, "caisse_erreur", 20000),        # Caisse 5 "Erreur de la banque ... 20.000 F"
    (CAISSE, "caisse_medecin", -5000),       # Caisse 6 "note du médecin 5.000 F"
    (CAISSE, "caisse_hopital", -10000),      # Caisse 7 "Payez à l'hôpital 10.000 F"
    (CAISSE, "caisse_assurance", -5000),     # Caisse 8 "police d'assurance 5.000 F"
    (CAISSE, "caisse_stock", 5000),          # Caisse 9 "vente de votre stock ... 5.000 F"
    (CAISSE, "caisse_interet", 2500),        # Caisse 10 "Intérêt sur l'emprunt à 7%: 2.500 F"
    (CAISSE, "caisse_contributions", 2000),  # Caisse 11 "contributions vous remboursent 2.000 F"
    (CAISSE, "caisse_revenu", 10000),        # Caisse 12 "revenu annuel 10.000 F"
    (CAISSE, "caisse_heritage", 10000),      # Caisse 13 "Vous héritez 10.000 F"
    (CAISSE, "caisse_beaute", 1000),         # Caisse 14 "2e prix de beauté: 1.000 F" (not 10.000)
]


@pytest.mark.parametrize("deck,cid,amount", _FLAT_CARDS, ids=[c[1] for c in _FLAT_CARDS])
def test_every_flat_payment_and_collection_card(deck, cid, amount):
    """monopoly_fr.md §2 Chance 11-16 and Caisse 5-14 (amounts in the comments above; 'Fines
    are paid to the bank'); seeds/002 A ARRET SUR CHANCE 'remet la carte face contre table sous
    le paquet'. Landing on Chance 7 / Caisse 17 by a plain 1 + 2: the exact amount, the card
    under its deck, the bank's ledger balanced."""
    s = game()
    s.players[0].pos = 4 if deck == CHANCE else 14
    card(s, deck, cid)
    roll(s, 0, 1, 2)
    assert s.players[0].cash == START + amount
    assert s.decks[deck][-1] == s.cards.by_id[cid] and len(s.decks[deck]) == 16
    assert s.phase == "roll" and s.current == 1
    check_invariants(s)


def test_the_french_deck_has_no_nearest_station_or_utility_card():
    """monopoly_fr.md §2 'the French deck has **no** "advance to nearest railroad" (x2) or
    "nearest utility" cards'; 16 + 16 cards with one 'libéré de prison' in each deck; the only
    moves go to 39, 0, 24, 11, 15 (Chance), 0 and back to 1 (Caisse)."""
    s = game()
    chance = [c for c in s.cards.all if c.deck == CHANCE]
    caisse = [c for c in s.cards.all if c.deck == CAISSE]
    assert len(chance) == 16 and len(caisse) == 16
    assert sum(c.effect == "jail_free" for c in chance) == 1
    assert sum(c.effect == "jail_free" for c in caisse) == 1
    targets = sorted(c.target for c in s.cards.all if c.effect in ("move_to", "move_back_to"))
    assert targets == [0, 0, 1, 11, 15, 24, 39]
    assert not any(c.effect not in {"move_to", "move_back_to", "move_by", "go_to_jail",
                                    "jail_free", "pay", "collect", "repairs", "birthday",
                                    "fine_or_chance"} for c in s.cards.all)


def test_passing_depart_by_dice_then_the_depart_card_pays_two_salaries():
    """seeds/003 En passant par la case Départ 'Il est possible de percevoir deux salaires
    pendant le même tour si, par exemple, vous tirez une carte chance ... juste après être passé
    par la case départ, et que cette carte vous indique Avancez jusqu'à la case Départ.'
    (seeds/002 'Chaque fois qu'un joueur s'arrête ou passe par la case Départ (que ce soit en
    jetant les dés ou en tirant une carte)'.) 37 + 4 + 6 -> Chance 7 via Départ, then Chance 2:
    40.000 F. From Chance 36 the same card pays only once."""
    s = game()
    s.players[0].pos = 37
    card(s, CHANCE, "chance_depart")
    roll(s, 0, 4, 6)
    assert s.players[0].pos == 0 and s.players[0].cash == START + 40000
    s2 = game()
    s2.players[0].pos = 33
    card(s2, CHANCE, "chance_depart")
    roll(s2, 0, 1, 2)
    assert s2.players[0].pos == 0 and s2.players[0].cash == START + 20000


def test_card_henri_martin_pays_salary_from_36_not_from_22():
    """monopoly_fr.md Chance 3 'Rendez-vous à l'Avenue Henri-Martin (salary if passing Départ)';
    card text 'Si vous passez par la case Départ, touchez 20.000 F.' From 36 the token passes
    Départ (+20.000 F), from 22 it does not; both times the bank's street is offered."""
    s = game()
    s.players[0].pos = 33
    card(s, CHANCE, "chance_henri_martin")
    roll(s, 0, 1, 2)
    assert s.players[0].pos == 24 and s.players[0].cash == START + 20000
    assert s.phase == "buy" and s.pending_square == 24
    s2 = game()
    s2.players[0].pos = 19
    card(s2, CHANCE, "chance_henri_martin")
    roll(s2, 0, 1, 2)
    assert s2.players[0].pos == 24 and s2.players[0].cash == START and s2.phase == "buy"


def test_back_three_from_36_to_caisse_33_then_back_to_belleville_no_salary():
    """monopoly_fr.md Chance 6 '36->33 Caisse' then Caisse 2 'Retournez à Belleville - move back
    to 1, no salary'; seeds/002 A '(que ce soit en jetant les dés ou en tirant une carte), le
    propriétaire reçoit un loyer'. Two cards in one move, the second owes the double rent of a
    complete bare group (400 F), no salary although the token went 'round' backwards."""
    s = game()
    give(s, 1, 1, 3)
    s.players[0].pos = 33
    card(s, CHANCE, "chance_reculez")
    card(s, CAISSE, "caisse_belleville")
    roll(s, 0, 1, 2)
    assert s.players[0].pos == 1 and s.players[0].cash == START
    assert s.claim is not None and s.claim.amount == 400
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START - 400


def test_back_three_from_36_to_caisse_33_which_sends_to_jail():
    """monopoly_fr.md Chance 6 '36->33 Caisse', Caisse 3 'Allez en prison'; seeds/002 A 'il ne
    peut plus recevoir le salaire de Frs 20,000 pendant ce coup'."""
    s = game()
    s.players[0].pos = 33
    card(s, CHANCE, "chance_reculez")
    card(s, CAISSE, "caisse_prison")
    roll(s, 0, 1, 2)
    p = s.players[0]
    assert p.in_jail and p.pos == 10 and p.cash == START and s.current == 1


def test_fine_or_chance_from_caisse_2_back_three_wraps_to_rue_de_la_paix_without_salary():
    """monopoly_fr.md Caisse 16 'Payez une amende de 1.000 F ou bien tirez une carte Chance',
    Chance 6 'Reculez de trois cases': from Caisse 2 the token goes back over Départ to 39, which
    is no pass of Départ (no salary; seeds/002 'passe par la case Départ' is forward); Rue de
    la Paix with Champs-Élysées: double bare rent 10.000 F. The 1 + 1 that brought him there is
    a double: he rolls again afterwards (seeds/002 'Ensuite, il jette les dés encore une fois')."""
    s = game()
    give(s, 1, 37, 39)
    card(s, CAISSE, "caisse_amende")
    card(s, CHANCE, "chance_reculez")
    roll(s, 0, 1, 1)
    assert s.phase == "card_choice"
    apply(s, ChooseCard(0, True))
    assert s.players[0].pos == 39 and s.players[0].cash == START
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START - 10000
    assert s.phase == "roll" and s.current == 0


def test_rue_de_la_paix_card_onto_a_hotel_then_bankrupt_to_the_owner():
    """monopoly_fr.md Chance 1 'Rendez-vous à la Rue de la Paix', Rue de la Paix hôtel 200.000;
    seeds/002 A FAILLITE 'celui qui doit plus qu'il ne peut payer, doit donner à ses créanciers
    toutes les valeurs qu'il possède'. The 200.000 F rent is more than everything he has: his
    cash goes to the owner and the game (two players) is over."""
    s = game()
    give(s, 1, 37, 39)
    build(s, 37, 4)
    build(s, 39, HOTEL)
    s.players[0].pos = 33
    card(s, CHANCE, "chance_paix")
    roll(s, 0, 1, 2)
    apply(s, ClaimRent(1))
    assert s.phase == "debt" and s.debts[0].amount == 200000
    apply(s, DeclareBankruptcy(0))
    assert s.phase == "game_over" and s.winner == 1 and s.players[1].cash == 2 * START
    check_invariants(s)


def test_repairs_card_owed_as_a_debt_raised_by_selling_one_house():
    """monopoly_fr.md Chance 10 'Imposé pour réparations de voirie: 4.000 F/maison'; seeds/002
    C L 'Si le joueur n'a pas assez d'argent, l'ordinateur engagera automatiquement une
    procédure de vente'; A 'Les maisons ... ne sont rachetées par la Banque, qu'à moitié prix'.
    3 houses on the green group, 5.000 F cash: 12.000 F owed; the automatic sale sells one
    house (10.000 F) and pays."""
    s = game()
    give(s, 0, 31, 32, 34)
    for sq in (31, 32, 34):
        build(s, sq, 1)
    cash(s, 0, 5000)
    s.players[0].pos = 33
    card(s, CHANCE, "chance_voirie")
    roll(s, 0, 1, 2)
    assert s.phase == "debt" and s.debts[0].amount == 12000 and s.debts[0].creditor == -1
    apply(s, AutoLiquidate(0))
    assert sum(s.houses[x] for x in (31, 32, 34)) == 2 and s.players[0].cash == 3000
    assert s.phase == "roll" and s.current == 1
    check_invariants(s)


def test_birthday_debtor_goes_bankrupt_to_the_birthday_player_and_is_skipped():
    """monopoly_fr.md Caisse 15 'chaque joueur vous donne 1.000 F'; seeds/002 A FAILLITE
    'doit donner à ses créanciers toutes les valeurs qu'il possède et se retirer du jeu': P1
    has 500 F and nothing else: his 500 F go to P0 (not to the bank), P2 pays 1.000 F, and the
    next turn is P2's (P1 is out)."""
    s = game(3)
    cash(s, 1, 500)
    s.players[0].pos = 14
    card(s, CAISSE, "caisse_anniversaire")
    roll(s, 0, 1, 2)
    assert s.phase == "debt" and s.debts[0].debtor == 1 and s.debts[0].creditor == 0
    apply(s, DeclareBankruptcy(1))
    assert s.players[1].bankrupt
    assert [p.cash for p in s.players] == [START + 1500, 0, START - 1000]
    assert s.phase == "roll" and s.current == 2
    check_invariants(s)


# ================================================================ rents: stations, utilities

@pytest.mark.parametrize("stations,want", [((25,), 2500), ((25, 5), 5000), ((25, 5, 35), 10000)])
def test_station_rent_for_one_two_and_three_stations(stations, want):
    """monopoly_fr.md stations_rent [2500, 5000, 10000, 20000] '1,2,3,4 gares owned'; seeds/002
    A 'le propriétaire reçoit un loyer, conformément aux prix indiqués sur la carte'."""
    s = game()
    give(s, 1, *stations)
    s.players[0].pos = 20
    roll(s, 0, 2, 3)
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START - want and s.players[1].cash == START + want


def test_both_utilities_with_one_mortgaged_still_ten_times_the_dice():
    """monopoly_fr.md utilities_rent 'both: 1.000 F par point'; seeds/002 A 'Si cette case est
    hypothéquée, aucun loyer ne doit être payé' (for the mortgaged square only). The documents
    are silent on whether a mortgaged utility still counts for the other: docs/rules.md
    'every station (utility) owned counts, mortgaged ones too'. 3 + 4 onto the unmortgaged
    Compagnie d'électricité: 7.000 F."""
    s = game()
    give(s, 1, 12, 28)
    s.mortgaged[28] = True
    s.players[0].pos = 5
    roll(s, 0, 3, 4)
    assert s.claim.amount == 7000
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START - 7000


def test_utility_rent_on_a_double_uses_that_roll_then_the_player_rolls_again():
    """seeds/003 'le loyer sera le total de vos dés multiplié par 4'; monopoly_fr.md '400 F par
    point'; seeds/002 A doubles 'Il se conforme à toutes les instructions de la case ainsi
    atteinte. Ensuite, il jette les dés encore une fois'. 3 + 3 onto the Compagnie
    d'électricité: 2.400 F, then another roll."""
    s = game()
    give(s, 1, 12)
    s.players[0].pos = 6
    roll(s, 0, 3, 3)
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START - 2400
    assert s.phase == "roll" and s.current == 0


# ================================================================ rents: claims

def test_rent_unclaimed_is_lost_when_the_payer_rolls_again_after_a_double():
    """seeds/002 A 'Si le propriétaire oublie de réclamer son loyer avant le jet des dés
    suivant, le loyer ne devient plus exigible': the payer's own second roll (after a double)
    is 'le jet des dés suivant'. 2 + 2 onto Rue de la Paix, no claim, then 3 + 4 via Départ."""
    s = game()
    give(s, 1, 39)
    s.players[0].pos = 35
    roll(s, 0, 2, 2)
    assert s.claim is not None and s.claim.amount == 5000
    roll(s, 0, 3, 4)
    assert s.players[0].pos == 6 and s.players[0].cash == START + 20000
    refused(s, ClaimRent(1), "no_rent_to_claim")


def test_rent_amount_is_fixed_when_the_token_lands():
    """seeds/002 A 'le propriétaire reçoit un loyer, conformément aux prix indiqués sur la carte'
    is silent on a building put up between the landing and the claim; docs/rules.md 'The amount
    is fixed when the token lands.' Belleville bare in a complete group (400 F) when P0 lands;
    P1 builds a house before claiming; the claim is still 400 F, not 1.000 F."""
    s = game()
    give(s, 1, 1, 3)
    s.players[0].pos = 38
    roll(s, 0, 1, 2)
    assert s.players[0].pos == 1
    apply(s, Build(1, 1))
    assert s.houses[1] == 1
    apply(s, ClaimRent(1))
    assert s.players[0].cash == START + 20000 - 400
    assert s.players[1].cash == START - 5000 + 400


def test_taxes_are_flat_amounts_paid_to_the_bank():
    """seeds/002 A 'Si vous arrivez sur les cases Impôts : Payez le montant indiqué à la Banque';
    monopoly_fr.md 'Impôts sur le revenu 20.000 F, Taxe de luxe 10.000 F' (no percentage
    option). The bank's ledger gets the 30.000 F."""
    s = game()
    ledger = s.bank_cash
    s.players[0].pos = 1
    roll(s, 0, 1, 2)
    s.players[1].pos = 35
    roll(s, 1, 1, 2)
    assert s.players[0].cash == START - 20000 and s.players[1].cash == START - 10000
    assert s.bank_cash == ledger + 30000


# ================================================================ doubles

def test_doubles_count_per_turn_the_third_of_a_turn_jails():
    """seeds/002 A 'Si, toutefois, il jette un double trois fois de suite, il va directement en
    prison': 'de suite' within one turn. P0 rolls two doubles then a plain roll; next turn a
    double is his first again (another roll), the third of that turn jails him."""
    s = game()
    for sq in s.board.properties:
        s.owner[sq] = 0          # P0 owns every property: nothing to buy or pay
    s.players[0].pos = 10
    roll(s, 0, 1, 1)             # 12
    roll(s, 0, 2, 2)             # 16
    roll(s, 0, 1, 2)             # 19, turn over
    assert s.current == 1
    s.players[1].pos = 20
    roll(s, 1, 1, 2)             # 23 (P0's: a claim left unclaimed)
    roll(s, 0, 3, 3)             # 25: first double of this turn
    assert s.phase == "roll" and s.current == 0 and not s.players[0].in_jail
    roll(s, 0, 1, 1)             # 27: second
    assert s.current == 0 and not s.players[0].in_jail
    roll(s, 0, 2, 2)             # third: jail
    assert s.players[0].in_jail and s.players[0].pos == 10 and s.current == 1


def test_double_then_declined_deed_auctioned_then_the_same_player_rolls_again():
    """seeds/002 A 'Il se conforme à toutes les instructions de la case ainsi atteinte. Ensuite,
    il jette les dés encore une fois'; 'Si le joueur décline l'offre d'achat, le Banquier doit
    immédiatement la mettre aux enchères'. The auction is part of the first move; then P0
    rolls again."""
    s = game()
    roll(s, 0, 3, 3)             # 6 Vaugirard
    apply(s, Decline(0))
    apply(s, Bid(1, 9000))
    apply(s, CloseAuction())
    assert s.owner[6] == 1 and s.players[1].cash == START - 9000
    assert s.phase == "roll" and s.current == 0


def test_ctrl_c_after_a_double_ends_before_the_extra_roll_richest_wins():
    """seeds/002 C FIN DU JEU 'Tapez simultanément sur les touches CTRL et C à la fin du
    déplacement d'un joueur. Le programme calculera les actifs de chaque joueur, et indiquera
    le vainqueur.' After P0's double (and the auction of the deed he declined), the end of that
    move is 'la fin du déplacement': the extra roll is not played; P1 bought Vaugirard for
    9.000 F and is worth 151.000 F against P0's 150.000 F."""
    s = game()
    roll(s, 0, 3, 3)
    apply(s, Decline(0))
    apply(s, Bid(1, 9000))
    apply(s, CloseAuction())
    assert s.phase == "roll" and s.current == 0
    apply(s, EndGame())
    assert s.phase == "game_over" and s.winner == 1
    assert s.scores == [START, START - 9000 + 10000]


def test_go_to_jail_card_after_a_double_ends_the_turn():
    """seeds/002 A UN JOUEUR VA EN PRISON '2º S'il tire une carte "Allez en Prison"'; seeds/003
    'Votre tour s'arrête quand vous êtes envoyé en prison': the double that brought him to
    Chance 36 gives no other roll."""
    s = game()
    s.players[0].pos = 34
    card(s, CHANCE, "chance_prison")
    roll(s, 0, 1, 1)
    assert s.players[0].in_jail and s.current == 1 and s.phase == "roll"


def test_salary_earned_earlier_in_the_move_is_kept_when_a_card_sends_to_jail():
    """seeds/002 A 'Quand un joueur est envoyé en prison, il ne peut plus recevoir le salaire de
    Frs 20,000 pendant ce coup' ('ne ... plus': no salary from then on; the one already received
    stays, as seeds/002's '(il garde, néanmoins, tous les biens ou salaires qu'il a pu
    acquérir...)' does for doubles). 37 + 4 + 6 passes Départ to Chance 7, 'Allez en prison':
    the 20.000 F are kept."""
    s = game()
    s.players[0].pos = 37
    card(s, CHANCE, "chance_prison")
    roll(s, 0, 4, 6)
    p = s.players[0]
    assert p.in_jail and p.pos == 10 and p.cash == START + 20000 and s.current == 1


# ================================================================ jail

def _jailed(s, p=0, turns=0):
    pl = s.players[p]
    pl.pos, pl.in_jail, pl.jail_turns = 10, True, turns
    s.phase = "jail"


def test_first_failed_try_in_jail_no_move_and_the_turn_passes():
    """seeds/002 A UN JOUEUR SORT DE PRISON '1º En jetant un double à l'un de ses trois tours de
    jeu suivants': a failed try leaves the token in jail and ends the turn, no fine yet."""
    s = game()
    _jailed(s)
    roll(s, 0, 1, 2)
    p = s.players[0]
    assert p.in_jail and p.pos == 10 and p.jail_turns == 1 and p.cash == START
    assert s.current == 1 and s.phase == "roll"


def test_fine_paid_at_the_start_of_the_turn_then_a_double_rolls_again():
    """seeds/002 A SORT DE PRISON '3º En payant une amende de Frs 5,000'; seeds/003 says 'payer
    une amende de 50 et jouer au prochain tour', docs/rules.md reads it as 'pay at the start of
    the turn, then play it ... (a double then gives another roll)'. 3 + 3 after paying: the
    token goes to 16 and he rolls again."""
    s = game()
    _jailed(s)
    apply(s, PayJailFine(0))
    roll(s, 0, 3, 3)
    assert s.players[0].pos == 16 and s.players[0].cash == START - 5000
    assert s.phase == "buy"
    settle_buy(s, 0)
    assert s.phase == "roll" and s.current == 0


def test_third_failed_try_pays_even_with_a_card_held_then_the_move_can_jail_again():
    """seeds/002 A 'Tout de suite après avoir jeté les dés au 3e tour, il doit (s'il n'a pas
    fait un double) payer une amende de Frs 5,000 et avancer son pion'; the kept card (2º) is
    used *instead of* rolling, not after a failed roll. The 5 + 2 takes him to Caisse 17,
    'Allez en prison': back in jail with a fresh count of tries, card still kept."""
    s = game()
    idx = hold(s, 0, "chance_liberte")
    _jailed(s, turns=2)
    card(s, CAISSE, "caisse_prison")
    roll(s, 0, 5, 2)
    p = s.players[0]
    assert p.cash == START - 5000 and p.jail_cards == [idx]
    assert p.in_jail and p.pos == 10 and p.jail_turns == 0 and s.current == 1


def test_third_try_fine_unpaid_the_token_still_moves_and_can_be_jailed_again():
    """seeds/002 A 'il doit ... payer une amende de Frs 5,000 et avancer son pion du nombre de
    points obtenu par les dés'; docs/rules.md 'If the cash does not cover the fine, the token
    still moves ... but the debt is raised'. With 1.000 F and Gare Montparnasse, the 5 + 2 takes
    him to Caisse 17, 'Allez en prison': back in jail, the 5.000 F still owed; he mortgages the
    station (10.000 F), the fine is paid and the turn passes."""
    s = game()
    give(s, 0, 5)
    cash(s, 0, 1000)
    _jailed(s, turns=2)
    card(s, CAISSE, "caisse_prison")
    roll(s, 0, 5, 2)
    p = s.players[0]
    assert s.phase == "debt" and s.debts[0].amount == 5000 and s.debts[0].reason == "jail"
    assert p.in_jail and p.pos == 10 and p.jail_turns == 0
    apply(s, Mortgage(0, 5))
    assert p.cash == 1000 + 10000 - 5000 and p.in_jail
    assert s.phase == "roll" and s.current == 1


def test_jail_fine_refused_without_the_cash_but_a_mortgage_raises_it():
    """seeds/002 A SORT DE PRISON '3º En payant une amende de Frs 5,000'; 'Pendant son séjour en
    prison, un joueur peut ... hypothéquer des propriétés.' With 2.000 F he cannot pay; he
    mortgages Lecourbe (3.000 F) at the start of his turn and then pays."""
    s = game()
    give(s, 0, 3)
    cash(s, 0, 2000)
    _jailed(s)
    refused(s, PayJailFine(0), "not_enough_cash")
    apply(s, Mortgage(0, 3))
    apply(s, PayJailFine(0))
    assert not s.players[0].in_jail and s.players[0].cash == 0 and s.phase == "roll"


# ================================================================ building

def test_the_bank_has_32_houses_and_12_hotels_a_hotel_frees_four_houses():
    """seeds/002 A LE JEU '32 maisons vertes et 12 hôtels rouges'; MANQUE DE CONSTRUCTIONS 'Quand
    la Banque n'a plus de maisons à vendre, les joueurs désirant construire doivent attendre
    qu'un joueur ait rendu ou vendu ses maisons'; LES HOTELS 'en rendant à la Banque les quatre
    maisons'. Eight streets x 4 houses empty the stock; a ninth street must wait; the hotel on
    Rue de la Paix gives 4 houses back and the light blue street can be built."""
    s = game()
    assert s.bank_houses == 32 and s.bank_hotels == 12
    streets = (31, 32, 34, 37, 39, 16, 18, 19)
    give(s, 0, *streets)
    give(s, 0, 6, 8, 9)
    cash(s, 0, 600000)
    for _ in range(4):
        for sq in streets:
            apply(s, Build(0, sq))
    assert s.bank_houses == 0 and s.players[0].cash == 600000 - 520000
    refused(s, Build(0, 6), "bank_no_house")
    apply(s, Build(0, 39))
    assert s.houses[39] == HOTEL and s.bank_houses == 4 and s.bank_hotels == 11
    apply(s, Build(0, 6))
    assert s.houses[6] == 1 and s.bank_houses == 3
    assert s.players[0].cash == 600000 - 520000 - 20000 - 5000
    check_invariants(s)


def test_no_hotel_left_in_the_bank():
    """seeds/002 A LE JEU '12 hôtels rouges'; MANQUE DE CONSTRUCTIONS 'les joueurs désirant
    construire doivent attendre': with the 12 hotels on the board (bank stock 0), a group
    ready for a hotel cannot have one."""
    s = game()
    give(s, 0, 37, 39)
    build(s, 37, 4)
    build(s, 39, 4)
    s.bank_hotels = 0
    refused(s, Build(0, 39), "bank_no_hotel")
    assert s.houses[39] == 4 and s.players[0].cash == START


def test_shortage_auction_opens_at_the_lowest_printed_house_price():
    """seeds/003 Crise du bâtiment 'les bâtiments seront vendus aux enchères et accordés au plus
    offrant. L'enchère commence au prix le plus bas indiqué sur la carte de propriété'; seeds/002
    A MANQUE DE CONSTRUCTIONS. One house left in the bank (31 on the board); P0 (green,
    20.000 F houses) and P1 (purple, 5.000 F houses) both could build one; P2's groups wait
    for hotels. The auction opens at 5.000 F; P0 wins at 21.000 F and places it on Boulevard
    des Capucines, the only green street next in the even order, paying his bid (above the
    printed price: no top-up)."""
    s = game(3)
    give(s, 0, 31, 32, 34)
    build(s, 31, 2)
    build(s, 32, 2)
    build(s, 34, 1)
    give(s, 1, 1, 3)
    build(s, 1, 1)
    build(s, 3, 1)
    give(s, 2, 16, 18, 19, 6, 8, 9)
    for sq in (16, 18, 19, 6, 8, 9):
        build(s, sq, 4)
    assert s.bank_houses == 1
    apply(s, Build(0, 34))
    assert s.phase == "auction" and s.auction.kind == "house" and s.auction.min_bid == 5000
    assert sorted(s.auction.bidders) == [0, 1]
    refused(s, Bid(1, 4900), "bid_below_opening")
    apply(s, Bid(1, 5000))
    apply(s, Bid(0, 21000))
    apply(s, Pass(1))
    apply(s, CloseAuction())
    assert s.phase == "place_building" and s.placer == 0
    apply(s, Build(0, 34))
    assert s.houses[34] == 2 and s.players[0].cash == START - 21000 and s.bank_houses == 0
    assert s.phase == "roll" and s.current == 0
    check_invariants(s)


def test_no_house_sold_beside_a_hotel_the_hotel_goes_first():
    """seeds/002 A LES MAISONS 'il doit également dégarnir tout le groupe de couleur
    uniformément, dans l'ordre décroissant. (A moins de revendre toutes les constructions à la
    fois, ce qui lui arrive obligatoirement aussitôt qu'il doit vendre un hôtel)': with a hotel
    on Rue de la Paix and 4 houses on the Champs-Élysées, a house of the Champs-Élysées cannot
    go first; selling the hotel sells the whole group (50.000 + 40.000 F)."""
    s = game()
    give(s, 0, 37, 39)
    build(s, 37, 4)
    build(s, 39, HOTEL)
    refused(s, SellBuilding(0, 37), "uneven_selling")
    assert s.houses[37] == 4 and s.players[0].cash == START
    apply(s, SellBuilding(0, 39))
    assert s.houses[37] == s.houses[39] == 0 and s.players[0].cash == START + 90000
    assert s.bank_houses == 32 and s.bank_hotels == 12


def test_no_building_on_a_station_even_with_all_four():
    """seeds/002 A LES MAISONS 'Chaque joueur ne peut construire que sur les terrains dont il
    possède le groupe de couleur complet' (terrains: the streets; gares and compagnies have no
    houses, monopoly_fr.md gives them no house cost)."""
    s = game()
    give(s, 0, 5, 15, 25, 35, 12, 28)
    refused(s, Build(0, 5), "not_a_street")
    refused(s, Build(0, 12), "not_a_street")


def test_hotel_breakdown_variant_without_four_houses_in_the_bank_sells_the_group():
    """seeds/003 Crise du bâtiment 'De même, quand vous vendez des hôtels, vous ne pouvez pas les
    remplacer par des maisons dans le cas où il n'en resterait plus.' (variant hotel_breakdown;
    docs/rules.md 'the hotel becomes 4 houses plus half its price, if the bank has the
    houses'). 30 houses stand on P1's streets, 2 in the bank: P0's hotel cannot become 4
    houses; both hotels of the group go back at half price (2 x 50.000 F, seeds/002 'aussitôt
    qu'il doit vendre un hôtel')."""
    s = game(variant=Variant(hotel_breakdown=True))
    give(s, 0, 37, 39)
    build(s, 37, HOTEL)
    build(s, 39, HOTEL)
    give(s, 1, 16, 18, 19, 31, 32, 34, 6, 8, 9)
    for sq in (16, 18, 19, 31, 32, 34):
        build(s, sq, 4)
    for sq in (6, 8, 9):
        build(s, sq, 2)
    assert s.bank_houses == 2
    apply(s, SellBuilding(0, 39))
    assert s.houses[37] == 0 and s.houses[39] == 0
    assert s.bank_houses == 2 and s.bank_hotels == 12
    assert s.players[0].cash == START + 100000
    check_invariants(s)


def test_selling_a_house_during_an_auction_to_bid_higher():
    """seeds/002 A VENTE DE PROPRIETES 'Les maisons et les hôtels ne peuvent être revendus qu'à la
    Banque mais cela à n'importe quel moment et à moitié du prix d'achat'; C ENCHERES 'Si un
    joueur enchéri pour un montant supérieur à son actif, l'enchère est nulle' (the actif
    counts the houses at half). P1 has 1.000 F and a house on each purple street: he sells one
    during the auction (2.500 F back) and bids his 3.500 F. Building during the auction is
    refused: docs/rules.md 'building and lifting wait for the end of the auction (a building
    bought could open a shortage auction inside it)' narrows seeds/002 C M 'Les maisons et les
    hôtels peuvent être achetés ou vendus à tout moment' (and A LES MAISONS 'à n'importe quel
    moment acheter')."""
    s = game()
    give(s, 1, 1, 3)
    build(s, 1, 1)
    build(s, 3, 1)
    cash(s, 1, 1000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)           # 39 Rue de la Paix, the bank's
    apply(s, Decline(0))
    refused(s, Build(1, 1), "not_now")
    apply(s, SellBuilding(1, 3))
    assert s.players[1].cash == 3500 and s.houses[3] == 0
    apply(s, Bid(1, 3500))
    apply(s, Pass(0))
    apply(s, CloseAuction())
    assert s.owner[39] == 1 and s.players[1].cash == 0
    check_invariants(s)


# ================================================================ mortgages, trades

def test_mortgaged_deed_is_neither_traded_nor_given_in_kind_by_default():
    """seeds/002 A HYPOTHEQUES (and seeds/000) 'Une propriété hypothéquée ne peut être ni vendue,
    ni échangée. Elle change de propriétaire en cas de faillite seulement.' (docs/rules.md: the
    default; seeds/003 allows it, the switch trade_mortgaged). Neither a trade nor the half
    of a rent paid in properties may carry a mortgaged deed."""
    s = game()
    give(s, 0, 5, 15)
    s.mortgaged[5] = True
    refused(s, ProposeTrade(0, 1, give=(5,), cash=-15000), "mortgaged_no_trade")
    give(s, 1, 37, 39)
    build(s, 37, 1)
    build(s, 39, 1)
    cash(s, 0, 12000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)          # Rue de la Paix 1 house: 20.000 F
    apply(s, ClaimRent(1))
    assert s.phase == "debt"
    refused(s, PayInKind(0, (5,)), "mortgaged_no_trade")
    apply(s, PayInKind(0, (15,)))       # 10.000 cash + Gare de Lyon (20.000 F printed)
    assert s.owner[15] == 1 and s.players[0].cash == 2000


def test_rent_in_kind_only_with_deeds_of_unbuilt_groups():
    """seeds/003 Remarques 'une autre partie en propriétés dépourvues de bâtiments'; seeds/002 A
    VENTE DE PROPRIETES 'Aucun terrain ne peut être vendu ou échangé s'il y a une construction
    sur un terrain de même couleur'. A owes 20.000 F of rent with 10.000 F in cash: Belleville
    (its group carries a house on Lecourbe) is refused; Gare de Lyon is accepted."""
    s = game()
    give(s, 0, 1, 3, 15)
    build(s, 3, 1)
    give(s, 1, 37, 39)
    build(s, 37, 1)
    build(s, 39, 1)
    cash(s, 0, 10000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    refused(s, PayInKind(0, (1,)), "kind_group_built")
    apply(s, PayInKind(0, (15,)))
    assert s.owner[15] == 1 and s.owner[1] == 0 and s.players[0].cash == 0
    assert s.players[1].cash == START + 10000


def test_a_cash_only_trade_is_refused_players_do_not_lend_to_each_other():
    """seeds/002 A DIVERS 'Les joueurs ne peuvent, en aucun cas, emprunter entre eux de l'argent
    ou des propriétés.'; C T 'La Transaction doit se faire entre UNE propriété offerte à la vente
    et soit une autre propriété en échange, soit d'autres propriétés avec un complément
    d'argent'. Money for nothing is no trade."""
    s = game()
    refused(s, ProposeTrade(0, 1, cash=10000), "trade_empty")
    refused(s, ProposeTrade(0, 1, cash=-10000), "trade_empty")


def test_trades_while_the_bank_still_has_deeds_default_and_variant():
    """seeds/002 A 'Lorsque la Banque ne possède plus de Titres de propriété, les joueurs peuvent
    échanger ou vendre des propriétés entre eux' and VENTE DE PROPRIETES '(lorsqu'il ne reste
    plus de Titres en Banque)'; but C T puts no such limit, and docs/rules.md makes the limit a
    switch (trade_only_when_bank_empty, off by default). With the switch on, a deed trade is
    refused while the bank has deeds, a 'Sortez de prison' card sale is not (seeds/002 'Elle
    peut être vendue par un joueur à un autre')."""
    s = game()
    give(s, 0, 1)
    apply(s, ProposeTrade(0, 1, give=(1,), cash=-8000))
    apply(s, AcceptTrade(1))
    assert s.owner[1] == 1
    s2 = game(variant=Variant(trade_only_when_bank_empty=True))
    give(s2, 0, 1)
    refused(s2, ProposeTrade(0, 1, give=(1,), cash=-8000), "trade_bank_has_deeds")
    idx = hold(s2, 0, "caisse_liberte")
    apply(s2, ProposeTrade(0, 1, give_cards=(idx,), cash=-2000))
    apply(s2, AcceptTrade(1))
    assert s2.players[1].jail_cards == [idx] and s2.players[0].cash == START + 2000


def test_mortgage_to_raise_the_price_while_the_deed_is_offered():
    """seeds/002 A HYPOTHEQUES 'Lorsqu'un joueur a besoin d'argent, il peut engager, ou
    hypothéquer, ses propriétés à la Banque'; 'il a l'option d'acheter cette propriété à la
    Banque, au prix indiqué sur la case'. 10.000 F in hand for Rue de la Paix (40.000 F): refused,
    then three stations mortgaged (30.000 F) during the offer, then bought."""
    s = game()
    give(s, 0, 5, 15, 25)
    cash(s, 0, 10000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    refused(s, Buy(0), "not_enough_cash")
    for sq in (5, 15, 25):
        apply(s, Mortgage(0, sq))
    apply(s, Buy(0))
    assert s.owner[39] == 0 and s.players[0].cash == 0 and s.current == 1


def test_auction_won_above_the_cash_within_the_assets_is_a_debt_raised_by_mortgages():
    """seeds/002 C ENCHERES 'Si un joueur enchéri pour un montant supérieur à son actif,
    l'enchère est nulle' (so a bid within the actif stands); docs/rules.md 'If the winner's
    cash is short of his bid (within his assets) he owes the rest as a debt.' P1: 10.000 F and
    two stations (20.000 F lent): his 25.000 F bid wins; he mortgages one station and pays."""
    s = game()
    give(s, 1, 5, 15)
    cash(s, 1, 10000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, Decline(0))
    refused(s, Bid(1, 30001), "bid_above_assets")
    apply(s, Bid(1, 25000))
    apply(s, CloseAuction())
    assert s.owner[39] == 1 and s.phase == "debt" and s.debts[0].amount == 25000
    apply(s, Mortgage(1, 5))
    assert s.phase == "debt"
    apply(s, Mortgage(1, 15))
    assert s.phase == "roll" and s.current == 1 and s.players[1].cash == 5000
    check_invariants(s)


def test_auction_with_no_bid_leaves_the_deed_with_the_bank():
    """seeds/002 A 'le Banquier doit immédiatement la mettre aux enchères et doit la vendre au
    plus offrant' is silent when nobody bids; docs/rules.md 'Nobody bids: the deed stays with
    the bank.' It is offered again to the next player who stops there."""
    s = game()
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, Decline(0))
    apply(s, CloseAuction())
    assert s.owner[39] == -1 and s.current == 1
    s.players[1].pos = 35
    roll(s, 1, 1, 3)
    assert s.phase == "buy" and s.pending_square == 39


# ================================================================ bankruptcy

def test_bankrupt_to_the_bank_unsold_deed_stays_with_the_bank_unmortgaged():
    """seeds/002 A FAILLITE 'la Banque confisquera toute sa fortune et fera une vente aux
    enchères au plus offrant en vendant tout, sauf les constructions'; seeds/003 'Le banquier
    les vend ensuite une par une aux enchères'. P0's two mortgaged deeds go to auction among
    the players still in (not P0), free of mortgage; one sells, the other finds no bid and
    stays with the bank."""
    s = game(3)
    give(s, 0, 1, 3)
    s.mortgaged[1] = s.mortgaged[3] = True
    cash(s, 0, 0)
    s.players[0].pos = 36
    roll(s, 0, 1, 1)          # Taxe de luxe 10.000 F
    apply(s, DeclareBankruptcy(0))
    assert s.phase == "auction" and sorted(s.auction.bidders) == [1, 2]
    refused(s, Bid(0, 1000), "not_bidding")
    apply(s, Bid(2, 1000))
    apply(s, CloseAuction())
    apply(s, CloseAuction())
    assert s.owner[1] == 2 and s.owner[3] == -1
    assert not s.mortgaged[1] and not s.mortgaged[3]
    assert s.phase == "roll" and s.current == 1
    check_invariants(s)


def test_bankrupt_to_a_player_who_cannot_pay_the_ten_percent_owes_it_to_the_bank():
    """seeds/002 A FAILLITE 'Si le failli donne à son créancier une propriété hypothéquée, le
    nouveau propriétaire doit immédiatement verser à la Banque les 10% d'intérêt sur le prêt.'
    P1 (creditor) has 200 F; the bankrupt's 0 F and mortgaged Gare Montparnasse reach him: he
    owes the bank 1.000 F and raises it like any debt (mortgaging Belleville, 3.000 F)."""
    s = game(3)
    give(s, 0, 5)
    s.mortgaged[5] = True
    cash(s, 0, 0)
    give(s, 1, 39, 1)
    cash(s, 1, 200)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, DeclareBankruptcy(0))
    assert s.owner[5] == 1 and s.mortgaged[5]
    assert s.phase == "debt" and s.debts[0].debtor == 1 and s.debts[0].amount == 1000
    assert s.debts[0].creditor == -1
    apply(s, Mortgage(1, 1))
    assert s.phase == "roll" and s.current == 1 and s.players[1].cash == 200 + 3000 - 1000
    check_invariants(s)


def test_creditor_lifting_later_pays_the_ten_percent_again():
    """seeds/002 A HYPOTHEQUES 'Si une propriété hypothéquée est passée de main en main ... S'il
    ne lève pas l'hypothèque, il paye tout de même les 10% et si par la suite il lève
    l'hypothèque, il paye de nouveau les 10% aussi bien que le principal.' After the next roll,
    Gare Montparnasse costs P1 11.000 F to lift (1.000 F already paid at the bankruptcy)."""
    s = game(3)
    give(s, 0, 5)
    s.mortgaged[5] = True
    cash(s, 0, 0)
    give(s, 1, 39)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, DeclareBankruptcy(0))
    assert s.players[1].cash == START - 1000
    s.players[1].pos = 0
    roll(s, 1, 1, 2)           # 3 Lecourbe (the bank's)
    settle_buy(s, 1)
    apply(s, Lift(1, 5))
    assert s.players[1].cash == START - 1000 - 11000


def test_bankrupt_player_with_a_monopolic_loan_hands_his_cash_to_the_creditor():
    """seeds/000 EMPRUNT 'Un joueur peut emprunter jusqu'à 50.000 Frs à tout moment' and FAILLITE
    'doit donner à ses créanciers toutes les valeurs qu'il possède': silent on the loan still
    owed. The engine (docs/rules.md 'cash, deeds and kept cards to the creditor') gives the
    borrowed cash to the player creditor and the bank's loan is written off."""
    s = game(variant=Variant.monopolic())
    cash(s, 0, 0)
    apply(s, Borrow(0, 50000))
    give(s, 1, 37, 39)
    build(s, 37, 4)
    build(s, 39, HOTEL)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, DeclareBankruptcy(0))
    assert s.players[1].cash == START + 50000 and s.players[0].loan == 0
    assert s.phase == "game_over" and s.winner == 1
    check_invariants(s)


# ================================================================ MONOPOLIC loans

def test_loans_only_in_monopolic_and_at_any_time_even_out_of_turn():
    """seeds/002 A DIVERS 'La Banque ne prête de l'argent que contre hypothèques' (the CPC game:
    no loans); seeds/000 EMPRUNT 'Un joueur peut emprunter jusqu'à 50.000 Frs à tout moment':
    P1 borrows during P0's turn."""
    s = game()
    refused(s, Borrow(0, 10000), "no_loans")
    m = game(variant=Variant.monopolic())
    assert m.current == 0
    apply(m, Borrow(1, 50000))
    assert m.players[1].cash == START + 50000 and m.players[1].loan == 50000
    refused(m, Borrow(1, 1), "loan_limit")
    refused(m, Borrow(1, 0), "loan_not_positive")


def test_loan_taken_at_the_third_pass_then_a_new_loan_may_be_taken():
    """seeds/000 EMPRUNT 'L'emprunt est systématiquement prélevé au 3e passage sur la case
    départ.' Once repaid the player owes nothing and may borrow the 50.000 F again. The amount
    taken, 65.000 F, is 'la somme empruntée, majorée de 10 % à chaque passage': 10 % of the sum
    borrowed at each of the three passes, the third included (docs/rules.md)."""
    s = game(variant=Variant.monopolic())
    apply(s, Borrow(0, 50000))
    for _ in range(3):
        s.players[0].pos = 35
        s.players[1].pos = 20
        roll(s, 0, 1, 4)          # 35 -> 0: stop on Départ
        roll(s, 1, 1, 2)          # 20 -> 23 (the bank's)
        settle_buy(s, 1)
    p = s.players[0]
    assert p.loan == 0 and p.cash == START + 50000 + 3 * 20000 - 65000
    apply(s, Borrow(0, 50000))
    assert p.loan == 50000


def test_loan_falling_due_without_the_cash_is_a_debt_to_the_bank():
    """seeds/000 EMPRUNT 'son remboursement sera égal à la somme empruntée, majorée de 10 % à
    chaque passage ... systématiquement prélevé au 3e passage': 50.000 F borrowed and spent,
    65.000 F due at the third pass; with 20.000 F (the salary) in hand it is a debt to the bank
    (docs/rules.md 'at the third pass it is taken automatically (a debt if the cash is
    short)')."""
    s = game(variant=Variant.monopolic())
    apply(s, Borrow(0, 50000))
    for i in range(3):
        cash(s, 0, 0)
        s.players[0].pos = 35
        s.players[1].pos = 20
        roll(s, 0, 1, 4)
        if i < 2:
            roll(s, 1, 1, 2)
            settle_buy(s, 1)
    assert s.phase == "debt" and s.debts[0].amount == 65000 and s.debts[0].creditor == -1
    assert s.players[0].cash == 20000 and s.players[0].loan == 0


def test_monopolic_players_start_with_150000():
    """seeds/000 PREPARATION 'Chacun reçoit aussi Frs 150.000' and ARGENT 'Chaque joueur reçoit
    Frs 150.000' (monopoly_fr.md §4 quotes a review's 200.000 F; the manual wins,
    docs/rules.md 'start_cash switch'); seeds/000 'de 1 à 4 joueurs' (humans)."""
    s = new_game(["A", "B", "C", "D"], seed=1, variant=Variant.monopolic())
    assert [p.cash for p in s.players] == [START] * 4
    with pytest.raises(ValueError):
        new_game(["A", "B", "C", "D", "E"], seed=1, variant=Variant.monopolic())


# ================================================================ fast variant (seeds/003)

def test_fast_variant_deals_two_deeds_to_each_paid_at_once():
    """seeds/003 RÈGLE POUR UNE PARTIE PLUS RAPIDE '1. ... le banquier distribue deux cartes de
    propriétés à chaque joueur ... Les joueurs payent de suite le prix indiqué sur les deux
    propriétés'; '2. ... trois maisons, au lieu de quatre'."""
    s = new_game(["A", "B", "C", "D"], seed=9, variant=Variant.fast(), first_player=0)
    b = s.board
    owned = [x for x in b.properties if s.owner[x] >= 0]
    assert len(owned) == 8
    for i, p in enumerate(s.players):
        mine = [x for x in b.properties if s.owner[x] == i]
        assert len(mine) == 2 and p.cash == START - sum(b.prices[x] for x in mine)
    assert s.variant.houses_before_hotel == 3 and s.variant.end_at_bankruptcies == 2
    check_invariants(s)


def test_fast_variant_second_bankruptcy_the_creditor_counts_the_estate_and_wins():
    """seeds/003 '3. FIN DE LA PARTIE ... la partie se termine quand un deuxième joueur fait
    faillite. Le joueur en faillite transmet tous ses biens à son créancier (banque ou joueur).
    Chaque joueur restant évalue alors sa richesse ... 5. ses hôtels estimés au prix d'achat, qui
    comprend la valeur des 3 maisons données en échange. Le vainqueur est le joueur le plus
    riche.' P2 (100.000 F, two hotels on the dark blue group worth 4 x 20.000 F each, 75.000 F
    of deeds: 335.000 F) is poorer than P3 (400.000 F) until P1 goes bankrupt to him with
    100.000 F and Breteuil + Foch (60.000 F): 495.000 F, P2 wins."""
    s = game(4, variant=Variant(houses_before_hotel=3, end_at_bankruptcies=2))
    give(s, 2, 37, 39)
    build(s, 37, HOTEL)
    build(s, 39, HOTEL)
    cash(s, 2, 100000)
    cash(s, 3, 400000)
    give(s, 1, 31, 32)
    cash(s, 1, 100000)
    cash(s, 0, 0)
    assert fortune(s, 2) == 335000 < fortune(s, 3)
    s.players[0].pos = 36
    roll(s, 0, 1, 1)             # luxury tax, nothing to pay it with
    apply(s, DeclareBankruptcy(0))
    assert s.phase == "roll" and s.current == 1
    s.players[1].pos = 35
    roll(s, 1, 1, 3)             # Rue de la Paix hotel: 200.000 F
    apply(s, ClaimRent(2))
    apply(s, DeclareBankruptcy(1))
    assert s.phase == "game_over" and s.winner == 2
    assert s.owner[31] == s.owner[32] == 2
    assert s.scores[2] == 495000 and s.scores[3] == 400000
    assert s.ranking[:2] == [2, 3]
    check_invariants(s)


def test_fast_variant_second_bankruptcy_to_the_bank_ends_without_an_auction():
    """seeds/003 '3. FIN DE LA PARTIE ... la partie se termine quand un deuxième joueur fait
    faillite. Le joueur en faillite transmet tous ses biens à son créancier (banque ou joueur).
    Chaque joueur restant évalue alors sa richesse'. The second bankrupt owes a tax: his deeds go
    to the bank and the game is over at once (no auction of them, which would be an operation
    after the end); the two remaining players are ranked by fortune."""
    s = game(4, variant=Variant(houses_before_hotel=3, end_at_bankruptcies=2))
    cash(s, 0, 0)
    s.players[0].pos = 36
    roll(s, 0, 1, 1)
    apply(s, DeclareBankruptcy(0))
    give(s, 1, 1)
    s.mortgaged[1] = True
    cash(s, 1, 0)
    cash(s, 3, 160000)
    s.players[1].pos = 36
    roll(s, 1, 1, 1)
    apply(s, DeclareBankruptcy(1))
    assert s.phase == "game_over" and s.auction is None
    assert s.owner[1] == -1 and s.winner == 3 and s.ranking[:2] == [3, 2]
    check_invariants(s)


def test_birthday_bankruptcy_chain_the_creditor_cannot_pay_the_interest_and_fails_to_the_bank():
    """monopoly_fr.md Caisse 15 'chaque joueur vous donne 1.000 F'; seeds/002 A FAILLITE 'Si le
    failli donne à son créancier une propriété hypothéquée, le nouveau propriétaire doit
    immédiatement verser à la Banque les 10%' and 'Si un joueur est incapable de payer ... la
    Banque confisquera toute sa fortune et fera une vente aux enchères'. Five players; P0 (no
    cash) draws the birthday: P2 and P4 pay, P1 and P3 cannot. P1 fails to P0 with the
    mortgaged dark blue pair: P0 pays 1.750 F on the Champs-Élysées and owes 2.000 F on Rue de
    la Paix; P3 fails with nothing; P0 cannot pay and fails to the bank: both deeds are
    auctioned free of mortgage among P2 and P4, then P2 plays."""
    s = game(5)
    cash(s, 0, 0)
    give(s, 1, 37, 39)
    s.mortgaged[37] = s.mortgaged[39] = True
    cash(s, 1, 0)
    cash(s, 3, 0)
    s.players[0].pos = 14
    card(s, CAISSE, "caisse_anniversaire")
    roll(s, 0, 1, 2)
    assert [(d.debtor, d.creditor) for d in s.debts] == [(1, 0), (3, 0)]
    apply(s, DeclareBankruptcy(1))
    assert s.owner[37] == s.owner[39] == 0 and s.players[0].cash == 2000 - 1750
    assert (s.debts[-1].debtor, s.debts[-1].creditor, s.debts[-1].amount) == (0, -1, 2000)
    apply(s, DeclareBankruptcy(3))
    apply(s, DeclareBankruptcy(0))
    assert s.phase == "auction" and s.auction.square == 37 and sorted(s.auction.bidders) == [2, 4]
    assert not s.mortgaged[37] and not s.mortgaged[39]
    apply(s, Bid(2, 30000))
    apply(s, CloseAuction())
    apply(s, Bid(4, 35000))
    apply(s, CloseAuction())
    assert s.owner[37] == 2 and s.owner[39] == 4
    assert [p.bankrupt for p in s.players] == [True, True, False, True, False]
    assert s.phase == "roll" and s.current == 2
    check_invariants(s)
