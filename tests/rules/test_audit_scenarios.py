"""Rules audit of 28 Nov 2026: scenarios written from the four source documents and the
reference (shared/seeds/000, 002, 003, 004; shared/reference/monopoly_fr.md), each test naming
its passage. The one discrepancy it found (a debtor spending the cash he owes) is fixed in the
engine (``deals._debtor_keeps_cash``, refusal ``debtor_pays_first``)."""

import re
from pathlib import Path

import pytest

from monopoly_cpc.rules import (
    Bid,
    Borrow,
    Build,
    ChooseCard,
    ClaimRent,
    CloseAuction,
    DeclareBankruptcy,
    Decline,
    IllegalAction,
    Lift,
    Mortgage,
    PayInKind,
    PayJailFine,
    ProposeTrade,
    AcceptTrade,
    Roll,
    SellBuilding,
    UseJailCard,
    Variant,
    apply,
    new_game,
)
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.queries import fortune, rent
from tests.rules.audit_kit import HOTEL, build, card, cash, give, roll
from tests.rules.audit_kit import game as kit_game


def game(n=2, variant=None, first=0):
    return kit_game(n, variant, first, seed=11)


CHANCE, CAISSE = 0, 1


def walk_to_card(s, start, deck, cid):
    """Player 0 from ``start`` rolls 1 + 2 onto a card square, the card ``cid`` on top."""
    s.players[0].pos = start
    card(s, deck, cid)
    return roll(s, 0, 1, 2)


# ---------------------------------------------------------------- data: board and reference

def _reference_board():
    text = Path(__file__).resolve().parents[3].joinpath("shared/reference/monopoly_fr.md")
    if not text.exists():
        text = Path("/work/shared/reference/monopoly_fr.md")
    rows = {}
    for m in re.finditer(r"\{pos: (\d+),.*?price: (\d+),\s+rents: \[([\d,]+)\],\s+house: (\d+),"
                         r"\s+mortgage: (\d+)\}", text.read_text()):
        rows[int(m[1])] = (int(m[2]), tuple(int(x) for x in m[3].split(",")), int(m[4]), int(m[5]))
    return rows


def test_every_street_price_rent_house_and_mortgage_match_the_reference():
    """monopoly_fr.md §1 'Each property row gives: price, rents [nu, 1 maison, 2, 3, 4, hôtel],
    house cost ..., mortgage = price/2' for all 22 streets."""
    ref = _reference_board()
    assert len(ref) == 22
    b = game().board
    for pos, (price, rents, house, mortgage) in ref.items():
        assert (b.prices[pos], tuple(b.rents[pos]), b.house_costs[pos], b.mortgages[pos]) == (
            price, rents, house, mortgage), pos
    for pos in (5, 15, 25, 35):
        assert (b.prices[pos], b.mortgages[pos]) == (20000, 10000)
    for pos in (12, 28):
        assert (b.prices[pos], b.mortgages[pos]) == (15000, 7500)


# ---------------------------------------------------------------- rents

def test_double_rent_on_the_bare_street_of_a_group_whose_other_street_is_built():
    """seeds/002 A AVANTAGES POUR LES PROPRIETAIRES 'le propriétaire perçoit un loyer double pour
    tout terrain non bâti de ce groupe (que les autres terrains du même groupe soient bâtis ou
    non)': Belleville bare 2 x 200 while Lecourbe has a house; landing pays 400 once claimed."""
    s = game()
    give(s, 1, 1, 3)
    build(s, 3, 1)
    s.players[0].pos = 39
    roll(s, 0, 1, 1)            # 39 -> 1, passes Départ (a double: rolls again)
    assert s.players[0].pos == 1 and s.players[0].cash == 150000 + 20000
    apply(s, ClaimRent(1))
    assert s.players[1].cash == 150000 + 400 and s.players[0].cash == 170000 - 400


def test_no_double_rent_when_a_street_of_the_group_is_mortgaged():
    """seeds/002 A 'si dans un groupe il se trouve une propriété hypothéquée, ce groupe est
    considéré Incomplet'; HYPOTHEQUES 'Pour les autres propriétés du même groupe, il ne peut plus
    toucher de loyers doubles.': Vaugirard pays 600, not 1.200, when Courcelles is mortgaged."""
    s = game()
    give(s, 1, 6, 8, 9)
    s.mortgaged[8] = True
    assert rent(s, 6, 7) == 600 and rent(s, 9, 7) == 800 and rent(s, 8, 7) == 0
    s.mortgaged[8] = False
    assert rent(s, 6, 7) == 1200 and rent(s, 9, 7) == 1600


def test_landing_on_a_mortgaged_street_owes_nothing_to_claim():
    """seeds/002 A 'Si cette case est hypothéquée, aucun loyer ne doit être payé.'"""
    s = game()
    give(s, 1, 39, 37)
    s.mortgaged[39] = True
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    assert s.players[0].pos == 39 and s.claim is None and s.phase == "roll" and s.current == 1
    with pytest.raises(IllegalAction):
        apply(s, ClaimRent(1))


def test_owner_in_jail_still_collects_the_rent():
    """seeds/002 A 'Pendant son séjour en prison, un joueur peut percevoir des loyers'."""
    s = game()
    give(s, 1, 39)
    s.players[1].pos, s.players[1].in_jail = 10, True
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    assert s.players[1].cash == 155000 and s.players[0].cash == 145000


def test_station_rent_counts_all_four_stations():
    """monopoly_fr.md stations_rent [2500, 5000, 10000, 20000]: landing on Gare du Nord when its
    owner has the four stations costs 20.000 F."""
    s = game()
    give(s, 1, 5, 15, 25, 35)
    s.players[0].pos = 20
    roll(s, 0, 2, 3)
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 130000 and s.players[1].cash == 170000


def test_utility_rent_by_the_dice_one_and_both():
    """monopoly_fr.md utilities_rent 400 F per point (one), 1.000 F per point (both): a roll of
    4 + 5 onto the Compagnie des eaux."""
    s = game()
    give(s, 1, 28)
    s.players[0].pos = 19
    roll(s, 0, 4, 5)
    apply(s, ClaimRent(1))
    assert s.players[1].cash == 150000 + 3600
    s2 = game()
    give(s2, 1, 28, 12)
    s2.players[0].pos = 19
    roll(s2, 0, 4, 5)
    apply(s2, ClaimRent(1))
    assert s2.players[1].cash == 150000 + 9000


