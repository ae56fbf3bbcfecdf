"""Every card of both decks, drawn from a forced position (amounts from monopoly_fr.md §2)."""

import pytest
import yaml

from monopoly_cpc.rules import ChooseCard, Roll, apply, new_game
from monopoly_cpc.rules.board import ASSETS, JAIL_SQUARE
from monopoly_cpc.rules.cards import parse_cards

# card id: (expected square, cash change, in jail, kept, phase) -- own table from the reference.
CHANCE = {  # drawn on square 7
    "chance_paix": (39, 0, False, False, "buy"),
    "chance_depart": (0, 20000, False, False, "roll"),
    "chance_henri_martin": (24, 0, False, False, "buy"),
    "chance_villette": (11, 0, False, False, "buy"),
    "chance_gare_de_lyon": (15, 0, False, False, "buy"),
    "chance_reculez": (4, -20000, False, False, "roll"),
    "chance_prison": (JAIL_SQUARE, 0, True, False, "roll"),
    "chance_liberte": (7, 0, False, True, "roll"),
    "chance_reparations": (7, 0, False, False, "roll"),
    "chance_voirie": (7, 0, False, False, "roll"),
    "chance_vitesse": (7, -1500, False, False, "roll"),
    "chance_scolarite": (7, -15000, False, False, "roll"),
    "chance_ivresse": (7, -2000, False, False, "roll"),
    "chance_dividende": (7, 5000, False, False, "roll"),
    "chance_immeuble": (7, 15000, False, False, "roll"),
    "chance_mots_croises": (7, 10000, False, False, "roll"),
}
COMMUNITY = {  # drawn on square 17
    "caisse_depart": (0, 20000, False, False, "roll"),
    "caisse_belleville": (1, 0, False, False, "buy"),
    "caisse_prison": (JAIL_SQUARE, 0, True, False, "roll"),
    "caisse_liberte": (17, 0, False, True, "roll"),
    "caisse_erreur": (17, 20000, False, False, "roll"),
    "caisse_medecin": (17, -5000, False, False, "roll"),
    "caisse_hopital": (17, -10000, False, False, "roll"),
    "caisse_assurance": (17, -5000, False, False, "roll"),
    "caisse_stock": (17, 5000, False, False, "roll"),
    "caisse_interet": (17, 2500, False, False, "roll"),
    "caisse_contributions": (17, 2000, False, False, "roll"),
    "caisse_revenu": (17, 10000, False, False, "roll"),
    "caisse_heritage": (17, 10000, False, False, "roll"),
    "caisse_beaute": (17, 1000, False, False, "roll"),
    "caisse_anniversaire": (17, 1000, False, False, "roll"),
    "caisse_amende": (17, 0, False, False, "card_choice"),
}


def _draw(card_id, deck, start):
    s = new_game(["A", "B"], seed=5, first_player=0)
    s.players[0].pos = start
    s.forced_dice.append((1, 2))
    s.forced_cards[deck].append(s.cards.by_id[card_id])
    apply(s, Roll(0))
    return s


def test_tables_cover_every_card():
    """The test tables name all 32 cards of monopoly_fr.md §2."""
    from monopoly_cpc.rules.cards import default_cards
    ids = {c.id for c in default_cards().all}
    assert ids == set(CHANCE) | set(COMMUNITY)


@pytest.mark.parametrize("card_id", sorted(CHANCE) + sorted(COMMUNITY))
def test_every_card(card_id):
    """source: monopoly_fr.md §2 tables 'Chance (16)' and 'Caisse de Communauté (16)'."""
    chance = card_id in CHANCE
    pos, delta, jailed, kept, phase = (CHANCE if chance else COMMUNITY)[card_id]
    s = _draw(card_id, 0 if chance else 1, 4 if chance else 14)
    p = s.players[0]
    assert p.pos == pos
    assert p.cash - 150000 == delta
    assert p.in_jail == jailed
    assert bool(p.jail_cards) == kept
    assert s.phase == phase
    idx = s.cards.by_id[card_id]
    deck = s.decks[0 if chance else 1]
    # seeds/002: put back underneath; the jail card is kept out of the deck.
    if kept:
        assert idx not in deck and len(deck) == 15
    else:
        assert deck[-1] == idx and len(deck) == 16


def test_fine_or_chance_choice_pays():
    """source: monopoly_fr.md Caisse 16 'Payez une amende de 1.000 F ou bien tirez une carte Chance'."""
    s = _draw("caisse_amende", 1, 14)
    apply(s, ChooseCard(0, False))
    assert s.players[0].cash == 149000


def test_card_move_to_a_utility_rolls_the_dice_again(tmp_path):
    """A card move to a utility: the dice are rolled again for the rent (seeds/003 'Si vous êtes
    envoyé sur cette case à cause d'une carte ..., vous devez relancer les dés'); the French deck
    has no such card, so a test deck adds one."""
    raw = yaml.safe_load((ASSETS / "cards.yaml").read_text(encoding="utf-8"))
    raw["chance"][0] = {"id": "to_water", "effect": "move_to", "target": 28, "fr": "Eaux",
                        "en": "Water"}
    cards = parse_cards(raw, tmp_path / "cards.yaml")
    s = new_game(["A", "B"], seed=5, first_player=0, cards=cards)
    s.owner[28] = 1
    s.players[0].pos = 4
    s.forced_dice += [(1, 2), (6, 5)]
    s.forced_cards[0].append(cards.by_id["to_water"])
    ev = apply(s, Roll(0))
    assert [e for e in ev if e.kind == "dice"][-1].text == "utility"
    assert s.claim is not None and s.claim.amount == 400 * 11
