"""The table (ai/table.py): one order for the computers' moves, their memory saved as data."""

from __future__ import annotations

import json

from monopoly_cpc.ai.reasons import NO_REASON
from monopoly_cpc.ai.rng import BotRng, bot_seed
from monopoly_cpc.ai.table import WINDOW_STEPS, Move, Table, computers
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction, apply, auction_settled, new_game
from monopoly_cpc.rules.rng import seed_state
from monopoly_cpc.rules.variants import Variant


class Script:
    """A computer player that says what it is told, and notes when it is asked."""

    def __init__(self, answers=None) -> None:
        self.answers = answers or {}
        self.asked: list[tuple[str, int]] = []
        self.last_reason = NO_REASON

    def decide(self, state, p):
        self.asked.append((state.phase, p))
        a = self.answers.get(state.phase)
        return a(state, p) if callable(a) else a

    def memory(self):
        return {"asked": len(self.asked)}

    def restore(self, data, state, seat):
        self.asked = [("", seat)] * data["asked"]


def test_the_window_comes_first_in_the_order_of_play_then_the_awaited_player():
    s = new_game(["A", "B", "C", "D"], computer=[True] * 4, seed=2, first_player=2)
    s.owner[1] = 0
    builds = {"roll": lambda st, p: A.Mortgage(p, 1) if p == 0 and not st.mortgaged[1] else None}
    bots = {i: Script(builds) for i in range(4)}
    table = Table(bots)
    move = table.next(s)
    # seat 2 rolls; the window goes 3, 0, 1: seat 3 says nothing, seat 0 mortgages
    assert move == Move(0, A.Mortgage(0, 1), "window")
    assert [p for _ph, p in bots[3].asked] == [3]
    apply(s, move.action)
    move = table.next(s)      # seat 0 has nothing more, seat 1 neither: the current player
    assert move.seat == 2 and move.action == A.Roll(2) and move.why == "forced"
    assert [p for b in (bots[0], bots[1]) for _ph, p in b.asked] == [0, 0, 1]


def test_a_window_is_at_most_window_steps_and_ends_with_the_dice():
    s = new_game(["A", "B"], computer=[True, True], seed=2, first_player=0)
    s.owner[1] = s.owner[3] = 1
    lift_and_mortgage = {"roll": lambda st, p: A.Mortgage(p, 1) if p == 1 and not st.mortgaged[1]
                         else A.Lift(p, 1) if p == 1 else None}
    table = Table({0: Script(), 1: Script(lift_and_mortgage)})
    seen = []
    for _ in range(WINDOW_STEPS + 2):
        move = table.next(s)
        seen.append(move.why)
        apply(s, move.action)
        if move.why != "window":
            break
    assert seen == ["window"] * WINDOW_STEPS + ["forced"]
    assert s.rolls == 1


def test_a_rent_is_asked_of_its_computer_owner_once():
    """seeds/002 A: 'Les propriétaires de terrains ne doivent pas omettre de réclamer les loyers
    qui leur sont dus': the owner is asked once; one that looks away loses it at the next roll."""
    s = new_game(["A", "B"], computer=[True, True], seed=2, first_player=0)
    s.owner[3] = 1
    s.forced_dice.append((1, 2))
    owner = Script()                                         # looks away: says nothing
    table = Table({0: Script(), 1: owner})
    apply(s, table.next(s).action)                           # A rolls to Rue Lecourbe
    assert s.claim is not None and s.claim.owner == 1 and s.current == 1
    asked = len(owner.asked)
    move = table.next(s)                                     # the rent, then B's own turn
    assert move == Move(1, A.Roll(1), "forced") and len(owner.asked) == asked + 2
    table.next(s)                                            # asked again: only for the turn
    assert len(owner.asked) == asked + 3
    apply(s, move.action)
    assert s.claim is None                                   # 'tant pis': the rent is lost


def test_a_refused_move_of_the_awaited_player_becomes_the_forced_one():
    s = new_game(["A", "B"], computer=[True, True], seed=2, first_player=0)
    table = Table({0: Script({"roll": A.Buy(0)}), 1: Script()})
    move = table.next(s)
    try:
        apply(s, move.action)
    except IllegalAction:
        move = table.refused(s, move)
    assert move == Move(0, A.Roll(0), "forced")


