"""What a player knows (``ai.knowledge.Knowledge``) is what a fresh computation says: its
holdings, worst rents, valuations and remembered answers, after every action of many games."""

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
    bot.know.refresh(st, 0)
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
        bot.know.refresh(st, 0)
        for take, give in OFFERS:
            for other in (1, 2):
                remembered = trading._offer_gains(bot.know, st, 0, other, take, give)
                assert remembered == trading.gains(bot.know, st, 0, other, take, give, 0)
    assert len(bot.know.offer_memo[1]) == len(OFFERS) * 2



def _each_bot_after_each_action(seed_base, check_know, games=3) -> None:
    """``games`` games of each of the varied line-ups; ``check_know(state, knowledge, seat)``
    for the knowledge of every ``Bot`` with a snapshot, after every action."""
    from monopoly_cpc.ai.bot import Bot
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.ai.table import computers
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed as game_seed
    from tests.ai.helpers import VARIED_LINEUPS

    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        for i in range(games):
            labels = lineup(spec, i)
            bots = computers(dict(enumerate(labels)), game_seed(seed_base + k, i))

            def check(st, bots=bots):
                for seat, b in bots.items():
                    if isinstance(b, Bot) and b.know.t is not None:
                        check_know(st, b.know, seat)

            play_game(labels, game_seed(seed_base + k, i), variant, 200, index=i, bots=bots,
                      check=check)


def test_the_change_the_shared_holdings_tell_is_the_one_the_lists_say():
    """``Knowledge.known_diff`` (the kind of change since a bot's snapshot, told by the engine's
    last change or by ``Holdings.step`` instead of two list comparisons) says what comparing
    the lists says, asked of every bot after every action of games of varied line-ups."""
    told = {1: 0, 2: 0, -1: 0}

    def check_bot(st, b, seat):
        d = b.known_diff(st, b.t)
        told[d] += 1
        if d >= 0:
            assert d == (1 if st.owner != b.own else 2 if st.mortgaged != b.mort else 0)

    _each_bot_after_each_action(91, check_bot)
    assert told[1] > 100 and told[2] > 100


def test_the_kept_high_streets_say_what_reading_every_street_says():
    """``board_views.HIGH`` (the streets with a hotel or four houses, kept while the buildings stand
    and after one building more) answers ``rival_built_high`` as reading every street does,
    asked for every seat after every action of games of varied line-ups (so most answers come
    after one building more)."""
    from monopoly_cpc.ai.board_views import HIGH
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.ai.values import tables
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed as game_seed
    from monopoly_cpc.rules.state import facts
    from tests.ai.helpers import VARIED_LINEUPS

    seen = {True: 0, False: 0}

    def check(st):
        streets = tables(st.board).streets
        top = facts(st).houses_before_hotel + 1
        for p in range(len(st.players)):
            plain = any(st.houses[s] >= top - 1 and st.owner[s] != p for s in streets)
            assert HIGH.rival_built_high(st, p, top, streets) == plain
            seen[plain] += 1

    for k, (spec, variant) in enumerate(VARIED_LINEUPS):
        for i in range(3):
            play_game(lineup(spec, i), game_seed(93 + k, i), variant, 200, index=i, check=check)
    assert seen[True] > 1000 and seen[False] > 1000


def test_the_deeds_a_bot_looks_at_are_the_ones_the_player_holds():
    """``Knowledge.my_deeds`` (a player's properties by the shared holdings, ``Holdings.held``,
    kept through ``flipped`` and ``bought``) holds exactly the properties the player holds
    whenever the snapshot is of the state's deeds, asked for every seat of every bot after
    every action of games of varied line-ups."""
    short = 0

    def check_bot(st, b, seat):
        nonlocal short
        for p in range(len(st.players)):
            deeds = b.my_deeds(st, p, b.t)
            if deeds is b.t.properties:
                continue
            assert sorted(deeds) == sorted(s for s in b.t.properties if st.owner[s] == p)
            short += 1

    _each_bot_after_each_action(95, check_bot)
    assert short > 1000


def test_a_snapshot_list_shared_with_the_current_holdings_is_the_states():
    """``Holdings.flipped`` shares the owners with the holdings it is made from, ``bought``
    the mortgages; ``Knowledge.deeds_diff`` takes a snapshot's list that is the current shared
    holdings' (``_LAST``) as equal to the state's without comparing. Asked of every bot after
    every action of games of varied line-ups: the shared holdings hold the state's deeds when
    current, and ``_deeds_diff`` says what comparing the lists says."""
    from monopoly_cpc.ai import board_views

    shared = {"own": 0, "mort": 0}

    def check_bot(st, b, seat):
        snap = board_views.LAST[0]
        current = (snap is not None and st.engine_only and snap.seen is st
                   and snap.deeds == st.deed_changes)
        if current:
            assert snap.own == st.owner and snap.mort == st.mortgaged
            if b.holdings is not snap:
                shared["own"] += b.own is snap.own
                shared["mort"] += b.mort is snap.mort
        seen, seen_deeds = b.seen, b.seen_deeds   # (deeds_diff notes an equal snapshot)
        d = b.deeds_diff(st)
        b.seen, b.seen_deeds = seen, seen_deeds
        assert d == (1 if st.owner != b.own else 2 if st.mortgaged != b.mort else 0)

    _each_bot_after_each_action(97, check_bot)
    assert shared["own"] > 100 and shared["mort"] > 100


