"""Random playouts: thousands of games of random legal actions; after every action the
invariants hold and the state survives a serialisation round trip unchanged."""

import random

import pytest

from monopoly_cpc.analysis.playout import play_random_game
from monopoly_cpc.rules import Variant, new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.serial import from_data, to_data

CONFIGS = [
    {},
    {"start_cash": 6000},                       # bankruptcies come fast
    {"start_cash": 3000, "auto_rent": True},
    {"loans": True, "max_humans": 4},
    {"houses_before_hotel": 3, "end_at_bankruptcies": 2, "deal_deeds": 2},
    {"hotel_breakdown": True, "auto_rent": True},
    {"trade_only_when_bank_empty": True, "deal_deeds": 2},
    {"time_limit_ticks": 40, "ticks_per_action": 1, "deal_deeds": 2},
]


def _game(i: int):
    """Game i of the batch: a configuration, 2-6 players, and half the time colour groups
    dealt at random so that building, shortages and hotels happen early."""
    rng = random.Random(i)
    cfg = CONFIGS[i % len(CONFIGS)]
    n = 2 + i % 5
    if cfg.get("deal_deeds"):
        n = min(n, 4)
    s = new_game([f"P{k}" for k in range(n)], computer=[True] * n, seed=i,
                 variant=Variant.from_data(cfg))
    if i % 2:
        for members in s.board.group_members:
            owner = rng.randrange(n)
            for sq in members:
                if s.owner[sq] < 0:
                    s.owner[sq] = owner
    return s


def _check_everything(state):
    check_invariants(state)
    assert from_data(to_data(state)) == state


def _run(first: int, count: int, max_steps: int) -> dict[str, int]:
    seen = {"games": 0, "over": 0, "bankrupt": 0}
    for i in range(first, first + count):
        s = _game(i)
        play_random_game(s, seed=i, max_steps=max_steps, check=_check_everything)
        assert s.phase == "game_over" and s.winner >= 0
        seen["games"] += 1
        seen["over"] += not s.end_requested
        seen["bankrupt"] += s.bankruptcies
    return seen


def test_random_playouts():
    """source: issue 3 'Random playouts: thousands of games of random legal actions, invariants and
    serialisation round trip checked at every step, in CI in under 2 minutes'."""
    seen = _run(0, 1400, max_steps=50)
    assert seen["games"] == 1400
    assert seen["over"] > 150 and seen["bankrupt"] > 100  # real endings, not only CTRL+C


@pytest.mark.slow
def test_random_playouts_long():
    """The longer run behind --runslow: 300 games of up to 3,000 actions each."""
    seen = _run(10_000, 300, max_steps=3000)
    assert seen["games"] == 300


def _arbitrary_action(rng: random.Random, n: int):
    """Any action with random arguments: mostly illegal at that moment."""
    from monopoly_cpc.rules import actions as A

    p = rng.randrange(-1, n + 1)
    sq = rng.randrange(-2, 42)
    choices = [
        lambda: A.Roll(p), lambda: A.Buy(p), lambda: A.Decline(p),
        lambda: A.Bid(p, rng.choice((0, 100, 5000, 10 ** 7))), lambda: A.Pass(p),
        lambda: A.CloseAuction(), lambda: A.ClaimRent(p), lambda: A.ChooseCard(p, rng.random() < .5),
        lambda: A.PayJailFine(p), lambda: A.UseJailCard(p), lambda: A.Build(p, sq),
        lambda: A.SellBuilding(p, sq), lambda: A.Mortgage(p, sq), lambda: A.Lift(p, sq),
        lambda: A.ProposeTrade(p, rng.randrange(-1, n + 1), (sq,), (rng.randrange(40),),
                               rng.choice((0, 10 ** 9, -5))),
        lambda: A.AcceptTrade(p), lambda: A.RejectTrade(p), lambda: A.AutoLiquidate(p),
        lambda: A.PayInKind(p, (sq,)), lambda: A.DeclareBankruptcy(p),
        lambda: A.Borrow(p, rng.choice((-1, 1000, 60000))), lambda: A.EndGame(),
        lambda: A.AdvanceClock(rng.choice((-1, 5))),
    ]
    return rng.choice(choices)()


def test_any_refused_action_leaves_the_state_unchanged():
    """apply() validates before it mutates: thousands of arbitrary actions, each refused one
    leaves the serialised state identical; the accepted ones keep the invariants."""
    from monopoly_cpc.analysis.playout import random_step
    from monopoly_cpc.rules import IllegalAction, apply
    from monopoly_cpc.rules.refusals import refusal_text
    from monopoly_cpc.texts import load_texts

    catalogues = (load_texts("fr"), load_texts("en"))
    codes: set[str] = set()
    refused = 0
    for i in range(150):
        s = _game(i)
        rng = random.Random(i)
        for _ in range(40):
            if s.phase == "game_over":
                break
            action = _arbitrary_action(rng, len(s.players))
            before = to_data(s)
            try:
                apply(s, action)
            except IllegalAction as exc:
                refused += 1
                assert to_data(s) == before, action
                # every refusal has a code and both player-facing texts, fields included
                codes.add(exc.code)
                for texts in catalogues:
                    assert refusal_text(texts, exc)
            check_invariants(s)
            if s.phase != "game_over":
                random_step(s, rng)
    assert refused > 3000
    assert len(codes) > 25, sorted(codes)