def test_rent_with_three_houses_and_with_a_hotel():
    """seeds/002 A 'Si la case contient une ou plusieurs maisons, le loyer sera plus élevé';
    monopoly_fr.md Place Pigalle 3 maisons 60.000, Rue de la Paix hôtel 200.000."""
    s = game()
    give(s, 1, 16, 18, 19, 37, 39)
    build(s, 16, 3); build(s, 18, 3); build(s, 19, 3)
    build(s, 37, 4); build(s, 39, HOTEL)
    assert rent(s, 19, 7) == 60000 and rent(s, 39, 7) == 200000 and rent(s, 37, 7) == 130000


def test_rent_not_claimed_before_the_next_roll_is_lost():
    """seeds/002 A 'Si le propriétaire oublie de réclamer son loyer avant le jet des dés suivant,
    le loyer ne devient plus exigible'; C 'L Location'."""
    s = game()
    give(s, 1, 39)
    s.players[0].pos = 35
    s.players[1].pos = 0
    roll(s, 0, 1, 3)
    roll(s, 1, 2, 4)     # B rolls without claiming: 0 -> 6 (the bank's street: buy offer)
    with pytest.raises(IllegalAction):
        apply(s, ClaimRent(1))
    assert s.players[0].cash == 150000


# ---------------------------------------------------------------- doubles, Départ

def test_three_doubles_keep_the_salary_of_the_first_two():
    """seeds/002 A '(il garde, néanmoins, tous les biens ou salaires qu'il a pu acquérir en
    faisant un double les deux premières fois.)'; the third double sends him to jail at once,
    without moving: no salary for the third one even though it would pass Départ."""
    s = game()
    give(s, 1, 1, 3, 6, 8, 9, 37, 39, 11, 13, 14)
    s.players[0].pos = 35
    roll(s, 0, 2, 2)    # 35 -> 39 (rent claim)
    roll(s, 0, 2, 2)    # 39 -> 3 via Départ: +20.000
    assert s.players[0].cash == 170000 and s.players[0].pos == 3
    roll(s, 0, 5, 5)    # third double: to jail, not to 13
    p = s.players[0]
    assert p.in_jail and p.pos == 10 and p.cash == 170000
    assert s.current == 1 and s.phase == "roll"


def test_exact_stop_on_depart_and_a_pass_each_pay_20000():
    """seeds/002 A 'Chaque fois qu'un joueur s'arrête ou passe par la case Départ (que ce soit en
    jetant les dés ou en tirant une carte), le Banquier lui paye un salaire de Frs 20,000'."""
    s = game()
    s.players[0].pos = 34
    s.players[1].pos = 35
    give(s, 0, 6)
    roll(s, 0, 2, 4)        # 34 -> 0
    assert s.players[0].cash == 170000 and s.players[0].pos == 0
    roll(s, 1, 4, 2)        # 35 -> 1 (bank's Belleville: buy offer)
    assert s.players[1].cash == 170000 and s.players[1].pos == 1


def test_go_to_jail_square_no_salary_no_extra_roll_after_a_double():
    """seeds/002 A UN JOUEUR VA EN PRISON 1º; 'Où que son pion se trouve, il doit le mettre
    directement en prison.' A double onto 'Allez en prison' gives no other roll."""
    s = game()
    s.players[0].pos = 26
    roll(s, 0, 2, 2)
    p = s.players[0]
    assert p.in_jail and p.pos == 10 and p.cash == 150000 and s.current == 1


# ---------------------------------------------------------------- jail

def _jailed(s, p=0, turns=0):
    pl = s.players[p]
    pl.pos, pl.in_jail, pl.jail_turns = 10, True, turns
    s.phase = "jail"


def test_jail_three_failed_tries_then_fine_and_move():
    """seeds/002 A 'Tout de suite après avoir jeté les dés au 3e tour, il doit (s'il n'a pas fait
    un double) payer une amende de Frs 5,000 et avancer son pion du nombre de points obtenu par
    les dés.'"""
    s = game()
    give(s, 1, 16, 18, 19)   # orange: 10 + 9 = 19 Pigalle, double rent
    _jailed(s)
    s.players[1].pos = 20
    roll(s, 0, 1, 2)         # try 1
    assert s.players[0].in_jail and s.players[0].pos == 10
    roll(s, 1, 1, 2)         # B 20 -> 23 (bank: buy offer)
    apply(s, Decline(1)); apply(s, CloseAuction())
    assert s.phase == "jail" and s.current == 0
    roll(s, 0, 3, 1)         # try 2
    roll(s, 1, 1, 2)         # B 23 -> 26 (bank)
    apply(s, Decline(1)); apply(s, CloseAuction())
    roll(s, 0, 5, 4)         # try 3 failed: pay 5.000 and go to 19
    p = s.players[0]
    assert not p.in_jail and p.pos == 19 and p.cash == 145000
    apply(s, ClaimRent(1))
    assert p.cash == 145000 - 3200


def test_jail_double_leaves_and_moves_without_another_roll():
    """seeds/002 A UN JOUEUR SORT DE PRISON '1º En jetant un double à l'un de ses trois tours de
    jeu suivants. Dans ce cas, il déplace son pion du nombre de cases indiqué par les dés.'"""
    s = game()
    give(s, 1, 14)
    _jailed(s, turns=1)
    roll(s, 0, 2, 2)
    p = s.players[0]
    assert not p.in_jail and p.pos == 14 and p.cash == 150000 and s.current == 1


def test_jail_pay_fine_then_roll_the_same_turn():
    """seeds/002 A UN JOUEUR SORT DE PRISON '3º En payant une amende de Frs 5,000.'"""
    s = game()
    give(s, 1, 16)
    _jailed(s)
    apply(s, PayJailFine(0))
    assert s.players[0].cash == 145000 and not s.players[0].in_jail and s.phase == "roll"
    roll(s, 0, 2, 4)
    assert s.players[0].pos == 16