def test_bids_go_to_the_first_computer_able_to_bid_and_settle_with_the_bank():
    s = new_game(["A", "B", "C"], computer=[True] * 3, seed=2, first_player=0)
    s.forced_dice.append((1, 2))
    bots = computers({0: "baseline", 1: "baseline", 2: "baseline"}, 5)
    table = Table(bots)
    apply(s, A.Roll(0))
    apply(s, A.Decline(0))
    while not auction_settled(s):
        move = table.next(s)
        assert move.why == "bid" and isinstance(move.action, (A.Bid, A.Pass))
        apply(s, move.action)
    assert table.next(s) is None                              # the bank's gavel is the host's


def test_one_seed_scheme_for_every_computer():
    """Games on the screens, demos and simulate: the seat's stream from the game seed."""
    from monopoly_cpc.game.game import Game

    st = new_game(["A", "B", "C"], computer=[False, True, True], seed=8)
    bots = Game.of(st, seed=8, ai_level="normal").bots
    assert {i: b.rng.state for i, b in bots.items()} == {
        i: seed_state(bot_seed(8, i)) for i in (1, 2)}
    sim = computers({1: "normal", 2: "normal"}, 8)
    assert {i: b.rng.state for i, b in sim.items()} == {i: b.rng.state for i, b in bots.items()}
    assert bot_seed(8, 1) != bot_seed(8, 2) != bot_seed(9, 2)


def test_bot_rng_is_one_integer_and_replays():
    a, b = BotRng(3), BotRng(3)
    seq = [a.randrange(10) for _ in range(50)] + [a.random() for _ in range(5)]
    assert seq == [b.randrange(10) for _ in range(50)] + [b.random() for _ in range(5)]
    assert all(0 <= x < 10 for x in seq[:50]) and len(set(seq[:50])) > 5
    assert sorted(BotRng(4).sample(range(6), 6)) == list(range(6))


def _play(table, s, steps):
    moves = []
    for _ in range(steps):
        if s.phase == "game_over":
            break
        move = table.next(s)
        if move is None:
            apply(s, A.CloseAuction())
            moves.append("close")
            continue
        while move is not None:
            try:
                apply(s, move.action)
                moves.append(move)
                break
            except IllegalAction:
                move = table.refused(s, move)
    return moves


def test_the_memory_saved_as_json_gives_back_the_same_moves():
    """A game whose computers are rebuilt from their saved memory at any step goes on exactly
    as the uninterrupted one (random streams, offers tried and refused, windows, rents)."""
    from monopoly_cpc.rules.serial import from_data, to_data

    labels = {0: "facile:Téméraire", 1: "expert:Cupide", 2: "normal:Avare", 3: "random"}
    for cut in (40, 250, 700):
        s = new_game(list("ABCD"), computer=[True] * 4, seed=12, variant=Variant.monopolic())
        table = Table(computers(labels, 12))
        _play(table, s, cut)
        saved = json.loads(json.dumps({"state": to_data(s), "memory": table.memory()}))
        rest = _play(table, s, 600)
        s2 = from_data(saved["state"])
        again = Table(computers(labels, 12))
        again.restore(saved["memory"], s2)
        assert _play(again, s2, 600) == rest
        assert to_data(s2) == to_data(s)


def test_claims_only_stops_before_the_awaited_player_and_asks_the_same_questions():
    """A screen lets a computer owner claim at once (claims_only) and paces the rest: a silent
    owner is not asked twice, and the awaited player is asked only by the next call."""
    s = new_game(["A", "B", "C"], computer=[True] * 3, seed=2, first_player=0)
    s.owner[3] = 2
    s.forced_dice.append((1, 2))
    bots = {i: Script() for i in range(3)}
    table = Table(bots)
    apply(s, table.next(s).action)                     # A to Rue Lecourbe, C's rent; B's turn
    table.next(s, claims_only=True)                    # B's window: C asked; then the rent
    asked = [len(b.asked) for b in bots.values()]
    assert table.next(s, claims_only=True) is None     # the rent was asked: nothing more
    assert [len(b.asked) for b in bots.values()] == asked
    move = table.next(s)
    assert move == Move(1, A.Roll(1), "forced") and len(bots[2].asked) == asked[2]


def test_a_computers_demand_in_the_m_window_is_the_tables_answer():
    """seeds/002 C "M Maisons": every player states how many buildings he wants; a computer
    wants one when its own move now would be to build, and a seat with no computer wants none."""
    s = new_game(["A", "B", "C"], computer=[True, True, False], seed=3)
    bots = {0: Script({s.phase: A.Build(0, 1)}), 1: Script({s.phase: None})}
    table = Table(bots)
    assert table.wants_building(s, 0) is True
    assert table.wants_building(s, 1) is False
    assert table.wants_building(s, 2) is False   # a human: the window asks him
    assert bots[0].asked == [(s.phase, 0)] and bots[1].asked == [(s.phase, 1)]