def test_the_shared_copy_of_the_buildings_is_the_boards():
    """``board_views.HOUSES`` (the copy of the buildings the bots note at their last "nothing to lift
    or build", kept while ``build_changes`` stands) holds the state's buildings whenever it is
    trusted, and so does every bot's note it trusts, after every action of games of varied
    line-ups."""
    from monopoly_cpc.ai import board_views

    trusted = {"copy": 0, "bots": 0}

    def check_bot(st, b, seat):
        h = board_views.HOUSES
        if st.engine_only and h.seen is st and h.builds == st.build_changes:
            assert h.houses == st.houses
            trusted["copy"] += 1
        if st.engine_only and b.quiet_seen is st and b.quiet_builds == st.build_changes:
            assert b.quiet_houses == st.houses
            trusted["bots"] += b.quiet_houses is h.houses

    _each_bot_after_each_action(99, check_bot)
    assert trusted["copy"] > 1000 and trusted["bots"] > 1000


def _fresh_lists(st, t, p):
    """(mortgaged, monos, targets, split, held) of player ``p``, worked out plainly."""
    own, mort = st.owner, st.mortgaged
    held = [s for s in t.properties if own[s] == p]
    mortgaged = [s for s in held if mort[s]]
    monos, targets, split = [], [], []
    for g, members in enumerate(t.members):
        holders = {own[s] for s in members}
        if -1 in holders or p not in holders:
            continue
        if len(holders) == 1:
            if not any(mort[s] for s in members):
                monos.append(g)
        elif len(holders) == 2:
            targets.append(g)
        else:
            split.append(g)
    monos.sort(key=lambda g: (t.build_rank[g], g))
    return mortgaged, monos, targets, split, held


def _fresh_danger(st, t, p):
    """The dearest rent of a street of anyone but ``p`` (nothing mortgaged)."""
    return max([t.street_rents[s * 6 + st.houses[s]] for s in t.streets
                if st.owner[s] not in (-1, p) and not st.mortgaged[s]], default=0)


def _fresh_value(k, st, p, s):
    """``Knowledge.value_of`` without its remembered answer."""
    from monopoly_cpc.ai.values import best_rival_gain, worth_to

    t, price = k.t, k.t.price[s]
    if not k.fig.monopoly_aware:
        return float(price)
    v = worth_to(t, st.owner, st.mortgaged, p, s)
    if k.fig.blocks:
        rival = best_rival_gain(t, st.owner, st.mortgaged, p, s, st.alive())
        if rival > price:
            v = max(v, price + (rival - price) * 0.5)
    return max(v, price * 0.5)


def _fresh_room(k, st, p):
    """``Knowledge.mortgage_room(st, p, -1)`` worked out plainly."""
    t, monos = k.t, _fresh_lists(st, k.t, p)[1]
    return sum(t.mortgage[s] for s in t.properties
               if st.owner[s] == p and not st.mortgaged[s]
               and (t.group[s] < 0 or (t.group[s] not in monos
                                       and not any(st.houses[x] for x in t.members[t.group[s]]))))


def test_what_a_player_knows_is_what_a_fresh_computation_says():
    """After every action of games of varied line-ups, the knowledge of every computer whose
    snapshot is of the state's deeds (by the engine's counter, as its player trusts it) holds
    the holdings, the worst rent (its reserve), the valuations and the mortgage room that a
    plain computation from the state gives."""
    counts = {"lists": 0, "monos": 0, "danger": 0, "value": 0, "room": 0}

    def check(st, k, seat):
        if not k.current(st) or st.players[seat].bankrupt:
            return
        t = k.t
        mortgaged, monos, targets, split, held = _fresh_lists(st, t, seat)
        assert (k.mortgaged, k.monos, k.targets, k.split) == (mortgaged, monos, targets, split)
        assert sorted(k.my_deeds(st, seat, t)) == held
        counts["lists"] += 1
        counts["monos"] += bool(monos)
        if k.fig.danger_reserve:
            danger = _fresh_danger(st, t, seat)
            assert k.reserve_now(st, seat) == k.fig.reserve + danger * k.fig.danger_pct // 100
            counts["danger"] += danger > 0
        for s in t.properties[::3]:
            if st.owner[s] < 0:
                assert k.value_of(st, seat, s) == _fresh_value(k, st, seat, s)
                counts["value"] += 1
        room = k.mortgage_room(st, seat, -1)
        assert room == _fresh_room(k, st, seat)
        counts["room"] += room > 0

    _each_bot_after_each_action(105, check, games=2)
    assert min(counts.values()) > 500, counts


def test_the_shared_holdings_of_a_smaller_game_are_not_taken_for_a_larger_ones():
    """The holdings all bots share (``board_views.LAST``) are per player: a game of four played
    after a game of two in the same process (a kiosk's next game) builds its own, even when
    no deed is owned in either, so that the lists match."""
    from monopoly_cpc.ai.sim import play_game
    from monopoly_cpc.ai.table import Table, computers
    from monopoly_cpc.analysis.tournament import lineup
    from monopoly_cpc.game.setup import run_game_seed
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply, new_game
    from monopoly_cpc.rules.turn import forced_action

    st = new_game(["P1", "P2"], computer=[True, True], seed=3)
    table = Table(computers({0: "normal", 1: "normal"}, 3))
    while st.phase != "buy":
        move = table.next(st)
        apply(st, move.action if move else A.CloseAuction())
    apply(st, forced_action(st, st.current))
    for i in range(30):
        assert play_game(lineup(["expert"] * 4, i), run_game_seed(1000, i)).bot_errors == 0