def test_jail_card_used_goes_back_under_its_deck():
    """seeds/002 A 'La carte Sortez de Prison est toutefois conservée jusqu'à ce qu'elle devienne
    nécessaire. Après usage, elle doit être retournée au paquet.'"""
    s = game()
    idx = s.cards.by_id["caisse_liberte"]
    s.decks[CAISSE].remove(idx)
    s.players[0].jail_cards.append(idx)
    give(s, 1, 16)
    _jailed(s)
    apply(s, UseJailCard(0))
    assert s.players[0].jail_cards == [] and s.decks[CAISSE][-1] == idx
    assert len(s.decks[CAISSE]) == 16 and s.players[0].cash == 150000


def test_sent_to_jail_waits_for_the_next_turn_even_with_the_card():
    """seeds/002 A 'Lorsqu'un joueur est envoyé en prison, il doit obligatoirement attendre son
    prochain tour de jouer, avant d'user des moyens pour en sortir (même s'il possède la carte
    "Sortez de Prison").'"""
    s = game()
    idx = s.cards.by_id["chance_liberte"]
    s.decks[CHANCE].remove(idx)
    s.players[0].jail_cards.append(idx)
    s.players[0].pos = 25
    roll(s, 0, 2, 3)         # -> Allez en prison
    assert s.players[0].in_jail and s.current == 1
    with pytest.raises(IllegalAction):
        apply(s, UseJailCard(0))
    with pytest.raises(IllegalAction):
        apply(s, PayJailFine(0))


def test_simple_visit_is_no_penalty():
    """seeds/002 A 'son séjour en prison est considéré comme "Simple Visite". Il n'encourt aucune
    pénalité et continue son jeu normalement au tour suivant.'"""
    s = game()
    s.players[0].pos = 5
    give(s, 1, 5)
    roll(s, 0, 2, 3)
    assert s.players[0].pos == 10 and not s.players[0].in_jail and s.players[0].cash == 150000
    roll(s, 1, 1, 2)
    apply(s, Decline(1)); apply(s, CloseAuction())
    assert s.phase == "roll" and s.current == 0


# ---------------------------------------------------------------- cards

def test_card_back_three_from_chance_7_pays_income_tax():
    """monopoly_fr.md Chance 6 'Reculez de trois cases ... 7->4 Impôts'; seeds/002 A 'Si vous
    arrivez sur les cases Impôts : Payez le montant indiqué à la Banque.' (20.000 F)"""
    s = game()
    walk_to_card(s, 4, CHANCE, "chance_reculez")
    assert s.players[0].pos == 4 and s.players[0].cash == 130000


def test_repairs_per_house_and_per_hotel():
    """monopoly_fr.md Chance 9 '2.500 F/maison, 10.000 F/hôtel', Chance 10 '4.000 F/maison,
    11.500 F/hôtel': 5 houses and 2 hotels."""
    for cid, want in (("chance_reparations", 5 * 2500 + 2 * 10000),
                      ("chance_voirie", 5 * 4000 + 2 * 11500)):
        s = game()
        give(s, 0, 6, 8, 9, 37, 39)
        build(s, 6, 2); build(s, 8, 2); build(s, 9, 1); build(s, 37, HOTEL); build(s, 39, HOTEL)
        s.players[0].pos = 4
        card(s, CHANCE, cid)
        roll(s, 0, 1, 2)
        assert s.players[0].cash == 150000 - want, cid


def test_birthday_from_each_other_player():
    """monopoly_fr.md Caisse 15 'C'est votre jour anniversaire: chaque joueur vous donne
    1.000 F' (four players: +3.000 F)."""
    s = game(4)
    walk_to_card(s, 14, CAISSE, "caisse_anniversaire")
    assert [p.cash for p in s.players] == [153000, 149000, 149000, 149000]


def test_card_villette_passing_depart_from_36():
    """monopoly_fr.md Chance 4 'Avancez au Boulevard de la Villette (salary if passing)'."""
    s = game()
    give(s, 1, 11)
    walk_to_card(s, 33, CHANCE, "chance_villette")
    assert s.players[0].pos == 11 and s.players[0].cash == 170000
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 169000


def test_card_rue_de_la_paix_from_36_no_salary():
    """monopoly_fr.md Chance 1 'Rendez-vous à la Rue de la Paix - move_to 39 (never passes
    Départ from 7/22/36)'."""
    s = game()
    walk_to_card(s, 33, CHANCE, "chance_paix")
    assert s.players[0].pos == 39 and s.players[0].cash == 150000 and s.phase == "buy"


def test_card_go_to_jail_from_chance_36_no_salary():
    """seeds/002 A 'il ne peut plus recevoir le salaire de Frs 20,000 pendant ce coup, même s'il
    doit passer par la case Départ pour s'y rendre'."""
    s = game()
    walk_to_card(s, 33, CHANCE, "chance_prison")
    assert s.players[0].in_jail and s.players[0].cash == 150000


def test_caisse_depart_from_33_pays_the_salary_once():
    """monopoly_fr.md Caisse 1 'Placez-vous sur la case Départ - move_to 0, +20.000'."""
    s = game()
    s.players[0].pos = 31
    give(s, 1, 31)
    card(s, CAISSE, "caisse_depart")
    roll(s, 0, 1, 1)     # 31 -> 33 (a double)
    assert s.players[0].pos == 0 and s.players[0].cash == 170000


# ---------------------------------------------------------------- building

def _green(s, who=0):
    give(s, who, 31, 32, 34)


def test_build_evenly():
    """seeds/002 A LES MAISONS 'il ne peut construire plus d'une maison sur chaque terrain du
    même groupe jusqu'à ce qu'il y en ait une sur chaque terrain de ce groupe'."""
    s = game()
    _green(s)
    apply(s, Build(0, 31))
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 31))
    apply(s, Build(0, 32)); apply(s, Build(0, 34)); apply(s, Build(0, 31))
    assert s.players[0].cash == 150000 - 4 * 20000
    assert s.bank_houses == 28


def test_hotel_needs_four_houses_everywhere_and_returns_them():
    """seeds/002 A LES HOTELS 'On doit avoir quatre maisons sur chaque terrain d'un groupe de
    couleur complet avant de pouvoir acheter un hôtel ... en rendant à la Banque les quatre
    maisons ... et en payant en plus le prix de l'hôtel'."""
    s = game()
    give(s, 0, 37, 39)
    build(s, 37, 4); build(s, 39, 3)
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 37))
    apply(s, Build(0, 39))
    assert s.houses[39] == 4 and s.bank_houses == 32 - 8
    apply(s, Build(0, 37))
    assert s.houses[37] == HOTEL and s.bank_houses == 32 - 4 and s.bank_hotels == 11
    assert s.players[0].cash == 150000 - 2 * 20000
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 37))   # "Un seul hôtel peut être construit sur chaque terrain."


