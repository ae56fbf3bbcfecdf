"""A computer bids as a person would call a bid: round amounts (multiples of 500 F, of 1.000 F
above 20.000 F), so that the players at the table can follow and answer it."""

from __future__ import annotations

from monopoly_cpc.ai.bot import round_bid
from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.rules import actions as A


def _round(amount: int) -> bool:
    return amount % (1000 if amount > 20000 else 500) == 0


def test_round_bid():
    assert [round_bid(x, up=True) for x in (100, 1000, 1001, 6400, 19999, 20000, 20001, 20600)] == [
        500, 1000, 1500, 6500, 20000, 20000, 21000, 21000]
    assert [round_bid(x, up=False) for x in (0, 499, 1499, 20000, 20999, 21999)] == [
        0, 0, 1000, 20000, 20000, 21000]


def test_every_computer_bid_in_whole_games_is_round():
    bids: list[int] = []

    def observe(state, action, events):
        if isinstance(action, A.Bid):
            bids.append(action.amount)

    for seed in range(1, 9):
        play_game(["expert", "normal", "facile", "expert"], seed=seed, observe=observe)
    assert len(bids) > 50
    assert [b for b in bids if not _round(b)] == []
