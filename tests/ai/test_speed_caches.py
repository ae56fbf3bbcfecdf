"""The shortcuts of the hot paths (docs/CONTRACTS.md, "Hot paths") outside the knowledge:
the actions handed out once per seat, the hook of one round, the table's one move."""

from __future__ import annotations

from tests.ai.helpers import position


def test_the_engine_tells_the_player_of_a_bots_action_by_identity_or_by_its_field():
    """The per-seat actions the bots hand out are the engine's (``engine.ROLLS``, ``BUYS``,
    ``DECLINES``, ``CLAIMS``), which its handlers recognise by identity for the player they
    expect; any other action of the kind is read by its field, so a fresh equal action is
    taken the same and another player's refused."""
    from monopoly_cpc.ai import actions
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import (
        BUYS,
        CLAIMS,
        DECLINES,
        ROLLS,
        SEATS,
        IllegalAction,
        apply,
    )

    for table, cls in ((ROLLS, A.Roll), (BUYS, A.Buy), (DECLINES, A.Decline),
                       (CLAIMS, A.ClaimRent)):
        assert len(table) == SEATS and all(table[p] == cls(p) for p in range(SEATS))
    assert all(actions.roll_act(p) is ROLLS[p] for p in range(SEATS))
    assert actions.BUYS is BUYS and actions.CLAIMS is CLAIMS
    assert actions.DECLINES is DECLINES

    for roll in (ROLLS[0], A.Roll(0)):
        st = position(current=0)
        apply(st, roll)
        assert st.rolls == 1
    for roll in (ROLLS[1], A.Roll(1)):
        st = position(current=0)
        try:
            apply(st, roll)
        except IllegalAction as exc:
            assert exc.code == "not_your_turn"
        else:
            raise AssertionError("another player's roll was taken")


def test_a_hook_asked_for_one_round_sees_what_the_hook_of_every_round_sees():
    """``play_game(..., at_round_only=r)`` calls ``at_round`` when round ``r`` begins only
    (``analysis.tournament.play_dealt``): the same state, the same deal and the same game as
    a hook called at every round."""
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.analysis.tournament import DEALT_ROUND, deal, play_dealt
    from monopoly_cpc.game.setup import run_game_seed as game_seed

    for i in range(4):
        seed = game_seed(101, i)
        every: list[tuple[int, tuple[int, int]]] = []
        r = play_game(["expert"] * 4, seed, None, 200, index=i,
                      at_round=lambda st, n: every.append((n, deal(st))))
        one: list[tuple[int, tuple[int, int]]] = []
        r1 = play_game(["expert"] * 4, seed, None, 200, index=i,
                       at_round=lambda st, n: one.append((n, deal(st))),
                       at_round_only=DEALT_ROUND + 1)
        assert [x for x in every if x[0] == DEALT_ROUND + 1] == one
        assert (r.actions, r.rolls, r.rounds, r.winner) == (r1.actions, r1.rolls, r1.rounds,
                                                            r1.winner)
        d = play_dealt(["expert"] * 4, seed, None, 200, index=i)
        assert (d.groups, d.top_earner) == (one[0][1] if one else (-1, -1))


def test_a_table_of_one_move_hands_out_the_moves_of_a_table_of_new_ones():
    """``Table(bots, one_move=True)`` (``ai.sim.play_game``) hands out one ``Move`` object,
    changed at every step: the same seat, action, order and ``checked`` at every step as a
    table that makes a new move each time, over the same games of varied line-ups."""
    from monopoly_cpc.ai.table import Table, computers
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed as game_seed
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply, auction_settled, new_game
    from monopoly_cpc.rules.state import AUCTION, GAME_OVER
    from tests.ai.helpers import VARIED_LINEUPS

    steps = 0
    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        labels = lineup(spec, 0)
        seed = game_seed(103 + k, 0)
        games = []
        for one in (True, False):
            table = Table(computers(dict(enumerate(labels)), seed), one_move=one)
            st = new_game([f"P{i + 1}" for i in range(len(labels))],
                          computer=[True] * len(labels), seed=seed, variant=variant)
            st.engine_only = True
            st.record_events = False
            games.append((table, st))
        first = None
        for _ in range(3000):
            (t1, s1), (t2, s2) = games
            if s1.phase == GAME_OVER:
                break
            m1, m2 = t1.next(s1), t2.next(s2)
            if m1 is None:
                assert m2 is None and s1.phase == AUCTION and auction_settled(s1)
                apply(s1, A.CloseAuction())
                apply(s2, A.CloseAuction())
                continue
            assert (m1.seat, m1.action, m1.why, m1.checked) == (m2.seat, m2.action, m2.why,
                                                                m2.checked)
            first = first or m1
            assert m1 is first and m2 is not first
            steps += 1
            apply(s1, m1.action, m1.checked)
            apply(s2, m2.action, m2.checked)
            assert s1 == s2
    assert steps > 1000