def test_no_building_on_a_group_with_a_mortgaged_street_nor_on_an_incomplete_group():
    """seeds/002 A 'On ne peut construire que sur les terrains dont on possède le groupe de
    couleur complet'; seeds/003 'Aucune maison ne peut être construite sur une propriété si une
    des propriétés du groupe est hypothéquée.'"""
    s = game()
    give(s, 0, 31, 32)
    give(s, 1, 34)
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 31))
    give(s, 0, 34)
    s.mortgaged[34] = True
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 31))


def test_no_house_left_the_builder_must_wait():
    """seeds/002 A MANQUE DE CONSTRUCTIONS 'Quand la Banque n'a plus de maisons à vendre, les
    joueurs désirant construire doivent attendre'."""
    s = game()
    _green(s)
    s.bank_houses = 0
    with pytest.raises(IllegalAction):
        apply(s, Build(0, 31))


def test_house_shortage_two_builders_one_house_is_auctioned():
    """seeds/002 A MANQUE DE CONSTRUCTIONS 'si deux ou plusieurs joueurs veulent acheter plus de
    maisons que la Banque n'en possède, elle doit vendre les hôtels et les maisons aux
    enchères'; C ENCHERES."""
    s = game()
    _green(s, 0)
    give(s, 1, 37, 39)
    s.bank_houses = 1
    apply(s, Build(0, 31))
    assert s.phase == "auction" and s.auction.kind == "house"
    assert sorted(s.auction.bidders) == [0, 1]


def test_sell_houses_half_price_evenly():
    """seeds/002 A 'Les maisons et les hôtels ne sont rachetés par la Banque, qu'à moitié prix';
    'il doit également dégarnir tout le groupe de couleur uniformément'."""
    s = game()
    _green(s)
    build(s, 31, 2); build(s, 32, 2); build(s, 34, 1)
    with pytest.raises(IllegalAction):
        apply(s, SellBuilding(0, 34))
    apply(s, SellBuilding(0, 31))
    assert s.players[0].cash == 160000 and s.houses[31] == 1


def test_sell_hotel_half_hotel_plus_half_four_houses():
    """seeds/002 A VENTE DE PROPRIETES 'Pour les hôtels, la Banque payera comptant 1/2 du prix de
    l'hôtel et 1/2 du prix des quatre maisons rendues lors de l'acquisition de l'hôtel.'"""
    s = game()
    give(s, 0, 37, 39)
    build(s, 37, 4); build(s, 39, HOTEL)
    apply(s, SellBuilding(0, 39))
    # seeds/002 'ce qui lui arrive obligatoirement aussitôt qu'il doit vendre un hôtel': the
    # whole group: hotel 50.000 + 4 houses 40.000
    assert s.players[0].cash == 150000 + 50000 + 40000
    assert s.houses[37] == 0 and s.houses[39] == 0


# ---------------------------------------------------------------- mortgages

def test_mortgage_half_price_and_lift_ten_percent():
    """seeds/002 A HYPOTHEQUES 'Boulevard de Belleville ... Frs 3,000. Pour lever l'hypothèque ...
    3,000 + 300 = Frs 3,300.'; the same for a station (10.000 -> 11.000) and a utility
    (7.500 -> 8.250)."""
    s = game()
    give(s, 0, 1, 5, 12)
    for sq, m, lift in ((1, 3000, 3300), (5, 10000, 11000), (12, 7500, 8250)):
        before = s.players[0].cash
        apply(s, Mortgage(0, sq))
        assert s.players[0].cash == before + m
        apply(s, Lift(0, sq))
        assert s.players[0].cash == before + m - lift


def test_mortgage_refused_while_the_group_has_buildings():
    """seeds/002 A HYPOTHEQUES 'il doit d'abord vendre à la Banque toutes les constructions se
    trouvant sur tout le groupe'."""
    s = game()
    _green(s)
    build(s, 34, 1)
    with pytest.raises(IllegalAction):
        apply(s, Mortgage(0, 31))


# ---------------------------------------------------------------- auctions

def test_declined_property_auctioned_decliner_included_highest_wins():
    """seeds/002 A 'Si le joueur décline l'offre d'achat, le Banquier doit immédiatement la mettre
    aux enchères et doit la vendre au plus offrant. Tous les joueurs, celui qui déclina l'achat
    aussi bien que les autres, prennent part aux enchères'."""
    s = game(3)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, Decline(0))
    assert s.phase == "auction" and sorted(s.auction.bidders) == [0, 1, 2]
    apply(s, Bid(1, 20000)); apply(s, Bid(0, 25000)); apply(s, Bid(2, 30000))
    apply(s, CloseAuction())
    assert s.owner[39] == 2 and s.players[2].cash == 120000 and s.current == 1


def test_a_bid_above_the_bidders_assets_is_void():
    """seeds/002 C ENCHERES 'Si un joueur enchéri pour un montant supérieur à son actif, l'enchère
    est nulle.'"""
    s = game()
    cash(s, 1, 1000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, Decline(0))
    with pytest.raises(IllegalAction):
        apply(s, Bid(1, 1100))
    apply(s, Bid(1, 1000))


# ---------------------------------------------------------------- trades

def test_no_trade_of_a_street_whose_group_is_built():
    """seeds/002 A VENTE DE PROPRIETES 'Aucun terrain ne peut être vendu ou échangé s'il y a une
    construction sur un terrain de même couleur.'"""
    s = game()
    _green(s)
    build(s, 34, 1)
    with pytest.raises(IllegalAction):
        apply(s, ProposeTrade(0, 1, give=(31,), cash=-10000))


# ---------------------------------------------------------------- bankruptcy

