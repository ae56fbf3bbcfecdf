"""The engine's change counters (``GameState.deed_changes``, ``build_changes``): bumped at
every change the engine makes to the deeds (owners, mortgages) and to the buildings (houses on
the board, the bank's stock). The computer players trust them instead of comparing lists with
their snapshots on a state only the engine changes (``engine_only``, ``ai.sim.play_game``), so
a change the counters miss would leave a player on stale data. ``built_square`` and
``built_at`` name the street of the last change that put a building on the board: the players'
danger (``ai.board_views.WorstRents.built``) then weighs that street alone, so they must be right;
likewise ``flipped_square`` and ``flipped_at`` for a deed mortgaged or lifted
(``ai.board_views.Holdings.flipped``), ``bought_square`` and ``bought_at`` for a deed of the bank sold
(``ai.board_views.Holdings.bought``). ``queries.assets`` keeps each seat's liquidation value while
the counters stand: it must say what the uncached sum says."""

from __future__ import annotations

from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.queries import assets, liquidation_value, loan_room
from monopoly_cpc.analysis.tournament import lineup
from monopoly_cpc.game.setup import run_game_seed
from tests.ai.helpers import VARIED_LINEUPS

LINEUPS = VARIED_LINEUPS


def test_every_change_of_the_deeds_or_buildings_bumps_a_counter():
    seen = {"deeds": 0, "builds": 0, "built": 0, "flipped": 0, "bought": 0,
            "assets": 0}
    for k, (spec, variant) in enumerate(LINEUPS):
        for i in range(6):
            last: list = []

            def check(st, last=last):
                deeds = (st.owner[:], st.mortgaged[:])
                builds = (st.houses[:], st.bank_houses, st.bank_hotels)
                if last:
                    deeds0, builds0, dc, bc = last
                    assert st.engine_only
                    if deeds != deeds0:
                        assert st.deed_changes > dc, "deeds changed, counter not bumped"
                        seen["deeds"] += 1
                    if builds != builds0:
                        assert st.build_changes > bc, "buildings changed, counter not bumped"
                        seen["builds"] += 1
                    if st.built_at == st.build_changes == bc + 1:
                        # one change since, and it put a building on built_square alone
                        s = st.built_square
                        before, after = builds0[0][s], st.houses[s]
                        assert after == HOTEL or before < after < HOTEL, (before, after)
                        assert before != HOTEL
                        assert all(st.houses[x] == builds0[0][x] for x in range(40) if x != s)
                        seen["built"] += 1
                    if st.flipped_at == st.deed_changes == dc + 1:
                        # one change since, and it mortgaged or lifted flipped_square alone
                        s = st.flipped_square
                        own0, mort0 = deeds0
                        assert st.owner == own0 and mort0[s] != st.mortgaged[s]
                        assert all(st.mortgaged[x] == mort0[x] for x in range(40) if x != s)
                        seen["flipped"] += 1
                    if st.bought_at == st.deed_changes == dc + 1:
                        # one change since, and it gave the bank's deed bought_square to a player
                        s = st.bought_square
                        own0, mort0 = deeds0
                        assert own0[s] == -1 and st.owner[s] >= 0 and st.mortgaged == mort0
                        assert all(st.owner[x] == own0[x] for x in range(40) if x != s)
                        seen["bought"] += 1
                last[:] = [deeds, builds, st.deed_changes, st.build_changes]
                if st.auction is not None:   # asked at every bid
                    for p, pl in enumerate(st.players):
                        assert assets(st, p) == (pl.cash + liquidation_value(st, p)
                                                 + loan_room(st, p))
                        seen["assets"] += 1

            play_game(lineup(spec, i), run_game_seed(77 + k, i), variant, 200, index=i, check=check)
    assert seen["deeds"] > 100 and seen["builds"] > 100
    assert seen["built"] > 50 and seen["flipped"] > 50 and seen["bought"] > 50
    assert seen["assets"] > 100


def test_the_kept_halves_of_the_dice_state_are_those_of_rng_of():
    """``rng_hi``, ``rng_lo`` and ``rng_of`` (the compiled build's dice, ``engine._do_roll``):
    whenever ``rng_of`` is the state's ``rng``, the halves are its own; and a state whose
    ``rng`` was set directly after a roll rolls next what ``rules.rng.next_u32`` says."""
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules import engine
    from monopoly_cpc.rules.rng import next_u32, seed_state
    from monopoly_cpc.rules.state import ROLL

    kept = 0

    def check(st):
        nonlocal kept
        if st.rng_of == st.rng:
            assert (st.rng_hi, st.rng_lo) == (st.rng >> 32, st.rng & 0xFFFFFFFF)
            kept += 1

    for i in range(4):
        play_game(["expert"] * 4, run_game_seed(7, i), check=check)
    assert kept > 0 or not engine._NATIVE   # (only the compiled build keeps them)
    edited = 0
    for seed in range(40):
        s = engine.new_game(["A", "B"], seed=seed)
        while s.phase != ROLL:
            engine.apply(s, A.Roll(s.start_rollers[0]))
        engine.apply(s, A.Roll(s.current))
        if s.phase != ROLL:
            continue
        s.rng = seed_state(seed + 100)     # set directly: the kept halves are not its own
        expect, r = next_u32(s.rng)
        engine.apply(s, A.Roll(s.current))
        r %= 36
        assert s.dice == (r // 6 + 1, r % 6 + 1) and s.rng == expect
        edited += 1
    assert edited >= 3
