"""Rules checked in Python (the rest are scenario files): players, dice, rents, RNG, clock."""

import pytest

from monopoly_cpc.rules import (
    AdvanceClock,
    Build,
    Buy,
    EndGame,
    IllegalAction,
    Roll,
    Variant,
    apply,
    legal_actions,
    new_game,
)
from monopoly_cpc.rules.queries import fortune, rent
from monopoly_cpc.rules.serial import to_data

# monopoly_fr.md §1: rents [nu, 1-4 maisons, hôtel] of every street.
RENTS = {
    1: [200, 1000, 3000, 9000, 16000, 25000], 3: [400, 2000, 6000, 18000, 32000, 45000],
    6: [600, 3000, 9000, 27000, 40000, 55000], 8: [600, 3000, 9000, 27000, 40000, 55000],
    9: [800, 4000, 10000, 30000, 45000, 60000], 11: [1000, 5000, 15000, 45000, 62500, 75000],
    13: [1000, 5000, 15000, 45000, 62500, 75000], 14: [1200, 6000, 18000, 50000, 70000, 90000],
    16: [1400, 7000, 20000, 55000, 75000, 95000], 18: [1400, 7000, 20000, 55000, 75000, 95000],
    19: [1600, 8000, 22000, 60000, 80000, 100000], 21: [1800, 9000, 25000, 70000, 87500, 105000],
    23: [1800, 9000, 25000, 70000, 87500, 105000], 24: [2000, 10000, 30000, 75000, 92500, 110000],
    26: [2200, 11000, 33000, 80000, 97500, 115000], 27: [2200, 11000, 33000, 80000, 97500, 115000],
    29: [2400, 12000, 36000, 85000, 102500, 120000],
    31: [2600, 13000, 39000, 90000, 110000, 127500], 32: [2600, 13000, 39000, 90000, 110000, 127500],
    34: [2800, 15000, 45000, 100000, 120000, 140000],
    37: [3500, 17500, 50000, 110000, 130000, 150000], 39: [5000, 20000, 60000, 140000, 170000, 200000],
}


@pytest.mark.parametrize("square", sorted(RENTS))
def test_street_rents(square):
    """source: seeds/002 'le propriétaire reçoit un loyer, conformément aux prix indiqués sur la
    carte'; 'loyer double pour tout terrain non bâti' of a complete group."""
    s = new_game(["A", "B"], seed=1, first_player=0)
    s.owner[square] = 1
    assert rent(s, square, 7) == RENTS[square][0]
    for m in s.board.group_of(square):
        s.owner[m] = 1
    assert rent(s, square, 7) == 2 * RENTS[square][0]
    for h in range(1, 6):
        s.houses[square] = h
        assert rent(s, square, 7) == RENTS[square][h]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players_any_computer(n):
    """source: seeds/002 C '2 à 6 joueurs peuvent participer, et tous ou certains peuvent être
    simulés par l'ordinateur'."""
    s = new_game([f"P{i}" for i in range(n)], computer=[i % 2 == 0 for i in range(n)], seed=n)
    assert len(s.players) == n and s.phase == "start_roll"
    assert all(p.cash == 150000 for p in s.players)
    new_game([f"P{i}" for i in range(n)], computer=[True] * n)


def test_player_count_limits():
    """source: seeds/002 'REGLE DU JEU (De 2 à 6)'."""
    with pytest.raises(ValueError):
        new_game(["solo"])
    with pytest.raises(ValueError):
        new_game([f"P{i}" for i in range(7)])


def test_monopolic_one_to_four_humans():
    """source: seeds/000 MONOPOLIC 'Règle du jeu - de 1 à 4 joueurs'."""
    v = Variant.monopolic()
    new_game(["H1", "H2", "H3", "H4", "C1"], computer=[False] * 4 + [True], variant=v)
    new_game(["H1", "C1"], computer=[False, True], variant=v)
    with pytest.raises(ValueError, match="at most 4 human"):
        new_game([f"H{i}" for i in range(5)], variant=v)


def test_decks_shuffled_from_the_seed():
    """source: seeds/003 'Mélangez-les'; determinism: same seed, same decks."""
    a, b, c = (new_game(["A", "B"], seed=s) for s in (7, 7, 8))
    assert a.decks == b.decks and a.decks != c.decks
    assert sorted(a.decks[0]) == list(range(16))


def test_quick_game_deals_two_deeds_paid():
    """source: seeds/002 A 'il donne deux cartes à chacun des joueurs. Les joueurs payent
    immédiatement, au prix de la Banque'."""
    s = new_game(["A", "B", "C"], seed=3, variant=Variant.quick(0, 30))
    for i, p in enumerate(s.players):
        owned = s.owned_by(i)
        assert len(owned) == 2
        assert p.cash == 150000 - sum(s.board.prices[x] for x in owned)
    assert s.clock == 30 * 60 * 50