def test_bankrupt_to_a_player_buildings_half_price_deeds_and_cash_to_creditor():
    """seeds/002 A FAILLITE 'S'il possède des maisons ou hôtels, ceux-ci sont retournés à la
    Banque contre la moitié de leur prix d'achat et cet argent est versé aux créanciers. Si le
    failli donne à son créancier une propriété hypothéquée, le nouveau propriétaire doit
    immédiatement verser à la Banque les 10% d'intérêt sur le prêt.'"""
    s = game()
    give(s, 1, 37, 39)
    build(s, 37, 4); build(s, 39, HOTEL)
    # A: Belleville + Lecourbe with 1 house each, Gare Montparnasse mortgaged, 1.000 F cash.
    give(s, 0, 1, 3, 5)
    build(s, 1, 1); build(s, 3, 1)
    s.mortgaged[5] = True
    cash(s, 0, 1000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    assert s.phase == "debt"
    apply(s, DeclareBankruptcy(0))
    a, b = s.players
    assert a.bankrupt
    assert s.owner[1] == s.owner[3] == s.owner[5] == 1 and s.mortgaged[5]
    assert s.houses[1] == s.houses[3] == 0 and s.bank_houses == 32 - 4
    # B gets 1.000 cash + 2 x 2.500 for the houses, pays 1.000 interest on Montparnasse.
    assert b.cash == 150000 + 1000 + 5000 - 1000
    check_invariants(s)


def test_bankrupt_to_the_bank_buildings_back_deeds_auctioned_one_by_one():
    """seeds/002 A FAILLITE 'Si un joueur est incapable de payer ses impôts ou ses amendes ... la
    Banque confisquera toute sa fortune et fera une vente aux enchères au plus offrant en
    vendant tout, sauf les constructions.' A owes the 15.000 F school fees with nothing but
    Belleville and Lecourbe, one house each (5.000 + 6.000 F could be raised): the houses go
    back to the bank's stock, the two deeds are auctioned one by one."""
    s = game(3)
    give(s, 0, 1, 3)
    build(s, 1, 1); build(s, 3, 1)
    cash(s, 0, 0)
    s.players[0].pos = 34
    card(s, CHANCE, "chance_scolarite")
    roll(s, 0, 1, 1)     # 36 Chance (a double: his turn would go on)
    assert s.phase == "debt"
    apply(s, DeclareBankruptcy(0))
    assert s.players[0].bankrupt and s.bank_houses == 32
    assert s.phase == "auction" and s.auction.square == 1
    apply(s, Bid(1, 3000)); apply(s, CloseAuction())
    assert s.phase == "auction" and s.auction.square == 3
    apply(s, Bid(2, 4000)); apply(s, CloseAuction())
    assert s.owner[1] == 1 and s.owner[3] == 2 and s.houses[1] == s.houses[3] == 0
    assert s.phase == "roll" and s.current == 1
    check_invariants(s)


def test_no_bankruptcy_while_the_buildings_and_mortgages_cover_the_debt():
    """seeds/002 A FAILLITE 'celui qui doit plus qu'il ne peut payer': 15.000 F owed with no cash
    but 2 houses (20.000 F back) and two deeds (37.500 F lent): not bankrupt."""
    s = game(3)
    give(s, 0, 37, 39)
    build(s, 37, 1); build(s, 39, 1)
    cash(s, 0, 0)
    s.players[0].pos = 34
    card(s, CHANCE, "chance_scolarite")
    roll(s, 0, 1, 1)
    assert s.phase == "debt"
    with pytest.raises(IllegalAction):
        apply(s, DeclareBankruptcy(0))


def test_bankrupt_to_the_bank_when_nothing_covers_the_tax():
    """seeds/002 A FAILLITE (to the bank): every deed auctioned, cards back under their decks."""
    s = game(3)
    give(s, 0, 1)
    s.mortgaged[1] = True
    idx = s.cards.by_id["chance_liberte"]
    s.decks[CHANCE].remove(idx)
    s.players[0].jail_cards.append(idx)
    cash(s, 0, 5000)
    s.players[0].pos = 36
    roll(s, 0, 1, 1)     # 38 luxury tax 10.000
    assert s.phase == "debt"
    apply(s, DeclareBankruptcy(0))
    assert s.players[0].bankrupt and s.phase == "auction" and s.auction.square == 1
    assert s.decks[CHANCE][-1] == idx
    apply(s, Bid(2, 500)); apply(s, CloseAuction())
    assert s.owner[1] == 2
    check_invariants(s)


# ---------------------------------------------------------------- fortune, variants

def test_fortune_counts_cash_prices_half_mortgaged_houses_hotels_as_five():
    """seeds/002 A NOUVELLE MANIERE RAPIDE 'Chaque joueur évalue sa propriété 1º Argent liquide
    2º Prix des propriétés 3º La moitié du prix imprimé ... hypothéquée 4º Le prix des maisons
    5º Les hôtels qui ont une valeur de 5 maisons chacun'."""
    s = game()
    give(s, 0, 37, 39, 5)
    build(s, 37, 2); build(s, 39, HOTEL)
    s.mortgaged[5] = True
    assert fortune(s, 0) == 150000 + 35000 + 40000 + 10000 + 2 * 20000 + 5 * 20000


def test_fast_variant_hotel_after_three_houses_returns_three():
    """seeds/003 RÈGLE POUR UNE PARTIE PLUS RAPIDE '2. ... vous ne devez construire que trois
    maisons, au lieu de quatre, sur chaque terrain avant de pouvoir acheter un hôtel.'"""
    s = game(variant=Variant.fast())
    for sq in range(40):
        s.owner[sq] = -1
    give(s, 0, 37, 39)
    build(s, 37, 3); build(s, 39, 3)
    cash(s, 0, 150000)
    apply(s, Build(0, 39))
    assert s.houses[39] == HOTEL and s.bank_houses == 32 - 3
    assert rent(s, 39, 7) == 200000


def test_fast_variant_game_ends_at_the_second_bankruptcy_richest_wins():
    """seeds/003 '3. FIN DE LA PARTIE. Le premier joueur ayant fait faillite se retire du jeu et
    la partie se termine quand un deuxième joueur fait faillite.'"""
    s = game(4, variant=Variant(houses_before_hotel=3, end_at_bankruptcies=2))
    for i in (0, 1):
        cash(s, i, 0)
    s.players[0].pos = 36
    roll(s, 0, 1, 1)
    apply(s, DeclareBankruptcy(0))
    assert s.phase == "roll" and s.current == 1
    s.players[1].pos = 36
    roll(s, 1, 1, 1)
    apply(s, DeclareBankruptcy(1))
    assert s.phase == "game_over" and s.winner in (2, 3)


def test_monopolic_loan_limit_and_interest():
    """seeds/000 EMPRUNT 'Un joueur peut emprunter jusqu'à 50.000 Frs à tout moment, son
    remboursement sera égal à la somme empruntée, majorée de 10 % à chaque passage sur la case
    départ.'"""
    s = game(variant=Variant.monopolic())
    apply(s, Borrow(0, 30000))
    with pytest.raises(IllegalAction):
        apply(s, Borrow(0, 25000))
    apply(s, Borrow(0, 20000))
    assert s.players[0].cash == 200000 and s.players[0].loan == 50000
    s.players[0].pos = 38
    roll(s, 0, 1, 2)    # 38 -> 1 via Départ
    assert s.players[0].loan == 55000 and s.players[0].cash == 220000


def test_quick_game_two_deeds_paid():
    """seeds/002 A NOUVELLE MANIERE RAPIDE 'il donne deux cartes à chacun des joueurs. Les
    joueurs payent immédiatement, au prix de la Banque, les propriétés qui leur sont ainsi
    attribuées.'"""
    s = new_game(["A", "B", "C"], seed=4, variant=Variant.quick(0, 30), first_player=0)
    b = s.board
    for i, p in enumerate(s.players):
        mine = [x for x in b.properties if s.owner[x] == i]
        assert len(mine) == 2
        assert p.cash == 150000 - sum(b.prices[x] for x in mine)


# ---------------------------------------------------------------- more combinations

def test_bankrupt_to_a_player_hands_over_the_jail_cards():
    """seeds/003 Faillite 'ce joueur récupère votre argent, vos cartes de propriété, et vos
    cartes Vous êtes libéré de prison'; seeds/002 A FAILLITE 'toutes les valeurs qu'il possède'."""
    s = game()
    idx = s.cards.by_id["caisse_liberte"]
    s.decks[CAISSE].remove(idx)
    s.players[0].jail_cards.append(idx)
    give(s, 1, 39)
    cash(s, 0, 1000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, DeclareBankruptcy(0))
    assert s.players[1].jail_cards == [idx] and s.players[1].cash == 151000
    assert s.phase == "game_over" and s.winner == 1


def test_rent_paid_half_in_cash_half_in_properties():
    """seeds/002 A DIVERS 'Si un joueur doit plus de loyer qu'il ne peut payer en espèces, il
    peut payer moitié en espèces et moitié en propriétés.' Rue de la Paix with 2 houses: 60.000;
    30.000 in cash, Gare Montparnasse (20.000) and Avenue Mozart (18.000) for the rest."""
    s = game()
    give(s, 1, 37, 39)
    build(s, 37, 2); build(s, 39, 2)
    give(s, 0, 5, 16)
    cash(s, 0, 35000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, PayInKind(0, (5, 16)))
    assert s.owner[5] == s.owner[16] == 1 and s.players[0].cash == 5000
    assert s.players[1].cash == 180000


def test_jail_card_bought_in_jail_then_used():
    """seeds/002 A UN JOUEUR SORT DE PRISON '2º En achetant une carte "Sortez de Prison" à un
    autre joueur, à un prix convenu entre eux'."""
    s = game()
    idx = s.cards.by_id["chance_liberte"]
    s.decks[CHANCE].remove(idx)
    s.players[1].jail_cards.append(idx)
    _jailed(s)
    apply(s, ProposeTrade(0, 1, cash=3000, take_cards=(idx,)))
    apply(s, AcceptTrade(1))
    apply(s, UseJailCard(0))
    assert not s.players[0].in_jail and s.players[0].cash == 147000 and s.decks[CHANCE][-1] == idx


def test_card_gare_de_lyon_from_36_salary_and_two_stations_rent():
    """monopoly_fr.md Chance 5 'Allez à la Gare de Lyon (salary if passing)'; stations_rent
    5.000 F for 2 stations (the French deck has no 'nearest station' double rent)."""
    s = game()
    give(s, 1, 15, 35)
    walk_to_card(s, 33, CHANCE, "chance_gare_de_lyon")
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 150000 + 20000 - 5000


def test_card_belleville_back_complete_group_double_rent():
    """monopoly_fr.md Caisse 2 'Retournez à Belleville - move back to 1, no salary'; seeds/002 A
    '(que ce soit en jetant les dés ou en tirant une carte), le propriétaire reçoit un loyer'
    (double: the group is complete)."""
    s = game()
    give(s, 1, 1, 3)
    walk_to_card(s, 14, CAISSE, "caisse_belleville")
    assert s.players[0].pos == 1
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 149600


def test_card_back_three_from_22_to_pigalle_with_three_houses():
    """monopoly_fr.md Chance 6 '22->19 Pigalle'; Place Pigalle 3 maisons 60.000."""
    s = game()
    give(s, 1, 16, 18, 19)
    build(s, 16, 3); build(s, 18, 3); build(s, 19, 3)
    walk_to_card(s, 19, CHANCE, "chance_reculez")
    assert s.players[0].pos == 19
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 90000


def test_fine_or_chance_both_ways():
    """monopoly_fr.md Caisse 16 'Payez une amende de 1.000 F ou bien tirez une carte Chance'."""
    s = game()
    walk_to_card(s, 14, CAISSE, "caisse_amende")
    assert s.phase == "card_choice"
    apply(s, ChooseCard(0, False))
    assert s.players[0].cash == 149000 and s.current == 1
    s = game()
    s.players[0].pos = 14
    card(s, CAISSE, "caisse_amende")
    card(s, CHANCE, "chance_dividende")
    roll(s, 0, 1, 2)
    apply(s, ChooseCard(0, True))
    assert s.players[0].cash == 155000 and s.current == 1


def test_hotel_shortage_one_hotel_two_ready_players_auctioned():
    """seeds/002 A MANQUE DE CONSTRUCTIONS 'elle doit vendre les hôtels et les maisons aux
    enchères, au plus offrant'."""
    s = game()
    give(s, 0, 37, 39)
    give(s, 1, 1, 3)
    build(s, 37, 4); build(s, 39, 4); build(s, 1, 4); build(s, 3, 4)
    s.bank_hotels = 1
    apply(s, Build(1, 1))
    assert s.phase == "auction" and s.auction.kind == "hotel" and sorted(s.auction.bidders) == [0, 1]


def test_fast_variant_hotel_sells_for_half_plus_half_of_three_houses_and_counts_four():
    """seeds/003 RÈGLE POUR UNE PARTIE PLUS RAPIDE 'Si l'on désire revendre un hôtel, sa valeur
    est réduite de moitié par rapport au prix d'achat, plus la moitié de la valeur de chacune des
    trois maisons'; '5. ses hôtels estimés au prix d'achat, qui comprend la valeur des 3 maisons
    données en échange'."""
    s = game(variant=Variant(houses_before_hotel=3, end_at_bankruptcies=2))
    give(s, 0, 37, 39)
    build(s, 37, HOTEL); build(s, 39, HOTEL)
    assert fortune(s, 0) == 150000 + 75000 + 2 * 4 * 20000
    apply(s, SellBuilding(0, 39))
    assert s.players[0].cash == 150000 + 2 * (10000 + 3 * 10000)


def test_monopolic_loan_repaid_with_interest_at_the_third_pass():
    """seeds/000 EMPRUNT 'majorée de 10 % à chaque passage sur la case départ. L'emprunt est
    systématiquement prélevé au 3e passage sur la case départ.' 10.000 F: 11.000, 12.000,
    13.000 F taken (10 % of the sum borrowed each time, docs/rules.md)."""
    s = game(variant=Variant.monopolic())
    apply(s, Borrow(0, 10000))
    give(s, 1, 1)
    for _ in range(3):
        s.players[0].pos = 38
        s.players[1].pos = 5
        roll(s, 0, 1, 2)          # 38 -> 1 (the other's street: a claim, not claimed)
        roll(s, 1, 2, 3)          # B 5 -> 10
    assert s.players[0].loan == 0
    assert s.players[0].cash == 160000 + 3 * 20000 - 13000


def test_fortune_deducts_the_monopolic_loan():
    """seeds/000 EMPRUNT (a loan owed) with seeds/002 A 'le joueur le plus riche est le
    gagnant': the fortune of a borrower is his assets less what he owes (docs/rules.md)."""
    s = game(variant=Variant.monopolic())
    apply(s, Borrow(0, 20000))
    assert fortune(s, 0) == 150000


def test_who_starts_highest_total_then_order_of_entry_ties_roll_again():
    """seeds/002 C QUI COMMENCE LE PREMIER? 'Le joueur avec le total le plus élevé commence. (Si
    il y a 2 joueurs dans ce cas ils recommencent entre eux). Le jeu se déroulera ensuite dans
    l'ordre dans lequel les noms ont été entrés'."""
    s = new_game(["A", "B", "C"], seed=3)
    s.forced_dice += [(3, 4), (6, 6), (6, 6), (2, 1), (5, 6)]
    apply(s, Roll(0)); apply(s, Roll(1)); apply(s, Roll(2))
    assert s.phase == "start_roll" and s.start_rollers == [1, 2]
    apply(s, Roll(1)); apply(s, Roll(2))
    assert s.phase == "roll" and s.current == 2
    s.forced_dice += [(1, 2)]
    apply(s, Roll(2))
    if s.phase == "buy":
        apply(s, Decline(2)); apply(s, CloseAuction())
    assert s.current == 0


def test_creditor_of_a_bankrupt_lifts_at_once_for_the_principal():
    """seeds/002 A FAILLITE 'le nouveau propriétaire doit immédiatement verser à la Banque les 10%
    d'intérêt sur le prêt. Il peut en même temps payer le principal pour libérer l'hypothèque':
    Gare Montparnasse 1.000 F then 10.000 F."""
    s = game(3)
    give(s, 0, 5)
    s.mortgaged[5] = True
    give(s, 1, 39)
    cash(s, 0, 1000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    apply(s, DeclareBankruptcy(0))
    assert s.players[1].cash == 150000 + 1000 - 1000
    apply(s, Lift(1, 5))
    assert s.players[1].cash == 150000 - 10000 and not s.mortgaged[5]


def test_tax_cannot_be_paid_in_kind():
    """seeds/002 A DIVERS 'Si un joueur doit plus de loyer ...' (rent only): a tax is not paid
    half in properties."""
    s = game()
    give(s, 0, 16)
    cash(s, 0, 15000)
    s.players[0].pos = 1
    roll(s, 0, 1, 2)
    assert s.phase == "debt"
    with pytest.raises(IllegalAction):
        apply(s, PayInKind(0, (16,)))


def test_cannot_declare_bankruptcy_while_mortgages_would_cover():
    """seeds/002 A FAILLITE 'Le joueur qui fait faillite, c'est-à-dire celui qui doit plus qu'il
    ne peut payer'."""
    s = game()
    give(s, 0, 39)
    cash(s, 0, 0)
    s.players[0].pos = 1
    roll(s, 0, 1, 2)       # 20.000 tax, Rue de la Paix lends 20.000
    with pytest.raises(IllegalAction):
        apply(s, DeclareBankruptcy(0))
    apply(s, Mortgage(0, 39))
    assert s.phase == "roll" and s.current == 1 and s.players[0].cash == 0


def test_third_jail_turn_double_leaves_without_fine():
    """seeds/002 A 'Tout de suite après avoir jeté les dés au 3e tour, il doit (s'il n'a pas fait
    un double) payer une amende'."""
    s = game()
    give(s, 1, 14)
    _jailed(s, turns=2)
    roll(s, 0, 2, 2)
    assert s.players[0].pos == 14 and s.players[0].cash == 150000 and not s.players[0].in_jail


def test_utility_rent_after_leaving_jail_with_a_double():
    """seeds/002 A SORT DE PRISON 1º (move by the dice); monopoly_fr.md utilities 400 F per point:
    1 + 1 onto the Compagnie d'électricité, 800 F."""
    s = game()
    give(s, 1, 12)
    _jailed(s)
    roll(s, 0, 1, 1)
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 149200


def test_trade_mortgaged_variant_interest_then_ten_percent_again():
    """seeds/002 A HYPOTHEQUES 'S'il ne lève pas l'hypothèque, il paye tout de même les 10% et si
    par la suite il lève l'hypothèque, il paye de nouveau les 10%, aussi bien que le principal.'"""
    s = game(variant=Variant(trade_mortgaged=True))
    give(s, 0, 5)
    s.mortgaged[5] = True
    apply(s, ProposeTrade(0, 1, give=(5,), cash=-5000))
    apply(s, AcceptTrade(1))
    assert s.players[1].cash == 150000 - 5000 - 1000
    s.players[1].pos = 20
    roll(s, 0, 1, 2)   # a roll of the dice ends "immédiatement"
    if s.phase == "buy":
        apply(s, Decline(0)); apply(s, CloseAuction())
    apply(s, Lift(1, 5))
    assert s.players[1].cash == 150000 - 5000 - 1000 - 11000


# ---------------------------------------------------------------- a debtor spending what he owes

def _debtor_with_a_group():
    """A owes B 20.000 F of rent (Rue de la Paix with one house) with 15.000 F in cash; A owns
    the dark purple group, bare, and Gare Montparnasse mortgaged; C owns Rue de Vaugirard."""
    s = game(3)
    give(s, 0, 1, 3, 5)
    s.mortgaged[5] = True
    give(s, 1, 37, 39)
    give(s, 2, 6)
    build(s, 37, 1); build(s, 39, 1)
    cash(s, 0, 15000)
    s.players[0].pos = 35
    roll(s, 0, 1, 3)
    apply(s, ClaimRent(1))
    assert s.phase == "debt" and s.debts[0].amount == 20000
    return s


_SPEND = {
    "house": lambda s: apply(s, Build(0, 1)),                                # 5.000 F
    "lift": lambda s: apply(s, Lift(0, 5)),                                  # 11.000 F
    "trade": lambda s: (apply(s, ProposeTrade(0, 2, take=(6,), cash=10000)),
                        apply(s, AcceptTrade(2))),                           # 10.000 F to C
}


@pytest.mark.parametrize("how", sorted(_SPEND))
def test_a_debtor_cannot_spend_the_owed_cash_elsewhere(how):
    """seeds/002 C L Location 'Si le joueur n'a pas assez d'argent, l'ordinateur engagera
    automatiquement une procédure de vente d'hypothèque'; A FAILLITE 'celui qui doit plus qu'il
    ne peut payer, doit donner à ses créanciers toutes les valeurs qu'il possède'. The debtor's 15.000 F are owed
    to B: spending them on a house, on lifting a mortgage or on a third player is refused."""
    s = _debtor_with_a_group()
    with pytest.raises(IllegalAction) as refused:
        _SPEND[how](s)
    assert refused.value.code == "debtor_pays_first"


def test_hotel_built_when_the_bank_has_no_house_left():
    """seeds/002 A LES HOTELS 'On peut alors acheter à la Banque un hôtel ... en rendant à la
    Banque les quatre maisons': a hotel needs no house from the bank, and gives 4 back."""
    s = game()
    give(s, 0, 37, 39)
    build(s, 37, 4); build(s, 39, 4)
    s.bank_houses = 0
    apply(s, Build(0, 39))
    assert s.houses[39] == HOTEL and s.bank_houses == 4 and s.players[0].cash == 130000


def test_hotel_breakdown_variant_four_houses_and_half_the_hotel():
    """seeds/003 Vente de propriétés 'échanger votre hôtel contre quatre maisons et recevoir la
    moitié de la valeur de l'hôtel en liquide' (variant hotel_breakdown)."""
    s = game(variant=Variant(hotel_breakdown=True))
    give(s, 0, 37, 39)
    build(s, 37, HOTEL); build(s, 39, HOTEL)
    apply(s, SellBuilding(0, 39))
    assert s.houses[39] == 4 and s.houses[37] == HOTEL and s.players[0].cash == 160000
    check_invariants(s)


def test_mortgaged_station_earns_nothing_others_still_count_it():
    """seeds/002 A 'Si cette case est hypothéquée, aucun loyer ne doit être payé'; docs/rules.md
    decision: a mortgaged station still counts for the owner's others (title deed 'si 2 gares
    sont possédées')."""
    s = game()
    give(s, 1, 5, 15, 25)
    s.mortgaged[25] = True
    s.players[0].pos = 20
    roll(s, 0, 2, 3)
    assert s.claim is None
    s.players[1].pos = 0
    roll(s, 1, 1, 2)
    if s.phase == "buy":
        apply(s, Decline(1)); apply(s, CloseAuction())
    s.players[0].pos = 10
    roll(s, 0, 2, 3)
    apply(s, ClaimRent(1))
    assert s.players[0].cash == 150000 - 10000


def test_parc_gratuit_pays_nothing_after_taxes_were_paid():
    """seeds/003 Parc gratuit 'vous pouvez vous reposer en attendant le prochain tour'; seeds/002 A
    LA BANQUE 'Vous devez payer à la Banque ... les taxes, les amendes' (no jackpot)."""
    s = game()
    s.players[1].pos = 36
    s.players[0].pos = 1
    roll(s, 0, 1, 2)                # A pays 20.000 income tax
    roll(s, 1, 1, 1)                # B: 38, luxury tax 10.000 (a double)
    roll(s, 1, 1, 2)                # B: 38 -> 1 via Départ (bank's Belleville)
    if s.phase == "buy":
        apply(s, Decline(1)); apply(s, CloseAuction())
    s.players[0].pos = 15
    roll(s, 0, 2, 3)                # A: 20, Parc Gratuit
    assert s.players[0].pos == 20 and s.players[0].cash == 130000


def test_a_debtor_still_raises_money_and_the_others_still_build():
    """The other side of ``debtor_pays_first``: the debtor sells a deed for cash (seeds/002 A
    "il peut ... vendre ses propriétés à d'autres joueurs"), and a player who owes nothing
    builds during another's debt as ever."""
    s = _debtor_with_a_group()
    give(s, 2, 8, 9)                                          # C: the light blue group
    apply(s, Build(2, 6))
    assert s.houses[6] == 1 and s.phase == "debt"
    apply(s, ProposeTrade(0, 2, give=(3,), cash=-8000))     # C pays A 8.000 F for Lecourbe
    apply(s, AcceptTrade(2))
    assert s.owner[3] == 2
