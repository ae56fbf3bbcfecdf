"""The bots' remembered answers are the answers a fresh computation gives."""

from __future__ import annotations

import random

from monopoly_cpc.ai import make_bot, trading
from tests.ai.helpers import (
    BELLEVILLE,
    CHAMPS,
    ELECTRICITE,
    LECOURBE,
    LYON,
    MONTPARNASSE,
    NORD,
    PAIX,
    VAUGIRARD,
    position,
)

OFFERS = [((LECOURBE,), ()), ((LECOURBE,), (PAIX,)), ((LECOURBE,), (MONTPARNASSE,)),
          ((PAIX,), (ELECTRICITE,)), ((LYON,), (VAUGIRARD,))]


def test_a_remembered_offer_is_weighed_again_when_a_square_it_reads_changes():
    st = position(owners={BELLEVILLE: 0, LECOURBE: 1, CHAMPS: 1, PAIX: 0, MONTPARNASSE: 0,
                          NORD: 1, LYON: 2, ELECTRICITE: 0, VAUGIRARD: 2})
    bot = make_bot("expert")
    bot.refresh(st, 0)
    rng = random.Random(3)
    squares = [BELLEVILLE, LECOURBE, CHAMPS, PAIX, MONTPARNASSE, NORD, LYON, ELECTRICITE,
               VAUGIRARD]
    for _ in range(400):
        s = rng.choice(squares)
        if rng.random() < 0.5:
            st.owner[s] = rng.randrange(-1, 3)
            st.mortgaged[s] = False
        elif st.owner[s] >= 0:
            st.mortgaged[s] = not st.mortgaged[s]
        bot.refresh(st, 0)
        for take, give in OFFERS:
            for other in (1, 2):
                remembered = trading._offer_gains(bot, st, 0, other, take, give)
                assert remembered == trading.gains(bot, st, 0, other, take, give, 0)
    assert len(bot.offer_memo[1]) == len(OFFERS) * 2



def _each_bot_after_each_action(seed_base, check_bot) -> None:
    """Three games of each of the varied line-ups; ``check_bot(state, bot)`` for every
    ``Bot`` with a snapshot, after every action."""
    from monopoly_cpc.ai.bot import Bot
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.ai.table import computers
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed
    from tests.ai.helpers import VARIED_LINEUPS

    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        for i in range(3):
            labels = lineup(spec, i)
            bots = computers(dict(enumerate(labels)), run_game_seed(seed_base + k, i))

            def check(st, bots=bots):
                for b in bots.values():
                    if isinstance(b, Bot) and b._t is not None:
                        check_bot(st, b)

            play_game(labels, run_game_seed(seed_base + k, i), variant, 200, index=i, bots=bots,
                      check=check)


def test_the_change_the_shared_holdings_tell_is_the_one_the_lists_say():
    """``Bot._known_diff`` (the kind of change since a bot's snapshot, told by the engine's
    last change or by ``_Holdings.step`` instead of two list comparisons) says what comparing
    the lists says, asked of every bot after every action of games of varied line-ups."""
    told = {1: 0, 2: 0, -1: 0}

    def check_bot(st, b):
        d = b._known_diff(st, b._t)
        told[d] += 1
        if d >= 0:
            assert d == (1 if st.owner != b._own else 2 if st.mortgaged != b._mort else 0)

    _each_bot_after_each_action(91, check_bot)
    assert told[1] > 100 and told[2] > 100


def test_the_kept_high_streets_say_what_reading_every_street_says():
    """``bot._HIGH`` (the streets with a hotel or four houses, kept while the buildings stand
    and after one building more) answers ``rival_built_high`` as reading every street does,
    asked for every seat after every action of games of varied line-ups (so most answers come
    after one building more)."""
    from monopoly_cpc.ai.bot import _HIGH
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.ai.values import tables
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed
    from monopoly_cpc.rules.state import facts
    from tests.ai.helpers import VARIED_LINEUPS

    seen = {True: 0, False: 0}

    def check(st):
        streets = tables(st.board).streets
        top = facts(st).houses_before_hotel + 1
        for p in range(len(st.players)):
            plain = any(st.houses[s] >= top - 1 and st.owner[s] != p for s in streets)
            assert _HIGH.rival_built_high(st, p, top, streets) == plain
            seen[plain] += 1

    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        for i in range(3):
            play_game(lineup(spec, i), run_game_seed(93 + k, i), variant, 200, index=i, check=check)
    assert seen[True] > 1000 and seen[False] > 1000