def test_clock_only_in_a_quick_game_and_ends_between_moves():
    """source: seeds/002 C JEU RAPIDE 'quand le temps imparti est écoulé, le programme calcule
    automatiquement les scores'."""
    s = new_game(["A", "B"], seed=3, first_player=0)
    with pytest.raises(IllegalAction):
        apply(s, AdvanceClock(10))
    q = new_game(["A", "B"], seed=3, first_player=0,
                 variant=Variant.from_data({"time_limit_ticks": 100}))
    ev = apply(q, AdvanceClock(100))
    assert q.phase == "game_over" and [e.kind for e in ev][:1] == ["time_up"]


def test_ticks_per_action_runs_the_clock():
    """source: issue 3 'a duration in hours and minutes counted in ticks'; headless games advance the
    clock by a fixed number of ticks per action."""
    v = Variant.from_data({"time_limit_ticks": 20, "ticks_per_action": 1})
    s = new_game(["A", "B"], seed=9, first_player=0, variant=v)
    n = 0
    while s.phase != "game_over":
        acts = legal_actions(s, s.current)
        apply(s, next((a for a in acts if isinstance(a, (Roll, Buy))), acts[-1]))
        n += 1
        assert n < 60
    assert s.time_up and s.winner >= 0


def test_end_game_only_at_the_end_of_a_move():
    """source: seeds/002 C 'Tapez simultanément sur les touches CTRL et C à la fin du
    déplacement d'un joueur'."""
    s = new_game(["A", "B"], seed=3, first_player=0)
    s.forced_dice.append((4, 5))
    apply(s, Roll(0))
    assert s.phase == "buy"
    before = to_data(s)
    with pytest.raises(IllegalAction):
        apply(s, EndGame())
    assert to_data(s) == before


def test_fortune_counts_hotels_as_five_houses_and_half_mortgaged():
    """source: seeds/002 A '3º La moitié du prix imprimé ... de toute propriété hypothéquée 4º Le
    prix des maisons 5º Les hôtels qui ont une valeur de 5 maisons chacun'."""
    s = new_game(["A", "B"], seed=3, first_player=0)
    s.owner[37] = s.owner[39] = 0
    s.houses[37] = 5
    s.houses[39] = 4
    s.owner[5] = 0
    s.mortgaged[5] = True
    assert fortune(s, 0) == 150000 + 35000 + 40000 + 5 * 20000 + 4 * 20000 + 10000


def test_illegal_action_leaves_the_state_unchanged():
    """apply() validates before mutating: a refused action changes nothing (no copy made)."""
    s = new_game(["A", "B", "C"], seed=11, first_player=0)
    s.owner[1] = 0
    before = to_data(s)
    for action in (Roll(1), Build(0, 1), Build(1, 39), Buy(0)):
        with pytest.raises(IllegalAction) as e:
            apply(s, action)
        assert e.value.reason
        assert to_data(s) == before


def test_build_starts_auction_agrees_with_the_engine():
    """seeds/002 MANQUE DE CONSTRUCTIONS: the query the screens use matches what Build does."""
    from monopoly_cpc.rules.queries import build_starts_auction, shortage_bidders

    s = new_game(["A", "B", "C"], seed=2, first_player=0)
    groups = {0: (6, 8, 9), 1: (16, 18, 19, 31, 32, 34), 2: (37, 39)}
    for player, squares in groups.items():
        for sq in squares:
            s.owner[sq] = player
    for sq in (16, 18, 19, 31, 32, 34, 37):
        s.houses[sq] = 4          # player 1 can only add hotels now
    s.houses[39] = 3              # player 2 can add one more house
    s.bank_houses = 32 - sum(s.houses)
    assert s.bank_houses == 1
    assert shortage_bidders(s, "house") == [0, 2]
    assert shortage_bidders(s, "hotel") == [1]
    assert build_starts_auction(s, 0, 6) is True
    assert build_starts_auction(s, 1, 16) is False
    ev = apply(s, Build(0, 6))
    assert s.phase == "auction" and ev[0].kind == "shortage"


def test_legal_actions_offer_paying_rent_in_kind():
    """source: seeds/002 DIVERS 'il peut payer moitié en espèces et moitié en propriétés'."""
    from monopoly_cpc.rules import ClaimRent, PayInKind

    s = new_game(["A", "B"], seed=2, first_player=0)
    s.owner[39] = s.owner[37] = 1
    s.houses[39] = s.houses[37] = 2
    s.bank_houses -= 4
    for sq in (21, 23, 24):
        s.owner[sq] = 0
    s.players[0].pos = 30
    s.players[0].cash = 40000
    s.bank_cash = -(40000 - 150000)
    s.forced_dice.append((4, 5))
    apply(s, Roll(0))
    apply(s, ClaimRent(1))
    offers = [a for a in legal_actions(s, 0) if isinstance(a, PayInKind)]
    assert offers == [PayInKind(0, (21, 23))]
    apply(s, offers[0])
    assert s.owner[21] == s.owner[23] == 1 and s.players[0].cash == 10000
