"""The fortune in its parts, the ranking and the places: what the end screen shows is the
rules' score (rules.queries), the one the quick game and CTRL+C rank by."""

from monopoly_cpc.rules import EndGame, apply, new_game
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.queries import (
    Fortune,
    fortune,
    fortune_parts,
    places,
    ranking,
    tied_winners,
)
from monopoly_cpc.rules.variants import Variant


def furnished(variant: Variant | None = None):
    s = new_game(["A", "B", "C", "D"], seed=5, first_player=0, variant=variant or Variant.classic())
    for q in s.board.properties:                  # (the fast variant deals deeds)
        s.owner[q] = -1
    for p in s.players:
        p.cash = 150_000
    s.owner[37] = s.owner[39] = 0
    s.houses[37], s.houses[39] = HOTEL, 2
    s.owner[5] = 0
    s.mortgaged[5] = True
    s.owner[1] = s.owner[3] = 1
    s.players[1].loan = 30_000
    s.owner[12] = 2
    s.players[3].bankrupt = True
    return s


def test_the_parts_add_up_to_the_score():
    for variant in (Variant.classic(), Variant.fast()):
        s = furnished(variant)
        hotel = variant.houses_before_hotel + 1
        price, cost, cash = s.board.prices, s.board.house_costs, 150_000
        a = fortune_parts(s, 0)
        assert a == Fortune(cash, price[37] + price[39] + price[5] // 2,
                            hotel * cost[37] + 2 * cost[39], 0)
        b = fortune_parts(s, 1)
        assert (b.properties, b.buildings, b.loan) == (price[1] + price[3], 0, 30_000)
        assert b.total == cash + price[1] + price[3] - 30_000
        assert fortune_parts(s, 3) == Fortune(0, 0, 0, 0)     # the bankrupt count for nothing
        for i in range(4):
            assert fortune_parts(s, i).total == fortune(s, i)


def test_the_ranking_before_the_end_is_the_engines_at_the_end():
    s = furnished()
    before = ranking(s)
    assert before == [0, 2, 1, 3]                 # by fortune, the bankrupt last
    apply(s, EndGame())
    assert s.phase == "game_over" and s.ranking == before == ranking(s)
    assert s.scores == [fortune_parts(s, i).total for i in range(4)]
    assert tied_winners(s) == [0]


def test_equal_scores_are_a_tie_and_share_their_place():
    s = new_game(["A", "B", "C"], seed=5, first_player=0)
    s.owner[39] = 2
    apply(s, EndGame())
    assert s.ranking == [2, 0, 1] and tied_winners(s) == [2]
    s = new_game(["A", "B", "C"], seed=5, first_player=0)
    s.owner[1] = 2                                  # C poorer by 6.000; A and B equal
    s.players[2].cash -= 6_000 * 2
    apply(s, EndGame())
    assert s.ranking == [0, 1, 2] and tied_winners(s) == [0, 1]
    assert places([s.scores[i] for i in s.ranking]) == [1, 1, 3]
    assert places([5, 4, 4, 1]) == [1, 2, 2, 4]