def test_the_deeds_a_bot_looks_at_are_the_ones_the_player_holds():
    """``Bot._my_deeds`` (a player's properties by the shared holdings, ``_Holdings.held``,
    kept through ``flipped`` and ``bought``) holds exactly the properties the player holds
    whenever the snapshot is of the state's deeds, asked for every seat of every bot after
    every action of games of varied line-ups."""
    short = 0

    def check_bot(st, b):
        nonlocal short
        for p in range(len(st.players)):
            deeds = b._my_deeds(st, p, b._t)
            if deeds is b._t.properties:
                continue
            assert sorted(deeds) == sorted(s for s in b._t.properties if st.owner[s] == p)
            short += 1

    _each_bot_after_each_action(95, check_bot)
    assert short > 1000


def test_a_snapshot_list_shared_with_the_current_holdings_is_the_states():
    """``_Holdings.flipped`` shares the owners with the holdings it is made from, ``bought``
    the mortgages; ``Bot._deeds_diff`` takes a snapshot's list that is the current shared
    holdings' (``_LAST``) as equal to the state's without comparing. Asked of every bot after
    every action of games of varied line-ups: the shared holdings hold the state's deeds when
    current, and ``_deeds_diff`` says what comparing the lists says."""
    from monopoly_cpc.ai import bot as bot_module

    shared = {"own": 0, "mort": 0}

    def check_bot(st, b):
        snap = bot_module._LAST[0]
        current = (snap is not None and st.engine_only and snap.seen is st
                   and snap.deeds == st.deed_changes)
        if current:
            assert snap.own == st.owner and snap.mort == st.mortgaged
            if b._holdings is not snap:
                shared["own"] += b._own is snap.own
                shared["mort"] += b._mort is snap.mort
        seen, seen_deeds = b._seen, b._seen_deeds   # (_deeds_diff notes an equal snapshot)
        d = b._deeds_diff(st)
        b._seen, b._seen_deeds = seen, seen_deeds
        assert d == (1 if st.owner != b._own else 2 if st.mortgaged != b._mort else 0)

    _each_bot_after_each_action(97, check_bot)
    assert shared["own"] > 100 and shared["mort"] > 100


def test_the_shared_copy_of_the_buildings_is_the_boards():
    """``bot._HOUSES`` (the copy of the buildings the bots note at their last "nothing to lift
    or build", kept while ``build_changes`` stands) holds the state's buildings whenever it is
    trusted, and so does every bot's note it trusts, after every action of games of varied
    line-ups."""
    from monopoly_cpc.ai import bot as bot_module

    trusted = {"copy": 0, "bots": 0}

    def check_bot(st, b):
        h = bot_module._HOUSES
        if st.engine_only and h.seen is st and h.builds == st.build_changes:
            assert h.houses == st.houses
            trusted["copy"] += 1
        if st.engine_only and b._quiet_seen is st and b._quiet_builds == st.build_changes:
            assert b._quiet_houses == st.houses
            trusted["bots"] += b._quiet_houses is h.houses

    _each_bot_after_each_action(99, check_bot)
    assert trusted["copy"] > 1000 and trusted["bots"] > 1000


def test_the_engine_tells_the_player_of_a_bots_action_by_identity_or_by_its_field():
    """The per-seat actions the bots hand out are the engine's (``engine.ROLLS``, ``BUYS``,
    ``DECLINES``, ``CLAIMS``), which its handlers recognise by identity for the player they
    expect; any other action of the kind is read by its field, so a fresh equal action is
    taken the same and another player's refused."""
    from monopoly_cpc.ai import bot as bot_module
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
    assert all(bot_module._roll(p) is ROLLS[p] for p in range(SEATS))
    assert bot_module._BUYS is BUYS and bot_module._CLAIMS is CLAIMS
    assert bot_module._DECLINES is DECLINES

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
    from monopoly_cpc.game.setup import run_game_seed

    for i in range(4):
        seed = run_game_seed(101, i)
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
    from monopoly_cpc.game.setup import run_game_seed
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply, auction_settled, new_game
    from monopoly_cpc.rules.state import AUCTION, GAME_OVER
    from tests.ai.helpers import VARIED_LINEUPS

    steps = 0
    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        labels = lineup(spec, 0)
        seed = run_game_seed(103 + k, 0)
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
